// Remembered session lookups: a signed-in request costs no statement to identify its player, this process's own sign-outs and account changes count at once, and on PostgreSQL another process's (or the CLI's) count as soon as the database's notice arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { FakeClock } from '../../src/server/clock';
import { testConfig } from '../../src/server/config';
import { openPostgres, type Database } from '../../src/server/db/open';
import { sessions, users } from '../../src/server/db/schema';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { registerPlayer, startTestApp, type TestApp } from './harness';
import { changingAccounts } from '../../src/server/accounts/session-cache';

const url = process.env.DATABASE_URL;

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

/** Polls until `check` holds, for at most `ms`; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

describe('remembered session lookups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('identify a returning player without a statement', async () => {
    const player = await registerPlayer(t.app);
    expect((await me(t.app, player.token)).statusCode).toBe(200);
    const before = t.queryCount();
    for (let i = 0; i < 5; i++) expect((await me(t.app, player.token)).statusCode).toBe(200);
    expect(t.queryCount() - before).toBe(0);
  });

  it("see this process's own sign-out at once, even with lookups of the same token in flight", async () => {
    for (let round = 0; round < 5; round++) {
      const player = await registerPlayer(t.app);
      expect((await me(t.app, player.token)).statusCode).toBe(200);
      const inFlight = Array.from({ length: 10 }, () => me(t.app, player.token));
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: player.auth });
      expect(out.statusCode).toBe(204);
      await Promise.all(inFlight);
      expect((await me(t.app, player.token)).statusCode).toBe(401);
    }
  });

  it('see a role changed and a suspension made by a statement of this process at once', async () => {
    const player = await registerPlayer(t.app);
    expect((await me(t.app, player.token)).json()).toMatchObject({ user: { role: 'user' } });
    // A statement outside the services is heard like any other change; a service waits for that before it answers.
    await changingAccounts(t.database.db, t.database.db.update(users).set({ role: 'gamemaster' }).where(eq(users.id, player.user.id)));
    expect((await me(t.app, player.token)).json()).toMatchObject({ user: { role: 'gamemaster' } });
    await changingAccounts(t.database.db, t.database.db.delete(sessions).where(eq(sessions.userId, player.user.id)));
    expect((await me(t.app, player.token)).statusCode).toBe(401);
  });

  it('forget a session once it expires', async () => {
    const player = await registerPlayer(t.app);
    expect((await me(t.app, player.token)).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await me(t.app, player.token)).statusCode).toBe(401);
  });
});

describe.skipIf(!url)('remembered session lookups on PostgreSQL with two server processes', () => {
  let fresh: FreshPostgres;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  /** Statements each app's pool has run so far. */
  const counts = new Map<FastifyInstance, () => number>();
  let other: pg.Client;

  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    // Two pools and two apps on one database, as two server processes have them.
    for (let i = 0; i < 2; i++) {
      let statements = 0;
      const database = await openPostgres(fresh.url, { logger: { logQuery: () => void (statements += 1) } });
      databases.push(database);
      const app = await buildApp({ db: database.db, clock: new FakeClock(), config: testConfig(), listen: database.listen });
      await app.ready();
      counts.set(app, () => statements);
      apps.push(app);
    }
    // A connection of neither, as the CLI or psql would be.
    other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await fresh?.drop();
  });

  const statementsOf = (app: FastifyInstance) => counts.get(app)!();

  it('remember lookups, and forget them when another process signs the player out', async () => {
    const [a, b] = apps;
    const player = await registerPlayer(a);
    expect((await me(b, player.token)).statusCode).toBe(200);
    const before = statementsOf(b);
    expect((await me(b, player.token)).statusCode).toBe(200);
    expect(statementsOf(b)).toBe(before);

    expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers: player.auth })).statusCode).toBe(204);
    // The notice of the commit travels to B's listening connection; B refuses from the moment it arrives.
    const took = await within(1000, async () => (await me(b, player.token)).statusCode === 401);
    expect(took).toBeLessThan(1000);
    for (let i = 0; i < 5; i++) expect((await me(b, player.token)).statusCode).toBe(401);
  });

  it("end a session at once when an admin of another process changes the player's role, suspends them or deletes them", async () => {
    const [a, b] = apps;
    const admin = await registerPlayer(a);
    await other.query(`update users set role = 'admin' where id = $1`, [admin.user.id]);
    const player = await registerPlayer(a);
    const asAdmin = (method: 'PUT' | 'POST', path: string, payload: Record<string, string>) => a.inject({ method, url: `/api/admin/users/${player.user.id}${path}`, headers: admin.auth, payload });
    expect((await me(b, player.token)).json()).toMatchObject({ user: { role: 'user' } });
    const delays: number[] = [];

    expect((await asAdmin('PUT', '/role', { role: 'gamemaster' })).statusCode).toBe(200);
    delays.push(await within(1000, async () => ((await me(b, player.token)).json() as { user: { role: string } }).user.role === 'gamemaster'));
    expect((await asAdmin('POST', '/suspend', { reason: 'Testing the rules' })).statusCode).toBe(200);
    delays.push(await within(1000, async () => (await me(b, player.token)).statusCode === 401));

    const second = await registerPlayer(a);
    expect((await me(b, second.token)).statusCode).toBe(200);
    expect((await a.inject({ method: 'DELETE', url: `/api/admin/users/${second.user.id}`, headers: admin.auth, payload: { confirmUsername: second.user.username } })).statusCode).toBe(200);
    delays.push(await within(1000, async () => (await me(b, second.token)).statusCode === 401));
    // "At once" is the notice's own delay: B's listening connection hears the commit within milliseconds.
    for (const delay of delays) expect(delay).toBeLessThan(250);
  });

  it('forget them when the CLI or psql changes an account', async () => {
    const [a, b] = apps;
    const player = await registerPlayer(a);
    expect((await me(b, player.token)).json()).toMatchObject({ user: { role: 'user' } });
    await other.query(`update users set role = 'admin' where id = $1`, [player.user.id]);
    await within(1000, async () => ((await me(b, player.token)).json() as { user: { role: string } }).user.role === 'admin');
    await other.query(`update users set suspended_at = now(), suspension_reason = 'test' where id = $1`, [player.user.id]);
    await other.query(`delete from sessions where user_id = $1`, [player.user.id]);
    await within(1000, async () => (await me(b, player.token)).statusCode === 401);
  });

  it("keep them when only a player's last-seen time changes", async () => {
    const [, b] = apps;
    const player = await registerPlayer(b);
    expect((await me(b, player.token)).statusCode).toBe(200);
    await other.query(`update users set last_seen_at = now() where id = $1`, [player.user.id]);
    // A notice would have arrived by now; none was sent, so the lookup is still remembered.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = statementsOf(b);
    expect((await me(b, player.token)).statusCode).toBe(200);
    expect(statementsOf(b)).toBe(before);
  });

  it('trust nothing remembered while the listening connection is down, and remember again once it listens', async () => {
    const [a, b] = apps;
    const player = await registerPlayer(a);
    expect((await me(b, player.token)).statusCode).toBe(200);
    // End every listening connection of the database: notices sent until they listen again are lost.
    await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
    await within(1000, async () => {
      const before = statementsOf(b);
      expect((await me(b, player.token)).statusCode).toBe(200);
      return statementsOf(b) > before;
    });
    // Signed out while B may not be listening: B must not answer from memory.
    await other.query(`delete from sessions where user_id = $1`, [player.user.id]);
    expect((await me(b, player.token)).statusCode).toBe(401);
    // A second later B listens again and remembers lookups as before.
    const fresher = await registerPlayer(a);
    await within(5000, async () => {
      expect((await me(b, fresher.token)).statusCode).toBe(200);
      const before = statementsOf(b);
      expect((await me(b, fresher.token)).statusCode).toBe(200);
      return statementsOf(b) === before;
    });
    const listening = await other.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
    expect(listening.rows[0].n).toBeGreaterThanOrEqual(2);
  });
});
