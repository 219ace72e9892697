// Loads the chunks the camera needs into mapChunksAtom: what is on screen first, then the neighbourhood (so an arrow click
// or a drag draws at once), a few calls at a time; retries failures, refreshes chunks cached from an earlier visit, forgets far ones.
import type { getDefaultStore } from 'jotai';
import type { MapAreaRequest } from '../../api/map';
import { chunkCentre, chunkKey, chunksToEvict, chunkTiles, CHUNK_RADIUS, isFetchable, planChunks, unknownChunkTiles, type ChunkRef } from '../../map/chunks';
import { mapCameraAtom, mapChunksAtom, type MapCamera, type MapChunk, type MapTile } from '../../state/map';

type Store = ReturnType<typeof getDefaultStore>;

export type FetchArea = (area: MapAreaRequest, signal: AbortSignal) => Promise<{ tiles: MapTile[] }>;

export interface ChunkLoaderOptions {
  /** Calls in flight at once. */
  concurrency?: number;
  /** Wait before asking again for a chunk that failed. */
  retryMs?: number;
  /** Called with a failure's message (null once chunks load again). */
  onError?(message: string | null, error: unknown): void;
}

interface Job {
  key: string;
  worldId: string;
  ref: ChunkRef;
}

export class ChunkLoader {
  private readonly store: Store;
  private readonly fetchArea: FetchArea;
  private readonly concurrency: number;
  private readonly retryMs: number;
  private readonly onError?: (message: string | null, error: unknown) => void;
  private readonly inFlight = new Map<string, AbortController>();
  /** Chunks loaded during this loader's life; cached ones from before are shown but asked for again. */
  private readonly fresh = new Set<string>();
  private readonly failedAt = new Map<string, number>();
  private queue: Job[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly unsubscribe: () => void;
  private disposed = false;
  private failing = false;

  constructor(store: Store, fetchArea: FetchArea, options: ChunkLoaderOptions = {}) {
    this.store = store;
    this.fetchArea = fetchArea;
    this.concurrency = options.concurrency ?? 6;
    this.retryMs = options.retryMs ?? 3000;
    this.onError = options.onError;
    this.unsubscribe = store.sub(mapCameraAtom, () => this.plan());
    this.plan();
  }

  /** Rebuilds the queue for the current camera: missing chunks in the order they are wanted. */
  plan(): void {
    if (this.disposed) return;
    const camera = this.store.get(mapCameraAtom);
    if (!camera) {
      this.queue = [];
      return;
    }
    const plan = planChunks(camera);
    const chunks = this.store.get(mapChunksAtom);
    const now = Date.now();
    const queue: Job[] = [];
    let synthetic: Map<string, MapChunk> | null = null;
    for (const ref of [...plan.visible, ...plan.prefetch]) {
      const key = chunkKey(camera.worldId, ref.cx, ref.cy);
      if (this.inFlight.has(key) || this.fresh.has(key)) continue;
      if (!isFetchable(ref)) {
        // Beyond what the server serves: all unknown, no call.
        synthetic ??= new Map(chunks);
        synthetic.set(key, { key, worldId: camera.worldId, cx: ref.cx, cy: ref.cy, status: 'ready', tiles: unknownChunkTiles(camera.worldId, ref) });
        this.fresh.add(key);
        continue;
      }
      const failed = this.failedAt.get(key);
      if (failed !== undefined && now - failed < this.retryMs) continue;
      queue.push({ key, worldId: camera.worldId, ref });
    }
    if (synthetic) this.store.set(mapChunksAtom, synthetic);
    this.queue = queue;
    this.pump();
    this.scheduleRetry();
  }

  private pump(): void {
    while (!this.disposed && this.inFlight.size < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift()!;
      if (this.inFlight.has(job.key)) continue;
      void this.load(job);
    }
  }

  private async load(job: Job): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(job.key, controller);
    const cached = this.store.get(mapChunksAtom).get(job.key);
    // A chunk from an earlier visit stays on screen while it is refreshed.
    if (!cached || cached.status !== 'ready') this.write(job, 'loading', null);
    try {
      const centre = chunkCentre(job.ref);
      const area = await this.fetchArea({ worldId: job.worldId, x: centre.x, y: centre.y, radius: CHUNK_RADIUS }, controller.signal);
      if (this.disposed) return;
      this.fresh.add(job.key);
      this.failedAt.delete(job.key);
      this.write(job, 'ready', chunkTiles(job.ref, area.tiles));
      if (this.failing) {
        this.failing = false;
        this.onError?.(null, null);
      }
      this.evict();
    } catch (error) {
      if (this.disposed || controller.signal.aborted) return;
      this.failedAt.set(job.key, Date.now());
      const current = this.store.get(mapChunksAtom).get(job.key);
      if (!current || current.status !== 'ready') this.write(job, 'error', null);
      this.failing = true;
      this.onError?.(error instanceof Error ? error.message : 'The map could not be loaded.', error);
      this.scheduleRetry();
    } finally {
      if (this.inFlight.get(job.key) === controller) this.inFlight.delete(job.key);
      this.pump();
    }
  }

  private write(job: Job, status: MapChunk['status'], tiles: MapTile[] | null): void {
    const next = new Map(this.store.get(mapChunksAtom));
    next.set(job.key, { key: job.key, worldId: job.worldId, cx: job.ref.cx, cy: job.ref.cy, status, tiles });
    this.store.set(mapChunksAtom, next);
  }

  private evict(): void {
    const camera: MapCamera | null = this.store.get(mapCameraAtom);
    if (!camera) return;
    const chunks = this.store.get(mapChunksAtom);
    const drop = chunksToEvict(chunks, camera, planChunks(camera).keep);
    if (drop.length === 0) return;
    const next = new Map(chunks);
    for (const key of drop) {
      next.delete(key);
      this.fresh.delete(key);
    }
    this.store.set(mapChunksAtom, next);
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null || this.failedAt.size === 0 || this.disposed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.plan();
    }, this.retryMs);
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribe();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    // Chunks left half-loaded would look loaded-in-progress to the next visit: drop them.
    const chunks = this.store.get(mapChunksAtom);
    const unfinished = [...chunks.values()].filter((chunk) => chunk.status !== 'ready');
    if (unfinished.length > 0) {
      const next = new Map(chunks);
      for (const chunk of unfinished) next.delete(chunk.key);
      this.store.set(mapChunksAtom, next);
    }
  }
}
