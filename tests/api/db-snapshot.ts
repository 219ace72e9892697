// A fingerprint of everything the game stores (row counts and a content hash per table), to prove that a refused request changed nothing.
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/open';

/**
 * What may change without a request having done anything, each for a stated reason:
 * - rate_limits: every sign-in try counts against the limits, a refused one too (that is the point of them);
 * - player_days and users.last_seen_at: the activity log notes that a signed-in player was seen, whatever they asked,
 *   and writes it on a timer of its own;
 * - oauth_states: a Discord sign-in that starts holds a state; expired ones are purged by a timer, not a request.
 */
const SKIPPED_TABLES = new Set(['rate_limits', 'player_days', 'oauth_states']);
const SKIPPED_COLUMNS: Record<string, string[]> = { users: ['lastSeenAt'] };

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

export interface Snapshot {
  /** Table name to `rows:hash`. */
  tables: Record<string, string>;
}

const jsonSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

const fingerprint = (lines: string[]) => `${lines.length}:${createHash('sha256').update(lines.sort().join('\n')).digest('hex').slice(0, 16)}`;

export interface SnapshotOptions {
  /**
   * Every table of the database and every column, none left out: what a restored backup must give back. Tables outside
   * the game's schema (drizzle's record of applied migrations) are read as JSON rows and named `schema.table`.
   */
  complete?: boolean;
}

export async function snapshot(db: Db, options: SnapshotOptions = {}): Promise<Snapshot> {
  if (!options.complete) return hashedInTheDatabase(db);
  const out: Record<string, string> = {};
  for (const table of tables) {
    const name = getTableName(table);
    const rows = (await db.select().from(table)) as Record<string, unknown>[];
    out[name] = fingerprint(rows.map((row) => JSON.stringify(row, jsonSafe)));
  }
  const known = new Set(tables.map((table) => `${getTableConfig(table).schema ?? 'public'}.${getTableName(table)}`));
  const stored = await db
    .select({ schema: sql<string>`schemaname`, name: sql<string>`tablename` })
    .from(sql`pg_tables`)
    .where(sql`schemaname not in ('pg_catalog', 'information_schema')`);
  for (const { schema, name } of stored) {
    if (known.has(`${schema}.${name}`)) continue;
    const rows = await db.select({ row: sql<string>`to_jsonb(t)::text` }).from(sql`${sql.identifier(schema)}.${sql.identifier(name)} t`);
    out[`${schema}.${name}`] = fingerprint(rows.map((r) => r.row));
  }
  return { tables: out };
}

/** The tables whose fingerprint differs, as `name before -> after`. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after.tables)
    .filter((name) => before.tables[name] !== after.tables[name])
    .map((name) => `${name} ${before.tables[name]} -> ${after.tables[name]}`);
}

/**
 * The everyday fingerprint (is anything changed?), hashed where the rows are: one statement, a count and a sum of row
 * hashes per table (the order of rows does not matter). Reading every row into the test and hashing it there cost about
 * 170 ms a snapshot, two thirds of bad-input.test.ts's time. Row texts are the database's own, compared within one
 * database; a table with a skipped column hashes its row as JSON without it.
 */
async function hashedInTheDatabase(db: Db): Promise<Snapshot> {
  const parts = tables
    .filter((table) => !SKIPPED_TABLES.has(getTableName(table)))
    .map((table) => {
      const { name, schema: inSchema } = getTableConfig(table);
      const columns = getTableColumns(table);
      const skipped = SKIPPED_COLUMNS[name] ?? [];
      const row = skipped.length === 0 ? sql`t::text` : sql`(${skipped.reduce((json, key) => sql`${json} - ${columns[key].name}::text`, sql`to_jsonb(t)`)})::text`;
      const from = inSchema ? sql`${sql.identifier(inSchema)}.${sql.identifier(name)}` : sql.identifier(name);
      return sql`select ${name}::text as name, count(*)::int as rows, coalesce(sum(hashtextextended(${row}, 0)), 0)::text as hash from ${from} t`;
    });
  // Both drivers answer `{ rows }`; Drizzle types a raw statement's result as the driver's own shape.
  const { rows } = (await db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: { name: string; rows: number; hash: string }[] };
  return { tables: Object.fromEntries(rows.map((r) => [r.name, `${r.rows}:${r.hash}`])) };
}
