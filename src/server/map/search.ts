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
import { protectionEnds } from '../worlds/protection';
import { isProtected } from '../../rules/protection';
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

/** What to look for in a world: a name or `x|y`, and optionally the tile to order results from. */
export interface MapSearch {
  worldId: WorldId;
  text: string;
  nearText?: string;
}

/** Villages (or the tile at typed coordinates) as of `now`, which decides whose beginner protection still holds. */
export async function searchMap(db: Db, { worldId, text, nearText }: MapSearch, now: Date): Promise<SearchResult[]> {
  const world = await findWorld(db, worldId);
  const near = nearText === undefined ? null : parseCoordinates(nearText);
  const withShields = async (rows: ResultRow[]): Promise<SearchResult[]> => {
    const shields = await protectionEnds(db, world, rows.map((r) => r.ownerId), now);
    return rows.map((row) => villageResult(row, row.ownerId ? (shields.get(row.ownerId) ?? null) : null, now));
  };
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
    return withShields([row]);
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
  return withShields(rows);
}

interface ResultRow {
  id: VillageId;
  name: string;
  x: number;
  y: number;
  ownerId: PlayerId | null;
  username: string | null;
  population: number;
}

/** A village found; `shield` is when its owner's protection ends (protectionEnds), named while it holds. */
function villageResult(row: ResultRow, shield: number | null, now: Date): SearchResult {
  return {
    villageId: row.id,
    name: row.name,
    x: row.x,
    y: row.y,
    type: 'village',
    owner: row.ownerId && row.username ? { id: row.ownerId, username: row.username } : null,
    population: row.population,
    ...(shield !== null && isProtected(shield, now.getTime()) ? { protectedUntil: new Date(shield).toISOString() } : {}),
  };
}
