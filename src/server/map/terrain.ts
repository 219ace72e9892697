// Terrain of a world as compact tile codes, computed once per chunk with the pure generator and kept in memory.
import { OASIS_BONUSES, terrainAt, type OasisBonus } from '../../rules/terrain';
import { TERRAIN_TYPES, type TerrainType } from '../../rules/world';

/*
 * A tile code is one byte: 0 empty, 1 forest, 2 mountain, 3 water, 4 + k an oasis of kind OASIS_BONUSES[k].
 * Map replies look up thousands of tiles per call; a byte per tile read from a typed array costs far less
 * than a fresh object from terrainAt every time, and a whole 401 x 401 world fits in 160 KB.
 */
export type TileCode = number;

export const EMPTY_CODE = 0;
export const OASIS_CODE_FIRST = 4;
export const TILE_CODE_COUNT = OASIS_CODE_FIRST + OASIS_BONUSES.length;

const NATURAL_CODE: Record<Exclude<TerrainType, 'oasis'>, TileCode> = { empty: 0, forest: 1, mountain: 2, water: 3 };
const OASIS_KIND_BY_KEY = new Map(OASIS_BONUSES.map((kind, index) => [JSON.stringify(kind), index]));

/** The terrain type a code stands for. */
export function codeType(code: TileCode): TerrainType {
  if (code >= OASIS_CODE_FIRST) return 'oasis';
  const type = TERRAIN_TYPES[code];
  if (type === undefined) throw new RangeError(`No tile code ${code}`);
  return type;
}

/** The bonus of an oasis code, or null for any other code. */
export function codeOasisBonus(code: TileCode): OasisBonus | null {
  if (code < OASIS_CODE_FIRST) return null;
  const bonus = OASIS_BONUSES[code - OASIS_CODE_FIRST];
  if (bonus === undefined) throw new RangeError(`No tile code ${code}`);
  return bonus;
}

function tileCode(seed: number, x: number, y: number): TileCode {
  const tile = terrainAt(seed, x, y);
  if (tile.type !== 'oasis') return NATURAL_CODE[tile.type];
  const kind = OASIS_KIND_BY_KEY.get(JSON.stringify(tile.oasisBonus));
  if (kind === undefined) throw new Error(`Unknown oasis kind ${JSON.stringify(tile.oasisBonus)}`);
  return OASIS_CODE_FIRST + kind;
}

const CHUNK_BITS = 5;
const CHUNK_SIDE = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_SIDE - 1;
/** Chunk coordinates are offset so the key stays a small non-negative integer for any sane world. */
const CHUNK_OFFSET = 1 << 15;

/** The terrain codes of one world seed, filled a 32 x 32 chunk at a time as tiles are asked for. */
export class TerrainCodes {
  private readonly chunks = new Map<number, Uint8Array>();

  constructor(readonly seed: number) {}

  private chunk(x: number, y: number): Uint8Array {
    const cx = x >> CHUNK_BITS;
    const cy = y >> CHUNK_BITS;
    const key = (cx + CHUNK_OFFSET) * 2 * CHUNK_OFFSET + (cy + CHUNK_OFFSET);
    let chunk = this.chunks.get(key);
    if (!chunk) {
      chunk = new Uint8Array(CHUNK_SIDE * CHUNK_SIDE);
      const x0 = cx << CHUNK_BITS;
      const y0 = cy << CHUNK_BITS;
      for (let dy = 0; dy < CHUNK_SIDE; dy++) {
        for (let dx = 0; dx < CHUNK_SIDE; dx++) chunk[(dy << CHUNK_BITS) | dx] = tileCode(this.seed, x0 + dx, y0 + dy);
      }
      this.chunks.set(key, chunk);
    }
    return chunk;
  }

  /** The code of an integer tile (callers check the world bounds). */
  at(x: number, y: number): TileCode {
    const code = this.chunk(x, y)[((y & CHUNK_MASK) << CHUNK_BITS) | (x & CHUNK_MASK)];
    // The masks keep the index inside the chunk's CHUNK_SIDE x CHUNK_SIDE bytes.
    if (code === undefined) throw new RangeError(`No tile ${x},${y} in its chunk`);
    return code;
  }
}

/** A handful of worlds per process; the oldest seed is dropped beyond this. */
const MAX_CACHED_SEEDS = 16;
const bySeed = new Map<number, TerrainCodes>();

export function terrainCodes(seed: number): TerrainCodes {
  let codes = bySeed.get(seed);
  if (!codes) {
    codes = new TerrainCodes(seed);
    bySeed.set(seed, codes);
    if (bySeed.size > MAX_CACHED_SEEDS) bySeed.delete(bySeed.keys().next().value!);
  }
  return codes;
}

export type TerrainCounts = Record<TerrainType, number>;

const countsBySeedAndSize = new Map<string, TerrainCounts>();

/** Tiles per terrain type over the whole world (-size..size on both axes), computed once per seed and size. */
export function worldTerrainCounts(seed: number, size: number): TerrainCounts {
  const key = `${seed}:${size}`;
  const cached = countsBySeedAndSize.get(key);
  if (cached) return cached;
  const byCode = new Array<number>(TILE_CODE_COUNT).fill(0);
  const codes = terrainCodes(seed);
  for (let y = -size; y <= size; y++) {
    for (let x = -size; x <= size; x++) {
      const code = codes.at(x, y);
      byCode[code] = (byCode[code] ?? 0) + 1;
    }
  }
  const counts: TerrainCounts = { empty: 0, forest: 0, mountain: 0, water: 0, oasis: 0 };
  byCode.forEach((count, code) => (counts[codeType(code)] += count));
  if (countsBySeedAndSize.size >= MAX_CACHED_SEEDS) countsBySeedAndSize.delete(countsBySeedAndSize.keys().next().value!);
  countsBySeedAndSize.set(key, counts);
  return counts;
}
