// Session lookups remembered between requests while PGlite runs on its thread in this process alone: a signed-in request then costs no statement to identify its player.
import type { Db } from '../db/open';
import { PgliteWorker } from '../db/pglite-worker';
import type { UserRow } from '../db/schema';

interface Remembered {
  user: UserRow;
  expiresAt: number;
  /** The database's count of writes to users and sessions when the lookup was made. */
  writes: number;
}

/** Enough for every player of a busy world; beyond it the cache starts over rather than grow. */
const MAX_ENTRIES = 100_000;

/**
 * What a session lookup found, valid while no statement has written users or sessions since and the
 * session has not expired. Only for PGlite on its worker thread: there this process is the database's
 * only client and sees every write (db/pglite-worker.ts counts them). With PostgreSQL another server
 * process may end a session at any moment, so nothing is remembered there.
 */
export class SessionCache {
  private readonly entries = new Map<string, Remembered>();

  private constructor(private readonly writeCount: () => number) {}

  /** A cache for `db`, or null when its database may be written by others. */
  static for(db: Db): SessionCache | null {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof PgliteWorker)) return null;
    let cache = caches.get(client);
    if (!cache) {
      cache = new SessionCache(() => client.authWriteCount());
      caches.set(client, cache);
    }
    return cache;
  }

  /** Runs before the lookup: the count it returns goes with what the lookup finds. */
  writesNow(): number {
    return this.writeCount();
  }

  get(tokenHash: string, now: Date): UserRow | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (hit.writes !== this.writeCount() || hit.expiresAt <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // A copy: no caller can change what the next request gets.
    return { ...hit.user };
  }

  remember(tokenHash: string, user: UserRow, expiresAt: Date, writes: number): void {
    if (writes !== this.writeCount()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { user: { ...user }, expiresAt: expiresAt.getTime(), writes });
  }
}

const caches = new WeakMap<PgliteWorker, SessionCache>();
