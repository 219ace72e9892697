// World wonders: founding one in a great village, contributions paid under the village's lock, levels built over time, alliance effects and victory.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, alliances, users, villages, wonderContributions, wonders, worlds, type WonderRow } from '../db/schema';
import { inserted } from '../db/rows';
import { badRequest, conflict, errorText, forbidden, notFound, worded } from '../errors';
import { RESOURCE_TYPES, mapResources, type Resources } from '../../rules/resources';
import { buildingLevels } from '../../rules/buildings';
import { freeTextError, normaliseFreeText } from '../../rules/validation';
import {
  WONDERS,
  WONDER_GREAT_HALL_LEVEL,
  WONDER_TYPES,
  completionPercentage,
  contribute,
  fundingLevel,
  isWonderType,
  levelResources,
  settleWonder,
  sumEffects,
  victory,
  type WonderSettlement,
  type WonderState,
  type WonderType,
} from '../../rules/wonders';
import { wonderState } from '../village/env';
import { capitalId } from '../village/store';
import { changeVillage, pay, playersVillage } from '../village/villages';
import { recordQuestEvents } from '../progress/quest-events';
import { alliancesOf } from '../alliance/alliances';
import { recordForMember } from '../alliance/feed';
import { effectsIn, worldSpeed } from './effects';
import { isUniqueViolation } from '../accounts/accounts';
import type { AllianceId, PlayerId, VillageId, WonderId, WorldId } from '../../rules/ids';
import { closeOnVictory } from '../worlds/rounds';
import { settleInstant } from '../worlds/closure';

export type WonderView = Schema<'Wonder'>;

export const WONDER_NAME_MAX_LENGTH = 50;

const iso = (at: number | Date) => new Date(at).toISOString();

function rowFromState(state: WonderState, history: number[], finished: number[]) {
  return {
    levelHistory: [...history, ...finished],
    level: state.level,
    status: state.status,
    investedTimber: state.invested.timber,
    investedStone: state.invested.stone,
    investedIron: state.invested.iron,
    investedMead: state.invested.mead,
    constructionFinishesAt: state.constructionFinishesAt === null ? null : new Date(state.constructionFinishesAt),
    completedAt: state.completedAt === null ? null : new Date(state.completedAt),
  };
}

/**
 * Writes a wonder settled to `at`; a wonder completed on the way records its builder's alliance as the winner's, and when
 * the completed wonders now make a victory the world closes in this same transaction, at `at`.
 */
async function storeSettled(tx: Db, row: WonderRow, settlement: WonderSettlement, at: Date): Promise<WonderRow> {
  const { state, levelsFinishedAt } = settlement;
  let completedAllianceId = row.completedAllianceId;
  if (state.status === 'completed' && row.status !== 'completed' && row.ownerId) {
    completedAllianceId = (await alliancesOf(tx, [row.ownerId])).get(row.ownerId)?.id ?? null;
  }
  const [updated] = await tx
    .update(wonders)
    .set({ ...rowFromState(state, row.levelHistory, levelsFinishedAt), completedAllianceId })
    .where(eq(wonders.id, row.id))
    .returning();
  // Every caller holds the row's lock, so it is still there.
  if (!updated) throw notFound('no_such_wonder');
  await tellLevelsFinished(tx, row, levelsFinishedAt);
  if (state.status === 'completed' && row.status !== 'completed') await closeOnVictory(tx, row.worldId, at);
  return updated;
}

/** Each level a wonder reached goes into its builder's alliance's feed, at the instant it finished. */
async function tellLevelsFinished(tx: Db, row: WonderRow, levelsFinishedAt: readonly number[]): Promise<void> {
  if (levelsFinishedAt.length === 0 || !row.ownerId) return;
  const [place] = await tx.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y }).from(villages).where(eq(villages.id, row.villageId));
  for (const [i, at] of levelsFinishedAt.entries()) {
    const wonder = { id: row.id, name: row.name, type: row.type, level: row.level + i + 1 };
    await recordForMember(tx, row.ownerId, { kind: 'wonder_level', details: { wonder, ...(place ? { village: place } : {}) } }, new Date(at));
  }
}

/**
 * Finishes the levels that fell due by `now` (in `worldIds`, or everywhere), skipping wonders another
 * transaction holds; the sweeper calls it, and reads call it so a finished level shows at once.
 */
export async function settleDueWonders(db: Db, now: Date, worldIds?: readonly WorldId[]): Promise<number> {
  // A level due after its world's end never finishes: the wonder is settled to the end at most.
  const upTo = sql`least(${now.toISOString()}::timestamptz, coalesce(${worlds.endsAt}, ${now.toISOString()}::timestamptz))`;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ wonder: wonders, speed: worlds.speed, endsAt: worlds.endsAt })
      .from(wonders)
      .innerJoin(worlds, eq(worlds.id, wonders.worldId))
      .where(and(lte(wonders.constructionFinishesAt, upTo), worldIds ? inArray(wonders.worldId, [...worldIds]) : undefined))
      .for('update', { of: wonders, skipLocked: true });
    for (const { wonder, speed, endsAt } of due) {
      const at = settleInstant(endsAt, now);
      await storeSettled(tx, wonder, settleWonder(wonderState(wonder), at.getTime(), speed), at);
    }
    return due.length;
  });
}

/**
 * Inside the transaction that closes the world at its end date `at`: every wonder of the world, locked in id order
 * (waiting for none to be skipped), settled to `at`. A victory wonder completed by then closes the world as a victory
 * first, so a victory and the end date at one instant end the world as a victory.
 */
export async function settleWondersToEnd(tx: Db, worldId: WorldId, at: Date): Promise<void> {
  const rows = await tx
    .select({ wonder: wonders, speed: worlds.speed })
    .from(wonders)
    .innerJoin(worlds, eq(worlds.id, wonders.worldId))
    .where(and(eq(wonders.worldId, worldId), lte(wonders.constructionFinishesAt, at)))
    .orderBy(asc(wonders.id))
    .for('update', { of: wonders });
  for (const { wonder, speed } of rows) await storeSettled(tx, wonder, settleWonder(wonderState(wonder), at.getTime(), speed), at);
}

/** The worlds a player looks at: the one asked for, else the world of their first capital, else the first world. */
async function worldOf(db: Db, userId: PlayerId, worldId?: WorldId): Promise<WorldId | null> {
  if (worldId) {
    const [world] = await db.select({ id: worlds.id }).from(worlds).where(eq(worlds.id, worldId));
    if (!world) throw notFound('no_such_world');
    return world.id;
  }
  const capital = await capitalId(db, userId);
  if (capital) {
    const [village] = await db.select({ worldId: villages.worldId }).from(villages).where(eq(villages.id, capital));
    // Gone since capitalId read it (its world was deleted): as for a player without a capital.
    if (village) return village.worldId;
  }
  const [first] = await db.select({ id: worlds.id }).from(worlds).orderBy(asc(worlds.createdAt)).limit(1);
  return first?.id ?? null;
}

/** What the views of some wonders name besides their rows: their builders, the builders' alliances and their villages. */
interface WonderLookups {
  ownerNames: ReadonlyMap<PlayerId, string>;
  memberOf: ReadonlyMap<PlayerId, { id: AllianceId; tag: string; name: string }>;
  placeOf: ReadonlyMap<VillageId, { id: VillageId; name: string; x: number; y: number }>;
}

async function wonderLookups(db: Db, rows: WonderRow[]): Promise<WonderLookups> {
  const ownerIds = rows.map((r) => r.ownerId).filter((id): id is PlayerId => id !== null);
  const owners = ownerIds.length === 0 ? [] : await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ownerIds));
  const memberOf = await alliancesOf(db, ownerIds);
  const places = await db
    .select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y })
    .from(villages)
    .where(
      inArray(
        villages.id,
        rows.map((r) => r.villageId),
      ),
    );
  return { ownerNames: new Map(owners.map((o) => [o.id, o.username])), memberOf, placeOf: new Map(places.map((p) => [p.id, p])) };
}

function wonderView(row: WonderRow, now: Date, { ownerNames, memberOf, placeOf }: WonderLookups): WonderView {
  const state = wonderState(row);
  const ownerName = row.ownerId ? ownerNames.get(row.ownerId) : undefined;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: WONDERS[row.type].description,
    status: state.status,
    level: state.level,
    completionPercentage: completionPercentage(state),
    remainingConstructionTime:
      state.status === 'under_construction' && state.constructionFinishesAt !== null ? Math.max(0, Math.ceil((state.constructionFinishesAt - now.getTime()) / 1000)) : null,
    requiredResources: levelResources(fundingLevel(state)),
    totalResourcesInvested: mapResources((r) => Math.floor(state.invested[r])),
    user: row.ownerId && ownerName !== undefined ? { id: row.ownerId, username: ownerName } : null,
    alliance: (row.ownerId && memberOf.get(row.ownerId)) || null,
    village: placeOf.get(row.villageId)!,
    worldId: row.worldId,
  };
}

async function wonderViews(db: Db, rows: WonderRow[], now: Date): Promise<WonderView[]> {
  if (rows.length === 0) return [];
  const lookups = await wonderLookups(db, rows);
  return rows.map((row) => wonderView(row, now, lookups));
}

async function oneWonderView(db: Db, row: WonderRow, now: Date): Promise<WonderView> {
  return wonderView(row, now, await wonderLookups(db, [row]));
}

export async function listWonders(db: Db, userId: PlayerId, now: Date, worldId?: WorldId): Promise<{ wonders: WonderView[] }> {
  const world = await worldOf(db, userId, worldId);
  if (!world) return { wonders: [] };
  await settleDueWonders(db, now, [world]);
  const rows = await db.select().from(wonders).where(eq(wonders.worldId, world)).orderBy(asc(wonders.createdAt));
  return { wonders: await wonderViews(db, rows, now) };
}

export function wonderTypes(): { wonderTypes: Schema<'WonderTypeInfo'>[] } {
  return {
    wonderTypes: WONDER_TYPES.map((type) => {
      const info = WONDERS[type];
      return {
        type,
        name: info.name,
        // The client draws this icon from assets/wonders/.
        icon: `wonders/${type}.svg`,
        description: info.description,
        victoryCondition: info.victoryCondition,
        baseRequirements: { greatHallLevel: WONDER_GREAT_HALL_LEVEL, resources: levelResources(0) },
        effects: { ...info.effects, victory: info.victoryCondition },
      };
    }),
  };
}

export async function constructWonder(
  db: Db,
  userId: PlayerId,
  input: { villageId: VillageId; wonderType: string; wonderName: string },
  now: Date,
): Promise<{ wonder: WonderView }> {
  if (!isWonderType(input.wonderType)) throw badRequest('unknown_wonder_type', { type: input.wonderType });
  const type: WonderType = input.wonderType;
  const name = normaliseFreeText(input.wonderName);
  const problem =
    name === ''
      ? errorText('wonder_name_required')
      : [...name].length > WONDER_NAME_MAX_LENGTH
        ? errorText('wonder_name_too_long', { max: WONDER_NAME_MAX_LENGTH })
        : freeTextError(name);
  if (problem) throw badRequest(worded(problem), [{ field: 'wonderName', message: problem }]);
  try {
    return await db.transaction(async (tx) => {
      const { village } = await changeVillage(tx, {
        village: await playersVillage(tx, { actor: userId, villageId: input.villageId, now }),
        now,
        change: ({ state }) => {
          const hall = buildingLevels(state.buildings).great_hall ?? 0;
          if (hall < WONDER_GREAT_HALL_LEVEL) {
            throw conflict('wonder_needs_great_hall', { needed: WONDER_GREAT_HALL_LEVEL, level: hall });
          }
        },
      });
      const [taken] = await tx.select().from(wonders).where(and(eq(wonders.worldId, village.state.worldId), eq(wonders.type, type)));
      if (taken) throw conflict('wonder_raised_elsewhere', { wonder: type, name: taken.name });
      const [here] = await tx.select({ id: wonders.id }).from(wonders).where(eq(wonders.villageId, input.villageId));
      if (here) throw conflict('village_has_wonder');
      const row = inserted(
        await tx
          .insert(wonders)
          .values({ worldId: village.state.worldId, type, name, villageId: input.villageId, ownerId: userId, createdAt: now })
          .returning(),
      );
      return { wonder: await oneWonderView(tx, row, now) };
    });
  } catch (error) {
    // Two players founding the same type in one world at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('wonder_raised_already', { wonder: type });
    throw error;
  }
}

/** The builder and the members of the builder's alliance may contribute. */
async function mayContribute(db: Db, userId: PlayerId, ownerId: PlayerId | null): Promise<boolean> {
  if (ownerId === userId) return true;
  if (!ownerId) return false;
  const memberships = await db.select({ userId: allianceMembers.userId, allianceId: allianceMembers.allianceId }).from(allianceMembers).where(inArray(allianceMembers.userId, [userId, ownerId]));
  const mine = memberships.find((m) => m.userId === userId)?.allianceId;
  return mine !== undefined && memberships.some((m) => m.userId === ownerId && m.allianceId === mine);
}

/** A player's gift to a wonder: which wonder, from which of their villages, and what. */
export interface WonderContribution {
  wonderId: WonderId;
  villageId: VillageId;
  resources: Resources;
}

/**
 * Takes exactly `resources` from the player's village (all or nothing, under the village's lock) and adds
 * them to the wonder (under its lock); a level whose resources are complete starts building at once.
 */
export async function contributeToWonder(db: Db, userId: PlayerId, { wonderId, ...input }: WonderContribution, now: Date): Promise<{ wonder: WonderView }> {
  const total = RESOURCE_TYPES.reduce((sum, r) => sum + input.resources[r], 0);
  if (total <= 0) throw badRequest('nothing_contributed');
  const [found] = await db.select().from(wonders).where(eq(wonders.id, wonderId));
  if (!found) throw notFound('no_such_wonder');
  if (!(await mayContribute(db, userId, found.ownerId))) throw forbidden('wonder_not_your_alliance');
  const speed = await worldSpeed(db, found.worldId);
  return db.transaction(async (tx) => {
    await changeVillage(tx, {
      village: await playersVillage(tx, { actor: userId, villageId: input.villageId, now }),
      now,
      change: ({ state }) => {
        if (state.worldId !== found.worldId) throw conflict('wonder_other_world');
        pay(state, input.resources);
      },
    });
    // Village first, then the wonder: every transaction that holds both takes them in this order.
    const [row] = await tx.select().from(wonders).where(eq(wonders.id, wonderId)).for('update');
    // Deleted with its village since it was read.
    if (!row) throw notFound('no_such_wonder');
    const settled = settleWonder(wonderState(row), now.getTime(), speed);
    if (settled.state.status === 'completed') throw conflict('wonder_completed');
    // Levels finished before now join the history; the contribution itself can only start building.
    const updated = await storeSettled(tx, row, { state: contribute(settled.state, input.resources, now.getTime(), speed), levelsFinishedAt: settled.levelsFinishedAt }, now);
    await tx.insert(wonderContributions).values({ wonderId, userId, villageId: input.villageId, ...input.resources, createdAt: now });
    await recordQuestEvents(tx, userId, [{ name: 'resources_contributed', amount: total }], now);
    return { wonder: await oneWonderView(tx, updated, now) };
  });
}

/** The effects of the wonders of the player's alliance (or the player's own, outside one) in a world, at their current levels. */
export async function allianceEffects(db: Db, userId: PlayerId, now: Date, worldId?: WorldId): Promise<{ effects: Schema<'AllianceEffects'> }> {
  const world = await worldOf(db, userId, worldId);
  const effects = world ? await effectsIn(db, userId, world, now) : null;
  const sum = sumEffects(effects?.map((e) => e.effects) ?? []);
  return {
    effects: {
      resourceBonus: sum.resourceBonus,
      defenseBonus: sum.defenseBonus,
      combatBonus: sum.combatBonus,
      prestigePoints: sum.prestigePoints,
      specialAbilities: (effects ?? []).filter((e) => e.level > 0).map((e) => WONDERS[e.type].specialAbility),
    },
  };
}

export async function checkVictory(db: Db, userId: PlayerId, now: Date, worldId?: WorldId): Promise<Schema<'VictoryCheck'>> {
  const world = await worldOf(db, userId, worldId);
  if (!world) return { hasWinner: false, winner: null };
  await settleDueWonders(db, now, [world]);
  const completed = await db.select().from(wonders).where(and(eq(wonders.worldId, world), eq(wonders.status, 'completed')));
  const won = victory(
    completed.map((w) => ({ type: w.type, completedAt: w.completedAt!.getTime(), allianceId: w.completedAllianceId, ownerId: w.ownerId })),
  );
  if (!won) return { hasWinner: false, winner: null };
  // The rule names the winners as plain text: their ids are those of the completed wonders it was given.
  const allianceId = completed.find((w) => won.allianceId !== null && w.completedAllianceId === won.allianceId)?.completedAllianceId ?? null;
  const ownerId = completed.find((w) => won.ownerId !== null && w.ownerId === won.ownerId)?.ownerId ?? null;
  const [alliance] = allianceId ? await db.select({ id: alliances.id, tag: alliances.tag, name: alliances.name }).from(alliances).where(eq(alliances.id, allianceId)) : [];
  const [user] = ownerId ? await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, ownerId)) : [];
  return {
    hasWinner: true,
    winner: { type: won.kind, alliance: alliance ?? null, user: user ?? null, worldId: world, achievedAt: iso(won.achievedAt) },
  };
}
