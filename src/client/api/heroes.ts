// Typed calls on heroes: the player's heroes, the hero types, the price of the next one, recruiting, levelling up and the leaderboard.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type Hero = Schema<'Hero'>;
export type HeroTypeInfo = Schema<'HeroTypeInfo'>;
export type HeroTypeName = Schema<'HeroType'>;
export type HeroRarity = Schema<'HeroRarity'>;
export type RecruitmentCost = Schema<'RecruitmentCost'>;
export type HeroLeaderboardEntry = Schema<'HeroLeaderboardEntry'>;

/** The caller's heroes, oldest first. */
export async function listHeroes(): Promise<Hero[]> {
  const { heroes } = await unwrap(api.GET('/api/heroes'));
  return heroes;
}

export async function listHeroTypes(): Promise<HeroTypeInfo[]> {
  const { heroTypes } = await unwrap(api.GET('/api/heroes/types'));
  return heroTypes;
}

/** The price of the next hero and whether `villageId` (the selected village) can pay it now. */
export function getRecruitmentCost(villageId?: string): Promise<RecruitmentCost> {
  return unwrap(api.GET('/api/heroes/recruitment-cost', { params: { query: villageId ? { villageId } : {} } }));
}

/** The 20 mightiest heroes of the game, best first. */
export async function getHeroLeaderboard(): Promise<HeroLeaderboardEntry[]> {
  const { leaderboard } = await unwrap(api.GET('/api/heroes/leaderboard'));
  return leaderboard;
}

/** Recruits a hero paid from `villageId`; without a name the server gives one from the sagas. */
export async function recruitHero(villageId: string, heroType: HeroTypeName, customName?: string): Promise<Hero> {
  const body = customName === undefined ? { villageId, heroType } : { villageId, heroType, customName };
  const { hero } = await unwrap(api.POST('/api/heroes/recruit', { body }));
  return hero;
}

export async function levelUpHero(heroId: string): Promise<Hero> {
  const { hero } = await unwrap(api.POST('/api/heroes/{heroId}/level-up', { params: { path: { heroId } } }));
  return hero;
}
