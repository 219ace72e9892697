// Lets a transaction's first statement follow BEGIN onto the wire without waiting for BEGIN's answer: one round trip to PostgreSQL less for every transaction (the pool runs in pg's pipeline mode).
import type pg from 'pg';

const BEGIN = /^\s*begin\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;

type Query = pg.PoolClient['query'];

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
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let begun: Promise<unknown> | null = null;
    client.query = ((...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const hasCallback = args.some((a) => typeof a === 'function');
      if (!hasCallback && BEGIN.test(text)) {
        begun = query(...args) as Promise<unknown>;
        // Its failure is reported by COMMIT (below); nothing else waits for it.
        begun.catch(() => {});
        return Promise.resolve(BEGUN);
      }
      if (begun && !hasCallback && COMMIT.test(text)) {
        const pending = begun;
        begun = null;
        return pending.then(() => query(...args));
      }
      if (begun && /^\s*rollback\b/i.test(text) && !/^\s*rollback\s+to\b/i.test(text)) begun = null;
      return query(...args);
    }) as Query;
  });
}
