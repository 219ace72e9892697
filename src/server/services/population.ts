// Population and village counts per player, summed in SQL by building type and finished by the rules' population().
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, villages } from '../db/schema';
import { isBuildingType } from '../../rules/buildings';
import { population, type BuildingAtLevel } from '../../rules/economy';

export interface OwnerTotals {
  population: number;
  villages: number;
}

/**
 * Totals of the owners of the villages `where` selects. Levels are summed per owner and building type in
 * SQL; population is linear in the level, so the rules finish it.
 */
async function totalsWhere(db: Db, where: SQL | undefined): Promise<Map<string, OwnerTotals>> {
  const counts = await db
    .select({ ownerId: villages.ownerId, villages: sql<number>`count(*)::int` })
    .from(villages)
    .where(where)
    .groupBy(villages.ownerId);
  const levels = await db
    .select({ ownerId: villages.ownerId, type: buildings.type, levels: sql<number>`sum(${buildings.level})::int` })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(where)
    .groupBy(villages.ownerId, buildings.type);
  const byOwner = new Map<string, BuildingAtLevel[]>();
  for (const row of levels) {
    if (!isBuildingType(row.type) || row.ownerId === null) continue;
    const list = byOwner.get(row.ownerId) ?? [];
    list.push({ type: row.type, level: Number(row.levels) });
    byOwner.set(row.ownerId, list);
  }
  const totals = new Map<string, OwnerTotals>();
  for (const row of counts) {
    if (row.ownerId === null) continue;
    totals.set(row.ownerId, { population: population(byOwner.get(row.ownerId) ?? []), villages: Number(row.villages) });
  }
  return totals;
}

/** Totals of every player with a village in the world. */
export function ownerTotalsInWorld(db: Db, worldId: string): Promise<Map<string, OwnerTotals>> {
  return totalsWhere(db, eq(villages.worldId, worldId));
}

/** Totals of the given players across all worlds. */
export async function ownerTotals(db: Db, ownerIds: readonly string[]): Promise<Map<string, OwnerTotals>> {
  if (ownerIds.length === 0) return new Map();
  return totalsWhere(db, inArray(villages.ownerId, [...ownerIds]));
}
