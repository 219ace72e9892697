// A fingerprint of everything the game stores (row counts and a content hash per table), to prove that a refused request changed nothing.
import { createHash } from 'node:crypto';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
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

export async function snapshot(db: Db): Promise<Snapshot> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const name = getTableName(table);
    if (SKIPPED_TABLES.has(name)) continue;
    const skipped = SKIPPED_COLUMNS[name] ?? [];
    const rows = (await db.select().from(table)) as Record<string, unknown>[];
    const lines = rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([k]) => !skipped.includes(k))), jsonSafe)).sort();
    out[name] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return { tables: out };
}

/** The tables whose fingerprint differs, as `name before -> after`. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after.tables)
    .filter((name) => before.tables[name] !== after.tables[name])
    .map((name) => `${name} ${before.tables[name]} -> ${after.tables[name]}`);
}
