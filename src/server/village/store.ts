// Loads villages into the settling engine's plain state and writes back only what changed.
import { and, eq, inArray, isNull, lte, or, asc, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import {
  buildings,
  movements,
  trainingOrders,
  units,
  villages,
  worlds,
  type BuildingRow,
  type TrainingOrderRow,
  type UnitRow,
  type VillageRow,
} from '../db/schema';
import { UNIT_TYPES, type UnitCounts } from '../../rules/units';
import { entriesOf } from '../../rules/tuples';
import { settleVillage, type BuildingState, type SettleResult, type StarvationRecord, type TrainingOrderState, type VillageEnv, type VillageState } from '../../rules/village-timeline';
import type { PlayerId, VillageId, WorldId } from '../../rules/ids';
import { envsFrom, villageEnvs } from './env';
import { lockNextArrival, lockWholeVillage, loadWholeVillage, type LoadedVillage } from './load';
import { together } from '../db/together';
import type { Write } from '../db/one-statement';
import type { WorldEnding } from '../../rules/world-rounds';

/** A village row with what its rates depend on: its world's speed and status, and the bonus periods of its owner's alliance. */
export interface VillageHead {
  village: VillageRow;
  worldSpeed: number;
  worldStatus: string;
  /** When its world ends (or ended): nothing of the village is settled past it. Null while no end is set. */
  worldEndsAt: Date | null;
  /** The earliest movement still to arrive here, if any: due ones are applied before the village settles past them. */
  nextArrivalAt: Date | null;
  env: VillageEnv;
}

/** A village head with its buildings, units and orders, read with it, and how its world ended if it has. */
export interface LoadedHead extends VillageHead {
  parts: VillageParts;
  /** Read with the row lock only (null otherwise): when the owner's vacation in this world ends (see refuseDuringVacation). */
  ownerVacationEndsAt: Date | null;
  worldEnding: WorldEnding | null;
}

const headColumns = {
  village: villages,
  worldSpeed: worlds.speed,
  worldStatus: worlds.status,
  worldEndsAt: worlds.endsAt,
  // A column of the same query, so a read learns of due arrivals without another round trip.
  nextArrivalAt: sql<Date | null>`(select min(m.arrives_at) from ${movements} m where m.to_village_id = ${villages.id} and m.resolved_at is null)`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
};

async function withEnvs(db: Db, rows: Omit<VillageHead, 'env'>[], now: Date): Promise<VillageHead[]> {
  const envOf = await villageEnvs(db, rows, now);
  return rows.map((row) => ({ ...row, env: envOf(row) }));
}

/**
 * The village row with its world's speed and status, its environment at `now` and its parts, in one call.
 * `lock` takes the row lock for the transaction first (`no key update`: see the stored read).
 */
export async function loadVillageHead(db: Db, villageId: VillageId, now: Date, lock = false): Promise<LoadedHead | null> {
  const loaded = lock ? await lockWholeVillage(db, villageId) : await loadWholeVillage(db, villageId);
  return loaded ? withEnv(loaded, now) : null;
}

/** The earliest due arrival whose village nobody else holds, with that village locked and read (load.ts's lockNextArrival). */
export async function nextArrivalHead(tx: Db, now: Date): Promise<{ arrivesAt: Date; head: LoadedHead } | null> {
  const next = await lockNextArrival(tx, now);
  return next ? { arrivesAt: next.arrivesAt, head: withEnv(next.loaded, now) } : null;
}

function withEnv(loaded: LoadedVillage, now: Date): LoadedHead {
  const env = envsFrom(loaded.env, now)(loaded);
  const { village, worldSpeed, worldStatus, worldEndsAt, worldEnding, nextArrivalAt, parts, ownerVacationEndsAt } = loaded;
  return { village, worldSpeed, worldStatus, worldEndsAt, worldEnding, nextArrivalAt, env, parts, ownerVacationEndsAt };
}

export async function loadOwnerHeads(db: Db, ownerId: PlayerId, now: Date): Promise<VillageHead[]> {
  const rows = await db
    .select(headColumns)
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    .where(eq(villages.ownerId, ownerId));
  return withEnvs(db, rows, now);
}

/**
 * Claims up to `limit` villages with something due by `now`, skipping rows another transaction holds,
 * so two server processes sharing PostgreSQL never settle the same village at once.
 */
export async function claimDueHeads(db: Db, now: Date, limit: number): Promise<VillageHead[]> {
  const rows = await db
    .select(headColumns)
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    // In an ended world only what fell due by its end is settled (to the end); what comes after never does.
    .where(and(lte(villages.nextEventAt, now), or(isNull(worlds.endsAt), lte(villages.nextEventAt, worlds.endsAt))))
    .orderBy(asc(villages.nextEventAt))
    .limit(limit)
    .for('no key update', { of: villages, skipLocked: true });
  return withEnvs(db, rows, now);
}

/**
 * The player's first capital in a world still played, else their first capital (players who joined several worlds have
 * one in each): quest rewards and the pages that read "the player's world" follow a player into the next round.
 */
export async function capitalId(db: Db, userId: PlayerId): Promise<VillageId | null> {
  const [row] = await db
    .select({ id: villages.id })
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    .where(and(eq(villages.ownerId, userId), eq(villages.isCapital, true)))
    .orderBy(sql`${worlds.status} = 'ended'`, asc(villages.createdAt), asc(villages.id))
    .limit(1);
  return row?.id ?? null;
}

export interface VillageParts {
  buildings: BuildingRow[];
  units: UnitRow[];
  orders: TrainingOrderRow[];
}

/** Buildings, units and training orders of several villages, three queries in all. */
export async function loadParts(db: Db, villageIds: readonly VillageId[]): Promise<Map<VillageId, VillageParts>> {
  const parts = new Map<VillageId, VillageParts>(villageIds.map((id) => [id, { buildings: [], units: [], orders: [] }]));
  if (villageIds.length === 0) return parts;
  const ids = [...villageIds];
  // Sent together: the connection runs them one after another, in one round trip.
  const [buildingRows, unitRows, orderRows] = await together([
    db.select().from(buildings).where(inArray(buildings.villageId, ids)).orderBy(asc(buildings.slot)),
    db.select().from(units).where(inArray(units.villageId, ids)),
    db.select().from(trainingOrders).where(inArray(trainingOrders.villageId, ids)).orderBy(asc(trainingOrders.startedAt), asc(trainingOrders.id)),
  ]);
  for (const row of buildingRows) parts.get(row.villageId)?.buildings.push(row);
  for (const row of unitRows) parts.get(row.villageId)?.units.push(row);
  for (const row of orderRows) parts.get(row.villageId)?.orders.push(row);
  return parts;
}

const ms = (date: Date | null): number | null => (date === null ? null : date.getTime());
const date = (at: number | null): Date | null => (at === null ? null : new Date(at));

/**
 * The engine's state of a stored village, with the ids it was read with. The rules speak of ids as plain text; the
 * server keeps them as the ids they are, so the state's village, world and owner can go straight back to the database.
 */
export interface StoredVillageState extends VillageState {
  id: VillageId;
  worldId: WorldId;
  ownerId: PlayerId | null;
}

/** What settling a stored village gives: the engine's result, its state still the same stored village. */
export interface StoredSettleResult extends SettleResult {
  state: StoredVillageState;
}

/**
 * settleVillage for a stored village. Settling changes neither which village it is, nor its world, nor its owner, so the
 * settled state carries on the ids the village was read with.
 */
export function settleStoredVillage(input: StoredVillageState, atMs: number, env: VillageEnv): StoredSettleResult {
  const settled = settleVillage(input, atMs, env);
  return { ...settled, state: Object.assign(settled.state, { id: input.id, worldId: input.worldId, ownerId: input.ownerId }) };
}

export function toVillageState(village: VillageRow, parts: VillageParts): StoredVillageState {
  const buildingStates: BuildingState[] = [];
  // The database holds every type to its tuple (a CHECK constraint per column), so each row reads as it is.
  for (const row of parts.buildings) {
    buildingStates.push({
      id: row.id,
      slot: row.slot,
      type: row.type,
      level: row.level,
      upgradeStartedAt: ms(row.upgradeStartedAt),
      upgradeFinishesAt: ms(row.upgradeFinishesAt),
      updatedAt: row.updatedAt.getTime(),
    });
  }
  const counts: UnitCounts = {};
  const unitIds: VillageState['unitIds'] = {};
  for (const row of parts.units) {
    counts[row.type] = row.count;
    unitIds[row.type] = row.id;
  }
  const orders: TrainingOrderState[] = [];
  for (const row of parts.orders) {
    orders.push({
      id: row.id,
      unitType: row.unitType,
      count: row.count,
      done: row.done,
      secondsEach: row.secondsEach,
      startedAt: row.startedAt.getTime(),
      finishesAt: row.finishesAt.getTime(),
    });
  }
  return {
    id: village.id,
    worldId: village.worldId,
    ownerId: village.ownerId,
    name: village.name,
    x: village.x,
    y: village.y,
    isCapital: village.isCapital,
    loyalty: village.loyalty,
    amounts: { timber: village.timber, stone: village.stone, iron: village.iron, mead: village.mead },
    resourcesAt: village.resourcesAt.getTime(),
    buildings: buildingStates,
    units: counts,
    unitIds,
    orders,
  };
}

/** The last starvation the village row keeps (null when its units never starved). */
export function storedStarvation(village: VillageRow): StarvationRecord | null {
  return village.starvedAt && village.starvedUnits ? { at: village.starvedAt.getTime(), units: village.starvedUnits } : null;
}

/** The village row's columns that keep `record` as its last starvation, replacing the one before. Only a settle that starved writes them. */
export function starvationColumns(record: StarvationRecord): VillageRowExtras {
  return { starvedAt: new Date(record.at), starvedUnits: record.units };
}

function sameBuilding(a: BuildingState, b: BuildingState): boolean {
  return (
    a.level === b.level &&
    a.type === b.type &&
    a.slot === b.slot &&
    a.upgradeStartedAt === b.upgradeStartedAt &&
    a.upgradeFinishesAt === b.upgradeFinishesAt &&
    a.updatedAt === b.updatedAt
  );
}

/** More of the village's own row to write with a settle (its growth's next step, the losses to hunger): one update of it. */
export type VillageRowExtras = Partial<Pick<typeof villages.$inferInsert, 'growsAt' | 'starvedAt' | 'starvedUnits'>>;

/**
 * The writes that store `after` over `before` (both as the engine sees them), not yet sent: the village row always (its
 * resource snapshot moves to `after.resourcesAt`, with `extras`), other rows only where they differ. They touch different
 * rows and do not depend on each other, so the caller sends them as one statement with its own (db/one-statement.ts).
 */
export function villageWrites(db: Db, before: VillageState, after: StoredVillageState, { nextEventAt, extras = {} }: { nextEventAt: number | null; extras?: VillageRowExtras }): Write[] {
  const writes: Write[] = [];
  writes.push(
    db
      .update(villages)
      .set({
        ...extras,
        name: after.name,
        ownerId: after.ownerId,
        isCapital: after.isCapital,
        loyalty: after.loyalty,
        timber: after.amounts.timber,
        stone: after.amounts.stone,
        iron: after.amounts.iron,
        mead: after.amounts.mead,
        resourcesAt: new Date(after.resourcesAt),
        nextEventAt: date(nextEventAt),
      })
      .where(eq(villages.id, after.id)),
  );

  const oldBuildings = new Map(before.buildings.map((b) => [b.id, b]));
  const newBuildings = after.buildings.filter((b) => !oldBuildings.has(b.id));
  if (newBuildings.length > 0) {
    writes.push(
      db.insert(buildings).values(
      newBuildings.map((b) => ({
        id: b.id,
        villageId: after.id,
        slot: b.slot,
        type: b.type,
        level: b.level,
        upgradeStartedAt: date(b.upgradeStartedAt),
        upgradeFinishesAt: date(b.upgradeFinishesAt),
        updatedAt: new Date(b.updatedAt),
      })),
      ),
    );
  }
  // Catapults may knock a building down to nothing: it leaves the village.
  const standing = new Set(after.buildings.map((b) => b.id));
  const razed = before.buildings.filter((b) => !standing.has(b.id)).map((b) => b.id);
  if (razed.length > 0) writes.push(db.delete(buildings).where(and(eq(buildings.villageId, after.id), inArray(buildings.id, razed))));
  for (const b of after.buildings) {
    const old = oldBuildings.get(b.id);
    if (!old || sameBuilding(old, b)) continue;
    writes.push(
      db
        .update(buildings)
        .set({ level: b.level, upgradeStartedAt: date(b.upgradeStartedAt), upgradeFinishesAt: date(b.upgradeFinishesAt), updatedAt: new Date(b.updatedAt) })
        .where(eq(buildings.id, b.id)),
    );
  }

  for (const [type, id] of entriesOf(UNIT_TYPES, after.unitIds)) {
    const count = after.units[type] ?? 0;
    if (before.unitIds[type] !== id) {
      writes.push(db.insert(units).values({ id, villageId: after.id, type, count }));
    } else if ((before.units[type] ?? 0) !== count) {
      writes.push(db.update(units).set({ count }).where(eq(units.id, id)));
    }
  }

  const oldOrders = new Map(before.orders.map((o) => [o.id, o]));
  const keptIds = new Set(after.orders.map((o) => o.id));
  const finished = before.orders.filter((o) => !keptIds.has(o.id)).map((o) => o.id);
  if (finished.length > 0) {
    writes.push(db.delete(trainingOrders).where(and(eq(trainingOrders.villageId, after.id), inArray(trainingOrders.id, finished))));
  }
  const newOrders = after.orders.filter((o) => !oldOrders.has(o.id));
  if (newOrders.length > 0) {
    writes.push(
      db.insert(trainingOrders).values(
      newOrders.map((o) => ({
        id: o.id,
        villageId: after.id,
        unitType: o.unitType,
        count: o.count,
        done: o.done,
        secondsEach: o.secondsEach,
        startedAt: new Date(o.startedAt),
        finishesAt: new Date(o.finishesAt),
      })),
      ),
    );
  }
  for (const o of after.orders) {
    const old = oldOrders.get(o.id);
    if (old && old.done !== o.done) writes.push(db.update(trainingOrders).set({ done: o.done }).where(eq(trainingOrders.id, o.id)));
  }
  return writes;
}
