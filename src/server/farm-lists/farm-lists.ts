// Farm lists: a player's saved raids from one of their villages (a target and a unit template per row), each row with its last raid's result.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { battleReports, farmLists, farmTargets, movements, users, villages } from '../db/schema';
import { inserted } from '../db/rows';
import { badRequest, conflict, forbidden, notFound, say, worded } from '../errors';
import { cleanUnits } from '../../rules/combat';
import { unitCount, type UnitCounts } from '../../rules/units';
import { sendRefusal } from '../../rules/movements';
import { MAX_FARM_LISTS, MAX_FARM_TARGETS, farmListNameError, survivorsCarry } from '../../rules/farm-lists';
import { normaliseFreeText } from '../../rules/validation';
import { senderRelation, targetOf } from '../army/movements';
import { settleDueArrivalsFor, type VillageOrder } from '../village/villages';
import { villagePopulation } from '../village/population';
import type { PlayerId } from '../../rules/ids';

export type FarmListRow = typeof farmLists.$inferSelect;
export type FarmListView = Schema<'FarmList'>;
export type FarmTargetView = Schema<'FarmTarget'>;

/** A player acting on one of their lists. */
export interface ListOrder {
  actor: PlayerId;
  listId: string;
  now: Date;
}

/** A player acting on one row of one of their lists. */
export interface RowOrder extends ListOrder {
  targetId: string;
}

/** A target as a request names it: a tile of the list's world and the units to raid it with. */
export interface TargetInput {
  x: number;
  y: number;
  units: UnitCounts;
}

/** The list (with its village's world) under its row lock, which orders every change and send of it; someone else's list is no list of the caller's. */
export async function lockedList(tx: Db, { actor, listId }: Omit<ListOrder, 'now'>) {
  const [row] = await tx
    .select({ list: farmLists, worldId: villages.worldId })
    .from(farmLists)
    .innerJoin(villages, eq(villages.id, farmLists.villageId))
    .where(eq(farmLists.id, listId))
    .for('no key update', { of: farmLists });
  if (!row || row.list.ownerId !== actor) throw notFound('no_such_farm_list');
  return row;
}

/** The caller's list, read without a lock. */
export async function listOf(db: Db, { actor, listId }: Omit<ListOrder, 'now'>): Promise<FarmListRow> {
  const [row] = await db.select().from(farmLists).where(eq(farmLists.id, listId));
  if (!row || row.ownerId !== actor) throw notFound('no_such_farm_list');
  return row;
}

/**
 * When a new row (or list) counts as added: now, or a millisecond after the last one when the clock has not moved on
 * (rows keep the order they were added in; they are added one at a time under a lock).
 */
function after(earlier: readonly { createdAt: Date }[], now: Date): Date {
  return new Date(Math.max(now.getTime(), ...earlier.map((row) => row.createdAt.getTime() + 1)));
}

/** A name as it is stored, or 400 in the rule's words. */
function checkedName(raw: string): string {
  const refusal = farmListNameError(raw);
  if (refusal) throw badRequest(worded(refusal), [{ field: 'name', message: refusal }]);
  return normaliseFreeText(raw);
}

/** A unit template as it is stored, or 400: a row sends at least one unit. */
function checkedUnits(raw: UnitCounts): UnitCounts {
  const units = cleanUnits(raw);
  if (unitCount(units) === 0) throw badRequest('no_units_chosen', [{ field: 'units', ...say('no_units_chosen') }]);
  return units;
}

/**
 * The report of each row's last raid: the battle its movement fought. A report names its attacker, both villages and the
 * instant (the movement's arrival), which together name the movement; the attacker's index finds it.
 */
const lastReport = and(
  eq(battleReports.attackerId, movements.ownerId),
  eq(battleReports.occurredAt, movements.arrivesAt),
  sql`${battleReports.type} = ${movements.type}`,
  sql`${battleReports.defenderVillage} ->> 'id' = ${movements.toVillageId}::text`,
  sql`${battleReports.attackerVillage} ->> 'id' = ${movements.fromVillageId}::text`,
);

/** The rows of the lists, in list order (the order they were added), with their villages and last raids. */
async function targetViews(db: Db, listIds: readonly string[]): Promise<Map<string, FarmTargetView[]>> {
  const byList = new Map<string, FarmTargetView[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const rows = await db
    .select({
      target: farmTargets,
      village: { id: villages.id, name: villages.name, x: villages.x, y: villages.y, ownerId: villages.ownerId, population: villagePopulation },
      ownerName: users.username,
      report: {
        id: battleReports.id,
        occurredAt: battleReports.occurredAt,
        winner: battleReports.winner,
        loot: battleReports.loot,
        units: battleReports.attackerUnits,
        losses: battleReports.attackerLosses,
      },
    })
    .from(farmTargets)
    .innerJoin(villages, eq(villages.id, farmTargets.villageId))
    .leftJoin(users, eq(users.id, villages.ownerId))
    .leftJoin(movements, eq(movements.id, farmTargets.lastMovementId))
    .leftJoin(battleReports, lastReport)
    .where(inArray(farmTargets.listId, [...listIds]))
    .orderBy(asc(farmTargets.createdAt), asc(farmTargets.id));
  const seen = new Set<string>();
  for (const { target, village, ownerName, report } of rows) {
    // Two raids of one village on one target landing at the same instant would both match: the row shows one.
    if (seen.has(target.id)) continue;
    seen.add(target.id);
    byList.get(target.listId)?.push({
      id: target.id,
      village: {
        id: village.id,
        name: village.name,
        x: village.x,
        y: village.y,
        owner: village.ownerId && ownerName !== null ? { id: village.ownerId, username: ownerName } : null,
        population: village.population,
      },
      units: cleanUnits(target.units),
      last: report
        ? {
            reportId: report.id,
            at: report.occurredAt.toISOString(),
            winner: report.winner,
            loot: { timber: report.loot.timber ?? 0, stone: report.loot.stone ?? 0, iron: report.loot.iron ?? 0, mead: report.loot.mead ?? 0 },
            carry: survivorsCarry(cleanUnits(report.units), cleanUnits(report.losses)),
          }
        : null,
    });
  }
  return byList;
}

/** Lists as the contract shows them, in the order given. */
async function listViews(db: Db, lists: readonly FarmListRow[]): Promise<FarmListView[]> {
  const places = lists.length === 0 ? [] : await db.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y }).from(villages).where(inArray(villages.id, lists.map((l) => l.villageId)));
  const targets = await targetViews(db, lists.map((l) => l.id));
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    village: places.find((p) => p.id === list.villageId) ?? { id: list.villageId, name: '(gone)', x: 0, y: 0 },
    targets: targets.get(list.id) ?? [],
    maxTargets: MAX_FARM_TARGETS,
  }));
}

async function oneListView(db: Db, list: FarmListRow): Promise<{ list: FarmListView }> {
  const [view] = await listViews(db, [list]);
  if (!view) throw new Error('A list read back gave no view');
  return { list: view };
}

/** The player's lists, oldest first; the raids due at the player's villages or sent by them are fought first, so each row's last result is current. */
export async function listFarmLists(db: Db, actor: PlayerId, now: Date): Promise<Schema<'FarmListList'>> {
  await settleDueArrivalsFor(db, actor, now);
  const lists = await db.select().from(farmLists).where(eq(farmLists.ownerId, actor)).orderBy(asc(farmLists.createdAt), asc(farmLists.id));
  return { lists: await listViews(db, lists), maxLists: MAX_FARM_LISTS };
}

/** A new, empty list raiding from one of the player's villages; the player's row lock counts their lists. */
export async function createFarmList(db: Db, { actor, villageId, now }: VillageOrder, rawName: string): Promise<{ list: FarmListView }> {
  const name = checkedName(rawName);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor)).for('no key update');
    const [village] = await tx.select({ ownerId: villages.ownerId }).from(villages).where(eq(villages.id, villageId));
    if (!village) throw notFound('no_such_village');
    if (village.ownerId !== actor) throw forbidden('village_not_yours');
    const held = await tx.select({ createdAt: farmLists.createdAt }).from(farmLists).where(eq(farmLists.ownerId, actor));
    if (held.length >= MAX_FARM_LISTS) throw conflict('too_many_farm_lists', { max: MAX_FARM_LISTS });
    const list = inserted(await tx.insert(farmLists).values({ ownerId: actor, villageId, name, createdAt: after(held, now) }).returning());
    return oneListView(tx, list);
  });
}

export async function renameFarmList(db: Db, order: ListOrder, rawName: string): Promise<{ list: FarmListView }> {
  const name = checkedName(rawName);
  return db.transaction(async (tx) => {
    await lockedList(tx, order);
    const list = inserted(await tx.update(farmLists).set({ name }).where(eq(farmLists.id, order.listId)).returning());
    return oneListView(tx, list);
  });
}

/** Deletes the list with its rows and its sends; a send in progress finishes the row it holds first (the list's lock). */
export async function deleteFarmList(db: Db, order: ListOrder): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    await lockedList(tx, order);
    await tx.delete(farmLists).where(eq(farmLists.id, order.listId));
  });
  return { ok: true };
}

/**
 * Adds the village on a tile of the list's world with the units to raid it with. Refused (409) where no raid could go:
 * one's own village, an ally's, a confederate's or a pact partner's (the sending rule's own words); and a target already
 * on the list, or a full list, counted under the list's lock. Beginner protection, vacation and the like may pass by the
 * time of sending: those the send checks, row by row.
 */
export async function addFarmTarget(db: Db, order: ListOrder, input: TargetInput): Promise<{ list: FarmListView }> {
  const units = checkedUnits(input.units);
  return db.transaction(async (tx) => {
    const { list, worldId } = await lockedList(tx, order);
    const [there] = await tx
      .select({ id: villages.id })
      .from(villages)
      .where(and(eq(villages.worldId, worldId), eq(villages.x, input.x), eq(villages.y, input.y)));
    if (!there) throw notFound('no_village_at', { x: input.x, y: input.y });
    const found = await targetOf(tx, order.actor, there.id, order.now);
    if (!found) throw notFound('no_such_village');
    const refusal = sendRefusal('raid', { from: { id: list.villageId, worldId }, to: found }, senderRelation(found, order.actor), found.allianceTag);
    if (refusal) throw conflict(worded(refusal));
    const rows = await tx.select({ villageId: farmTargets.villageId, createdAt: farmTargets.createdAt }).from(farmTargets).where(eq(farmTargets.listId, list.id));
    if (rows.some((r) => r.villageId === there.id)) throw conflict('farm_target_listed', { village: found.name, x: found.x, y: found.y });
    if (rows.length >= MAX_FARM_TARGETS) throw conflict('farm_list_full', { max: MAX_FARM_TARGETS });
    await tx.insert(farmTargets).values({ listId: list.id, villageId: there.id, units, createdAt: after(rows, order.now) });
    return oneListView(tx, list);
  });
}

export async function updateFarmTarget(db: Db, order: RowOrder, rawUnits: UnitCounts): Promise<{ list: FarmListView }> {
  const units = checkedUnits(rawUnits);
  return db.transaction(async (tx) => {
    const { list } = await lockedList(tx, order);
    const changed = await tx
      .update(farmTargets)
      .set({ units })
      .where(and(eq(farmTargets.id, order.targetId), eq(farmTargets.listId, list.id)))
      .returning({ id: farmTargets.id });
    if (changed.length === 0) throw notFound('no_such_farm_row');
    return oneListView(tx, list);
  });
}

export async function removeFarmTarget(db: Db, order: RowOrder): Promise<{ list: FarmListView }> {
  return db.transaction(async (tx) => {
    const { list } = await lockedList(tx, order);
    const gone = await tx
      .delete(farmTargets)
      .where(and(eq(farmTargets.id, order.targetId), eq(farmTargets.listId, list.id)))
      .returning({ id: farmTargets.id });
    if (gone.length === 0) throw notFound('no_such_farm_row');
    return oneListView(tx, list);
  });
}
