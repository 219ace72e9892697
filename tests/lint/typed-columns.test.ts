// Typed columns: every enum text column of the schema has the CHECK that holds the database to the same tuple, and the
// migrations make PostgreSQL refuse a row the code could not read (while rows the code wrote before pass).
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../src/server/db/schema';

const migrations = resolve(import.meta.dirname, '../../src/server/db/migrations');
const TYPED_COLUMNS_MIGRATION = '0011_typed_columns';

const tables = Object.values(schema).filter((value) => is(value, PgTable));
const dialect = new PgDialect();

describe('the schema', () => {
  it('checks every enum text column against its own tuple, by name', () => {
    const problems: string[] = [];
    let typed = 0;
    for (const table of tables) {
      const config = getTableConfig(table);
      const checks = new Map(config.checks.map((c) => [c.name, dialect.sqlToQuery(c.value).sql]));
      for (const column of config.columns) {
        if (!column.enumValues) continue;
        typed += 1;
        const name = `${config.name}_${column.name}_check`;
        const expected = `"${config.name}"."${column.name}" in (${column.enumValues.map((v) => `'${v}'`).join(', ')})`;
        if (checks.get(name) !== expected) problems.push(`${name}: ${checks.get(name) ?? 'missing'}; expected ${expected}`);
      }
    }
    expect(problems).toEqual([]);
    expect(typed).toBeGreaterThanOrEqual(18);
  });
});

/** The migrations in journal order, as SQL text. */
function migrationTexts(): { tag: string; sql: string }[] {
  const journal: { entries: { tag: string }[] } = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8'));
  return journal.entries.map(({ tag }) => ({ tag, sql: readFileSync(join(migrations, `${tag}.sql`), 'utf8').replaceAll('--> statement-breakpoint', '') }));
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function failure(db: PGlite, statement: string): Promise<string | null> {
  try {
    await db.exec(statement);
    return null;
  } catch (error) {
    return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : String(error);
  }
}

const CHECK_VIOLATION = '23514';

describe('the typed columns migration', () => {
  let db: PGlite;
  let village = '';

  beforeAll(async () => {
    db = new PGlite();
    const all = migrationTexts();
    const at = all.findIndex((m) => m.tag === TYPED_COLUMNS_MIGRATION);
    expect(at).toBeGreaterThan(0);
    for (const m of all.slice(0, at)) await db.exec(m.sql);
    // Rows as earlier code and hands may have left them: roles in the spellings parseRole has always read.
    await db.exec(`insert into users (username, email, role, created_at) values
      ('a', 'a@x', 'USER', now()), ('b', 'b@x', 'GAME_MASTER', now()), ('c', 'c@x', ' Admin ', now()), ('d', 'd@x', 'emperor', now()), ('e', 'e@x', 'moderator', now())`);
    for (const m of all.slice(at)) await db.exec(m.sql);
    const world = await db.query<{ id: string }>(`insert into worlds (name, seed) values ('W', 1) returning id`);
    const owner = await db.query<{ id: string }>(`select id from users where username = 'e'`);
    const made = await db.query<{ id: string }>(
      `insert into villages (world_id, owner_id, name, x, y, timber, stone, iron, mead, resources_at) values ($1, $2, 'V', 0, 0, 1, 1, 1, 1, now()) returning id`,
      [world.rows[0].id, owner.rows[0].id],
    );
    village = made.rows[0].id;
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  it('writes existing roles as the code read them', async () => {
    const roles = await db.query<{ username: string; role: string }>('select username, role from users order by username');
    expect(roles.rows.map((r) => [r.username, r.role])).toEqual([
      ['a', 'user'],
      ['b', 'gamemaster'],
      ['c', 'admin'],
      ['d', 'user'],
      ['e', 'moderator'],
    ]);
  });

  it('refuses a text value outside its tuple and takes one inside', async () => {
    expect(await failure(db, `insert into buildings (village_id, slot, type, updated_at) values ('${village}', 20, 'castle', now())`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, `insert into buildings (village_id, slot, type, updated_at) values ('${village}', 20, 'barracks', now())`)).toBeNull();
    expect(await failure(db, `insert into units (village_id, type, count) values ('${village}', 'dragon', 1)`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, `update worlds set status = 'closed'`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, `update users set role = 'ADMIN'`)).toBe(CHECK_VIOLATION);
  });

  it('refuses unit counts and loot with keys the code does not know, or that are no object', async () => {
    const owner = `(select owner_id from villages where id = '${village}')`;
    const station = (units: string) => `insert into stationed_troops (village_id, owner_id, home_village_id, units, arrived_at) values ('${village}', ${owner}, '${village}', '${units}', now())`;
    expect(await failure(db, station('{"bondi": 3, "jarl": 1}'))).toBeNull();
    expect(await failure(db, station('{}'))).toBeNull();
    expect(await failure(db, station('{"bondi": 3, "dragon": 1}'))).toBe(CHECK_VIOLATION);
    expect(await failure(db, station('[1]'))).toBe(CHECK_VIOLATION);
    expect(await failure(db, station('5'))).toBe(CHECK_VIOLATION);
    const world = `(select world_id from villages where id = '${village}')`;
    const move = (loot: string) =>
      `insert into movements (world_id, type, owner_id, from_village_id, to_village_id, units, loot, departed_at, arrives_at) values (${world}, 'return', ${owner}, '${village}', '${village}', '{"bondi": 1}', ${loot}, now(), now())`;
    expect(await failure(db, move('null'))).toBeNull();
    expect(await failure(db, move(`'{"timber": 5, "mead": 0}'`))).toBeNull();
    expect(await failure(db, move(`'{"gold": 5}'`))).toBe(CHECK_VIOLATION);
    const starved = (units: string) => `update villages set starved_at = now(), starved_units = ${units} where id = '${village}'`;
    expect(await failure(db, starved(`'{"bondi": 12}'`))).toBeNull();
    expect(await failure(db, starved('null'))).toBeNull();
    expect(await failure(db, starved(`'{"dragon": 1}'`))).toBe(CHECK_VIOLATION);
  });
});
