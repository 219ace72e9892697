// The PostgreSQL pool in pg's pipeline mode (db/open.ts): transactions stay whole, roll back whole, and survive a lost connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/server/db/open';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';

const url = process.env.DATABASE_URL;

describe.runIf(url)('transactions on the pipelined PostgreSQL pool', () => {
  let fresh: FreshPostgres;
  let database: Database;
  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    database = await openPostgres(fresh.url);
    await database.db.execute(sql`create table tally (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into tally values (1, 0)`);
  });
  afterAll(async () => {
    await database.close();
    await fresh.drop();
  });

  const tally = async () => Number(((await database.db.execute(sql`select n from tally where id = 1`)) as unknown as { rows: { n: number }[] }).rows[0].n);

  it('count every one of many parallel read-then-write transactions once, under the row lock', async () => {
    const before = await tally();
    await Promise.all(
      Array.from({ length: 60 }, () =>
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select n from tally where id = 1 for update`)) as unknown as { rows: { n: number }[] };
          await tx.execute(sql`update tally set n = ${Number(rows[0].n) + 1} where id = 1`);
        }),
      ),
    );
    expect(await tally()).toBe(before + 60);
  });

  it('roll back everything a transaction wrote when it throws, and when one of its statements fails', async () => {
    const before = await tally();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update tally set n = n + 100 where id = 1`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update tally set n = n + 100 where id = 1`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow(/select 1 \/ 0/);
    expect(await tally()).toBe(before);
  });

  it('fail a transaction whose connection is cut, write nothing of it, and go on with a new connection', async () => {
    const before = await tally();
    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update tally set n = n + 1000 where id = 1`);
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
          await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
          await tx.execute(sql`update tally set n = n + 1000 where id = 1`);
        }),
      ).rejects.toThrow();
    } finally {
      await admin.end();
    }
    expect(await tally()).toBe(before);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update tally set n = n + 1 where id = 1`);
    });
    expect(await tally()).toBe(before + 1);
  });
});
