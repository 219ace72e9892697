// GET /api/map/area: a square of tiles as MapArea JSON text, written straight from per-tile fragments (uncached read here).
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/open';
import { allianceMembers, alliances, users, villages, worlds } from '../db/schema';
import { notFound } from '../errors';
import { oasisBonusEntries, terrainResource } from '../../rules/tile-looks';
import { shownDistance } from './distance';
import { villagePopulation } from '../village/population';
import { codeOasisBonus, codeType, OASIS_CODE_FIRST, terrainCodes, TILE_CODE_COUNT, type TileCode } from './terrain';
import { heldOasesIn, oasisHolderJson } from '../oases/oases';
import type { AllianceId, PlayerId, VillageId, WorldId } from '../../rules/ids';
import { isProtected } from '../../rules/protection';
import { protectionEnds } from '../worlds/protection';
import { vacationEnds } from '../vacation/vacation';

export interface AreaQuery {
  worldId: WorldId;
  x: number;
  y: number;
  radius: number;
}

/** Largest radius the contract allows; distance strings are precomputed up to it. */
const MAX_AREA_RADIUS = 25;
const DISTANCE_SIDE = 2 * MAX_AREA_RADIUS + 1;
const DISTANCE_TEXT: readonly string[] = Array.from({ length: DISTANCE_SIDE * DISTANCE_SIDE }, (_, i) =>
  String(shownDistance(Math.hypot((i % DISTANCE_SIDE) - MAX_AREA_RADIUS, Math.floor(i / DISTANCE_SIDE) - MAX_AREA_RADIUS))),
);

/**
 * What a tile of one terrain code says besides its position and world, as JSON members: its type, and after the world
 * the resource the rules show for it and, on an oasis, all its bonuses. The API test compares tiles with terrainAt.
 */
interface TerrainMembers {
  type: string;
  resource: string;
}

function terrainMembers(code: TileCode): TerrainMembers {
  const type = codeType(code);
  const oasisBonus = codeOasisBonus(code) ?? undefined;
  const { resourceType, resourceBonus } = terrainResource(type, oasisBonus);
  let resource = `"resourceType":${JSON.stringify(resourceType)},"resourceBonus":${resourceBonus}`;
  if (oasisBonus) resource += `,"bonuses":${JSON.stringify(oasisBonusEntries(oasisBonus))}`;
  return { type: `"type":"${type}"`, resource };
}

// Made once per code; only the world id is put in between per call.
const TERRAIN_MEMBERS: readonly TerrainMembers[] = Array.from({ length: TILE_CODE_COUNT }, (_, code) => terrainMembers(code));

/** A number that names a tile inside any world the contract allows (|x|, |y| < 2^15). */
export function tileKey(x: number, y: number): number {
  return (x + 32768) * 65536 + (y + 32768);
}

/** The world an area is cut from, as the reply writer needs it (and its speed, which sets beginner protection). */
export interface AreaWorld {
  id: WorldId;
  seed: number;
  size: number;
  speed: number;
}

/** The columns of a village as the area shows it: owner name, alliance and population joined in. */
export const AREA_VILLAGE_COLUMNS = {
  id: villages.id,
  name: villages.name,
  x: villages.x,
  y: villages.y,
  isCapital: villages.isCapital,
  ownerId: villages.ownerId,
  username: users.username,
  population: villagePopulation,
  allianceId: alliances.id,
  allianceTag: alliances.tag,
  allianceName: alliances.name,
};

export interface AreaVillageRow {
  id: VillageId | null;
  name: string | null;
  x: number | null;
  y: number | null;
  isCapital: boolean | null;
  ownerId: PlayerId | null;
  username: string | null;
  population: number | null;
  allianceId: AllianceId | null;
  allianceTag: string | null;
  allianceName: string | null;
}

/**
 * A member a village's text carries until an instant: `"protectedUntil"` while its owner's beginner protection holds,
 * `"vacationUntil"` while its owner is on vacation. Both end by time without any change the chunk versions count.
 */
export interface TimedMark {
  /** From this instant on the member is left out. */
  until: number;
  /** The member as JSON text with its leading comma: `,"protectedUntil":"2026-03-15T09:00:00.000Z"`. */
  member: string;
}

/**
 * The `village` member of a village tile as JSON text without its timed marks, and those marks (a shield, a vacation):
 * the cache keeps both and each reply writes the text for its own instant (fragmentText), so a mark whose instant has
 * passed is gone from the next reply without any read.
 */
export interface VillageFragment {
  json: string;
  /** The marks that had not ended when the fragment was made, shield first; empty for most villages. */
  marks: readonly TimedMark[];
}

/** When the owner's beginner protection ends (protectionEnds) and their vacation ends (vacationEnds), or null. */
export interface VillageMarks {
  shieldEnd: number | null;
  vacationEnd: number | null;
}

/** The fragment of a village row with its owner's marks as of `now`. */
export function areaVillageFragment(r: AreaVillageRow, { shieldEnd, vacationEnd }: VillageMarks, now: Date): VillageFragment {
  const village = {
    id: r.id,
    name: r.name,
    // An abandoned village stays on the map without an owner.
    owner: r.ownerId && r.username ? { id: r.ownerId, username: r.username } : null,
    population: r.population ?? 0,
    isCapital: r.isCapital,
    ...(r.allianceId && r.allianceTag && r.allianceName ? { alliance: { id: r.allianceId, tag: r.allianceTag, name: r.allianceName } } : {}),
  };
  // A mark that already ended never shows again: protection does not start twice, and a new vacation bumps the chunk.
  const marks: TimedMark[] = [];
  if (shieldEnd !== null && isProtected(shieldEnd, now.getTime())) marks.push({ until: shieldEnd, member: `,"protectedUntil":"${new Date(shieldEnd).toISOString()}"` });
  if (vacationEnd !== null && now.getTime() < vacationEnd) marks.push({ until: vacationEnd, member: `,"vacationUntil":"${new Date(vacationEnd).toISOString()}"` });
  return { json: JSON.stringify(village), marks };
}

/** The marks of a fragment that hold at `now`. */
export function marksAt(fragment: VillageFragment, now: number): TimedMark[] {
  return fragment.marks.filter((mark) => now < mark.until);
}

/** The text of a fragment at `now`: with each mark while it holds. */
export function fragmentText(fragment: VillageFragment, now: number): string {
  if (fragment.marks.length === 0) return fragment.json;
  const shown = marksAt(fragment, now);
  return shown.length === 0 ? fragment.json : `${fragment.json.slice(0, -1)}${shown.map((mark) => mark.member).join('')}}`;
}

/** The marks of an owner's village from protectionEnds' and vacationEnds' answers. */
export function villageMarks(ownerId: PlayerId | null, shields: ReadonlyMap<PlayerId, number | null>, away: ReadonlyMap<PlayerId, number>): VillageMarks {
  return { shieldEnd: ownerId ? (shields.get(ownerId) ?? null) : null, vacationEnd: ownerId ? (away.get(ownerId) ?? null) : null };
}

/** Clamps the radius to what the contract allows. */
export function areaRadius(query: AreaQuery): number {
  return Math.min(query.radius, MAX_AREA_RADIUS);
}

/**
 * The MapArea reply at `now` as JSON text, read straight from the database (no cache). The route serves areas through
 * MapAreaCache (area-cache.ts), which writes the same bytes from cached chunk fragments; tests compare the two.
 */
export async function mapAreaJson(db: Db, query: AreaQuery, now: Date): Promise<string> {
  const { x: cx, y: cy } = query;
  const radius = areaRadius(query);
  // One query: the world, and (left-joined, so the world comes back even without any) the villages of the
  // square with their owners' names, alliances and populations. An empty range past the world's edge matches none.
  const rows = await db
    .select({ worldId: worlds.id, seed: worlds.seed, size: worlds.size, speed: worlds.speed, ...AREA_VILLAGE_COLUMNS })
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
    .leftJoin(allianceMembers, eq(allianceMembers.userId, villages.ownerId))
    .leftJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
    .where(eq(worlds.id, query.worldId));
  const [first] = rows;
  if (!first) throw notFound('no_such_world');
  // A world in maintenance still shows its map: only game actions pause.
  const world = { id: first.worldId, seed: first.seed, size: first.size, speed: first.speed };
  const owners = rows.map((r) => r.ownerId);
  const [shields, away] = await Promise.all([protectionEnds(db, world, owners, now), vacationEnds(db, world.id, owners, now)]);
  const villageJson = new Map<number, string>();
  for (const r of rows) {
    if (r.id === null || r.x === null || r.y === null) continue;
    const fragment = areaVillageFragment(r, villageMarks(r.ownerId, shields, away), now);
    villageJson.set(tileKey(r.x, r.y), fragmentText(fragment, now.getTime()));
  }
  const held = await heldOasesIn(db, { worldId: world.id, minX: cx - radius, maxX: cx + radius, minY: cy - radius, maxY: cy + radius });
  const oasisJson = new Map(held.map((o) => [tileKey(o.x, o.y), oasisHolderJson(o.holder)]));
  return writeAreaJson(
    world,
    query,
    (x, y) => (villageJson.size > 0 ? villageJson.get(tileKey(x, y)) : undefined),
    (x, y) => (oasisJson.size > 0 ? oasisJson.get(tileKey(x, y)) : undefined),
  );
}

/**
 * Writes the MapArea text from per-code terrain fragments and the village JSON `villageAt` gives for a tile (and on a held
 * oasis the `oasis` member's JSON `oasisAt` gives).
 * A radius-25 area is 2601 tiles; writing the text directly avoids building and then serialising thousands of
 * small objects per call.
 */
export function writeAreaJson(
  world: AreaWorld,
  query: AreaQuery,
  villageAt: (x: number, y: number) => string | undefined,
  oasisAt: (x: number, y: number) => string | undefined = () => undefined,
): string {
  const { x: cx, y: cy } = query;
  const radius = areaRadius(query);
  const size = world.size;
  const worldMember = `"worldId":${JSON.stringify(world.id)}`;
  const fragments = TERRAIN_MEMBERS.map((members) => `,${members.type},${worldMember},${members.resource}`);
  const unknownFragment = `,"type":"unknown",${worldMember},"resourceType":null,"resourceBonus":null`;
  const villagePrefix = `,"type":"village",${worldMember},"village":`;
  const villageSuffix = ',"resourceType":null,"resourceBonus":0';

  const codes = terrainCodes(world.seed);
  let out = `{${worldMember},"center":{"x":${cx},"y":${cy}},"radius":${radius},"tiles":[`;
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
        const village = villageAt(x, y);
        const code = codes.at(x, y);
        const holder = village === undefined && code >= OASIS_CODE_FIRST ? oasisAt(x, y) : undefined;
        body = village !== undefined ? villagePrefix + village + villageSuffix : (fragments[code] ?? unknownFragment) + (holder !== undefined ? `,"oasis":${holder}` : '');
      }
      out += `${first ? '' : ','}{"x":${x},"y":${y}${body},"distance":${DISTANCE_TEXT[distanceRow + dx]}}`;
      first = false;
    }
  }
  return out + ']}';
}
