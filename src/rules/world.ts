// World geometry: bounds, tile types, distance, travel time and where a new player's capital may stand.

/** Half the side of a square world: tiles run from -size to size on both axes (401 x 401 by default). */
export const DEFAULT_WORLD_SIZE = 200;
export const DEFAULT_UNIT_SPEED = 6;
export const DEFAULT_WORLD_SPEED = 1;

export const CAPITAL_RING_MIN = 40;
export const CAPITAL_RING_MAX = 120;
export const MIN_VILLAGE_SPACING = 3;

export const MAP_DEFAULT_RADIUS = 10;
export const MAP_MIN_RADIUS = 5;
export const MAP_MAX_RADIUS = 25;
export const MAP_RADIUS_STEP = 2;
export const MAP_MOVE_STEP = 5;

/** Natural ground, as the terrain generator makes it. */
export const TERRAIN_TYPES = ['empty', 'forest', 'mountain', 'water', 'oasis'] as const;
export type TerrainType = (typeof TERRAIN_TYPES)[number];

/** What a map tile shows: terrain, or a village standing on former empty land. */
export const TILE_TYPES = ['village', 'oasis', 'forest', 'mountain', 'water', 'empty'] as const;
export type TileType = (typeof TILE_TYPES)[number];

/**
 * A world's status: in maintenance every game action waits (503) while reading goes on; an ended world is closed to game
 * actions for good (409), its final standing kept in its hall of fame (src/rules/world-rounds.ts).
 */
export const WORLD_STATUSES = ['online', 'maintenance', 'ended'] as const;
export type WorldStatus = (typeof WORLD_STATUSES)[number];

/** The statuses a game master switches a world between; a world ends only by a victory or its end date. */
export const SETTABLE_WORLD_STATUSES = ['online', 'maintenance'] as const;
export type SettableWorldStatus = (typeof SETTABLE_WORLD_STATUSES)[number];

export interface Point {
  x: number;
  y: number;
}

/** Outside the world (or off the grid) a tile is unknown; the client draws a question mark. */
export function isInsideWorld(x: number, y: number, size = DEFAULT_WORLD_SIZE): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && Math.abs(x) <= size && Math.abs(y) <= size;
}

export function distance(ax: number, ay: number, bx: number, by: number): number {
  return Math.hypot(bx - ax, by - ay);
}

/** Speeds are tiles per hour; a world's speed divides every duration. */
export function travelTimeHours(tiles: number, unitSpeed = DEFAULT_UNIT_SPEED, worldSpeed = DEFAULT_WORLD_SPEED): number {
  return tiles / (unitSpeed * worldSpeed);
}

/** Whole seconds, rounded, so arrival instants are stable when stored. */
export function travelTimeSeconds(tiles: number, unitSpeed = DEFAULT_UNIT_SPEED, worldSpeed = DEFAULT_WORLD_SPEED): number {
  return Math.round(travelTimeHours(tiles, unitSpeed, worldSpeed) * 3600);
}

export function isInCapitalRing(x: number, y: number): boolean {
  const fromCentre = distance(0, 0, x, y);
  return fromCentre >= CAPITAL_RING_MIN && fromCentre <= CAPITAL_RING_MAX;
}

export function isFarFromVillages(x: number, y: number, villages: readonly Point[], spacing = MIN_VILLAGE_SPACING): boolean {
  return villages.every((v) => distance(x, y, v.x, v.y) >= spacing);
}

/** Side of a PointGrid's cells, in tiles: a neighbourhood (10 tiles and the spacing) spans few of them. */
const GRID_CELL = 16;

/**
 * Points filed by the square of the map they stand in, to find those near a tile without looking at every one (placing
 * a thousand capitals in a world of thousands of villages asked every village for every try). Points may be added.
 */
export class PointGrid<P extends Point = Point> {
  private readonly cells = new Map<string, P[]>();

  constructor(points: Iterable<P> = []) {
    for (const point of points) this.add(point);
  }

  private static key(cx: number, cy: number): string {
    return `${cx}:${cy}`;
  }

  add(point: P): void {
    const key = PointGrid.key(Math.floor(point.x / GRID_CELL), Math.floor(point.y / GRID_CELL));
    const cell = this.cells.get(key);
    if (cell) cell.push(point);
    else this.cells.set(key, [point]);
  }

  /** Every point within `radius` tiles of (x|y), as `distance` counts them. */
  near(x: number, y: number, radius: number): P[] {
    const found: P[] = [];
    for (let cx = Math.floor((x - radius) / GRID_CELL); cx <= Math.floor((x + radius) / GRID_CELL); cx++) {
      for (let cy = Math.floor((y - radius) / GRID_CELL); cy <= Math.floor((y + radius) / GRID_CELL); cy++) {
        for (const point of this.cells.get(PointGrid.key(cx, cy)) ?? []) if (distance(x, y, point.x, point.y) <= radius) found.push(point);
      }
    }
    return found;
  }

  /** isFarFromVillages over the grid's points. */
  isFarFrom(x: number, y: number, spacing = MIN_VILLAGE_SPACING): boolean {
    return isFarFromVillages(x, y, this.near(x, y, spacing), spacing);
  }
}

export interface CapitalSearch {
  /** Uniform numbers in [0, 1); the caller owns the randomness so tests can replay it. */
  random: () => number;
  /** True when the tile's terrain is empty land (a pure terrain lookup). */
  isEmptyLand: (x: number, y: number) => boolean;
  villages: readonly Point[] | PointGrid;
  worldSize?: number;
  attempts?: number;
  /** A further wish for the site, asked last (it may be costly): the neighbourhood a new player is promised. */
  isGoodSite?: (x: number, y: number) => boolean;
}

/**
 * Picks a free empty tile in the ring 40..120 tiles from the centre, at least 3 tiles from every
 * village, by sampling evenly over the ring's area; null when no attempt succeeds (world too full).
 */
export function findCapitalSpot(search: CapitalSearch): Point | null {
  const size = search.worldSize ?? DEFAULT_WORLD_SIZE;
  const attempts = search.attempts ?? 1000;
  const inner = CAPITAL_RING_MIN ** 2;
  const outer = CAPITAL_RING_MAX ** 2;
  for (let i = 0; i < attempts; i++) {
    const radius = Math.sqrt(inner + search.random() * (outer - inner));
    const angle = search.random() * 2 * Math.PI;
    // `|| 0` turns a rounded -0 into 0 so coordinates compare and print cleanly.
    const x = Math.round(radius * Math.cos(angle)) || 0;
    const y = Math.round(radius * Math.sin(angle)) || 0;
    if (
      isInsideWorld(x, y, size) &&
      isInCapitalRing(x, y) &&
      search.isEmptyLand(x, y) &&
      (search.villages instanceof PointGrid ? search.villages.isFarFrom(x, y) : isFarFromVillages(x, y, search.villages)) &&
      (search.isGoodSite?.(x, y) ?? true)
    ) {
      return { x, y };
    }
  }
  return null;
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
