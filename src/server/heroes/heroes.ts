// Heroes: recruiting (paid from a village under its row lock), levelling up, the hero list, types and the power leaderboard.
import { randomInt } from 'node:crypto';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { heroes, users, villages, type HeroRow } from '../db/schema';
import { inserted } from '../db/rows';
import { GameError, badRequest, conflict, errorText, forbidden, notFound, say, worded } from '../errors';
import {
  DEFAULT_MAX_HEROES,
  HERO_LEVEL_CAP,
  HERO_TYPES,
  HERO_TYPE_INFO,
  canLevelUp,
  experienceForNextLevel,
  isHeroType,
  levelUpProgress,
  levelUpStats,
  recruitmentCost,
  rollRarity,
  startingStats,
  totalPower,
  type HeroType,
} from '../../rules/heroes';
import { canAfford } from '../../rules/resources';
import { freeTextError, normaliseFreeText } from '../../rules/validation';
import { recordQuestEvents } from '../progress/quest-events';
import { payFromVillage, settledVillageOf } from '../village/villages';
import type { HeroId, PlayerId, VillageId } from '../../rules/ids';
import { refuseIfEnded, worldGate } from '../worlds/closure';

export type HeroView = Schema<'Hero'>;

export const MAX_HEROES_REACHED = errorText('max_heroes', { max: DEFAULT_MAX_HEROES });
export const HERO_NAME_MAX_LENGTH = 30;

export function heroView(row: HeroRow, now: Date): HeroView {
  const resting = row.restingUntil !== null && row.restingUntil.getTime() > now.getTime();
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    rarity: row.rarity,
    level: row.level,
    experience: row.experience,
    experienceToNextLevel: experienceForNextLevel(row.level),
    attack: row.attack,
    defense: row.defense,
    speed: row.speed,
    leadership: row.leadership,
    totalPower: totalPower(row),
    victories: row.victories,
    defeats: row.defeats,
    isActive: !row.onMission && !resting,
    isOnMission: row.onMission,
    villageId: row.villageId,
  };
}

export async function listHeroes(db: Db, userId: PlayerId, now: Date): Promise<{ heroes: HeroView[] }> {
  const rows = await db.select().from(heroes).where(eq(heroes.userId, userId)).orderBy(asc(heroes.createdAt), asc(heroes.id));
  return { heroes: rows.map((row) => heroView(row, now)) };
}

export function heroTypes(): { heroTypes: Schema<'HeroTypeInfo'>[] } {
  return {
    heroTypes: HERO_TYPES.map((type) => ({
      type,
      name: HERO_TYPE_INFO[type].name,
      // The client draws this icon from assets/heroes/.
      icon: `heroes/${type}.svg`,
      primaryStat: HERO_TYPE_INFO[type].primaryStat,
      description: HERO_TYPE_INFO[type].description,
      specialAbility: HERO_TYPE_INFO[type].specialAbility,
    })),
  };
}

async function heroCount(db: Db, userId: PlayerId): Promise<number> {
  const [row] = await db.select({ n: count() }).from(heroes).where(eq(heroes.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The price of the next hero, and whether the player can pay it from `villageId` (the selected village;
 * without one, from their first capital).
 */
export async function recruitmentQuote(db: Db, userId: PlayerId, now: Date, villageId?: VillageId): Promise<Schema<'RecruitmentCost'>> {
  const current = await heroCount(db, userId);
  const cost = recruitmentCost(current);
  let reason: string | null = null;
  if (current >= DEFAULT_MAX_HEROES) reason = MAX_HEROES_REACHED;
  else {
    const village = await settledVillageOf(db, userId, now, villageId);
    if (!village) reason = 'Found a village first';
    else if (!canAfford(village.state.amounts, cost)) reason = `Not enough resources in ${village.state.name}`;
  }
  return { cost, maxHeroes: DEFAULT_MAX_HEROES, canRecruit: reason === null, currentHeroes: current, reason };
}

/** A name for a hero the player did not name: the type and a Norse name. */
const NAMES = ['Bjorn', 'Astrid', 'Ragnar', 'Sigrid', 'Leif', 'Freydis', 'Ivar', 'Gunnhild', 'Harald', 'Thyra', 'Erik', 'Ingrid'];

/** When a hero is recruited, and the dice that pick a name and a rarity (fair ones unless a test loads them). */
export interface RecruitmentMoment {
  now: Date;
  random?: () => number;
}

export async function recruitHero(
  db: Db,
  userId: PlayerId,
  input: { villageId: VillageId; heroType: string; customName?: string },
  { now, random = () => randomInt(0, 1_000_000) / 1_000_000 }: RecruitmentMoment,
): Promise<{ hero: HeroView }> {
  if (!isHeroType(input.heroType)) throw badRequest('unknown_hero_type', { type: input.heroType });
  const type: HeroType = input.heroType;
  const name = input.customName === undefined ? `${NAMES[Math.floor(random() * NAMES.length)]} the ${HERO_TYPE_INFO[type].name}` : normaliseFreeText(input.customName);
  if (name === '') throw badRequest('hero_name_required', [{ field: 'customName', ...say('hero_name_required') }]);
  const problem = [...name].length > HERO_NAME_MAX_LENGTH ? errorText('hero_name_too_long', { max: HERO_NAME_MAX_LENGTH }) : freeTextError(name);
  if (problem) throw badRequest(worded(problem), [{ field: 'customName', message: problem }]);
  return db.transaction(async (tx) => {
    // The player's row orders recruits of the same player, so ten at once never make a sixth hero.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const owned = await heroCount(tx, userId);
    if (owned >= DEFAULT_MAX_HEROES) throw conflict('max_heroes', { max: DEFAULT_MAX_HEROES });
    await payFromVillage(tx, { actor: userId, villageId: input.villageId, now }, recruitmentCost(owned));
    const rarity = rollRarity(random);
    const row = inserted(
      await tx
        .insert(heroes)
        .values({ userId, villageId: input.villageId, name, type, rarity, ...startingStats(type, rarity), createdAt: now })
        .returning(),
    );
    await recordQuestEvents(tx, userId, [{ name: 'hero_recruited' }], now);
    return { hero: heroView(row, now) };
  });
}

export async function levelUpHero(db: Db, userId: PlayerId, heroId: HeroId, now: Date): Promise<{ hero: HeroView }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(heroes).where(eq(heroes.id, heroId)).for('update');
    if (!row) throw notFound('no_such_hero');
    if (row.userId !== userId) throw forbidden('hero_not_yours');
    // A hero of an ended world stays as the world's end left it.
    const [home] = await tx.select({ worldId: villages.worldId }).from(villages).where(eq(villages.id, row.villageId));
    if (home) refuseIfEnded(await worldGate(tx, home.worldId), now);
    if (row.level >= HERO_LEVEL_CAP) throw conflict('hero_at_level_cap', { max: HERO_LEVEL_CAP });
    if (!canLevelUp(row)) {
      throw new GameError(409, say('hero_needs_experience', { needed: experienceForNextLevel(row.level), level: row.level + 1, experience: row.experience }));
    }
    const progress = levelUpProgress(row);
    const stats = levelUpStats(row, row.type);
    const [updated] = await tx
      .update(heroes)
      .set({ ...progress, ...stats })
      .where(eq(heroes.id, heroId))
      .returning();
    // The row is locked above, so it is still there.
    if (!updated) throw notFound('no_such_hero');
    return { hero: heroView(updated, now) };
  });
}

export const LEADERBOARD_SIZE = 20;

/** The 20 mightiest heroes of the game by total power ((attack + defense + speed + leadership) x level). */
export async function heroLeaderboard(db: Db): Promise<{ leaderboard: Schema<'HeroLeaderboardEntry'>[] }> {
  const power = sql<number>`(${heroes.attack} + ${heroes.defense} + ${heroes.speed} + ${heroes.leadership}) * ${heroes.level}`;
  const rows = await db
    .select({ hero: heroes, username: users.username })
    .from(heroes)
    .innerJoin(users, eq(users.id, heroes.userId))
    .orderBy(desc(power), asc(heroes.createdAt), asc(heroes.id))
    .limit(LEADERBOARD_SIZE);
  return {
    leaderboard: rows.map(({ hero, username }, i) => ({
      rank: i + 1,
      hero: { id: hero.id, name: hero.name, type: hero.type, level: hero.level, totalPower: totalPower(hero) },
      user: { username },
    })),
  };
}
