// Chunk planning: which map chunks a view needs and which to prefetch around it.
import { describe, expect, it } from 'vitest';
import type { MapChunk, MapTile } from '../state/map';
import {
  CHUNK_RADIUS,
  CHUNK_SIZE,
  cameraRect,
  chunkCentre,
  chunkKey,
  chunkOf,
  chunkRect,
  chunksInRect,
  chunksToEvict,
  chunkTiles,
  findTile,
  isFetchable,
  isViewLoaded,
  planChunks,
  prefetchMargin,
  tileIndex,
  unknownChunkTiles,
} from './chunks';

const W = 'w1';

function areaTiles(cx: number, cy: number, radius: number): MapTile[] {
  const tiles: MapTile[] = [];
  for (let y = cy + radius; y >= cy - radius; y--) {
    for (let x = cx - radius; x <= cx + radius; x++) tiles.push({ x, y, type: 'forest', worldId: W, resourceType: 'timber', resourceBonus: 10 });
  }
  return tiles;
}

describe('chunk geometry', () => {
  it('has one area call per chunk', () => {
    expect(CHUNK_SIZE).toBe(2 * CHUNK_RADIUS + 1);
  });

  it('assigns tiles to chunks, negative coordinates included', () => {
    expect(chunkOf(0, 0)).toEqual({ cx: 0, cy: 0 });
    expect(chunkOf(16, 16)).toEqual({ cx: 0, cy: 0 });
    expect(chunkOf(17, -1)).toEqual({ cx: 1, cy: -1 });
    expect(chunkOf(-17, -18)).toEqual({ cx: -1, cy: -2 });
    expect(chunkRect({ cx: -1, cy: 2 })).toEqual({ minX: -17, maxX: -1, minY: 34, maxY: 50 });
    expect(chunkCentre({ cx: -1, cy: 2 })).toEqual({ x: -9, y: 42 });
  });

  it('indexes tiles as the server lists them: rows from the top, each from the left', () => {
    expect(tileIndex(0, 16)).toBe(0);
    expect(tileIndex(16, 16)).toBe(16);
    expect(tileIndex(0, 15)).toBe(17);
    expect(tileIndex(16, 0)).toBe(CHUNK_SIZE * CHUNK_SIZE - 1);
    expect(tileIndex(-17, -1)).toBe(0);
    const tiles = areaTiles(chunkCentre({ cx: -2, cy: 3 }).x, chunkCentre({ cx: -2, cy: 3 }).y, CHUNK_RADIUS);
    tiles.forEach((tile, index) => expect(tileIndex(tile.x, tile.y)).toBe(index));
  });

  it('only asks the server for chunks whose centre it accepts', () => {
    expect(isFetchable({ cx: 11, cy: -12 })).toBe(true);
    expect(isFetchable({ cx: 12, cy: 0 })).toBe(false);
    expect(isFetchable({ cx: 0, cy: -13 })).toBe(false);
  });
});

describe('planning', () => {
  it('lists chunks touching a rectangle, nearest first', () => {
    const chunks = chunksInRect({ minX: 10, maxX: 20, minY: 0, maxY: 5 });
    expect(chunks).toHaveLength(2);
    expect(chunks).toContainEqual({ cx: 0, cy: 0 });
    expect(chunks).toContainEqual({ cx: 1, cy: 0 });
    const around = chunksInRect(cameraRect({ x: 8, y: 8, radius: 25 }));
    expect(around[0]).toEqual({ cx: 0, cy: 0 });
  });

  it('loads what is on screen, and prefetches at least an arrow step around it', () => {
    const camera = { x: 8, y: 8, radius: 10 };
    const plan = planChunks(camera);
    // 19..-3 spans chunks -1..1 on each axis.
    expect(plan.visible).toHaveLength(9);
    expect(plan.visible[0]).toEqual({ cx: 0, cy: 0 });
    const keys = new Set([...plan.visible, ...plan.prefetch].map((c) => `${c.cx}:${c.cy}`));
    expect(plan.prefetch.some((c) => plan.visible.some((v) => v.cx === c.cx && v.cy === c.cy))).toBe(false);
    // After any arrow click (5 tiles) every chunk on screen was planned already.
    for (const [dx, dy] of [[5, 0], [-5, 0], [0, 5], [0, -5], [5, 5]]) {
      for (const c of planChunks({ ...camera, x: camera.x + dx, y: camera.y + dy }).visible) expect(keys.has(`${c.cx}:${c.cy}`)).toBe(true);
    }
  });

  it('prefetches more when zoomed out', () => {
    expect(prefetchMargin(5)).toBe(6);
    expect(prefetchMargin(10)).toBe(6);
    expect(prefetchMargin(25)).toBe(13);
  });
});

describe('tiles of a chunk', () => {
  it('places an area reply and finds its tiles', () => {
    const ref = { cx: 1, cy: -1 };
    const centre = chunkCentre(ref);
    const tiles = chunkTiles(ref, areaTiles(centre.x, centre.y, CHUNK_RADIUS).reverse());
    const chunk: MapChunk = { key: chunkKey(W, 1, -1), worldId: W, ...ref, status: 'ready', tiles };
    const chunks = new Map([[chunk.key, chunk]]);
    expect(findTile(chunks, W, 20, -5)).toMatchObject({ x: 20, y: -5, type: 'forest' });
    expect(findTile(chunks, W, 0, 0)).toBeNull();
    expect(findTile(chunks, 'other', 20, -5)).toBeNull();
  });

  it('fills holes of a short reply with unknown tiles', () => {
    const tiles = chunkTiles({ cx: 0, cy: 0 }, [{ x: 3, y: 4, type: 'water', worldId: W, resourceType: null, resourceBonus: null }]);
    expect(tiles).toHaveLength(CHUNK_SIZE * CHUNK_SIZE);
    expect(tiles[tileIndex(3, 4)].type).toBe('water');
    expect(tiles[tileIndex(5, 5)]).toMatchObject({ x: 5, y: 5, type: 'unknown' });
  });

  it('makes chunks beyond the server all unknown', () => {
    const tiles = unknownChunkTiles(W, { cx: 12, cy: 0 });
    expect(tiles).toHaveLength(CHUNK_SIZE * CHUNK_SIZE);
    expect(tiles.every((t) => t.type === 'unknown')).toBe(true);
    tiles.forEach((tile, index) => expect(tileIndex(tile.x, tile.y)).toBe(index));
  });

  it('says when every chunk on screen is loaded', () => {
    const camera = { worldId: W, x: 8, y: 8, radius: 5 };
    const chunks = new Map<string, MapChunk>();
    expect(isViewLoaded(chunks, camera)).toBe(false);
    for (const ref of planChunks(camera).visible) {
      const key = chunkKey(W, ref.cx, ref.cy);
      chunks.set(key, { key, worldId: W, ...ref, status: 'ready', tiles: unknownChunkTiles(W, ref) });
    }
    expect(isViewLoaded(chunks, camera)).toBe(true);
  });
});

describe('eviction', () => {
  it('forgets the farthest chunks beyond the limit, never the ones kept or loading', () => {
    const camera = { worldId: W, x: 0, y: 0, radius: 10 };
    const chunks = new Map<string, MapChunk>();
    for (let cx = -10; cx <= 10; cx++) {
      const key = chunkKey(W, cx, 0);
      chunks.set(key, { key, worldId: W, cx, cy: 0, status: cx === 10 ? 'loading' : 'ready', tiles: [] });
    }
    const drop = chunksToEvict(chunks, camera, cameraRect(camera, 20), 15);
    expect(drop).toHaveLength(6);
    expect(drop).not.toContain(chunkKey(W, 10, 0));
    expect(drop).toContain(chunkKey(W, -10, 0));
    expect(drop).not.toContain(chunkKey(W, 0, 0));
    expect(chunksToEvict(chunks, camera, cameraRect(camera), 100)).toEqual([]);
  });
});
