// What the server pays for each request a playing person makes (read the village, upgrade, train, send troops, read the map): statements per request, and requests a second at a fixed concurrency against the compiled server.
//
// Run with `npx tsx bench/hot-requests.ts` (after `node scripts/build-server.mjs`). Options:
//   --db=pglite|pg|both    which databases (default both; pg uses DATABASE_URL or the local vikings server)
//   --players=N            players seeded for the throughput part (default 1200; each write kind uses a player once)
//   --requests=N           requests per kind in the throughput part (default 600, at most --players/2 for writes)
//   --concurrency=N        requests in flight at once (default 8)
//   --server=PATH          the compiled server to start (default build/server/main.mjs)
//   --profile-dir=DIR      write a V8 CPU profile of each server process there
//
// Part 1 counts SQL statements per request in this process (buildApp, the same code as the compiled server):
// every statement Drizzle runs, with begin and commit counted as two more on PGlite, whose driver runs them
// itself. Part 2 starts the compiled server as `npm start` would run it (request logs at info) on a fresh
// database, and times each kind with --concurrency requests in flight; the world runs at speed 1, so no
// march, level or unit falls due while it is measured and every request of a kind costs the same. On a
// machine shared with other work, wall time varies; the CPU time the server process spent per request
// (and on PostgreSQL its database connections') varies much less, and is printed beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/open';
import { freePort, runServer, waitForHealth, type ServerRun } from '../tests/support/server-process';
import { freshPostgres, type FreshPostgres } from '../tests/support/fresh-postgres';
import { seedPlayers, type SeededPlayer } from './support/seed-players';
import { cpuMs } from './support/proc-cpu';

function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const dbOption = option('db', 'both');
const dbKinds = (dbOption === 'both' ? ['pglite', 'pg'] : [dbOption]) as ('pglite' | 'pg')[];
const playerCount = Number(option('players', '1200'));
const requestCount = Number(option('requests', '600'));
const concurrency = Number(option('concurrency', '8'));
const serverScript = option('server', 'build/server/main.mjs');
const profileDir = option('profile-dir', '');
const pgUrl = process.env.DATABASE_URL || 'postgres://vikings:vikings@127.0.0.1:5432/postgres';
if (dbKinds.some((k) => k !== 'pglite' && k !== 'pg') || requestCount > playerCount / 2) {
  console.error('Usage: npx tsx bench/hot-requests.ts [--db=pglite|pg|both] [--players=N] [--requests=N (at most players/2)] [--concurrency=N] [--server=PATH]');
  process.exit(2);
}

type Kind = 'read-village' | 'upgrade' | 'train' | 'send-troops' | 'read-map';
const KINDS: Kind[] = ['read-village', 'upgrade', 'train', 'send-troops', 'read-map'];

interface Call {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  token: string;
  body?: unknown;
}

/**
 * The i-th request of a kind. Writes use each player once (an upgrade refused because one is running
 * would measure the refusal): upgrades and training the first half of the players, raids the second half,
 * each on its next neighbour in the seeding order that lives in the same world.
 */
function call(kind: Kind, players: SeededPlayer[], i: number): Call {
  const half = Math.floor(players.length / 2);
  const p = players[i % players.length];
  switch (kind) {
    case 'read-village':
      return { method: 'GET', url: `/api/map/village/${p.villageId}/overview`, token: p.token };
    case 'read-map':
      return { method: 'GET', url: `/api/map/area/${p.worldId}/${p.x}/${p.y}/8`, token: p.token };
    case 'upgrade': {
      const q = players[i % half];
      return { method: 'PUT', url: `/api/villages/${q.villageId}/buildings/${q.fieldId}/upgrade`, token: q.token };
    }
    case 'train': {
      const q = players[i % half];
      return { method: 'POST', url: `/api/villages/${q.villageId}/units`, token: q.token, body: { unitType: 'bondi', count: 1 } };
    }
    case 'send-troops': {
      const q = players[half + (i % half)];
      // Its neighbour in the seeding order, within its own world (the seeding fills several worlds).
      let j = 1;
      while (players[half + ((i + j) % half)].worldId !== q.worldId) j++;
      const target = players[half + ((i + j) % half)];
      return {
        method: 'POST',
        url: '/api/game/send-troops',
        token: q.token,
        body: { fromVillageId: q.villageId, toVillageId: target.villageId, units: { bondi: 1 }, movementType: 'raid' },
      };
    }
  }
}

const WANTED: Record<Kind, number> = { 'read-village': 200, upgrade: 200, train: 201, 'send-troops': 201, 'read-map': 200 };

/** Part 1: statements per request of each kind, counted in this process. */
async function countStatements(kind: 'pglite' | 'pg'): Promise<Record<Kind, number>> {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  let fresh: FreshPostgres | null = null;
  let database: Database;
  if (kind === 'pg') {
    fresh = await freshPostgres(pgUrl);
    database = await openPostgres(fresh.url, { logger });
  } else {
    database = await openPglite('', { logger });
    // PGlite's driver runs begin and commit itself, out of the logger's sight: count them here.
    const transaction = database.db.transaction.bind(database.db);
    database.db.transaction = ((run: Parameters<typeof transaction>[0]) => {
      statements += 2;
      return transaction(run);
    }) as typeof transaction;
  }
  const players = await seedPlayers(database.db, 40, { speed: 1, bondi: 1000 });
  const app = await buildApp({ db: database.db, clock: systemClock, config: testConfig(), listen: database.listen });
  await app.ready();
  const result = {} as Record<Kind, number>;
  const rounds = 10;
  for (const k of KINDS) {
    const before = statements;
    for (let i = 0; i < rounds; i++) {
      const c = call(k, players, i);
      const res = await app.inject({ method: c.method, url: c.url, headers: { authorization: `Bearer ${c.token}` }, ...(c.body ? { payload: c.body as object } : {}) });
      if (res.statusCode !== WANTED[k]) throw new Error(`${k}: ${res.statusCode} ${res.body}`);
    }
    result[k] = (statements - before) / rounds;
  }
  await app.close();
  await database.close();
  await fresh?.drop();
  return result;
}

interface Throughput {
  perSecond: number;
  meanMs: number;
  p99Ms: number;
  /** CPU milliseconds per request: the server process, and on PostgreSQL its database connections. */
  serverCpuMs: number;
  dbCpuMs: number;
}

/** Reads the CPU time of the server process and of the PostgreSQL backends serving its database. */
class CpuMeter {
  private backends: number[] = [];

  constructor(
    private readonly serverPid: number,
    private readonly admin: pg.Client | null,
    private readonly database: string,
  ) {}

  async sample(): Promise<{ server: number; db: Map<number, number> }> {
    if (this.admin) {
      const { rows } = await this.admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [this.database]);
      this.backends = rows.map((r) => r.pid);
    }
    return { server: cpuMs(this.serverPid), db: new Map(this.backends.map((pid) => [pid, cpuMs(pid)])) };
  }
}

/** Part 2: `requestCount` requests of one kind with `concurrency` in flight, against a running server. */
async function measure(base: string, kind: Kind, players: SeededPlayer[], offset: number, meter: CpuMeter): Promise<Throughput> {
  let next = 0;
  const cpuBefore = await meter.sample();
  const times: number[] = [];
  const worker = async () => {
    while (next < requestCount) {
      const c = call(kind, players, offset + next++);
      const started = performance.now();
      const res = await fetch(`${base}${c.url}`, {
        method: c.method,
        headers: { authorization: `Bearer ${c.token}`, ...(c.body ? { 'content-type': 'application/json' } : {}) },
        body: c.body ? JSON.stringify(c.body) : undefined,
      });
      const text = await res.text();
      times.push(performance.now() - started);
      if (res.status !== WANTED[kind]) throw new Error(`${kind}: ${res.status} ${text.slice(0, 200)}`);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const cpuAfter = await meter.sample();
  // Connections opened during the run count from nothing; those closed during it are lost (rare under load).
  let db = 0;
  for (const [pid, ms] of cpuAfter.db) db += ms - (cpuBefore.db.get(pid) ?? 0);
  times.sort((a, b) => a - b);
  return {
    perSecond: requestCount / seconds,
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    p99Ms: times[Math.floor(times.length * 0.99)],
    serverCpuMs: (cpuAfter.server - cpuBefore.server) / requestCount,
    dbCpuMs: db / requestCount,
  };
}

async function throughput(kind: 'pglite' | 'pg'): Promise<Record<Kind, Throughput>> {
  let dataDir = '';
  let fresh: FreshPostgres | null = null;
  let database: Database;
  const env: NodeJS.ProcessEnv = { STATIC_DIR: '', HOST: '127.0.0.1' };
  if (kind === 'pg') {
    fresh = await freshPostgres(pgUrl);
    database = await openPostgres(fresh.url);
    env.DATABASE_URL = fresh.url;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'vikings-hot-'));
    database = await openPglite(dataDir);
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = '';
  }
  const players = await seedPlayers(database.db, playerCount, { speed: 1, bondi: 1000 });
  await database.close();
  const port = await freePort();
  const run: ServerRun = runServer(serverScript, { ...env, PORT: String(port) }, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const base = `http://127.0.0.1:${port}`;
  let admin: pg.Client | null = null;
  try {
    await waitForHealth(base, run, 120_000);
    if (fresh) {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
    }
    const meter = new CpuMeter(run.child.pid!, admin, fresh ? new URL(fresh.url).pathname.slice(1) : '');
    // Warm-up: the JIT and the database's caches, on reads only (writes use each player once).
    await measure(base, 'read-village', players, 0, meter);
    const result = {} as Record<Kind, Throughput>;
    for (const k of KINDS) result[k] = await measure(base, k, players, 0, meter);
    return result;
  } finally {
    await admin?.end();
    run.child.kill('SIGTERM');
    await run.exited;
    await fresh?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

setTimeout(() => {
  console.error('bench: gave up after 15 minutes');
  process.exit(1);
}, 15 * 60_000).unref();

for (const kind of dbKinds) {
  const statements = await countStatements(kind);
  const figures = await throughput(kind);
  console.log(`\n${kind}: ${requestCount} requests per kind, ${concurrency} in flight, ${playerCount} players, server ${serverScript}`);
  console.log(`kind           statements  req/s   mean ms  p99 ms  server cpu ms/req${kind === 'pg' ? '  db cpu ms/req' : ''}`);
  for (const k of KINDS) {
    const f = figures[k];
    const db = kind === 'pg' ? `  ${f.dbCpuMs.toFixed(2).padStart(13)}` : '';
    console.log(`${k.padEnd(13)}  ${statements[k].toFixed(1).padStart(10)}  ${f.perSecond.toFixed(0).padStart(5)}  ${f.meanMs.toFixed(1).padStart(7)}  ${f.p99Ms.toFixed(1).padStart(6)}  ${f.serverCpuMs.toFixed(2).padStart(17)}${db}`);
  }
}
process.exit(0);
