// A throw-away PostgreSQL cluster for the load benchmark (`--pg=own`): initdb in a temporary directory, started on a free port with pg_stat_statements loaded, stopped and removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../tests/support/server-process';

export interface OwnCluster {
  /** The cluster's `postgres` database as the superuser `vikings` (trusted on 127.0.0.1). */
  url: string;
  stop(): Promise<void>;
}

/** The server programs of the newest PostgreSQL installed the Debian way (/usr/lib/postgresql/<version>/bin), or from PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return '';
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : '';
}

/**
 * initdb refuses to run as root: then the cluster belongs to the `postgres` account (`runuser -u postgres --`). The
 * settings are initdb's defaults (the same as a fresh Debian cluster's) plus `shared_preload_libraries =
 * pg_stat_statements`, which a shared cluster's postgresql.conf should not be changed for.
 */
export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = binDir();
  const tool = (name: string) => (bin ? join(bin, name) : name);
  const asRoot = process.getuid?.() === 0;
  const run = (name: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', tool(name), ...args], { stdio: 'pipe' }) : execFileSync(tool(name), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'vikings-pg-'));
  // The postgres account must be able to reach its data directory inside the temporary one.
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'vikings', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c shared_preload_libraries=pg_stat_statements',
    '-c pg_stat_statements.track=all',
    '-c max_connections=200',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const url = `postgres://vikings@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create extension if not exists pg_stat_statements');
  await admin.end();
  return {
    url,
    stop: async () => {
      const stopped = asRoot
        ? spawnSync('runuser', ['-u', 'postgres', '--', tool('pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop'], { stdio: 'pipe' })
        : spawnSync(tool('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], { stdio: 'pipe' });
      if (stopped.status !== 0) console.error(`pg_ctl stop: ${stopped.stderr?.toString()}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One statement's totals in pg_stat_statements. */
export interface StatementTotals {
  query: string;
  calls: number;
  totalMs: number;
  rows: number;
}

/** Forgets what pg_stat_statements counted so far (in every database of the cluster). */
export async function resetStatements(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('select pg_stat_statements_reset()');
  await admin.end();
}

/** The statements of database `dbName` by total execution time, most first. */
export async function topStatements(url: string, dbName: string, limit = 25): Promise<StatementTotals[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query<{ query: string; calls: string; total: number; rows: string }>(
    `select s.query, s.calls, s.total_exec_time as total, s.rows from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = $1 order by s.total_exec_time desc limit $2`,
    [dbName, limit],
  );
  await admin.end();
  return rows.map((r) => ({ query: r.query, calls: Number(r.calls), totalMs: r.total, rows: Number(r.rows) }));
}
