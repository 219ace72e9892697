// Chunk loader: loads visible and neighbouring map chunks once, and writes them into the map atoms.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RADIUS, chunkKey, chunkOf, isViewLoaded, planChunks } from '../../map/chunks';
import { makeCamera, mapCameraAtom, mapChunksAtom, type MapTile } from '../../state/map';
import { ChunkLoader, type FetchArea } from './chunkLoader';

const W = 'world-1';

function area(x: number, y: number, radius: number): { tiles: MapTile[] } {
  const tiles: MapTile[] = [];
  for (let ty = y + radius; ty >= y - radius; ty--) {
    for (let tx = x - radius; tx <= x + radius; tx++) tiles.push({ x: tx, y: ty, type: 'empty', worldId: W, resourceType: null, resourceBonus: null });
  }
  return { tiles };
}

interface Call {
  x: number;
  y: number;
  radius: number;
  signal: AbortSignal;
  resolve(): void;
  reject(error: Error): void;
}

/** A fake server whose replies the test releases by hand. */
function fakeServer() {
  const calls: Call[] = [];
  const fetchArea: FetchArea = ({ x, y, radius }, signal) =>
    new Promise((resolve, reject) => calls.push({ x, y, radius, signal, resolve: () => resolve(area(x, y, radius)), reject }));
  return { calls, fetchArea };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ChunkLoader', () => {
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    store = createStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the chunks on screen first, a few at a time, one area call per chunk', async () => {
    const server = fakeServer();
    const camera = makeCamera(W, 8, 8, 10);
    store.set(mapCameraAtom, camera);
    const loader = new ChunkLoader(store, server.fetchArea, { concurrency: 3 });
    expect(server.calls).toHaveLength(3);
    expect(server.calls[0]).toMatchObject({ x: 8, y: 8, radius: CHUNK_RADIUS });
    const visible = planChunks(camera).visible.map((c) => chunkKey(W, c.cx, c.cy));
    for (const call of server.calls) expect(visible).toContain(chunkKey(W, chunkOf(call.x, call.y).cx, chunkOf(call.x, call.y).cy));
    expect(store.get(mapChunksAtom).get(chunkKey(W, 0, 0))?.status).toBe('loading');

    // Releasing replies lets the next calls go, until everything on screen and around it is loaded.
    while (server.calls.some((c) => !c.signal.aborted)) {
      const pending = server.calls.splice(0);
      pending.forEach((c) => c.resolve());
      await flush();
    }
    expect(isViewLoaded(store.get(mapChunksAtom), camera)).toBe(true);
    const plan = planChunks(camera);
    for (const ref of [...plan.visible, ...plan.prefetch]) expect(store.get(mapChunksAtom).get(chunkKey(W, ref.cx, ref.cy))?.status).toBe('ready');
    expect(store.get(mapChunksAtom).get(chunkKey(W, 0, 0))?.tiles?.[0]).toMatchObject({ x: 0, y: 16 });
    loader.dispose();
  });

  it('does not ask again for loaded chunks when the camera moves a little', async () => {
    const server = fakeServer();
    store.set(mapCameraAtom, makeCamera(W, 8, 8, 10));
    const loader = new ChunkLoader(store, server.fetchArea, { concurrency: 100 });
    const first = server.calls.splice(0);
    first.forEach((c) => c.resolve());
    await flush();
    expect(server.calls).toHaveLength(0);
    store.set(mapCameraAtom, makeCamera(W, 13, 8, 10));
    // The arrow step was prefetched: what is on screen needs no call (only the new edge of the neighbourhood does).
    const visible = new Set(planChunks(store.get(mapCameraAtom)!).visible.map((c) => `${c.cx}:${c.cy}`));
    for (const call of server.calls) expect(visible.has(`${chunkOf(call.x, call.y).cx}:${chunkOf(call.x, call.y).cy}`)).toBe(false);
    expect(isViewLoaded(store.get(mapChunksAtom), store.get(mapCameraAtom)!)).toBe(true);
    loader.dispose();
  });

  it('makes chunks beyond the coordinates the server takes unknown, without calls', () => {
    const server = fakeServer();
    store.set(mapCameraAtom, makeCamera(W, 200, 200, 5));
    const loader = new ChunkLoader(store, server.fetchArea, { concurrency: 100 });
    const beyond = store.get(mapChunksAtom).get(chunkKey(W, 12, 12));
    expect(beyond?.status).toBe('ready');
    expect(beyond?.tiles?.every((t) => t.type === 'unknown')).toBe(true);
    for (const call of server.calls) expect(Math.max(Math.abs(call.x), Math.abs(call.y))).toBeLessThanOrEqual(200);
    loader.dispose();
  });

  it('reports a failure, marks the chunk and tries again later', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const onError = vi.fn();
    store.set(mapCameraAtom, makeCamera(W, 8, 8, 5));
    const loader = new ChunkLoader(store, server.fetchArea, { concurrency: 1, retryMs: 1000, onError });
    const failed = server.calls.shift()!;
    failed.reject(new Error('Server on fire'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith('Server on fire', expect.any(Error));
    const key = chunkKey(W, chunkOf(failed.x, failed.y).cx, chunkOf(failed.x, failed.y).cy);
    expect(store.get(mapChunksAtom).get(key)?.status).toBe('error');
    // Other chunks carry on; the failed one is asked for again after the wait.
    server.calls.splice(0).forEach((c) => c.resolve());
    await vi.advanceTimersByTimeAsync(0);
    while (server.calls.length) {
      server.calls.splice(0).forEach((c) => c.resolve());
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(1000);
    const retry = server.calls.find((c) => c.x === failed.x && c.y === failed.y);
    expect(retry).toBeDefined();
    retry!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(mapChunksAtom).get(key)?.status).toBe('ready');
    expect(onError).toHaveBeenLastCalledWith(null, null);
    loader.dispose();
  });

  it('on dispose aborts its calls and drops half-loaded chunks; cached ones are shown next time and refreshed', async () => {
    const server = fakeServer();
    store.set(mapCameraAtom, makeCamera(W, 8, 8, 5));
    const loader = new ChunkLoader(store, server.fetchArea, { concurrency: 2 });
    const [done, open] = server.calls.splice(0);
    done.resolve();
    await flush();
    loader.dispose();
    expect(open.signal.aborted).toBe(true);
    const left = [...store.get(mapChunksAtom).values()];
    expect(left.every((c) => c.status === 'ready')).toBe(true);
    expect(left).toHaveLength(1);

    const again = new ChunkLoader(store, server.fetchArea, { concurrency: 10 });
    // The cached chunk stays ready while it is asked for again.
    expect(server.calls.some((c) => c.x === done.x && c.y === done.y)).toBe(true);
    expect(store.get(mapChunksAtom).get(left[0].key)?.status).toBe('ready');
    again.dispose();
  });
});
