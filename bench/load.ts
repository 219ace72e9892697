// `npm run bench:load`: a growing crowd of simulated players, each acting like a person (a request every ~10 s: read the village, build, train, read the map, send troops), against the server as `npm start` runs it; prints throughput and latency per step and how many players were held with p99 under 100 ms.
//
// The players are seeded as players of a running world are: a village with barracks and bondi, their quests
// issued and the tutorial behind them. Under each step's figures: the load generator's own event-loop lag and
// CPU, and each server's CPU with its two busiest threads (on PGlite the main thread and the database's).
//
// Options (all optional):
//   --db=pglite|pg         embedded PGlite in a temporary data directory (default), or PostgreSQL (a fresh
//                          database on DATABASE_URL, default postgres://vikings:vikings@127.0.0.1:5432/postgres)
//   --procs=1|2            server processes (2 needs --db=pg); requests are spread over them at random
//   --start-players=N      players in the first step (default 500)
//   --step-players=N       players added per step (default 500)
//   --max-players=N        players in the last step (default 2500 on PGlite, 4500 on PostgreSQL)
//   --step-seconds=S       length of each step (default 30)
//   --think-seconds=S      mean time between two requests of one player (default 10)
//   --speed=N              world speed (default 10, so barracks, training and marches happen within a run)
//   --p99-ms=N             the latency a held step must stay under (default 100)
//   --profile-dir=DIR      write a V8 CPU profile of each server process there (open it in Chrome's DevTools)
//   --logins=N             N password sign-ins a second (POST /api/auth/login, arriving at random) on top of the
//                          players, from 200 of the seeded accounts; each step then prints the sign-ins' own p50 and
//                          p99 and how many were refused (503: the argon2 pool busy). Raises AUTH_RATE_LIMIT for it
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '../src/server/db/open';
import { freePort, runServer, waitForHealth, type ServerRun } from '../tests/support/server-process';
import { freshPostgres, type FreshPostgres } from '../tests/support/fresh-postgres';
import { HttpError, LoadLog, SimPlayer, type StepName } from '../tests/support/sim-player';
import { seedPlayers, type SeededPlayer } from './support/seed-players';
import { httpCall } from '../tests/support/http-call';
import { hashPassword } from '../src/server/accounts/passwords';
import { users } from '../src/server/db/schema';
import { inArray } from 'drizzle-orm';
import type { Db } from '../src/server/db/open';
import { cpuMs, threadCpuMs } from './support/proc-cpu';

function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const dbKind = option('db', 'pglite');
const procs = Number(option('procs', '1'));
const startPlayers = Number(option('start-players', '500'));
const stepPlayers = Number(option('step-players', '500'));
const maxPlayers = Number(option('max-players', dbKind === 'pg' ? '4500' : '2500'));
const stepSeconds = Number(option('step-seconds', '30'));
const thinkMs = Number(option('think-seconds', '10')) * 1000;
const speed = Number(option('speed', '10'));
const p99Limit = Number(option('p99-ms', '100'));
const profileDir = option('profile-dir', '');
const loginsPerSecond = Number(option('logins', '0'));
if (!['pglite', 'pg'].includes(dbKind) || ![1, 2].includes(procs) || (procs === 2 && dbKind !== 'pg') || !(loginsPerSecond >= 0)) {
  console.error('Usage: npm run bench:load -- [--db=pglite|pg] [--procs=1|2 (2 needs pg)] [--start-players=N] [--step-players=N] [--max-players=N] [--step-seconds=S] [--think-seconds=S] [--speed=N] [--p99-ms=N] [--logins=N]');
  process.exit(2);
}

async function startServers(env: NodeJS.ProcessEnv): Promise<{ runs: ServerRun[]; bases: string[] }> {
  const runs: ServerRun[] = [];
  const bases: string[] = [];
  for (let i = 0; i < procs; i++) {
    const port = await freePort();
    // `npm start`'s own script with its defaults (request logs at info, the built client); only where to listen and store.
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const run = runServer('scripts/start.mjs', { HOST: '127.0.0.1', PORT: String(port), ...env }, profile);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, run, 180_000);
    runs.push(run);
    bases.push(base);
  }
  return { runs, bases };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(1));

const SIGN_IN_PASSWORD = 'Valhalla#2026';

/** Gives up to 200 seeded accounts a password (one argon2 hash, shared: each check costs the same), for --logins; their e-mails. */
async function signInAccounts(db: Db, seeded: SeededPlayer[]): Promise<string[]> {
  const passwordHash = await hashPassword(SIGN_IN_PASSWORD);
  const ids = seeded.slice(0, 200).map((s) => s.userId);
  const rows = await db.update(users).set({ passwordHash }).where(inArray(users.id, ids)).returning({ email: users.email });
  return rows.map((r) => r.email);
}

/** One sign-in of --logins: when it was sent, how long its answer took, and its status (0: no answer). */
interface SignIn {
  at: number;
  ms: number;
  status: number;
}

async function main() {
  let dataDir = '';
  let fresh: FreshPostgres | null = null;
  let database: Database;
  const env: NodeJS.ProcessEnv = {};
  if (dbKind === 'pg') {
    fresh = await freshPostgres(process.env.DATABASE_URL ?? 'postgres://vikings:vikings@127.0.0.1:5432/postgres');
    database = await openPostgres(fresh.url);
    env.DATABASE_URL = fresh.url;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'vikings-load-'));
    database = await openPglite(dataDir);
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = '';
  }
  console.log(`Seeding ${maxPlayers} players (${dbKind}, world speed ${speed})…`);
  const seeded = await seedPlayers(database.db, maxPlayers, { speed, pastTutorial: true });
  const emails = loginsPerSecond > 0 ? await signInAccounts(database.db, seeded) : [];
  // Twenty sign-ins a second from one address would meet the sign-in limit (AUTH_RATE_LIMIT a minute) at once.
  if (loginsPerSecond > 0) env.AUTH_RATE_LIMIT = '100000';
  await database.close();
  const { runs, bases } = await startServers(env);
  console.log(`${procs} server process(es) up (${dbKind}); steps of ${stepSeconds} s, one request per player every ~${thinkMs / 1000} s on average`);

  const log = new LoadLog();
  const pick = () => bases[Math.floor(Math.random() * bases.length)];
  const players = seeded.map((s, i) => {
    const p = new SimPlayer(`p${i}`, pick, log, { maxUnits: 1000 });
    p.useSession(s.token, s.userId);
    p.useVillage(s.worldId, s.villageId, s.x, s.y);
    return p;
  });
  // Neighbours: the nearest of a few random players of the same world (finding the true nearest for thousands costs too much here).
  const byWorld = new Map<string, SimPlayer[]>();
  for (const p of players) byWorld.set(p.worldId, [...(byWorld.get(p.worldId) ?? []), p]);
  const neighbour = (p: SimPlayer) => () => {
    const pool = byWorld.get(p.worldId)!;
    let best: SimPlayer | undefined;
    for (let i = 0; i < 8; i++) {
      const q = pool[Math.floor(Math.random() * pool.length)];
      if (q !== p && (!best || Math.hypot(q.x - p.x, q.y - p.y) < Math.hypot(best.x - p.x, best.y - p.y))) best = q;
    }
    return best;
  };

  let active = 0;
  let stopping = false;
  const loops: Promise<void>[] = [];
  const failures: string[] = [];
  const startPlayer = (p: SimPlayer) =>
    loops.push(
      (async () => {
        await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
        while (!stopping) {
          try {
            await p.turn(neighbour(p));
          } catch (error) {
            failures.push(error instanceof HttpError ? `${error.status}` : (error as Error).message);
          }
          await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * thinkMs));
        }
      })(),
    );

  // --logins: sign-ins arriving at random (a Poisson stream), each sent without waiting for the one before.
  const signIns: SignIn[] = [];
  const signingIn = new Set<Promise<void>>();
  const signInLoop = (async () => {
    if (loginsPerSecond <= 0) return;
    while (!stopping) {
      await new Promise((r) => setTimeout(r, (-Math.log(1 - Math.random()) * 1000) / loginsPerSecond));
      const at = performance.now();
      const email = emails[Math.floor(Math.random() * emails.length)];
      const sent = httpCall(`${pick()}/api/auth/login`, 'POST', { 'content-type': 'application/json' }, JSON.stringify({ email, password: SIGN_IN_PASSWORD })).then(
        (reply) => void signIns.push({ at, ms: performance.now() - at, status: reply.status }),
        () => void signIns.push({ at, ms: performance.now() - at, status: 0 }),
      );
      signingIn.add(sent);
      void sent.finally(() => signingIn.delete(sent));
    }
  })();

  console.log(`\nplayers  requests  req/s   errors  p50 ms  p95 ms  p99 ms  held${loginsPerSecond > 0 ? ` (players only; ${loginsPerSecond} sign-ins/s besides)` : ''}`);
  let held = 0;
  const rows: string[] = [];
  for (let target = startPlayers; target <= maxPlayers; target += stepPlayers) {
    while (active < target) startPlayer(players[active++]);
    // The first fifth of a step lets the new players' first requests spread out; it is not measured.
    await new Promise((r) => setTimeout(r, stepSeconds * 200));
    const from = log.timings.length;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const cpu0 = process.cpuUsage();
    const srv0 = runs.map((r) => cpuMs(r.child.pid!));
    const threads0 = runs.map((r) => threadCpuMs(r.child.pid!));
    const failedBefore = failures.length;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, stepSeconds * 800));
    lag.disable();
    const t1 = performance.now();
    const seconds = (t1 - t0) / 1000;
    const benchCpu = process.cpuUsage(cpu0);
    const srvCpu = runs.map((r, i) => cpuMs(r.child.pid!) - srv0[i]);
    // The two busiest threads of each server: the main thread and, on PGlite, the database's thread.
    const busiest = runs.map((r, i) =>
      [...threadCpuMs(r.child.pid!)]
        .map(([t, ms]) => ms - (threads0[i].get(t) ?? 0))
        .sort((a, b) => b - a)
        .slice(0, 2)
        .map((ms) => `${(ms / seconds / 10).toFixed(0)}%`)
        .join('+'),
    );
    const window = log.timings.slice(from);
    const sorted = window.map((t) => t.ms).sort((a, b) => a - b);
    const errors = failures.length - failedBefore;
    const p99 = percentile(sorted, 99);
    const ok = p99 < p99Limit && errors === 0;
    if (ok) held = target;
    const row = `${String(target).padStart(7)}  ${String(window.length).padStart(8)}  ${(window.length / seconds).toFixed(1).padStart(6)}  ${String(errors).padStart(6)}  ${fmt(percentile(sorted, 50)).padStart(6)}  ${fmt(percentile(sorted, 95)).padStart(6)}  ${fmt(p99).padStart(6)}  ${ok ? 'yes' : 'no'}`;
    console.log(row);
    rows.push(row);
    console.log(`         bench lag p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms max ${(lag.max / 1e6).toFixed(1)} ms; CPU bench ${((benchCpu.user + benchCpu.system) / 1e3 / seconds / 10).toFixed(0)}%, server ${srvCpu.map((c, i) => `${(c / seconds / 10).toFixed(0)}% (busiest threads ${busiest[i]})`).join(', ')}`);
    if (loginsPerSecond > 0) {
      const step = signIns.filter((s) => s.at >= t0 && s.at < t1);
      const made = step.filter((s) => s.status === 200).map((s) => s.ms).sort((a, b) => a - b);
      const refused = step.filter((s) => s.status === 503).length;
      const other = step.length - made.length - refused;
      console.log(`         sign-ins ${(step.length / seconds).toFixed(1)}/s: ${made.length} made, p50 ${fmt(percentile(made, 50))} ms p99 ${fmt(percentile(made, 99))} ms; ${refused} refused (503, busy); ${other} other`);
    }
    // Per kind of request in this step: where the time goes.
    const kinds = new Map<StepName, number[]>();
    for (const t of window) kinds.set(t.step, [...(kinds.get(t.step) ?? []), t.ms]);
    console.log(
      '         ' +
        [...kinds]
          .map(([k, v]) => {
            const s = v.sort((a, b) => a - b);
            return `${k} ${v.length}× p50 ${fmt(percentile(s, 50))} p99 ${fmt(percentile(s, 99))}`;
          })
          .join(' | '),
    );
  }
  stopping = true;
  await Promise.all(loops);
  await signInLoop;
  await Promise.all(signingIn);
  for (const run of runs) {
    run.child.kill('SIGTERM');
    await run.exited;
  }
  if (failures.length > 0) console.log(`\nfailures: ${[...new Set(failures)].slice(0, 10).join(', ')}`);
  if (log.serverErrors.length > 0) console.log(`server errors: ${JSON.stringify(log.serverErrors.slice(0, 3))}`);
  console.log(`\nheld: ${held} players with p99 < ${p99Limit} ms (${dbKind}, ${procs} process${procs === 1 ? '' : 'es'})`);
  if (fresh) await fresh.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

await main();
