// Chunks: the map is loaded and drawn in squares of CHUNK_SIZE tiles; which ones are on screen, which to prefetch, which to forget.
// Plain functions over plain data (no Pixi): the map page's data hook and the stage's layers both plan with them.
import { MAP_MOVE_STEP } from '../../rules/world';
import { MAP_COORDINATE_LIMIT, type MapCamera, type MapChunk, type MapTile, type TilePoint } from '../state/map';

/** Side of a chunk in tiles: odd, so one map area call (radius CHUNK_RADIUS around its centre) returns exactly one chunk. */
export const CHUNK_SIZE = 17;
export const CHUNK_RADIUS = (CHUNK_SIZE - 1) / 2;

/** How many chunks the cache keeps before it forgets the farthest ones. */
export const MAX_CACHED_CHUNKS = 160;

export interface ChunkRef {
  cx: number;
  cy: number;
}

/** Inclusive tile bounds. */
export interface TileRect {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export function chunkKey(worldId: string, cx: number, cy: number): string {
  return `${worldId}:${cx}:${cy}`;
}

/** The chunk a tile belongs to. Chunk (0, 0) covers x 0..16 and y 0..16. */
export function chunkOf(x: number, y: number): ChunkRef {
  return { cx: Math.floor(x / CHUNK_SIZE), cy: Math.floor(y / CHUNK_SIZE) };
}

/** The tile at the centre of a chunk: the x and y to ask the map area call for. */
export function chunkCentre(chunk: ChunkRef): TilePoint {
  return { x: chunk.cx * CHUNK_SIZE + CHUNK_RADIUS, y: chunk.cy * CHUNK_SIZE + CHUNK_RADIUS };
}

export function chunkRect(chunk: ChunkRef): TileRect {
  const minX = chunk.cx * CHUNK_SIZE;
  const minY = chunk.cy * CHUNK_SIZE;
  return { minX, maxX: minX + CHUNK_SIZE - 1, minY, maxY: minY + CHUNK_SIZE - 1 };
}

/** Where a tile sits in its chunk's tile list: rows from the top (highest y), each row from the left. */
export function tileIndex(x: number, y: number): number {
  const column = x - Math.floor(x / CHUNK_SIZE) * CHUNK_SIZE;
  const rowFromBottom = y - Math.floor(y / CHUNK_SIZE) * CHUNK_SIZE;
  return (CHUNK_SIZE - 1 - rowFromBottom) * CHUNK_SIZE + column;
}

/** Whether the server can be asked for this chunk: its centre must be a coordinate the area call accepts. */
export function isFetchable(chunk: ChunkRef): boolean {
  const centre = chunkCentre(chunk);
  return Math.abs(centre.x) <= MAP_COORDINATE_LIMIT && Math.abs(centre.y) <= MAP_COORDINATE_LIMIT;
}

/** Tiles of the camera's square, `extra` tiles wider on every side. */
export function cameraRect(camera: Pick<MapCamera, 'x' | 'y' | 'radius'>, extra = 0): TileRect {
  const reach = camera.radius + extra;
  return { minX: camera.x - reach, maxX: camera.x + reach, minY: camera.y - reach, maxY: camera.y + reach };
}

/** Chunks touching a rectangle of tiles, nearest to the rectangle's centre first. */
export function chunksInRect(rect: TileRect): ChunkRef[] {
  const from = chunkOf(rect.minX, rect.minY);
  const to = chunkOf(rect.maxX, rect.maxY);
  const midX = (rect.minX + rect.maxX + 1) / 2;
  const midY = (rect.minY + rect.maxY + 1) / 2;
  const found: { chunk: ChunkRef; distance: number }[] = [];
  for (let cy = from.cy; cy <= to.cy; cy++) {
    for (let cx = from.cx; cx <= to.cx; cx++) {
      const dx = (cx + 0.5) * CHUNK_SIZE - midX;
      const dy = (cy + 0.5) * CHUNK_SIZE - midY;
      found.push({ chunk: { cx, cy }, distance: dx * dx + dy * dy });
    }
  }
  return found.sort((a, b) => a.distance - b.distance).map((entry) => entry.chunk);
}

/**
 * Tiles to prefetch beyond the screen: at least one arrow step (so an arrow click draws at once),
 * and half the view when zoomed out, so a drag rarely reaches unloaded ground.
 */
export function prefetchMargin(radius: number): number {
  return Math.max(MAP_MOVE_STEP + 1, Math.ceil(radius / 2));
}

export interface ChunkPlan {
  /** Chunks with tiles on screen (one tile of slack for a drag in progress), nearest first. */
  visible: ChunkRef[];
  /** Chunks around them worth loading before they are needed, nearest first. */
  prefetch: ChunkRef[];
  /** Everything worth keeping: visible, prefetch and one more ring. */
  keep: TileRect;
}

export function planChunks(camera: Pick<MapCamera, 'x' | 'y' | 'radius'>): ChunkPlan {
  const visible = chunksInRect(cameraRect(camera, 1));
  const seen = new Set(visible.map((c) => `${c.cx}:${c.cy}`));
  const margin = prefetchMargin(camera.radius);
  const prefetch = chunksInRect(cameraRect(camera, 1 + margin)).filter((c) => !seen.has(`${c.cx}:${c.cy}`));
  return { visible, prefetch, keep: cameraRect(camera, 1 + margin + CHUNK_SIZE) };
}

function overlaps(a: TileRect, b: TileRect): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** Keys of cached chunks to drop: beyond `max`, the ones outside `keep` (or of another world), farthest first. */
export function chunksToEvict(chunks: ReadonlyMap<string, MapChunk>, camera: MapCamera, keep: TileRect, max = MAX_CACHED_CHUNKS): string[] {
  if (chunks.size <= max) return [];
  const candidates: { key: string; distance: number }[] = [];
  for (const chunk of chunks.values()) {
    if (chunk.status === 'loading') continue;
    const inWorld = chunk.worldId === camera.worldId;
    if (inWorld && overlaps(chunkRect(chunk), keep)) continue;
    const centre = chunkCentre(chunk);
    const distance = inWorld ? Math.hypot(centre.x - camera.x, centre.y - camera.y) : Number.POSITIVE_INFINITY;
    candidates.push({ key: chunk.key, distance });
  }
  candidates.sort((a, b) => b.distance - a.distance);
  return candidates.slice(0, chunks.size - max).map((c) => c.key);
}

/** Puts the tiles of one area reply where tileIndex expects them; tiles outside the chunk are ignored. */
export function chunkTiles(chunk: ChunkRef, tiles: readonly MapTile[]): MapTile[] {
  const rect = chunkRect(chunk);
  const placed = new Array<MapTile>(CHUNK_SIZE * CHUNK_SIZE);
  for (const tile of tiles) {
    if (tile.x < rect.minX || tile.x > rect.maxX || tile.y < rect.minY || tile.y > rect.maxY) continue;
    placed[tileIndex(tile.x, tile.y)] = tile;
  }
  // A reply missing a tile should not leave a hole in the map: show it as unknown.
  for (let y = rect.maxY; y >= rect.minY; y--) {
    for (let x = rect.minX; x <= rect.maxX; x++) {
      const index = tileIndex(x, y);
      placed[index] ??= { x, y, type: 'unknown', worldId: tiles[0]?.worldId ?? '', resourceType: null, resourceBonus: null };
    }
  }
  return placed;
}

/** A chunk beyond the coordinates the server serves: all unknown, without a call. */
export function unknownChunkTiles(worldId: string, chunk: ChunkRef): MapTile[] {
  const rect = chunkRect(chunk);
  const tiles: MapTile[] = [];
  for (let y = rect.maxY; y >= rect.minY; y--) {
    for (let x = rect.minX; x <= rect.maxX; x++) tiles.push({ x, y, type: 'unknown', worldId, resourceType: null, resourceBonus: null });
  }
  return tiles;
}

/** The loaded tile at (x, y), or null while its chunk is missing. */
export function findTile(chunks: ReadonlyMap<string, MapChunk>, worldId: string, x: number, y: number): MapTile | null {
  const { cx, cy } = chunkOf(x, y);
  const chunk = chunks.get(chunkKey(worldId, cx, cy));
  return chunk?.tiles?.[tileIndex(x, y)] ?? null;
}

/** Whether every chunk with tiles on screen is loaded. */
export function isViewLoaded(chunks: ReadonlyMap<string, MapChunk>, camera: MapCamera): boolean {
  return planChunks(camera).visible.every((c) => chunks.get(chunkKey(camera.worldId, c.cx, c.cy))?.status === 'ready');
}
