// Deterministic terrain: the tile type and bonus at (world seed, x, y), computed on demand so terrain costs no storage.
import type { ResourceType } from './resources';
import { terrainResource, type TileResource } from './tile-looks';
import type { TerrainType } from './world';

/** Percent production bonus per resource that an oasis gives the village holding it. */
export type OasisBonus = Partial<Record<ResourceType, number>>;

/** A tile of natural ground: its type, the resource it shows and, on an oasis, the oasis's bonus. */
export interface TerrainTile extends TileResource {
  type: TerrainType;
  oasisBonus?: OasisBonus;
}

/** The eight oasis kinds: +25% of one resource, +25% of one resource and +25% mead, or +50% mead. */
export const OASIS_BONUSES: readonly OasisBonus[] = [
  { timber: 25 },
  { stone: 25 },
  { iron: 25 },
  { mead: 25 },
  { timber: 25, mead: 25 },
  { stone: 25, mead: 25 },
  { iron: 25, mead: 25 },
  { mead: 50 },
];

/*
 * Tuning of the shares (measured over many seeds): about 60% empty, 18% forest, 10% mountain,
 * 8% water and 4% oasis. The thresholds sit on the noise distributions, not on plain fractions.
 */
const WATER_BELOW = 0.315;
const RANGE_HALF_WIDTH = 0.055;
const HIGHLAND_FROM = 0.35;
const HIGHLAND_SPAN = 0.3;
const FOREST_ABOVE = 0.61;
/** Chance on any dry tile, chosen so that oases are about 1 in 25 of all tiles. */
const OASIS_CHANCE = 0.05;

// Channel salts keep the noise layers of one seed independent of each other.
const ELEVATION = 0x1b873593;
const RIDGE = 0x2f7a3c1d;
const REGION = 0x51ed270b;
const FOREST = 0x68e31da4;
const OASIS = 0x7feb352d;
const OASIS_KIND = 0x3c6ef372;

/** murmur3's 32-bit finaliser: cheap, and every input bit affects every output bit. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The key of one noise layer of one world; hashing it once keeps lattice lookups to two mixes. */
function layerKey(seed: number, salt: number): number {
  return mix32((seed ^ salt) >>> 0);
}

/** An unsigned 32-bit hash of a lattice point; integer-only, so every JavaScript engine agrees. */
function latticeHash(key: number, x: number, y: number): number {
  return mix32((mix32((key ^ Math.imul(x, 0x27d4eb2d)) >>> 0) ^ Math.imul(y, 0x165667b1)) >>> 0);
}

/** A hash of (seed, layer, x, y), for per-tile draws such as where oases lie and which kind they are. */
function hashTile(seed: number, salt: number, x: number, y: number): number {
  return latticeHash(layerKey(seed | 0, salt), x | 0, y | 0);
}

const TO_UNIT = 1 / 4294967296;

/**
 * Smoothly interpolated random values on a lattice of `cell` tiles, in [0, 1). The lattice is turned
 * by the 3-4-5 angle (exact in floating point) so features do not line up with the map's rows and columns.
 */
function valueNoise(key: number, x: number, y: number, cell: number): number {
  const u = (0.8 * x - 0.6 * y) / cell;
  const v = (0.6 * x + 0.8 * y) / cell;
  const gx = Math.floor(u);
  const gy = Math.floor(v);
  const fx = u - gx;
  const fy = v - gy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const v00 = latticeHash(key, gx, gy) * TO_UNIT;
  const v10 = latticeHash(key, gx + 1, gy) * TO_UNIT;
  const v01 = latticeHash(key, gx, gy + 1) * TO_UNIT;
  const v11 = latticeHash(key, gx + 1, gy + 1) * TO_UNIT;
  const top = v00 + (v10 - v00) * sx;
  const bottom = v01 + (v11 - v01) * sx;
  return top + (bottom - top) * sy;
}

/** One octave of a noise field: its lattice key, its cell size in tiles and its weight. */
interface Octave {
  key: number;
  cell: number;
  weight: number;
}

/** One noise field: its octaves, whose weights add up to 1. */
type NoiseLayer = readonly Octave[];

/** A noise field of octaves given as [cell size, weight]; the weights are scaled to add up to 1. */
function noiseLayer(seed: number, salt: number, octaves: readonly (readonly [cell: number, weight: number])[]): NoiseLayer {
  const total = octaves.reduce((sum, [, weight]) => sum + weight, 0);
  return octaves.map(([cell, weight], i) => ({ key: layerKey(seed, salt + i * 0x9e3779b9 + cell), cell, weight: weight / total }));
}

/** Large cells shape regions, small ones roughen their edges. */
function sample(layer: NoiseLayer, x: number, y: number): number {
  let sum = 0;
  for (const { key, cell, weight } of layer) sum += valueNoise(key, x, y, cell) * weight;
  return sum;
}

interface WorldNoise {
  seed: number;
  elevation: NoiseLayer;
  ridge: NoiseLayer;
  highland: NoiseLayer;
  forest: NoiseLayer;
  oasisKey: number;
}

function worldNoise(seed: number): WorldNoise {
  return {
    seed,
    elevation: noiseLayer(seed, ELEVATION, [[16, 0.55], [8, 0.3], [4, 0.15]]),
    ridge: noiseLayer(seed, RIDGE, [[22, 0.75], [7, 0.25]]),
    highland: noiseLayer(seed, REGION, [[48, 1]]),
    forest: noiseLayer(seed, FOREST, [[10, 0.55], [5, 0.3], [2.5, 0.15]]),
    oasisKey: layerKey(seed, OASIS),
  };
}

// Map requests ask for many tiles of one world in a row; keeping the last world's keys avoids rehashing them.
let lastWorld: WorldNoise = worldNoise(0);

function noiseFor(seed: number): WorldNoise {
  if (lastWorld.seed !== seed) lastWorld = worldNoise(seed);
  return lastWorld;
}

function naturalType(seed: number, x: number, y: number): TerrainType {
  const world = noiseFor(seed);
  if (sample(world.elevation, x, y) < WATER_BELOW) return 'water';
  // Mountains follow the line where a slow noise field crosses its middle value, which draws long
  // thin ranges rather than blobs; a regional field widens them in highlands and removes them in lowlands.
  const offMiddle = Math.abs(sample(world.ridge, x, y) - 0.5);
  if (offMiddle < RANGE_HALF_WIDTH) {
    const highland = (sample(world.highland, x, y) - HIGHLAND_FROM) / HIGHLAND_SPAN;
    if (offMiddle < RANGE_HALF_WIDTH * Math.min(1, highland)) return 'mountain';
  }
  if (latticeHash(world.oasisKey, x, y) * TO_UNIT < OASIS_CHANCE) return 'oasis';
  if (sample(world.forest, x, y) > FOREST_ABOVE) return 'forest';
  return 'empty';
}

export function terrainAt(seed: number, x: number, y: number): TerrainTile {
  const type = naturalType(seed | 0, x, y);
  if (type !== 'oasis') return { type, ...terrainResource(type) };
  const kind = OASIS_BONUSES[hashTile(seed, OASIS_KIND, x, y) % OASIS_BONUSES.length];
  return { type, ...terrainResource(type, kind), oasisBonus: { ...kind } };
}

/** Villages may only be founded on empty land. */
export function isEmptyLand(seed: number, x: number, y: number): boolean {
  return naturalType(seed | 0, x, y) === 'empty';
}
