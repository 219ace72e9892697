// The world map: areas of tiles, village search, public village details, oases nearby, travel times and map figures.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, users, villages, worlds, type WorldRow } from '../db/schema';
import { maintenance, notFound, forbidden } from '../errors';
import { BUILDINGS, BUILDING_TYPES } from '../../rules/buildings';
import type { ResourceType } from '../../rules/resources';
import { FOREST_TIMBER_BONUS, MOUNTAIN_STONE_BONUS, type OasisBonus } from '../../rules/terrain';
import { distance, travelTimeHours, travelTimeSeconds, type TileType } from '../../rules/world';
import { codeOasisBonus, codeType, terrainCodes, TILE_CODE_COUNT, worldTerrainCounts, type TileCode } from './map-terrain';
import { findWorld } from './worlds';

export const MAX_SEARCH_RESULTS = 20;

/** Distances are shown to one decimal. */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

function insideWorld(world: Pick<WorldRow, 'size'>, x: number, y: number): boolean {
  return Math.abs(x) <= world.size && Math.abs(y) <= world.size;
}

/*
 * A village's population (GAME_RULES: sum over buildings of pop(type) x level) as a column of the village
 * query itself, so a map area of hundreds of villages costs one round trip rather than one per village.
 * The weights are the rules' own table; the API test checks the figure against the rules' population().
 */
const POPULATION_WEIGHTS = BUILDING_TYPES.map((type) => {
  // Written into the SQL text, so only plain names and finite numbers may pass.
  const weight = BUILDINGS[type].populationPerLevel;
  if (!/^[a-z_]+$/.test(type) || !Number.isFinite(weight)) throw new Error(`Unexpected building ${type}: ${weight}`);
  return `when '${type}' then ${weight}`;
}).join(' ');

const villagePopulation = sql<number>`(select coalesce(sum(b.level * case b.type ${sql.raw(POPULATION_WEIGHTS)} else 0 end), 0)::int from ${buildings} b where b.village_id = ${villages.id})`;

function oasisBonusList(bonus: OasisBonus): { resourceType: ResourceType; percent: number }[] {
  return (Object.entries(bonus) as [ResourceType, number][]).map(([resourceType, percent]) => ({ resourceType, percent }));
}

/** What a tile of a given terrain code shows besides its position: type, favoured resource and bonuses. */
interface TileLook {
  type: TileType;
  resourceType: ResourceType | null;
  resourceBonus: number;
  bonuses?: { resourceType: ResourceType; percent: number }[];
}

function tileLook(code: TileCode): TileLook {
  const type = codeType(code);
  switch (type) {
    case 'forest':
      return { type, resourceType: 'timber', resourceBonus: FOREST_TIMBER_BONUS };
    case 'mountain':
      return { type, resourceType: 'stone', resourceBonus: MOUNTAIN_STONE_BONUS };
    case 'oasis': {
      // As terrainAt shows it: the kind's first resource stands for the oasis.
      const bonuses = oasisBonusList(codeOasisBonus(code)!);
      return { type, resourceType: bonuses[0].resourceType, resourceBonus: bonuses[0].percent, bonuses };
    }
    default:
      return { type, resourceType: null, resourceBonus: 0 };
  }
}

// One look per code, made once; the API test compares tiles with terrainAt so the two cannot drift apart.
const TILE_LOOKS: readonly TileLook[] = Array.from({ length: TILE_CODE_COUNT }, (_, code) => tileLook(code));

// ---------------------------------------------------------------------------------------------------------------
// Map area

export interface AreaQuery {
  worldId: string;
  x: number;
  y: number;
  radius: number;
}

/** Largest radius the contract allows; distance strings are precomputed up to it. */
const MAX_AREA_RADIUS = 25;
const DISTANCE_SIDE = 2 * MAX_AREA_RADIUS + 1;
const DISTANCE_TEXT: readonly string[] = Array.from({ length: DISTANCE_SIDE * DISTANCE_SIDE }, (_, i) =>
  String(oneDecimal(Math.hypot((i % DISTANCE_SIDE) - MAX_AREA_RADIUS, Math.floor(i / DISTANCE_SIDE) - MAX_AREA_RADIUS))),
);

/**
 * The MapArea reply as JSON text. A radius-25 area is 2601 tiles; writing the text directly from
 * per-code fragments avoids building and then serialising thousands of small objects per call.
 */
export async function mapAreaJson(db: Db, query: AreaQuery): Promise<string> {
  const { x: cx, y: cy } = query;
  const radius = Math.min(query.radius, MAX_AREA_RADIUS);
  // One query: the world, and (left-joined, so the world comes back even without any) the villages of the
  // square with their owners' names and populations. An empty range past the world's edge matches none.
  const rows = await db
    .select({
      worldId: worlds.id,
      seed: worlds.seed,
      size: worlds.size,
      status: worlds.status,
      id: villages.id,
      name: villages.name,
      x: villages.x,
      y: villages.y,
      isCapital: villages.isCapital,
      ownerId: villages.ownerId,
      username: users.username,
      population: villagePopulation,
    })
    .from(worlds)
    .leftJoin(
      villages,
      and(
        eq(villages.worldId, worlds.id),
        gte(villages.x, cx - radius),
        lte(villages.x, cx + radius),
        gte(villages.y, cy - radius),
        lte(villages.y, cy + radius),
      ),
    )
    .leftJoin(users, eq(users.id, villages.ownerId))
    .where(eq(worlds.id, query.worldId));
  if (rows.length === 0) throw notFound('No such world');
  const world = { id: rows[0].worldId, seed: rows[0].seed, size: rows[0].size };
  if (rows[0].status === 'maintenance') throw maintenance();
  const size = world.size;

  const villageJson = new Map<number, string>();
  for (const r of rows) {
    if (r.id === null || r.x === null || r.y === null || r.ownerId === null || r.username === null) continue;
    villageJson.set(
      tileKey(r.x, r.y),
      JSON.stringify({
        id: r.id,
        name: r.name,
        owner: { id: r.ownerId, username: r.username },
        population: r.population ?? 0,
        isCapital: r.isCapital,
      }),
    );
  }

  const worldIdJson = JSON.stringify(world.id);
  const fragments = TILE_LOOKS.map((look) => {
    let text = `,"type":"${look.type}","worldId":${worldIdJson},"resourceType":${JSON.stringify(look.resourceType)},"resourceBonus":${look.resourceBonus}`;
    if (look.bonuses) text += `,"bonuses":${JSON.stringify(look.bonuses)}`;
    return text;
  });
  const unknownFragment = `,"type":"unknown","worldId":${worldIdJson},"resourceType":null,"resourceBonus":null`;
  const villagePrefix = `,"type":"village","worldId":${worldIdJson},"village":`;
  const villageSuffix = ',"resourceType":null,"resourceBonus":0';

  const codes = terrainCodes(world.seed);
  let out = `{"worldId":${worldIdJson},"center":{"x":${cx},"y":${cy}},"radius":${radius},"tiles":[`;
  let first = true;
  for (let dy = radius; dy >= -radius; dy--) {
    const y = cy + dy;
    const rowInside = Math.abs(y) <= size;
    const distanceRow = (dy + MAX_AREA_RADIUS) * DISTANCE_SIDE + MAX_AREA_RADIUS;
    for (let dx = -radius; dx <= radius; dx++) {
      const x = cx + dx;
      let body: string;
      if (!rowInside || Math.abs(x) > size) {
        body = unknownFragment;
      } else {
        const village = villageJson.size > 0 ? villageJson.get(tileKey(x, y)) : undefined;
        body = village !== undefined ? villagePrefix + village + villageSuffix : fragments[codes.at(x, y)];
      }
      out += `${first ? '' : ','}{"x":${x},"y":${y}${body},"distance":${DISTANCE_TEXT[distanceRow + dx]}}`;
      first = false;
    }
  }
  return out + ']}';
}

/** A number that names a tile inside any world the contract allows (|x|, |y| < 2^15). */
function tileKey(x: number, y: number): number {
  return (x + 32768) * 65536 + (y + 32768);
}

// ---------------------------------------------------------------------------------------------------------------
// Search

export interface SearchResult {
  villageId?: string;
  name?: string;
  x: number;
  y: number;
  type: TileType;
  owner?: { id: string; username: string };
  population?: number;
}

/** `(x|y)` or `x|y`, with optional spaces and minus signs. */
const COORDINATES = /^\s*(\()?\s*(-?\d{1,6})\s*\|\s*(-?\d{1,6})\s*(\))?\s*$/;

export function parseCoordinates(text: string): { x: number; y: number } | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  // Both brackets or neither.
  if (Boolean(match[1]) !== Boolean(match[4])) return null;
  return { x: Number(match[2]) || 0, y: Number(match[3]) || 0 };
}

/** Escapes LIKE's wildcards so a search for "50%" finds that text, not everything starting with 50. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchMap(
  db: Db,
  worldId: string,
  text: string,
  near: { x: number; y: number } | null,
): Promise<SearchResult[]> {
  const world = await findWorld(db, worldId);
  const columns = {
    id: villages.id,
    name: villages.name,
    x: villages.x,
    y: villages.y,
    ownerId: villages.ownerId,
    username: users.username,
    population: villagePopulation,
  };
  const coordinates = parseCoordinates(text);
  if (coordinates) {
    const { x, y } = coordinates;
    if (!insideWorld(world, x, y)) return [];
    const [row] = await db
      .select(columns)
      .from(villages)
      .innerJoin(users, eq(users.id, villages.ownerId))
      .where(and(eq(villages.worldId, world.id), eq(villages.x, x), eq(villages.y, y)))
      .limit(1);
    if (!row) return [{ x, y, type: codeType(terrainCodes(world.seed).at(x, y)) }];
    return [villageResult(row)];
  }

  const needle = text.trim();
  if (needle === '') return [];
  const pattern = `%${likeEscape(needle)}%`;
  const nameMatches = sql`lower(${villages.name}) like lower(${pattern}) escape '\\'`;
  const order = near
    ? [sql`(${villages.x} - ${near.x}) * (${villages.x} - ${near.x}) + (${villages.y} - ${near.y}) * (${villages.y} - ${near.y})`, sql`lower(${villages.name})`]
    : [sql`lower(${villages.name})`, asc(villages.name)];
  const rows = await db
    .select(columns)
    .from(villages)
    .innerJoin(users, eq(users.id, villages.ownerId))
    .where(and(eq(villages.worldId, world.id), nameMatches))
    .orderBy(...order, asc(villages.id))
    .limit(MAX_SEARCH_RESULTS);
  return rows.map(villageResult);
}

function villageResult(row: { id: string; name: string; x: number; y: number; ownerId: string; username: string; population: number }): SearchResult {
  return {
    villageId: row.id,
    name: row.name,
    x: row.x,
    y: row.y,
    type: 'village',
    owner: { id: row.ownerId, username: row.username },
    population: row.population,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Village details and oases

export async function villageDetails(db: Db, villageId: string) {
  const [row] = await db
    .select({ village: villages, username: users.username, population: villagePopulation })
    .from(villages)
    .innerJoin(users, eq(users.id, villages.ownerId))
    .where(eq(villages.id, villageId))
    .limit(1);
  if (!row) throw notFound('No such village');
  const v = row.village;
  const populationNow = row.population;
  const owner = { id: v.ownerId, username: row.username };
  return {
    village: {
      id: v.id,
      name: v.name,
      x: v.x,
      y: v.y,
      population: populationNow,
      loyalty: v.loyalty,
      isCapital: v.isCapital,
      worldId: v.worldId,
      ownerId: v.ownerId,
    },
    tile: {
      x: v.x,
      y: v.y,
      type: 'village' as const,
      worldId: v.worldId,
      village: { id: v.id, name: v.name, owner, population: populationNow, isCapital: v.isCapital },
      resourceType: null,
      resourceBonus: 0,
    },
    owner,
    // Alliances do not exist yet.
    alliance: null,
  };
}

export interface OasisNearby {
  x: number;
  y: number;
  distance: number;
  bonuses: { resourceType: ResourceType; percent: number }[];
  claimedByVillageId: string | null;
}

/** Oases within `maxDistance` tiles (Euclidean) of the caller's village, nearest first. */
export async function villageOases(db: Db, userId: string, villageId: string, maxDistance: number): Promise<OasisNearby[]> {
  const [row] = await db
    .select({ x: villages.x, y: villages.y, ownerId: villages.ownerId, seed: worlds.seed, size: worlds.size })
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    .where(eq(villages.id, villageId))
    .limit(1);
  if (!row) throw notFound('No such village');
  if (row.ownerId !== userId) throw forbidden('This is not your village');
  const reach = Math.floor(maxDistance);
  const codes = terrainCodes(row.seed);
  const found: OasisNearby[] = [];
  for (let y = row.y - reach; y <= row.y + reach; y++) {
    for (let x = row.x - reach; x <= row.x + reach; x++) {
      if (!insideWorld(row, x, y)) continue;
      const bonus = codeOasisBonus(codes.at(x, y));
      if (!bonus) continue;
      const exact = distance(row.x, row.y, x, y);
      if (exact > maxDistance) continue;
      // Claiming oases is not built yet, so every oasis is free.
      found.push({ x, y, distance: oneDecimal(exact), bonuses: oasisBonusList(bonus), claimedByVillageId: null });
    }
  }
  return found.sort((a, b) => a.distance - b.distance || b.y - a.y || a.x - b.x);
}

// ---------------------------------------------------------------------------------------------------------------
// Travel time and figures

export function travelTime(from: { x: number; y: number }, to: { x: number; y: number }, unitSpeed: number, worldSpeed: number) {
  const tiles = distance(from.x, from.y, to.x, to.y);
  return {
    from,
    to,
    distance: oneDecimal(tiles),
    unitSpeed,
    worldSpeed,
    travelTimeHours: travelTimeHours(tiles, unitSpeed, worldSpeed),
    travelTimeSeconds: travelTimeSeconds(tiles, unitSpeed, worldSpeed),
  };
}

export async function mapStats(db: Db, worldId: string) {
  const world = await findWorld(db, worldId);
  const tileCounts = { village: 0, ...worldTerrainCounts(world.seed, world.size) };
  // A village turns the tile it stands on (empty land) into a village tile.
  const standing = await db
    .select({ x: villages.x, y: villages.y, ownerId: villages.ownerId })
    .from(villages)
    .where(eq(villages.worldId, world.id));
  const codes = terrainCodes(world.seed);
  for (const v of standing) {
    if (!insideWorld(world, v.x, v.y)) continue;
    tileCounts[codeType(codes.at(v.x, v.y))]--;
    tileCounts.village++;
  }
  return {
    worldId: world.id,
    size: world.size,
    totalTiles: (2 * world.size + 1) ** 2,
    totalVillages: standing.length,
    totalPlayers: new Set(standing.map((v) => v.ownerId)).size,
    // Alliances do not exist yet.
    totalAlliances: 0,
    tileCounts,
  };
}
