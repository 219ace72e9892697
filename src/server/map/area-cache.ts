// Map areas served from memory: village fragments cached per chunk and checked against map_chunk_versions, whole replies
// cached with their strong ETag and compressed once per encoding; beginner-protection shields and vacations dropped as their instants pass.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { and, between, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/open';
import { allianceMembers, alliances, mapChunkVersions, users, villages, worlds } from '../db/schema';
import { notFound } from '../errors';
import { AREA_VILLAGE_COLUMNS, areaRadius, areaVillageFragment, fragmentText, marksAt, tileKey, villageMarks, writeAreaJson, type AreaQuery, type AreaWorld, type VillageFragment } from './area';
import type { WorldId } from '../../rules/ids';
import { CHUNK_SIDE, chunkIndex, chunkSpan } from './chunks';
import { protectionEnds } from '../worlds/protection';
import { vacationEnds } from '../vacation/vacation';
import { heldOasesIn, oasisHolderJson } from '../oases/oases';

/** Bumped whenever the bytes of a reply change for the same data, so no client keeps an old ETag's body. */
const REPLY_FORMAT = 'area-3';
/** Replies kept in memory, by their raw JSON size (compressed copies are a tenth of that). */
const MAX_REPLY_BYTES = 48 * 1024 * 1024;
/** Chunk fragments kept; a 401 x 401 world has 576 chunks, so a few worlds fit whole. */
const MAX_CHUNKS = 4096;

export type AreaEncoding = 'br' | 'gzip';

/** What a reply's bytes rest on besides the time: the query, the world and the versions of its chunks. */
interface ReplyBasis {
  /** basisKey's text of the query, world and versions. */
  key: string;
  /** The earliest end of a mark (shield or vacation) the reply shows (Infinity without one): from then on its bytes are out of date. */
  marksUntil: number;
}

/** One area reply: its text, its strong ETag, and each compressed form once somebody asked for it. */
export class CachedArea {
  private readonly encoded = new Map<AreaEncoding, Buffer>();

  constructor(
    readonly etag: string,
    readonly json: string,
    readonly basis: ReplyBasis,
  ) {}

  /** The reply compressed with `encoding`, compressed on the first request and kept. */
  body(encoding: AreaEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
          : gzipSync(this.json);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** The villages of one chunk as the area writes them, valid while the chunk's version is `version`. */
interface ChunkVillages {
  version: number;
  villages: Map<number, VillageFragment>;
  /** The `oasis` member of each held oasis of the chunk (its holder), by tile. */
  oases: Map<number, string>;
}

interface ChunkRange {
  cx0: number;
  cx1: number;
  cy0: number;
  cy1: number;
}

/** The chunks to read again, of which world, as of when. */
interface ChunkRefresh {
  world: AreaWorld;
  range: ChunkRange;
  now: Date;
}

/** The version of every chunk of the range, 0 for a chunk that never changed, row by row. */
function versionList(range: ChunkRange, rows: readonly { cx: number | null; cy: number | null; version: number | null }[]): number[] {
  const width = range.cx1 - range.cx0 + 1;
  const list = new Array<number>(width * (range.cy1 - range.cy0 + 1)).fill(0);
  for (const row of rows) {
    if (row.cx === null || row.cy === null || row.version === null) continue;
    list[(row.cy - range.cy0) * width + (row.cx - range.cx0)] = row.version;
  }
  return list;
}

function chunkKey(worldId: string, cx: number, cy: number): string {
  return `${worldId}:${cx}:${cy}`;
}

/** The query, the world's seed, size and speed, and the version of every chunk the reply covers, as one text. */
function basisKey(world: AreaWorld, query: AreaQuery, radius: number, versions: readonly number[]): string {
  return `${REPLY_FORMAT}|${world.id}|${world.seed}|${world.size}|${world.speed}|${query.x}|${query.y}|${radius}|${versions.join(',')}`;
}

/**
 * Everything the reply's bytes depend on goes into its ETag: basisKey's text, and how many marks (shields and vacations)
 * it shows. With the versions fixed, the marks shown only ever fall away as their instants pass (an attack that ends a
 * shield early, a vacation started or ended early, bump the versions), so their number names the set. Two server
 * processes reading the same versions at the same instant therefore send the same tag for the same bytes.
 */
function etagOf(key: string, marksShown: number): string {
  const hash = createHash('sha256').update(`${key}|${marksShown}`);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

export class MapAreaCache {
  private readonly chunks = new Map<string, ChunkVillages>();
  private readonly replies = new Map<string, CachedArea>();
  private replyBytes = 0;

  /**
   * The area reply for `query` at `now`. One small read per call (the world and its chunks' versions); only a chunk whose
   * version moved is read again, and only a reply whose versions moved, or one of whose marks ended, is written again.
   */
  async area(db: Db, query: AreaQuery, now: Date): Promise<CachedArea> {
    const radius = areaRadius(query);
    const xs = chunkSpan(query.x - radius, query.x + radius);
    const ys = chunkSpan(query.y - radius, query.y + radius);
    const range: ChunkRange = { cx0: xs.first, cx1: xs.last, cy0: ys.first, cy1: ys.last };
    const rows = await db
      .select({
        id: worlds.id,
        seed: worlds.seed,
        size: worlds.size,
        speed: worlds.speed,
        cx: mapChunkVersions.cx,
        cy: mapChunkVersions.cy,
        version: mapChunkVersions.version,
      })
      .from(worlds)
      .leftJoin(
        mapChunkVersions,
        and(eq(mapChunkVersions.worldId, worlds.id), between(mapChunkVersions.cx, range.cx0, range.cx1), between(mapChunkVersions.cy, range.cy0, range.cy1)),
      )
      .where(eq(worlds.id, query.worldId));
    const [first] = rows;
    if (!first) throw notFound('no_such_world');
    // A world in maintenance still shows its map: only game actions pause.
    const world: AreaWorld = { id: first.id, seed: first.seed, size: first.size, speed: first.speed };
    const at = now.getTime();
    let versions = versionList(range, rows);
    const replyKey = `${world.id}:${query.x}:${query.y}:${radius}`;
    const cached = this.replies.get(replyKey);
    if (cached && cached.basis.key === basisKey(world, query, radius, versions) && at < cached.basis.marksUntil) {
      // Most recently used last, so the oldest is dropped first.
      this.replies.delete(replyKey);
      this.replies.set(replyKey, cached);
      return cached;
    }

    if (this.staleChunks(world.id, range, versions).length > 0) versions = await this.refreshChunks(db, { world, range, now });
    const width = range.cx1 - range.cx0 + 1;
    const byChunk: (Map<number, VillageFragment> | undefined)[] = [];
    const oasesByChunk: (Map<number, string> | undefined)[] = [];
    for (let cy = range.cy0; cy <= range.cy1; cy++) {
      for (let cx = range.cx0; cx <= range.cx1; cx++) {
        const chunk = this.chunks.get(chunkKey(world.id, cx, cy));
        byChunk.push(chunk?.villages);
        oasesByChunk.push(chunk?.oases);
      }
    }
    const oasisAt = (x: number, y: number) => {
      const held = oasesByChunk[(chunkIndex(y) - range.cy0) * width + (chunkIndex(x) - range.cx0)];
      return held && held.size > 0 ? held.get(tileKey(x, y)) : undefined;
    };
    let marksShown = 0;
    let marksUntil = Infinity;
    const json = writeAreaJson(world, query, (x, y) => {
      const villagesHere = byChunk[(chunkIndex(y) - range.cy0) * width + (chunkIndex(x) - range.cx0)];
      const fragment = villagesHere && villagesHere.size > 0 ? villagesHere.get(tileKey(x, y)) : undefined;
      if (!fragment) return undefined;
      if (fragment.marks.length > 0) {
        for (const mark of marksAt(fragment, at)) {
          marksShown += 1;
          marksUntil = Math.min(marksUntil, mark.until);
        }
      }
      return fragmentText(fragment, at);
    }, oasisAt);
    const key = basisKey(world, query, radius, versions);
    const area = new CachedArea(etagOf(key, marksShown), json, { key, marksUntil });
    this.keepReply(replyKey, area);
    return area;
  }

  /** The chunks of the range whose cached villages are missing or older than `versions` (versionList's, row by row): each with its version. */
  private staleChunks(worldId: WorldId, range: ChunkRange, versions: readonly number[]): { cx: number; cy: number; version: number }[] {
    const stale: { cx: number; cy: number; version: number }[] = [];
    let i = 0;
    for (let cy = range.cy0; cy <= range.cy1; cy++) {
      for (let cx = range.cx0; cx <= range.cx1; cx++, i++) {
        // versionList gives every chunk of the range a version, 0 until a village there changes.
        const version = versions[i] ?? 0;
        if (this.chunks.get(chunkKey(worldId, cx, cy))?.version !== version) stale.push({ cx, cy, version });
      }
    }
    return stale;
  }

  /**
   * Reads the versions and the villages of the range, with their owners' beginner protection and vacations, in one snapshot (repeatable
   * read), so a fragment is never filed under a version older or newer than its data; returns the versions it read.
   */
  private async refreshChunks(db: Db, { world, range, now }: ChunkRefresh): Promise<number[]> {
    const worldId = world.id;
    return db.transaction(
      async (tx) => {
        const versionRows = await tx
          .select({ cx: mapChunkVersions.cx, cy: mapChunkVersions.cy, version: mapChunkVersions.version })
          .from(mapChunkVersions)
          .where(and(eq(mapChunkVersions.worldId, worldId), between(mapChunkVersions.cx, range.cx0, range.cx1), between(mapChunkVersions.cy, range.cy0, range.cy1)));
        const versions = versionList(range, versionRows);
        const stale = this.staleChunks(worldId, range, versions);
        if (stale.length === 0) return versions;
        const minX = Math.min(...stale.map((c) => c.cx)) * CHUNK_SIDE;
        const maxX = (Math.max(...stale.map((c) => c.cx)) + 1) * CHUNK_SIDE - 1;
        const minY = Math.min(...stale.map((c) => c.cy)) * CHUNK_SIDE;
        const maxY = (Math.max(...stale.map((c) => c.cy)) + 1) * CHUNK_SIDE - 1;
        const villageRows = await tx
          .select(AREA_VILLAGE_COLUMNS)
          .from(villages)
          .leftJoin(users, eq(users.id, villages.ownerId))
          .leftJoin(allianceMembers, eq(allianceMembers.userId, villages.ownerId))
          .leftJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
          .where(and(eq(villages.worldId, worldId), gte(villages.x, minX), lte(villages.x, maxX), gte(villages.y, minY), lte(villages.y, maxY)));
        // In the same snapshot: an attack that ends a shield early, and a vacation started or ended early, bump the owner's
        // chunks in their own transaction.
        const owners = villageRows.map((row) => row.ownerId);
        const shields = await protectionEnds(tx, world, owners, now);
        const away = await vacationEnds(tx, worldId, owners, now);
        const fresh = new Map<string, ChunkVillages>();
        for (const { cx, cy, version } of stale) fresh.set(chunkKey(worldId, cx, cy), { version, villages: new Map(), oases: new Map() });
        // Held oases in the same snapshot: an oasis changing hands bumps its chunk (migration 0017's triggers).
        for (const held of await heldOasesIn(tx, { worldId, minX, maxX, minY, maxY })) {
          fresh.get(chunkKey(worldId, chunkIndex(held.x), chunkIndex(held.y)))?.oases.set(tileKey(held.x, held.y), oasisHolderJson(held.holder));
        }
        for (const row of villageRows) {
          // The bounding box of the stale chunks may hold chunks that are current: those keep their fragments.
          const chunk = fresh.get(chunkKey(worldId, chunkIndex(row.x), chunkIndex(row.y)));
          chunk?.villages.set(tileKey(row.x, row.y), areaVillageFragment(row, villageMarks(row.ownerId, shields, away), now));
        }
        for (const [key, chunk] of fresh) {
          this.chunks.delete(key);
          this.chunks.set(key, chunk);
        }
        while (this.chunks.size > MAX_CHUNKS) this.chunks.delete(this.chunks.keys().next().value!);
        return versions;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private keepReply(key: string, area: CachedArea): void {
    const previous = this.replies.get(key);
    if (previous) {
      this.replies.delete(key);
      this.replyBytes -= previous.json.length;
    }
    this.replies.set(key, area);
    this.replyBytes += area.json.length;
    while (this.replyBytes > MAX_REPLY_BYTES && this.replies.size > 1) {
      const [oldestKey, oldest] = this.replies.entries().next().value!;
      this.replies.delete(oldestKey);
      this.replyBytes -= oldest.json.length;
    }
  }
}

/** The encoding to send a cached area in: Brotli or gzip when the client takes it (a q of 0 refuses), else none. */
export function areaEncoding(acceptEncoding: string | undefined): AreaEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak comparison, as RFC 9110 asks of If-None-Match. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
