// Lets a transaction's first statement follow BEGIN onto the wire without waiting for BEGIN's answer: one round trip to PostgreSQL less for every transaction (the pool runs in pg's pipeline mode).
import type pg from 'pg';
import { wrapQueries } from './client-queries';

const BEGIN = /^\s*begin\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
/** The end of the whole transaction, not a rollback to a savepoint. */
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;

/** What pg answers to BEGIN, handed to Drizzle at once (it only waits for it). */
const BEGUN = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] };

/**
 * Answers BEGIN on every connection of `pool` at once, while it is sent. The pool's clients pipeline
 * (`pipeline: true`), so the statements after it are sent straight away and PostgreSQL runs them in
 * order, inside the transaction. A BEGIN that failed all the same (a dead connection, which fails every
 * statement after it too) fails that transaction's COMMIT, so no caller sees a transaction succeed that
 * did not run as one.
 */
export function pipelineBegin(pool: pg.Pool): void {
  // Per connection: the answer BEGIN has not yet been waited for.
  const begun = new WeakMap<pg.PoolClient, Promise<unknown>>();
  wrapQueries(pool, (client, send, args, text) => {
    const hasCallback = args.some((a) => typeof a === 'function');
    if (!hasCallback && BEGIN.test(text)) {
      const answer = send(...args) as Promise<unknown>;
      // Its failure is reported by COMMIT (below); nothing else waits for it.
      answer.catch(() => {});
      begun.set(client, answer);
      return Promise.resolve(BEGUN);
    }
    const pending = begun.get(client);
    if (pending && !hasCallback && COMMIT.test(text)) {
      begun.delete(client);
      return pending.then(() => send(...args));
    }
    if (pending && ROLLBACK.test(text)) begun.delete(client);
    return send(...args);
  });
}
