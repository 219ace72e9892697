// PostgreSQL restarted in the middle of play (a quick restart, then an outage of two seconds, as an upgrade or a failover): two server processes answer a readable 503 meanwhile, are back by themselves within 5 s (requests, live streams, the sweeper), and nothing acknowledged is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, isNull, lte, sql } from 'drizzle-orm';
import { compiledServer, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { OwnPostgres, postgresBin } from '../support/own-postgres';
import { EventStreamReader } from '../support/event-stream';
import { openPostgres, type Database } from '../../src/server/db/open';
import { movements } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { notifyPlayers } from '../../src/server/live/notify';
import { DATABASE_UNAVAILABLE } from '../../src/server/db/unavailable';
import { idOf, type PlayerId } from '../../src/rules/ids';
import { LoadLog, play, seatPlayers } from '../support/load-run';
import { ackCounts, type SimPlayer } from '../support/sim-player';
import { allHomeBy, checkWorld, snapshotWorld, storedVillages } from '../support/world-check';
import { balanceWorld } from '../support/world-ledger';

const url = process.env.DATABASE_URL;
const SPEED = 4000;
/** The promise: back by themselves within this after PostgreSQL accepts connections again. */
const BACK_WITHIN_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The test runs a PostgreSQL cluster of its own (the shared one is never restarted); like the other PostgreSQL-only
// process tests it runs where DATABASE_URL says PostgreSQL is installed (CI's PostgreSQL run).
if (!url) console.log('postgres-restart: skipped, it needs PostgreSQL (set DATABASE_URL; the test starts a cluster of its own)');
else if (!postgresBin()) console.log('postgres-restart: skipped, no PostgreSQL programs in /usr/lib/postgresql/<version>/bin');

interface Server {
  run: ServerRun;
  base: string;
}

async function reply(base: string, path: string, token?: string, body?: unknown): Promise<{ status: number; retryAfter: string | null; body: { error?: string; status?: string } }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: string; status?: string } };
}

/** Milliseconds from now until `ready()` holds, asking every 50 ms; fails after `limitMs`. */
async function timeUntil(what: string, ready: () => Promise<boolean>, limitMs = 15_000): Promise<number> {
  const started = performance.now();
  while (!(await ready().catch(() => false))) {
    if (performance.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(50);
  }
  return performance.now() - started;
}

describe.skipIf(!url || !postgresBin())('PostgreSQL restarted in the middle of play', () => {
  let cluster: OwnPostgres;
  let database: Database;
  let databaseUrl: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    cluster = await OwnPostgres.start();
    databaseUrl = await cluster.createDatabase('vikings');
    database = await openPostgres(databaseUrl);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SWEEP_INTERVAL_MS: '100', AUTH_RATE_LIMIT: '100000' });
      servers.push({ run, base: `http://127.0.0.1:${port}` });
    }
    await Promise.all(servers.map((server) => waitForHealth(server.base, server.run)));
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.run.child.exitCode === null && server.run.child.signalCode === null) server.run.child.kill('SIGTERM');
      await server.run.exited;
    }
    await database?.close();
    await cluster?.destroy();
  });

  it('answers a readable 503 while it is away, is back within 5 s, and loses nothing acknowledged', async () => {
    const world = await createWorld(database.db, { name: 'Restart Fjord', speed: SPEED, size: 45, maxPlayers: 100 });
    const log = new LoadLog();
    log.recordTimings = false;
    const pick = () => servers[Math.floor(Math.random() * servers.length)].base;
    const players = await seatPlayers(14, 'rsp', pick, log, world.id);
    const openings = await storedVillages(database.db, world.id);
    // A watcher's stream on each process, read as the browser reads it (reopened 1 s after it ends).
    const watcher: SimPlayer = players[0];
    const streams = servers.map((server) => new EventStreamReader(`${server.base}/api/events`, watcher.token));
    await Promise.all(streams.map((stream) => stream.next('ready', 0, 5000)));

    let stopped = false;
    const playing = play(players, { meanThinkMs: 120, stopped: () => stopped, unavailableIsExpected: true });
    const figures: string[] = [];
    const windows: { down: number; up: number }[] = [];

    /** From PostgreSQL accepting connections again: every process answers, every stream hears a notice, what fell due is applied. */
    async function measureRecovery(label: string, up: number): Promise<void> {
      const upAt = performance.now();
      const [requests, live, swept] = await Promise.all([
        timeUntil(`${label}: both processes answer`, async () => (await Promise.all(servers.map((s) => reply(s.base, '/api/health')))).every((r) => r.status === 200)),
        // A notice as any process's commit sends it, repeated until each stream (reopened by now) hears one.
        (async () => {
          const heard = Promise.all(streams.map((stream) => stream.next('village_changed', upAt, 15_000)));
          let done = false;
          void heard.finally(() => (done = true)).catch(() => {});
          while (!done) {
            await notifyPlayers(database.db, [idOf<PlayerId>(watcher.userId)], { kind: 'village_changed' }).catch(() => {});
            await sleep(100);
          }
          const events = await heard;
          return Math.max(...events.map((event) => event.at)) - upAt;
        })(),
        // Whatever arrived while the database was away is applied (the sweepers, or players' reads).
        timeUntil(`${label}: what fell due is applied`, async () => {
          const [due] = await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(movements)
            .where(and(isNull(movements.resolvedAt), lte(movements.arrivesAt, new Date(up))));
          return due.n === 0;
        }),
      ]);
      figures.push(`${label}: requests answered again after ${requests.toFixed(0)} ms, live notices heard on both processes after ${live.toFixed(0)} ms, due arrivals applied after ${swept.toFixed(0)} ms`);
      expect(requests).toBeLessThan(BACK_WITHIN_MS);
      expect(live).toBeLessThan(BACK_WITHIN_MS);
      expect(swept).toBeLessThan(BACK_WITHIN_MS);
    }

    await sleep(3000);
    // 1. A quick restart, as `pg_ctl restart -m fast` does it: sessions ended, transactions under way rolled back.
    let down = Date.now();
    await cluster.restart();
    let up = Date.now();
    windows.push({ down, up });
    await measureRecovery('restart', up);

    await sleep(1000);
    // 2. Away for two seconds (an upgrade, a failover): every request meanwhile gets the readable 503.
    down = Date.now();
    await cluster.stop();
    const meanwhile = await Promise.all([
      ...servers.map((s) => reply(s.base, '/api/health')),
      ...servers.map((s) => reply(s.base, `/api/worlds/${world.id}`, watcher.token)),
      ...servers.map((s) => reply(s.base, '/api/messages', watcher.token, { to: players[1].name, subject: 'while away', body: 'Is anyone there?' })),
    ]);
    for (const answer of meanwhile) expect(answer).toEqual({ status: 503, retryAfter: '5', body: { error: DATABASE_UNAVAILABLE, code: 'database_unavailable' } });
    await sleep(2000);
    await cluster.resume();
    up = Date.now();
    windows.push({ down, up });
    await measureRecovery('outage of 2 s', up);
    const acksBeforeEnd = log.acks.length;
    await sleep(2000);
    stopped = true;
    await playing;
    await Promise.all(streams.map((stream) => stream.close()));
    // Each process ended its streams when it listened again (notices had been missed), and the readers reopened them.
    for (const stream of streams) expect(stream.opened).toBeGreaterThanOrEqual(3);

    // Play went on after the database came back.
    expect(log.acks.length).toBeGreaterThan(acksBeforeEnd);
    // Every fault was the readable 503, and only while the database was away (or a moment after: a request already waiting).
    for (const error of log.serverErrors) {
      expect(error.status, error.body).toBe(503);
      expect(JSON.parse(error.body)).toEqual({ error: DATABASE_UNAVAILABLE, code: 'database_unavailable' });
      expect(error.headers.retryAfter).toBe('5');
      expect(windows.some((w) => error.at >= w.down - 500 && error.at <= w.up + BACK_WITHIN_MS)).toBe(true);
    }
    // Nothing went unanswered: the processes never went away, only their database.
    const unanswered = log.unanswered.filter((u) => u.status !== 503);
    expect(unanswered, JSON.stringify(unanswered)).toEqual([]);
    expect(servers.every((s) => s.run.child.exitCode === null)).toBe(true);

    // The sweepers bring every army home, and the books balance.
    await sleep(Math.max(1500, allHomeBy(log) - Date.now() + 1500));
    const world2 = await snapshotWorld(database.db, world.id, new Date());
    const problems = await checkWorld(database.db, log, world2);
    const books = balanceWorld(openings, world2, log, SPEED);
    console.log(
      `postgres-restart: ${figures.join('; ')}. ${log.acks.length} acknowledged writes ${JSON.stringify(ackCounts(log))}, ${log.serverErrors.length} readable 503s, ` +
        `${log.unanswered.length} writes of unknown outcome; ${world2.reports.length} battles; books balanced for ${books.balanced} villages (${books.skipped} checked by ranges)`,
    );
    expect(problems, problems.join('; ')).toEqual([]);
    expect(books.problems, books.problems.join('; ')).toEqual([]);
    expect(world2.reports.length).toBeGreaterThan(0);
    expect(books.balanced).toBeGreaterThan(0);
  }, 150_000);
});
