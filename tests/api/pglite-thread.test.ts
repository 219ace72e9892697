// PGlite on its worker thread: one transaction or statement at a time, errors with their codes, notifications after commit, players before the sweeper, a statement's notices handed over before its answer, the same parsing in memory as on disk, statements with parameters prepared once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, type Database } from '../../src/server/db/open';
import { PgliteWorker } from '../../src/server/db/pglite-worker';
import { inBackground } from '../../src/server/db/background';

let database: Database;
let worker: PgliteWorker;
beforeAll(async () => {
  database = await openPglite('');
  worker = (database.db as unknown as { $client: PgliteWorker }).$client;
  await database.db.execute(sql`create table counter (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into counter values (1, 0)`);
});
afterAll(async () => {
  await database.close();
});

type Rows<T> = { rows: T[] };
const count = async () => ((await database.db.execute(sql`select n from counter where id = 1`)) as unknown as Rows<{ n: number }>).rows[0].n;

describe('PGlite on its worker thread', () => {
  it('is the thread the server uses', () => {
    expect(worker).toBeInstanceOf(PgliteWorker);
  });

  it('leaves JSON and timestamps as text in memory as on disk (its parsers apply to both)', async () => {
    // PGlite ignores its options when its first argument is undefined: an in-memory database once parsed these itself.
    const raw = sql`select '{"a": 1}'::jsonb as j, timestamptz '2026-01-05T05:47:09Z' as at`;
    const inMemory = ((await database.db.execute(raw)) as unknown as Rows<{ j: unknown; at: unknown }>).rows[0];
    const dir = mkdtempSync(join(tmpdir(), 'vikings-thread-'));
    const onDisk = await openPglite(dir);
    try {
      const stored = ((await onDisk.db.execute(raw)) as unknown as Rows<{ j: unknown; at: unknown }>).rows[0];
      expect(inMemory).toEqual({ j: '{"a": 1}', at: '2026-01-05 05:47:09+00' });
      expect(stored).toEqual(inMemory);
    } finally {
      await onDisk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs parallel transactions whole, one at a time, rolls back those that throw, and answers lone statements in between', async () => {
    const before = await count();
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await database.db
          .transaction(async (tx) => {
            const [row] = ((await tx.execute(sql`select n from counter where id = 1`)) as unknown as Rows<{ n: number }>).rows;
            // Another request's work runs here on the main thread; no other statement may reach the connection.
            await new Promise((resolve) => setTimeout(resolve, 1));
            await tx.execute(sql`update counter set n = ${row.n + 1} where id = 1`);
            if (i % 5 === 0) throw new Error('rolled back');
          })
          .catch((error: Error) => expect(error.message).toBe('rolled back'));
        seen.push(await count());
      }),
    );
    expect(await count()).toBe(before + 32);
    expect(seen).toHaveLength(40);
  });

  it('keeps a database error with its code, and the connection usable after it', async () => {
    const codeOf = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'none';
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return cause?.code ?? (error as { code?: string }).code;
      }
    };
    expect(await codeOf(() => database.db.execute(sql`insert into counter values (1, 0)`))).toBe('23505');
    expect(await codeOf(() => database.db.transaction((tx) => tx.execute(sql`select 1 / 0`)))).toBe('22012');
    expect(await count()).toBeGreaterThanOrEqual(0);
  });

  it('hands notifications over once their transaction commits, and never those of one rolled back', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_test', (payload) => heard.push(payload));
    await database.db.transaction((tx) => tx.execute(sql`select pg_notify('thread_test', 'kept')`));
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('thread_test', 'dropped')`);
        throw new Error('no');
      })
      .catch(() => undefined);
    await database.db.execute(sql`select 1`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['kept']);
    await stop();
  });

  it("runs players' statements before background work that waits with them, but not for ever", async () => {
    /** A player's transaction that holds the connection (once it has begun) until released. */
    const hold = async () => {
      let release!: () => void;
      let begun!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const started = new Promise<void>((resolve) => (begun = resolve));
      const done = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begun();
        await gate;
      });
      await started;
      return { release, done };
    };
    const order: string[] = [];
    const first = await hold();
    const sweep = inBackground(() => database.db.execute(sql`select 'background'`)).then(() => order.push('background'));
    const player = database.db.execute(sql`select 'player'`).then(() => order.push('player'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.release();
    await Promise.all([first.done, sweep, player]);
    expect(order).toEqual(['player', 'background']);

    // Background work that has waited longer than its patience goes in its turn.
    const late: string[] = [];
    const second = await hold();
    const patient = inBackground(() => database.db.execute(sql`select 'background'`)).then(() => late.push('background'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const newcomer = database.db.execute(sql`select 'player'`).then(() => late.push('player'));
    second.release();
    await Promise.all([second.done, patient, newcomer]);
    expect(late).toEqual(['background', 'player']);
  });

  it("hands a statement's notices over before its answer, so a listener has heard of a change when the writer learns it committed", async () => {
    const heard: string[] = [];
    const stop = await worker.listen('thread_order', (payload) => heard.push(payload));
    try {
      await database.db.execute(sql`select pg_notify('thread_order', 'lone')`);
      expect(heard).toEqual(['lone']);
      await database.db.transaction((tx) => tx.execute(sql`select pg_notify('thread_order', 'in a transaction')`));
      expect(heard).toEqual(['lone', 'in a transaction']);
    } finally {
      await stop();
    }
  });

  it('prepares a statement with parameters once and runs it by name, with the rows, nulls, text values and counts of an unnamed run', async () => {
    const read = (id: number, note: string | null) =>
      sql`select n, ${note}::text as note, ${'{"a": 1}'}::jsonb as j, ${'2026-01-05T05:47:09Z'}::timestamptz as at from counter where id = ${id}`;
    const n = await count();
    for (const note of ['first', null, 'third']) {
      const { rows } = (await database.db.execute(read(1, note))) as unknown as Rows<{ n: number; note: string | null; j: unknown; at: unknown }>;
      expect(rows).toEqual([{ n, note, j: '{"a": 1}', at: '2026-01-05 05:47:09+00' }]);
    }
    expect(((await database.db.execute(read(2, 'none'))) as unknown as Rows<unknown>).rows).toEqual([]);
    const prepared = ((await database.db.execute(sql`select name from pg_prepared_statements where statement like 'select n, $1::text as note%'`)) as unknown as Rows<{ name: string }>).rows;
    expect(prepared).toHaveLength(1);
    expect(prepared[0].name).toMatch(/^vikings_\d+$/);
    const updated = (await database.db.execute(sql`update counter set n = n where id = ${1}`)) as unknown as { affectedRows?: number };
    expect(updated.affectedRows).toBe(1);
  });

  it('keeps the codes of errors of prepared statements, prepares again a text whose parse an aborted transaction refused, and goes on', async () => {
    const causeOf = async (run: () => Promise<unknown>) =>
      run().then(
        () => 'none',
        (error: unknown) => {
          const cause = error instanceof Error ? error.cause : undefined;
          return typeof cause === 'object' && cause !== null ? String(Reflect.get(cause, 'code')) : String(error);
        },
      );
    expect(await causeOf(() => database.db.execute(sql`insert into counter values (${1}, ${0})`))).toBe('23505');
    expect(await causeOf(() => database.db.execute(sql`insert into counter values (${1}, ${0})`))).toBe('23505');
    const tripled = sql`select n * ${3}::int as tripled from counter where id = 1`;
    expect(
      await causeOf(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 / ${0}::int`).catch(() => undefined);
          await tx.execute(tripled);
        }),
      ),
    ).toBe('25P02');
    const { rows } = (await database.db.execute(tripled)) as unknown as Rows<{ tripled: number }>;
    expect(rows).toEqual([{ tripled: 3 * (await count()) }]);
  });

  it("hands the notices of a prepared statement over before its answer", async () => {
    const heard: string[] = [];
    const stop = await worker.listen('thread_named', (payload) => heard.push(payload));
    try {
      for (const word of ['one', 'two']) {
        await database.db.execute(sql`select pg_notify('thread_named', ${word})`);
        expect(heard.at(-1)).toBe(word);
      }
    } finally {
      await stop();
    }
  });
});

