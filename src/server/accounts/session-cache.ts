// Session lookups remembered between requests, so a signed-in request usually costs no statement to identify its player: on PGlite's thread always, on PostgreSQL while this process listens for the database's notices of changed accounts.
import pg from 'pg';
import type { Db, Listen } from '../db/open';
import { PgliteWorker } from '../db/pglite-worker';
import { authWriteCounter } from '../db/auth-writes';
import type { UserRow } from '../db/schema';

/** The channel on which the database announces changed sessions and accounts (migration 0010_auth_notify). */
export const AUTH_CHANNEL = 'vikings_auth';

interface Remembered {
  user: UserRow;
  expiresAt: number;
  /** The change count (see SessionCache) when the lookup was sent. */
  changes: number;
}

/** Enough for every player of a busy world; beyond it the cache starts over rather than grow. */
const MAX_ENTRIES = 100_000;

/**
 * What a session lookup found, valid while the database's users and sessions have not changed since the
 * lookup was sent and the session has not expired. "Changed" is a count that only grows:
 * - PGlite on its worker thread: this process is the database's only client, and the thread counts every
 *   write to users or sessions on its way out and back (db/pglite-worker.ts).
 * - PostgreSQL: this process's own writes, counted the same way on its pool (db/auth-writes.ts), plus every
 *   notice on AUTH_CHANNEL, which triggers send for any change by anyone (another server process, the CLI).
 *   Another process's logout or suspension therefore reaches this one as fast as its notice does, a
 *   millisecond or so after that commit; this process's own are seen at once. While the listening
 *   connection is down, notices may be lost, so nothing is remembered or trusted until it listens again.
 * Any change forgets everything: changes to accounts are rare next to the requests they identify.
 */
export class SessionCache {
  private readonly entries = new Map<string, Remembered>();

  private constructor(
    private readonly changeCount: () => number,
    private readonly trusted: () => boolean = () => true,
  ) {}

  /** The cache for `db`, or null where nothing may be remembered (PostgreSQL without a listening app, the CLI). */
  static for(db: Db): SessionCache | null {
    const client = clientOf(db);
    if (client instanceof PgliteWorker) {
      let cache = pgliteCaches.get(client);
      if (!cache) {
        cache = new SessionCache(() => client.authWriteCount());
        pgliteCaches.set(client, cache);
      }
      return cache;
    }
    if (client instanceof pg.Pool) return postgresCaches.get(client)?.cache ?? null;
    return null;
  }

  /**
   * On PostgreSQL, starts remembering lookups for `db` once this process listens on AUTH_CHANNEL; the
   * returned function stops it (app close). Nothing to do on PGlite, whose cache needs no notices.
   */
  static async listen(db: Db, listen: Listen): Promise<() => Promise<void>> {
    const pool = clientOf(db);
    if (!(pool instanceof pg.Pool)) return async () => {};
    const ownWrites = authWriteCounter(pool);
    if (!ownWrites) return async () => {};
    const shared = postgresCaches.get(pool);
    if (shared) {
      shared.users += 1;
      return () => shared.release();
    }
    let notices = 0;
    let listening = false;
    const stop = await listen(
      AUTH_CHANNEL,
      () => void (notices += 1),
      (up) => {
        // Notices sent while the connection was down are lost: whatever was remembered is forgotten.
        notices += 1;
        listening = up;
      },
    );
    listening = true;
    const entry = {
      cache: new SessionCache(() => ownWrites() + notices, () => listening),
      users: 1,
      release: async () => {
        entry.users -= 1;
        if (entry.users > 0) return;
        postgresCaches.delete(pool);
        listening = false;
        await stop();
      },
    };
    postgresCaches.set(pool, entry);
    return () => entry.release();
  }

  /** Runs before the lookup is sent: the count it returns goes with what the lookup finds. */
  changesNow(): number {
    return this.changeCount();
  }

  get(tokenHash: string, now: Date): UserRow | undefined {
    if (!this.trusted()) return undefined;
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (hit.changes !== this.changeCount() || hit.expiresAt <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // A copy: no caller can change what the next request gets.
    return { ...hit.user };
  }

  remember(tokenHash: string, user: UserRow, expiresAt: Date, changes: number): void {
    if (!this.trusted() || changes !== this.changeCount()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { user: { ...user }, expiresAt: expiresAt.getTime(), changes });
  }
}

function clientOf(db: Db): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

const pgliteCaches = new WeakMap<PgliteWorker, SessionCache>();
const postgresCaches = new WeakMap<pg.Pool, { cache: SessionCache; users: number; release: () => Promise<void> }>();
