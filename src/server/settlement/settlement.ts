// Founding new villages: where one may stand, candidate sites near a village, and founding (paid by the source village under its lock).
import { and, eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { buildings, users, villages, worlds } from '../db/schema';
import { inserted } from '../db/rows';
import { badRequest, conflict, errorText, notFound, worded } from '../errors';
import { STARTING_BUILDINGS, buildingLevels } from '../../rules/buildings';
import { startingStock } from '../../rules/resources';
import { isEmptyLand, terrainAt } from '../../rules/terrain';
import { distance } from '../../rules/world';
import { FOUNDING_LONGHOUSE_LEVEL, foundingCost, maxVillages, settleCandidates, settleRefusal } from '../../rules/settlement';
import { normaliseVillageName, villageNameError } from '../../rules/validation';
import { changeVillage, pay, playersVillage, readVillage, type VillageOrder } from '../village/villages';
import { toVillageState } from '../village/store';
import { villageView } from '../village/views';
import { recordForMember } from '../alliance/feed';
import { recordQuestEvents } from '../progress/quest-events';
import { isUniqueViolation } from '../accounts/accounts';
import type { PlayerId, VillageId, WorldId } from '../../rules/ids';

export const CANDIDATE_LIMIT = 50;
/** Oases within this distance of a site are counted for it. */
const OASIS_NEIGHBOURHOOD = 3;

async function worldRow(db: Db, worldId: WorldId) {
  const [world] = await db.select().from(worlds).where(eq(worlds.id, worldId));
  if (!world) throw notFound('no_such_world');
  return world;
}

async function siteOf(db: Db, world: { id: WorldId; seed: number; size: number }) {
  const standing = await db.select({ x: villages.x, y: villages.y }).from(villages).where(eq(villages.worldId, world.id));
  return { worldSize: world.size, isEmptyLand: (x: number, y: number) => isEmptyLand(world.seed, x, y), villages: standing };
}

export async function canSettle(db: Db, worldId: WorldId, x: number, y: number): Promise<Schema<'SettlementCheck'>> {
  const world = await worldRow(db, worldId);
  const reason = settleRefusal(x, y, await siteOf(db, world));
  const inside = Math.abs(x) <= world.size && Math.abs(y) <= world.size;
  const standing = await db.select({ id: villages.id }).from(villages).where(and(eq(villages.worldId, worldId), eq(villages.x, x), eq(villages.y, y)));
  return { worldId, x, y, tileType: standing.length > 0 ? 'village' : inside ? terrainAt(world.seed, x, y).type : 'empty', canSettle: reason === null, reason };
}

export async function settlementCandidates(db: Db, { actor, villageId, now }: VillageOrder, radius: number): Promise<Schema<'SettlementCandidates'>> {
  const { state } = await readVillage(db, actor, villageId, now);
  const world = await worldRow(db, state.worldId);
  const sites = settleCandidates(state, radius, await siteOf(db, world), CANDIDATE_LIMIT);
  return {
    villageId,
    radius,
    candidates: sites.map((site) => {
      let oases = 0;
      for (let dx = -OASIS_NEIGHBOURHOOD; dx <= OASIS_NEIGHBOURHOOD; dx++) {
        for (let dy = -OASIS_NEIGHBOURHOOD; dy <= OASIS_NEIGHBOURHOOD; dy++) {
          if (distance(0, 0, dx, dy) <= OASIS_NEIGHBOURHOOD && terrainAt(world.seed, site.x + dx, site.y + dy).type === 'oasis') oases += 1;
        }
      }
      return { x: site.x, y: site.y, distance: site.distance, nearbyOases: oases };
    }),
  };
}

async function longhouseLevels(db: Db, userId: PlayerId): Promise<number> {
  const [row] = await db
    .select({ levels: sql<number>`coalesce(sum(${buildings.level}), 0)::int` })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(and(eq(villages.ownerId, userId), eq(buildings.type, 'longhouse')));
  return Number(row?.levels ?? 0);
}

async function villageCount(db: Db, userId: PlayerId): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(villages).where(eq(villages.ownerId, userId));
  return Number(row?.n ?? 0);
}

export async function settlementStats(db: Db, userId: PlayerId): Promise<Schema<'SettlementStats'>> {
  const levels = await longhouseLevels(db, userId);
  const count = await villageCount(db, userId);
  const max = maxVillages(levels);
  return {
    villageCount: count,
    maxVillages: max,
    canFoundMore: count < max,
    totalLonghouseLevels: levels,
    requiredLonghouseLevel: FOUNDING_LONGHOUSE_LEVEL,
    foundingCost: foundingCost(),
  };
}

export interface FoundInput {
  worldId: WorldId;
  x: number;
  y: number;
  villageName: string;
  fromVillageId: VillageId;
}

/**
 * Founds a village at once: the source village (longhouse 10 or more, in the same world) pays 5000 of each
 * resource under its row lock; the player's row orders foundings, so parallel ones never exceed the limit.
 */
export async function foundVillage(db: Db, userId: PlayerId, input: FoundInput, now: Date): Promise<{ village: Schema<'Village'> }> {
  const name = normaliseVillageName(input.villageName);
  const problem = name === '' ? errorText('village_name_required') : villageNameError(name);
  if (problem) throw badRequest(worded(problem), [{ field: 'villageName', message: problem }]);
  const world = await worldRow(db, input.worldId);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const levels = await longhouseLevels(tx, userId);
      if ((await villageCount(tx, userId)) >= maxVillages(levels)) {
        throw conflict('village_limit', { max: maxVillages(levels) });
      }
      const reason = settleRefusal(input.x, input.y, await siteOf(tx, world));
      if (reason) throw conflict(worded(reason));
      await changeVillage(tx, {
        village: await playersVillage(tx, { actor: userId, villageId: input.fromVillageId, now }),
        now,
        change: ({ state }) => {
          if (state.worldId !== world.id) throw conflict('source_village_other_world');
          const longhouse = buildingLevels(state.buildings).longhouse ?? 0;
          if (longhouse < FOUNDING_LONGHOUSE_LEVEL) throw conflict('founding_needs_longhouse', { needed: FOUNDING_LONGHOUSE_LEVEL, level: longhouse });
          pay(state, foundingCost());
        },
      });
      const village = inserted(
        await tx
          .insert(villages)
          .values({ worldId: world.id, ownerId: userId, name, x: input.x, y: input.y, isCapital: false, loyalty: 100, ...startingStock(), resourcesAt: now, nextEventAt: null, createdAt: now })
          .returning(),
      );
      const placed = await tx
        .insert(buildings)
        .values(STARTING_BUILDINGS.map((b) => ({ villageId: village.id, slot: b.slot, type: b.type, level: b.level, updatedAt: now })))
        .returning();
      await recordQuestEvents(tx, userId, [{ name: 'village_founded' }], now);
      await recordForMember(tx, userId, { kind: 'village_founded', details: { village: { id: village.id, name, x: input.x, y: input.y } } }, now);
      return { village: villageView(toVillageState(village, { buildings: placed, units: [], orders: [] })) };
    });
  } catch (error) {
    // Two players founding on one tile at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('village_already_there');
    throw error;
  }
}
