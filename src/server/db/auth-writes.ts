// Counts this process's writes to users and sessions as they go to the database and come back, so a remembered session lookup (accounts/session-cache.ts) is never older than this process's own last write.
import type pg from 'pg';
import { wrapQueries } from './client-queries';

/** A statement that changes the users or sessions tables (Drizzle writes `update "users"`, `delete from "sessions"`, ...). */
export const AUTH_WRITE = /\b(?:update|delete\s+from|insert\s+into)\s+"?(?:users|sessions)"?[\s(]/i;

const TRANSACTION_END = /^\s*(?:commit|rollback|end)\b/i;

/**
 * Makes every connection of `pool` count its writes to users and sessions: once when one is sent, once
 * when it is answered, and once more when the transaction that made it commits or rolls back (only then
 * do other connections see it). A session lookup that answers while this count stays as it was when the
 * lookup was sent cannot have missed a write of this process. authWriteCounter(pool) reads the count.
 */
export function countAuthWrites(pool: pg.Pool): void {
  let writes = 0;
  counters.set(pool, () => writes);
  const bump = () => {
    writes += 1;
  };
  // Per connection: whether its open transaction wrote, so that its end counts too.
  const transactionWrote = new WeakSet<pg.PoolClient>();
  wrapQueries(pool, (client, send, args, text) => {
    const wrote = AUTH_WRITE.test(text);
    const ends = transactionWrote.has(client) && TRANSACTION_END.test(text);
    if (wrote) {
      bump();
      transactionWrote.add(client);
    }
    if (!wrote && !ends) return send(...args);
    if (ends) transactionWrote.delete(client);
    // pg-pool's own query passes a callback; Drizzle's transactions take the promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...reply: unknown[]) => void;
      args[last] = (...reply: unknown[]) => {
        bump();
        callback(...reply);
      };
      return send(...args);
    }
    const result = send(...args);
    if (result instanceof Promise) void result.then(bump, bump);
    else bump();
    return result;
  });
}

/** The count of countAuthWrites for `pool`, or null when its writes are not counted. */
export function authWriteCounter(pool: pg.Pool): (() => number) | null {
  return counters.get(pool) ?? null;
}

const counters = new WeakMap<pg.Pool, () => number>();
