// Session lookups remembered between requests, so a signed-in request usually costs no statement to identify its player; forgotten by the database's own notice of any changed account or session.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Listen } from '../db/open';
import type { SessionHolder } from './sessions';

/** The channel on which the database announces changed sessions and accounts (migration 0010_auth_notify). */
export const AUTH_CHANNEL = 'vikings_auth';

/** Payloads of the notices this process sends itself to learn that it has heard everything committed before (see heard()). */
const MARKER = 'heard:';
/** How long to wait for our own marker before giving up on what is remembered instead. */
const MARKER_PATIENCE_MS = 2_000;

interface Remembered {
  holder: SessionHolder;
  expiresAt: number;
  /** The notice count when the lookup was sent. */
  notices: number;
}

/** Enough for every player of a busy world; beyond it the cache starts over rather than grow. */
const MAX_ENTRIES = 100_000;

/**
 * What a session lookup found, valid while no notice of a changed account has arrived since the lookup was sent
 * and the session has not expired. There is one mechanism: triggers on `users` and `sessions` (migration
 * 0010_auth_notify) send a notice on AUTH_CHANNEL at the commit of any change that can end a session or change
 * what its player may do, whoever made it (this process, another server process, the CLI, psql), and every
 * notice forgets everything: changes to accounts are rare next to the requests they identify.
 * - PGlite hands a transaction's notices over before the statement's answer, so this process's own changes count at once.
 * - On PostgreSQL a notice reaches the listening connection a millisecond or so after the commit. A service that
 *   ends sessions awaits heard() before it answers, so its player never gets a reply before this process knows;
 *   another process's change counts when its notice arrives.
 * While the listening connection is down, notices may be lost, so nothing is remembered or trusted until it listens again.
 */
export class SessionCache {
  private readonly entries = new Map<string, Remembered>();
  private notices = 0;
  private listening = true;
  private readonly markers = new Map<string, () => void>();

  private noticed(payload: string): void {
    // A marker changes no account: it only tells its sender that the notices before it have all arrived.
    if (payload.startsWith(MARKER)) this.markers.get(payload)?.();
    else this.notices += 1;
  }

  private listeningChanged(up: boolean): void {
    // Notices sent while the connection was down are lost: whatever was remembered is forgotten.
    this.notices += 1;
    this.listening = up;
  }

  /** The cache for `db`, or null where nothing may be remembered (an app that does not listen, the CLI). */
  static for(db: Db): SessionCache | null {
    return caches.get(db)?.cache ?? null;
  }

  /** Starts remembering lookups for `db` once this process listens on AUTH_CHANNEL; the returned function stops it (app close). */
  static async listen(db: Db, listen: Listen): Promise<() => Promise<void>> {
    const shared = caches.get(db);
    if (shared) {
      shared.users += 1;
      return () => shared.release();
    }
    const cache = new SessionCache();
    const stop = await listen(
      AUTH_CHANNEL,
      (payload) => cache.noticed(payload),
      (up) => cache.listeningChanged(up),
    );
    const entry = {
      cache,
      users: 1,
      release: async () => {
        entry.users -= 1;
        if (entry.users > 0) return;
        caches.delete(db);
        cache.listening = false;
        await stop();
      },
    };
    caches.set(db, entry);
    return () => entry.release();
  }

  /** Runs before the lookup is sent: the count it returns goes with what the lookup finds. */
  changesNow(): number {
    return this.notices;
  }

  get(tokenHash: string, now: Date): SessionHolder | undefined {
    if (!this.listening) return undefined;
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (hit.notices !== this.notices || hit.expiresAt <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // A copy: no caller can change what the next request gets.
    return copyOf(hit.holder);
  }

  remember(tokenHash: string, holder: SessionHolder, expiresAt: Date, notices: number): void {
    if (!this.listening || notices !== this.notices) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { holder: copyOf(holder), expiresAt: expiresAt.getTime(), notices });
  }

  /**
   * Resolves once this process has heard every notice committed before the call: it notifies the channel itself and
   * waits for that notice, which the database delivers after all earlier commits'. Should it not come, nothing
   * remembered is trusted any longer.
   */
  async heard(db: Db): Promise<void> {
    const marker = `${MARKER}${randomUUID()}`;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.notices += 1;
        done();
      }, MARKER_PATIENCE_MS);
      const done = () => {
        clearTimeout(timer);
        this.markers.delete(marker);
        resolve();
      };
      this.markers.set(marker, done);
      db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${marker})`).catch(() => {
        this.notices += 1;
        done();
      });
    });
  }
}

/** A copy of what a lookup found, so no holder of one can change what another request gets. */
function copyOf({ user, sitter }: SessionHolder): SessionHolder {
  return { user: { ...user }, sitter: sitter ? { ...sitter } : null };
}

/**
 * For services that change accounts or end sessions: returns once this process has heard of the change (see
 * SessionCache.heard), so the reply never goes out while a remembered lookup could still let the old session in.
 */
export async function accountChangesHeard(db: Db): Promise<void> {
  await SessionCache.for(db)?.heard(db);
}

/**
 * Runs an account change and returns its result once this process has heard of it. Give it the whole transaction
 * (or a lone statement) on the database itself: inside a transaction nothing is heard before the commit.
 */
export async function changingAccounts<T>(db: Db, change: Promise<T>): Promise<T> {
  const result = await change;
  await accountChangesHeard(db);
  return result;
}

/**
 * One cache per database a process opened (open.ts builds one Drizzle database per pool or PGlite thread), shared by the
 * apps built on it. A transaction is another object and finds none: inside one, nothing is heard before the commit.
 */
const caches = new WeakMap<Db, { cache: SessionCache; users: number; release: () => Promise<void> }>();
