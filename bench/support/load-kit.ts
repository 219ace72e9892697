// What the load benchmark's three runs share: options, the database (PGlite, a fresh database on DATABASE_URL, or a cluster of its own with pg_stat_statements), the servers as `npm start` runs them, CPU meters and percentiles.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/open';
import { freePort, waitForHealth, type ServerRun } from '../../tests/support/server-process';
import { freshPostgres, type FreshPostgres } from '../../tests/support/fresh-postgres';
import { cpuMs, threadCpuMs } from './proc-cpu';
import { resetStatements, startOwnCluster, topStatements, type OwnCluster } from './pg-cluster';

export function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(1));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type DbKind = 'pglite' | 'pg';

/** What every run of bench:load is given: the database and its servers, the players' pace, and what to record. */
export interface LoadRunOptions {
  dbKind: DbKind;
  /** PostgreSQL on DATABASE_URL, or a throw-away cluster of the bench's own (with pg_stat_statements). */
  pgCluster: 'shared' | 'own';
  procs: number;
  thinkMs: number;
  speed: number;
  profileDir: string;
  /** How many of the busiest statements to print (0: none). */
  statementStats: number;
}

export interface BenchDatabase {
  kind: DbKind;
  /** The game's database, open in this process for seeding (close it before the servers start on PGlite). */
  database: Database;
  /** What the servers' environment needs to open the same database. */
  env: NodeJS.ProcessEnv;
  /** The fresh database's name on PostgreSQL. */
  name: string;
  /** The cluster of its own (`--pg=own`), which has pg_stat_statements. */
  own: OwnCluster | null;
  /** The PostgreSQL server's URL (its `postgres` database), for looking at its processes and statistics. */
  serverUrl: string;
  drop(): Promise<void>;
}

/**
 * PGlite in a temporary data directory, or a fresh database on PostgreSQL: on DATABASE_URL's server (`pg: 'shared'`) or
 * on a cluster of the bench's own (`pg: 'own'`, started with pg_stat_statements and removed afterwards).
 */
export async function openBenchDatabase(kind: DbKind, pgCluster: 'shared' | 'own'): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'vikings-load-'));
    const database = await openPglite(dataDir);
    return {
      kind,
      database,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      name: '',
      own: null,
      serverUrl: '',
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const own = pgCluster === 'own' ? await startOwnCluster() : null;
  const serverUrl = own?.url ?? process.env.DATABASE_URL ?? 'postgres://vikings:vikings@127.0.0.1:5432/postgres';
  const fresh: FreshPostgres = await freshPostgres(serverUrl);
  const database = await openPostgres(fresh.url);
  return {
    kind,
    database,
    env: { DATABASE_URL: fresh.url },
    name: new URL(fresh.url).pathname.slice(1),
    own,
    serverUrl,
    drop: async () => {
      await fresh.drop();
      await own?.stop();
    },
  };
}

export interface Servers {
  runs: ServerRun[];
  bases: string[];
  /** A base address picked at random, as a load balancer spreading requests would. */
  pick(): string;
  stop(): Promise<void>;
}

/**
 * Starts `procs` servers with `npm start`'s own script and its defaults (request logs at info, the built client), each on a
 * free port. Their output goes to a file, as a server's log would in production: read through a pipe, the load generator
 * itself paid for every log line (about a tenth of its CPU). The files are removed at the end unless a server failed.
 */
export async function startServers(procs: number, env: NodeJS.ProcessEnv, profileDir = ''): Promise<Servers> {
  const runs: ServerRun[] = [];
  const bases: string[] = [];
  const logDir = mkdtempSync(join(tmpdir(), 'vikings-load-logs-'));
  for (let i = 0; i < procs; i++) {
    const port = await freePort();
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const logFile = join(logDir, `server-${i}.log`);
    const fd = openSync(logFile, 'a');
    // As tests/support/server-process.ts runs them (registrations per address raised), with the output to the file.
    const child = spawn(process.execPath, [...profile, 'scripts/start.mjs'], {
      env: { REGISTRATIONS_PER_ADDRESS: '1000000', ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const run: ServerRun = { child, exited, output: () => readFileSync(logFile, 'utf8').slice(-4000) };
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, run, 180_000);
    runs.push(run);
    bases.push(base);
  }
  return {
    runs,
    bases,
    pick: () => bases[Math.floor(Math.random() * bases.length)]!,
    stop: async () => {
      let failed = false;
      for (const run of runs) {
        run.child.kill('SIGTERM');
        if ((await run.exited) !== 0) failed = true;
      }
      if (failed) console.log(`a server did not stop cleanly: its log is in ${logDir}`);
      else rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** CPU milliseconds of every process of the PostgreSQL cluster whose postmaster is `postmaster` (itself and its children). */
function clusterCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.split(') ')[1]!.split(' ')[1]);
      if (ppid === postmaster) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A reading of where CPU time went: the load generator (this process), each server and its two busiest threads, PostgreSQL. */
export interface CpuReading {
  at: number;
  bench: number;
  servers: number[];
  threads: Map<number, number>[];
  db: number;
  /** Statements run (pg_stat_statements, top level) and transactions committed, on PostgreSQL. */
  statements: number;
  commits: number;
}

/**
 * Reads CPU time where the load goes: this process, the servers, and PostgreSQL: with a cluster of its own every process
 * of it, else the backends of the bench's database (pg_stat_activity; a backend that ended meanwhile is not counted).
 */
export class CpuMeter {
  private admin: pg.Client | null = null;
  private postmaster = 0;

  constructor(
    private readonly db: BenchDatabase,
    private readonly servers: Servers,
  ) {}

  async open(): Promise<void> {
    if (this.db.kind !== 'pg') return;
    this.admin = new pg.Client({ connectionString: this.db.serverUrl });
    await this.admin.connect();
    if (this.db.own) {
      const { rows } = await this.admin.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ppid = Number(readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      this.postmaster = ppid;
    }
  }

  async read(): Promise<CpuReading> {
    const usage = process.cpuUsage();
    let db = 0;
    let statements = 0;
    let commits = 0;
    if (this.admin) {
      if (this.postmaster) {
        db = clusterCpuMs(this.postmaster);
        const { rows } = await this.admin.query<{ n: string }>(
          `select coalesce(sum(calls), 0) as n from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 and s.toplevel`,
          [this.db.name],
        );
        statements = Number(rows[0]!.n);
      } else {
        const { rows } = await this.admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [this.db.name]);
        for (const { pid } of rows) db += cpuMs(pid);
      }
      const { rows } = await this.admin.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = $1', [this.db.name]);
      commits = Number(rows[0]?.n ?? 0);
    }
    return {
      at: performance.now(),
      bench: (usage.user + usage.system) / 1000,
      servers: this.servers.runs.map((r) => cpuMs(r.child.pid!)),
      threads: this.servers.runs.map((r) => threadCpuMs(r.child.pid!)),
      db,
      statements,
      commits,
    };
  }

  async close(): Promise<void> {
    await this.admin?.end();
  }
}

/** Two readings as percentages of a core and per request: the line printed under a step. */
export function cpuBetween(a: CpuReading, b: CpuReading, requests: number, withBackendsOnly: boolean): string {
  const seconds = (b.at - a.at) / 1000;
  const pct = (ms: number) => `${(ms / seconds / 10).toFixed(0)}%`;
  const per = (ms: number) => (requests > 0 ? (ms / requests).toFixed(2) : '-');
  const serverMs = b.servers.map((ms, i) => ms - a.servers[i]!);
  const busiest = b.threads.map((threads, i) =>
    [...threads]
      .map(([t, ms]) => ms - (a.threads[i]!.get(t) ?? 0))
      .sort((x, y) => y - x)
      .slice(0, 2)
      .map(pct)
      .join('+'),
  );
  const serverTotal = serverMs.reduce((s, ms) => s + ms, 0);
  const dbMs = b.db - a.db;
  const parts = [
    `CPU bench ${pct(b.bench - a.bench)}`,
    `server ${serverMs.map((ms, i) => `${pct(ms)} (threads ${busiest[i]})`).join(', ')}`,
  ];
  if (b.db > 0) parts.push(`PostgreSQL ${pct(dbMs)}${withBackendsOnly ? ' (backends)' : ''}`);
  let line = parts.join(', ');
  line += `\n         per request: server ${per(serverTotal)} ms CPU${b.db > 0 ? `, PostgreSQL ${per(dbMs)} ms` : ''}, bench ${per(b.bench - a.bench)} ms`;
  if (b.commits > 0) line += `; ${per(b.commits - a.commits)} commits`;
  if (b.statements > 0) line += `, ${per(b.statements - a.statements)} statements`;
  return line;
}

/** With a cluster of its own: forget the statistics so far (seeding), so the end's list is the run's. */
export async function resetStatementStats(db: BenchDatabase): Promise<void> {
  if (db.own) await resetStatements(db.own.url);
}

/** With a cluster of its own: the statements that took the most time in the run, with calls and mean time. */
export async function printStatementStats(db: BenchDatabase, limit: number): Promise<void> {
  if (!db.own || limit <= 0) return;
  const top = await topStatements(db.own.url, db.name, limit);
  console.log(`\npg_stat_statements, top ${limit} by total time (nested statements of the stored reads included):`);
  console.log('   total ms     calls   mean ms  statement');
  for (const s of top) {
    const text = s.query.replace(/\s+/g, ' ').slice(0, 150);
    console.log(`${s.totalMs.toFixed(0).padStart(11)}  ${String(s.calls).padStart(8)}  ${(s.totalMs / Math.max(1, s.calls)).toFixed(3).padStart(8)}  ${text}`);
  }
}
