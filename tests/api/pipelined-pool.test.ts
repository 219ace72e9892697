// The PostgreSQL pool in pg's pipeline mode (db/open.ts): transactions stay whole, roll back whole, survive a lost connection, and send statements by name.
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

  type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
  const backendPid = async (tx: Tx) => ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0].pid;

  it('prepare a statement with parameters once per connection, under a name, and send it by that name after', async () => {
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 3; n++) await tx.execute(sql`select n + ${n}::int as m from tally where id = ${1}`);
      const { rows } = (await tx.execute(sql`select name, statement from pg_prepared_statements`)) as unknown as { rows: { name: string; statement: string }[] };
      const prepared = rows.filter((row) => row.statement.startsWith('select n + $1::int as m from tally'));
      expect(prepared).toHaveLength(1);
      expect(prepared[0].name).toMatch(/^vikings_\d+$/);
    });
  });

  it('prepare a statement again on a connection where its first parse was refused (an aborted transaction), and run it', async () => {
    const doubled = (k: number) => sql`select n * ${k}::int as doubled from tally where id = 1`;
    let abortedOn = 0;
    const refused: unknown = await database.db
      .transaction(async (tx) => {
        abortedOn = await backendPid(tx);
        await tx.execute(sql`select 1 / ${0}::int`).catch(() => undefined);
        // The first time this text is sent anywhere, and the transaction is aborted: PostgreSQL refuses its parse.
        await tx.execute(doubled(2));
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(refused instanceof Error ? refused.cause : refused)).toMatch(/current transaction is aborted/);
    const n = await tally();
    // pg's pool hands out the connection given back last (last in, first out): the same backend, with nothing else running.
    const ranOn = await database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(doubled(2))) as unknown as { rows: { doubled: number }[] };
      expect(Number(rows[0].doubled)).toBe(2 * n);
      return backendPid(tx);
    });
    expect(ranOn).toBe(abortedOn);
  });
});
