// A village's population as a column of the village query itself, for the map's areas, search and details.
import { sql } from 'drizzle-orm';
import { buildings, villages } from '../db/schema';
import { BUILDINGS, BUILDING_TYPES } from '../../rules/buildings';

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
