// Population: a village's as a column of any village query (one round trip for hundreds of villages), and totals per player and world.
import { and, count, eq, inArray, isNotNull, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, villages } from '../db/schema';
import { BUILDINGS, BUILDING_TYPES } from '../../rules/buildings';
import type { PlayerId, WorldId } from '../../rules/ids';

/*
 * Population is the sum over buildings of pop(type) x level (docs/GAME_RULES.md). As a column, a map area of hundreds of villages costs
 * one round trip rather than one per village. The weights are the rules' own table; the API test checks the
 * figure against the rules' population().
 */
const POPULATION_WEIGHTS = BUILDING_TYPES.map((type) => {
  // Written into the SQL text, so only plain names and finite numbers may pass.
  const weight = BUILDINGS[type].populationPerLevel;
  if (!/^[a-z_]+$/.test(type) || !Number.isFinite(weight)) throw new Error(`Unexpected building ${type}: ${weight}`);
  return `when '${type}' then ${weight}`;
}).join(' ');

/** Population of the village of the row (a select column over `villages`). */
export const villagePopulation = sql<number>`(select coalesce(sum(b.level * case b.type ${sql.raw(POPULATION_WEIGHTS)} else 0 end), 0)::int from ${buildings} b where b.village_id = ${villages.id})`;

export interface OwnerTotals {
  population: number;
  villages: number;
}

/** Totals of the owners of the villages `where` selects (abandoned villages have no owner and are left out). */
async function totalsWhere(db: Db, where: SQL | undefined): Promise<Map<PlayerId, OwnerTotals>> {
  const rows = await db
    .select({ ownerId: villages.ownerId, villages: count(), population: sum(villagePopulation) })
    .from(villages)
    .where(where)
    .groupBy(villages.ownerId);
  const totals = new Map<PlayerId, OwnerTotals>();
  for (const row of rows) if (row.ownerId !== null) totals.set(row.ownerId, { population: Number(row.population ?? 0), villages: Number(row.villages) });
  return totals;
}

/** Totals of every player with a village in the world. */
export function ownerTotalsInWorld(db: Db, worldId: WorldId): Promise<Map<PlayerId, OwnerTotals>> {
  return totalsWhere(db, eq(villages.worldId, worldId));
}

/** Totals of the given players across all worlds. */
export async function ownerTotals(db: Db, ownerIds: readonly PlayerId[]): Promise<Map<PlayerId, OwnerTotals>> {
  if (ownerIds.length === 0) return new Map();
  return totalsWhere(db, inArray(villages.ownerId, [...ownerIds]));
}

/** Villages and inhabitants of a whole world's players: barbarian villages (no owner) are the world's own, counted apart. */
export async function worldTotals(db: Db, worldId: WorldId): Promise<OwnerTotals> {
  const [row] = await db
    .select({ villages: count(), population: sum(villagePopulation) })
    .from(villages)
    .where(and(eq(villages.worldId, worldId), isNotNull(villages.ownerId)));
  return { villages: Number(row?.villages ?? 0), population: Number(row?.population ?? 0) };
}
