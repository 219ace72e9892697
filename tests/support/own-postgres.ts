// A PostgreSQL cluster of a test's own (initdb in a temporary folder, its own port), for tests that stop and restart the database: the shared server of DATABASE_URL is never touched.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);

/** The newest PostgreSQL installed the Debian way (/usr/lib/postgresql/<version>/bin), or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: as root its programs run as the `postgres` user, which Debian's package makes. */
function asOwner(bin: string, program: string, args: string[]): [string, string[]] {
  const path = join(bin, program);
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

export class OwnPostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  /** The cluster's `postgres` database, reached over TCP on 127.0.0.1 as the superuser, trusted (no password). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Makes a cluster in a new temporary folder and starts it (fsync off: nothing here outlives the test, and a stop or restart is a clean shutdown). */
  static async start(): Promise<OwnPostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/<version>/bin): apt-get install postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'vikings-pg-'));
    if (userInfo().uid === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), Number((await run('id', ['-g', 'postgres'])).stdout.trim()));
    const [program, args] = asOwner(bin, 'initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await run(program, args);
    const cluster = new OwnPostgres(bin, dir, await freePort());
    await cluster.pgCtl('start');
    return cluster;
  }

  private async pgCtl(action: 'start' | 'stop' | 'restart'): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
    const args = ['-D', join(this.dir, 'data'), '-w', '-t', '30', '-l', join(this.dir, 'log'), '-o', options];
    if (action !== 'start') args.push('-m', 'fast');
    const [program, all] = asOwner(this.bin, 'pg_ctl', [action, ...args]);
    await run(program, all);
  }

  /** A fast stop, as an upgrade or a failover does it: open sessions are ended, transactions under way roll back. */
  stop(): Promise<void> {
    return this.pgCtl('stop');
  }

  /** Starts it again after stop(); resolves once it accepts connections. */
  resume(): Promise<void> {
    return this.pgCtl('start');
  }

  /** `pg_ctl restart -m fast`: stop as above, then start; resolves once it accepts connections. */
  restart(): Promise<void> {
    return this.pgCtl('restart');
  }

  /** Creates a database on the cluster and returns its URL. */
  async createDatabase(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: this.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Stops the cluster at once and deletes its folder. */
  async destroy(): Promise<void> {
    const [program, args] = asOwner(this.bin, 'pg_ctl', ['stop', '-D', join(this.dir, 'data'), '-m', 'immediate', '-w']);
    await run(program, args).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
