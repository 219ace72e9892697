// bench:load's default run: a growing crowd of simulated players, step by step, and how many were held with p99 under the limit.
import { inArray } from 'drizzle-orm';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { HttpError, LoadLog, SimPlayer, type StepName } from '../../tests/support/sim-player';
import { httpCall } from '../../tests/support/http-call';
import { hashPassword } from '../../src/server/accounts/passwords';
import { users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/open';
import { seedPlayers, type SeededPlayer } from './seed-players';
import { CpuMeter, cpuBetween, fmt, openBenchDatabase, percentile, printStatementStats, resetStatementStats, sleep, startServers, type LoadRunOptions } from './load-kit';

export interface HeldOptions extends LoadRunOptions {
  startPlayers: number;
  stepPlayers: number;
  maxPlayers: number;
  stepSeconds: number;
  p99Limit: number;
  loginsPerSecond: number;
  targetPlayers: number;
}

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

/** Players who play their turns (a request every ~thinkMs) from the moment they are started until the crowd stops. */
export class Crowd {
  readonly log = new LoadLog();
  readonly failures: string[] = [];
  readonly players: SimPlayer[];
  private readonly loops: Promise<void>[] = [];
  private stopping = false;
  active = 0;
  private readonly byWorld = new Map<string, SimPlayer[]>();

  constructor(
    seeded: readonly SeededPlayer[],
    pick: () => string,
    private readonly thinkMs: number,
  ) {
    this.players = seeded.map((s, i) => {
      const p = new SimPlayer(`p${i}`, pick, this.log, { maxUnits: 1000 });
      p.useSession(s.token, s.userId);
      p.useVillage(s.worldId, s.villageId, s.x, s.y);
      let pool = this.byWorld.get(p.worldId);
      if (!pool) this.byWorld.set(p.worldId, (pool = []));
      pool.push(p);
      return p;
    });
  }

  /** The nearest of a few random players of the same world (finding the true nearest for thousands costs too much here). */
  private neighbour(p: SimPlayer): () => SimPlayer | undefined {
    return () => {
      const pool = this.byWorld.get(p.worldId)!;
      let best: SimPlayer | undefined;
      for (let i = 0; i < 8; i++) {
        const q = pool[Math.floor(Math.random() * pool.length)]!;
        if (q !== p && (!best || Math.hypot(q.x - p.x, q.y - p.y) < Math.hypot(best.x - p.x, best.y - p.y))) best = q;
      }
      return best;
    };
  }

  /** Starts players until `count` play; each begins at a random moment within one think time. */
  grow(count: number): void {
    while (this.active < count && this.active < this.players.length) {
      const p = this.players[this.active++]!;
      this.loops.push(
        (async () => {
          await sleep(Math.random() * this.thinkMs);
          while (!this.stopping) {
            try {
              await p.turn(this.neighbour(p));
            } catch (error) {
              this.failures.push(error instanceof HttpError ? `${error.status}` : (error as Error).message);
            }
            await sleep(-Math.log(1 - Math.random()) * this.thinkMs);
          }
        })(),
      );
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }
}

/** p50 and p99 per kind of request among `timings`. */
export function perKind(timings: readonly { step: StepName; ms: number }[]): string {
  const kinds = new Map<StepName, number[]>();
  for (const t of timings) {
    let list = kinds.get(t.step);
    if (!list) kinds.set(t.step, (list = []));
    list.push(t.ms);
  }
  return [...kinds]
    .map(([k, v]) => {
      const s = v.sort((a, b) => a - b);
      return `${k} ${v.length}× p50 ${fmt(percentile(s, 50))} p99 ${fmt(percentile(s, 99))}`;
    })
    .join(' | ');
}

/** The default run. Returns the exit status: 1 when fewer players than `targetPlayers` were held. */
export async function runHeld(o: HeldOptions): Promise<number> {
  const bench = await openBenchDatabase(o.dbKind, o.pgCluster);
  console.log(`Seeding ${o.maxPlayers} players (${o.dbKind}${bench.own ? ', a cluster of its own' : ''}, world speed ${o.speed})…`);
  const seeded = await seedPlayers(bench.database.db, o.maxPlayers, { speed: o.speed, pastTutorial: true });
  const emails = o.loginsPerSecond > 0 ? await signInAccounts(bench.database.db, seeded) : [];
  const env: NodeJS.ProcessEnv = { ...bench.env };
  // Twenty sign-ins a second from one address would meet the sign-in limit (AUTH_RATE_LIMIT a minute) at once.
  if (o.loginsPerSecond > 0) env.AUTH_RATE_LIMIT = '100000';
  await bench.database.close();
  const servers = await startServers(o.procs, env, o.profileDir);
  const meter = new CpuMeter(bench, servers);
  await meter.open();
  await resetStatementStats(bench);
  console.log(`${o.procs} server process(es) up (${o.dbKind}); steps of ${o.stepSeconds} s, one request per player every ~${o.thinkMs / 1000} s on average`);

  const crowd = new Crowd(seeded, servers.pick, o.thinkMs);
  const { log, failures } = crowd;

  // --logins: sign-ins arriving at random (a Poisson stream), each sent without waiting for the one before.
  const signIns: SignIn[] = [];
  const signingIn = new Set<Promise<void>>();
  let stopping = false;
  const signInLoop = (async () => {
    if (o.loginsPerSecond <= 0) return;
    while (!stopping) {
      await sleep((-Math.log(1 - Math.random()) * 1000) / o.loginsPerSecond);
      const at = performance.now();
      const email = emails[Math.floor(Math.random() * emails.length)]!;
      const sent = httpCall(`${servers.pick()}/api/auth/login`, 'POST', { 'content-type': 'application/json' }, JSON.stringify({ email, password: SIGN_IN_PASSWORD })).then(
        (reply) => void signIns.push({ at, ms: performance.now() - at, status: reply.status }),
        () => void signIns.push({ at, ms: performance.now() - at, status: 0 }),
      );
      signingIn.add(sent);
      void sent.finally(() => signingIn.delete(sent));
    }
  })();

  console.log(`\nplayers  requests  req/s   errors  p50 ms  p95 ms  p99 ms  held${o.loginsPerSecond > 0 ? ` (players only; ${o.loginsPerSecond} sign-ins/s besides)` : ''}`);
  let held = 0;
  for (let target = o.startPlayers; target <= o.maxPlayers; target += o.stepPlayers) {
    crowd.grow(target);
    // The first fifth of a step lets the new players' first requests spread out; it is not measured.
    await sleep(o.stepSeconds * 200);
    const from = log.timings.length;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const failedBefore = failures.length;
    const cpu0 = await meter.read();
    const t0 = performance.now();
    await sleep(o.stepSeconds * 800);
    const t1 = performance.now();
    const cpu1 = await meter.read();
    lag.disable();
    const seconds = (t1 - t0) / 1000;
    const window = log.timings.slice(from);
    const sorted = window.map((t) => t.ms).sort((a, b) => a - b);
    const errors = failures.length - failedBefore;
    const p99 = percentile(sorted, 99);
    const ok = p99 < o.p99Limit && errors === 0;
    if (ok) held = target;
    console.log(
      `${String(target).padStart(7)}  ${String(window.length).padStart(8)}  ${(window.length / seconds).toFixed(1).padStart(6)}  ${String(errors).padStart(6)}  ${fmt(percentile(sorted, 50)).padStart(6)}  ${fmt(percentile(sorted, 95)).padStart(6)}  ${fmt(p99).padStart(6)}  ${ok ? 'yes' : 'no'}`,
    );
    console.log(`         bench lag p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms max ${(lag.max / 1e6).toFixed(1)} ms; ${cpuBetween(cpu0, cpu1, window.length, !bench.own)}`);
    if (o.loginsPerSecond > 0) {
      const step = signIns.filter((s) => s.at >= t0 && s.at < t1);
      const made = step.filter((s) => s.status === 200).map((s) => s.ms).sort((a, b) => a - b);
      const refused = step.filter((s) => s.status === 503).length;
      const other = step.length - made.length - refused;
      console.log(`         sign-ins ${(step.length / seconds).toFixed(1)}/s: ${made.length} made, p50 ${fmt(percentile(made, 50))} ms p99 ${fmt(percentile(made, 99))} ms; ${refused} refused (503, busy); ${other} other`);
    }
    console.log(`         ${perKind(window)}`);
  }
  stopping = true;
  await crowd.stop();
  await signInLoop;
  await Promise.all(signingIn);
  await servers.stop();
  await printStatementStats(bench, o.statementStats);
  await meter.close();
  if (failures.length > 0) console.log(`\nfailures: ${[...new Set(failures)].slice(0, 10).join(', ')}`);
  if (log.serverErrors.length > 0) console.log(`server errors: ${JSON.stringify(log.serverErrors.slice(0, 3))}`);
  await bench.drop();
  const where = `${o.dbKind === 'pg' ? 'PostgreSQL' : 'PGlite'}, ${o.procs} process${o.procs === 1 ? '' : 'es'}`;
  const verdict = o.targetPlayers > 0 ? `; target ${o.targetPlayers}: ${held >= o.targetPlayers ? 'met' : 'MISSED'}` : '';
  console.log(`\nplayers held: ${held} with p99 < ${o.p99Limit} ms (${where})${verdict}`);
  return o.targetPlayers > 0 && held < o.targetPlayers ? 1 : 0;
}
