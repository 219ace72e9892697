// What the heroes page decides without the server: a hero's status words, when Level Up shows, the hero limit and the recruit prompt's answer.
import { DEFAULT_MAX_HEROES, HERO_LEVEL_CAP, canLevelUp, experienceForNextLevel } from '../../../rules/heroes';
import { freeTextError, normaliseFreeText } from '../../../rules/validation';
import type { Hero, HeroRarity, HeroTypeInfo, RecruitmentCost } from '../../api/heroes';

export const MESSAGES = {
  recruited: 'Hero recruited successfully!',
  recruitFailed: 'Failed to recruit hero',
  leveledUp: 'Hero leveled up successfully!',
  levelUpFailed: 'Failed to level up hero',
  detailsComingSoon: 'Details: coming soon',
  noVillage: 'Found a village first',
} as const;

/** The server takes names of 1 to 30 characters. */
export const HERO_NAME_MAX_LENGTH = 30;

export type HeroStatus = 'on mission' | 'ready for action' | 'resting';

/** On a mission first (a hero away is not resting), then ready or resting. */
export function heroStatus(hero: Pick<Hero, 'isOnMission' | 'isActive'>): HeroStatus {
  if (hero.isOnMission) return 'on mission';
  return hero.isActive ? 'ready for action' : 'resting';
}

/** Level Up shows once the experience reaches floor(100 x 1.1^level), and never at level 100. */
export function showsLevelUp(hero: Pick<Hero, 'level' | 'experience'>): boolean {
  return canLevelUp(hero);
}

export interface ExperienceBar {
  value: number;
  max: number;
  text: string;
}

/** The experience bar: experience of the next level's threshold; at the cap it stays full. */
export function experienceBar(hero: Pick<Hero, 'level' | 'experience'>): ExperienceBar {
  if (hero.level >= HERO_LEVEL_CAP) return { value: 1, max: 1, text: 'Maximum level' };
  const max = experienceForNextLevel(hero.level);
  return { value: Math.min(hero.experience, max), max, text: `${hero.experience} / ${max}` };
}

/** The most heroes a player may lead: the server's figure, else 5. */
export function maxHeroes(cost: Pick<RecruitmentCost, 'maxHeroes'> | null | undefined): number {
  return cost && cost.maxHeroes > 0 ? cost.maxHeroes : DEFAULT_MAX_HEROES;
}

/** Why recruiting is refused, or null when it is allowed. */
export function recruitBlock(cost: RecruitmentCost | null, hasVillage: boolean): string | null {
  if (!hasVillage) return MESSAGES.noVillage;
  if (!cost) return 'Loading the price of the next hero...';
  if (cost.canRecruit) return null;
  return cost.reason?.trim() || 'Recruiting is not possible right now';
}

/** What the recruit prompt's answer asks for. */
export type RecruitAnswer =
  /** Cancelled: nothing happens. */
  | { kind: 'cancel' }
  /** Left blank: the server names the hero from the sagas. */
  | { kind: 'recruit'; customName?: string }
  /** A name the server would refuse, caught before the call. */
  | { kind: 'invalid'; message: string };

export function recruitAnswer(answer: string | null): RecruitAnswer {
  if (answer === null) return { kind: 'cancel' };
  const name = normaliseFreeText(answer);
  if (name === '') return { kind: 'recruit' };
  if ([...name].length > HERO_NAME_MAX_LENGTH) return { kind: 'invalid', message: `Hero names are at most ${HERO_NAME_MAX_LENGTH} characters` };
  const problem = freeTextError(name);
  return problem ? { kind: 'invalid', message: problem } : { kind: 'recruit', customName: name };
}

const STAT_NAMES: Record<HeroTypeInfo['primaryStat'], string> = {
  attack: 'Attack',
  defense: 'Defense',
  speed: 'Speed',
  leadership: 'Leadership',
  experience: 'Experience gain',
};

export function primaryStatName(stat: HeroTypeInfo['primaryStat']): string {
  return STAT_NAMES[stat];
}

const RARITY_NAMES: Record<HeroRarity, string> = {
  common: 'Common',
  uncommon: 'Uncommon',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
};

export function rarityName(rarity: HeroRarity): string {
  return RARITY_NAMES[rarity];
}
