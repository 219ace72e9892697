// GET /api/map/search: villages by part of their name, or the tile at typed coordinates.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { users, villages } from '../db/schema';
import { containsIgnoringCase } from '../db/like';
import { isInsideWorld, parseCoordinates } from '../../rules/world';
import { villagePopulation } from '../village/population';
import { codeType, terrainCodes } from './terrain';
import { findWorld } from '../worlds/worlds';
import type { PlayerId, VillageId, WorldId } from '../../rules/ids';

export const MAX_SEARCH_RESULTS = 20;

export type SearchResult = Schema<'MapSearchResult'>;

const RESULT_COLUMNS = {
  id: villages.id,
  name: villages.name,
  x: villages.x,
  y: villages.y,
  ownerId: villages.ownerId,
  username: users.username,
  population: villagePopulation,
};

export async function searchMap(
  db: Db,
  worldId: WorldId,
  text: string,
  nearText?: string,
): Promise<SearchResult[]> {
  const world = await findWorld(db, worldId);
  const near = nearText === undefined ? null : parseCoordinates(nearText);
  const coordinates = parseCoordinates(text);
  if (coordinates) {
    const { x, y } = coordinates;
    if (!isInsideWorld(x, y, world.size)) return [];
    const [row] = await db
      .select(RESULT_COLUMNS)
      .from(villages)
      .leftJoin(users, eq(users.id, villages.ownerId))
      .where(and(eq(villages.worldId, world.id), eq(villages.x, x), eq(villages.y, y)))
      .limit(1);
    if (!row) return [{ x, y, type: codeType(terrainCodes(world.seed).at(x, y)) }];
    return [villageResult(row)];
  }

  const needle = text.trim();
  if (needle === '') return [];
  const nameMatches = containsIgnoringCase(villages.name, needle);
  const order = near
    ? [sql`(${villages.x} - ${near.x}) * (${villages.x} - ${near.x}) + (${villages.y} - ${near.y}) * (${villages.y} - ${near.y})`, sql`lower(${villages.name})`]
    : [sql`lower(${villages.name})`, asc(villages.name)];
  const rows = await db
    .select(RESULT_COLUMNS)
    .from(villages)
    .leftJoin(users, eq(users.id, villages.ownerId))
    .where(and(eq(villages.worldId, world.id), nameMatches))
    .orderBy(...order, asc(villages.id))
    .limit(MAX_SEARCH_RESULTS);
  return rows.map(villageResult);
}

function villageResult(row: { id: VillageId; name: string; x: number; y: number; ownerId: PlayerId | null; username: string | null; population: number }): SearchResult {
  return {
    villageId: row.id,
    name: row.name,
    x: row.x,
    y: row.y,
    type: 'village',
    owner: row.ownerId && row.username ? { id: row.ownerId, username: row.username } : null,
    population: row.population,
  };
}
