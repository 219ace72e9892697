// Opens the game's database: embedded PGlite in a data directory by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { migrationsFolder } from '../repo-files';
import { installStoredReads } from './stored-reads';
import { PgliteWorker } from './pglite-worker';
import { watchDatabase } from '../metrics/db-watch';
import { nameStatementsOf, statementNames } from './named-statements';

// Opened without the schema: the game writes its queries with the query builders and SQL, never Drizzle's relational
// queries (`db.query.*`), whose helpers Drizzle would build again for every transaction (one per table).
export type Db = PgDatabase<PgQueryResultHKT>;

export interface OpenOptions {
  /** Sees every SQL statement; tests count queries with it. */
  logger?: Logger;
  /** PGlite only: a dump of a data directory (`dumpOfMigratedPglite`) to start from instead of an empty one. */
  startFrom?: Uint8Array;
}

/**
 * Calls `onMessage` with the payload of each NOTIFY on `channel` until the returned function stops it.
 * `onState` hears when the listening connection is lost (false: notices may be missed) and listens again (true).
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  listen: Listen;
  close(): Promise<void>;
}

/**
 * Opens PGlite in `dataDir`, or in memory when dataDir is empty (tests), on its own worker thread
 * (pglite-worker.ts), and applies migrations.
 */
export async function openPglite(dataDir: string, options: OpenOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PgliteWorker.open(dataDir, options.startFrom);
  const db = drizzleOnThread(client, options.logger);
  watchDatabase(db, () => client.use());
  await migratePglite(db, { migrationsFolder });
  await installStoredReads((statement) => client.exec(statement));
  return {
    db,
    kind: 'pglite',
    // One connection does all the work; PGlite hands its notifications over once the transaction commits.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: () => client.close(),
  };
}

/**
 * Drizzle over the database thread. Cast: Drizzle's PGlite driver is typed for a PGlite instance only, and the worker
 * is none; it answers the calls the driver makes of one (query, transaction) the same way, which
 * tests/api/pglite-thread.test.ts holds it to.
 */
function drizzleOnThread(client: PgliteWorker, logger?: Logger) {
  return drizzlePglite(client as unknown as PGlite, { logger });
}

/**
 * A dump of a freshly migrated database in memory, to open others from (`startFrom`) at a fifth of the cost: the API
 * tests open one for every file and many a test.
 */
export async function dumpOfMigratedPglite(): Promise<Uint8Array> {
  const client = await PgliteWorker.open('');
  try {
    await migratePglite(drizzleOnThread(client), { migrationsFolder });
    return await client.dump();
  } finally {
    await client.close();
  }
}

/** Any fixed number, shared by every process of this game, names the migration lock. */
const MIGRATION_LOCK = 7_461_001;

/** Opens a PostgreSQL pool and applies migrations; several server processes may share the database. */
export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Database> {
  // Pipeline mode (pg's own option): a statement goes out without waiting for the answer to the one before, so
  // statements a service sends together (Promise.all) share one round trip.
  // A connection attempt that hangs (a failover to an address nobody answers yet) fails after 10 s rather than holding
  // the request forever, and TCP keep-alives notice a server that went away without closing its connections.
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true, connectionTimeoutMillis: 10_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  // An idle connection that the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 50, msg: 'idle PostgreSQL connection lost', err: error.message })));
  const names = statementNames();
  pool.on('connect', (client) => {
    // Statements with parameters go named: parsed and planned once per connection (named-statements.ts).
    nameStatementsOf(client, names);
    // Nor may a connection lost while a request holds it: pg emits 'error' on the client besides failing its
    // statements, and the pool listens only while the client is idle. The request fails; the pool drops the client on release.
    client.on('error', (error) => console.error(JSON.stringify({ level: 50, msg: 'PostgreSQL connection lost in use', err: error.message })));
  });
  const db = drizzlePg(pool, { logger: options.logger });
  watchDatabase(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  // Several processes may start at once: an advisory lock lets one migrate (and install the stored reads) while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
    await installStoredReads((statement) => lockClient.query(statement));
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  return { db, kind: 'postgres', listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState), close: () => pool.end() };
}

/**
 * LISTEN needs a connection of its own that stays open; when it drops, a new one listens again a second
 * later, and `onState` hears of both (notices sent in between are lost).
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Unexpected channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let everListened = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const retryLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(retryLater), 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      console.error(JSON.stringify({ level: 40, msg: 'PostgreSQL LISTEN connection lost; listening again once the database answers', channel }));
      onState?.(false);
      retryLater();
    };
    // Before it listens, a failure rejects connect() instead, and whoever called it tries again.
    next.on('error', () => {
      void next.end().catch(() => {});
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      // Connected but refused the LISTEN (a server still starting): this client is dropped, the next attempt makes another.
      void next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (everListened) {
      console.error(JSON.stringify({ level: 30, msg: 'PostgreSQL LISTEN connection back', channel }));
      onState?.(true);
    }
    everListened = true;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
