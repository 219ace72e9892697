// What /metrics reports of a database: its connections in use, and how its transactions ended, kept beside the Db they describe.
import type { Db } from '../db/open';
import { GameError } from '../errors';

/** The connections of a database right now: all of them, those idle, and the statements or requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** How transactions ended since the database was opened. */
export interface TransactionTally {
  committed: number;
  /** Undone by a player's refusal (a GameError: not enough timber, not your village, ...): the rules at work, not a fault. */
  refused: number;
  /** Undone by anything else, by the database's SQLSTATE (`none` when the error carried none). */
  failed: Map<string, number>;
}

export interface DatabaseWatch {
  poolUse(): PoolUse;
  readonly transactions: TransactionTally;
}

const watches = new WeakMap<Db, DatabaseWatch>();

/** The SQLSTATE of a database error (PostgreSQL's and PGlite's alike), or `none`. */
function sqlState(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'none';
}

/**
 * Counts how every transaction of `db` ends and remembers where its pool's use is read; called once where the database is
 * opened (db/open.ts). The game never retries a transaction: its lock order rules out deadlocks, and `skip locked` lets the
 * sweeper pass what another holds, so a `40P01` (deadlock) or `40001` (serialisation failure) here is a bug to look at.
 */
export function watchDatabase(db: Db, poolUse: () => PoolUse): void {
  const transactions: TransactionTally = { committed: 0, refused: 0, failed: new Map() };
  const run = db.transaction.bind(db);
  // Replaced on this instance only; nested transactions (savepoints) run on the outer one and count with it.
  db.transaction = async (work, config) => {
    try {
      const result = await run(work, config);
      transactions.committed += 1;
      return result;
    } catch (error) {
      if (error instanceof GameError) transactions.refused += 1;
      else {
        const state = sqlState(error);
        transactions.failed.set(state, (transactions.failed.get(state) ?? 0) + 1);
      }
      throw error;
    }
  };
  watches.set(db, { poolUse, transactions });
}

/** The watch of a database opened by db/open.ts; null for one opened otherwise. */
export function databaseWatch(db: Db): DatabaseWatch | null {
  return watches.get(db) ?? null;
}
