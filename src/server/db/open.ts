// Opens the game's database: embedded PGlite in a data directory by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from '../repo-files';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenOptions {
  /** Sees every SQL statement; tests count queries with it. */
  logger?: Logger;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens PGlite in `dataDir`, or in memory when dataDir is empty (tests), and applies migrations. */
export async function openPglite(dataDir: string, options: OpenOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: options.logger });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Any fixed number, shared by every process of this game, names the migration lock. */
const MIGRATION_LOCK = 7_461_001;

/** Opens a PostgreSQL pool and applies migrations; several server processes may share the database. */
export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 50, msg: 'idle PostgreSQL connection lost', err: error.message })));
  const db = drizzlePg(pool, { schema, logger: options.logger });
  // Several processes may start at once: an advisory lock lets one migrate while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
