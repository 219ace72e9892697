// README's PostgreSQL backup, run as written: pg_dump of a played world, pg_restore and vacuumdb into a new database, every table identical, and the game serves the restored one (with DATABASE_URL only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledServer, freePort, runServer, waitForHealth } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { openPostgres } from '../../src/server/db/open';
import { createWorld } from '../../src/server/operators/world-admin';
import { playShortSession } from '../support/short-session';
import { playProofWorld } from '../support/proof-world-in';
import { snapshot, type Snapshot } from '../api/db-snapshot';

const pgUrl = process.env.DATABASE_URL;
/** Debian installs the tools of each PostgreSQL version under its own directory; the README's commands name them bare. */
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** The commands of README's "PostgreSQL backups" paragraph: its code spans that call pg_dump, pg_restore and vacuumdb, in order. */
function readmeCommands(): { dump: string; restore: string[] } {
  const readme = readFileSync('README.md', 'utf8');
  const paragraph = readme.split('\n').find((line) => line.startsWith('**PostgreSQL backups.**'));
  if (!paragraph) throw new Error('README.md has no "PostgreSQL backups" paragraph');
  const spans = [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((span) => /^(pg_dump|pg_restore|vacuumdb) /.test(span));
  const [dump, ...restore] = spans;
  if (!dump?.startsWith('pg_dump ') || restore.length !== 2) throw new Error(`README's PostgreSQL commands are not pg_dump, pg_restore, vacuumdb: ${JSON.stringify(spans)}`);
  return { dump, restore };
}

/** Runs one README command through the shell, in `dir`, with DATABASE_URL set as the README expects. */
function sh(command: string, databaseUrl: string, dir: string): void {
  const path = existsSync(PG_BIN) ? `${PG_BIN}:${process.env.PATH}` : process.env.PATH;
  execFileSync('sh', ['-c', command], { cwd: dir, env: { ...process.env, PATH: path, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

async function fingerprint(url: string): Promise<Snapshot> {
  const database = await openPostgres(url);
  try {
    return await snapshot(database.db, { complete: true });
  } finally {
    await database.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'vikings-pgbackup-'));
const made: FreshPostgres[] = [];

afterAll(async () => {
  for (const database of made) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!pgUrl)("README's PostgreSQL backup and restore", () => {
  let source: FreshPostgres;
  let played: Snapshot;
  let raiderToken = '';

  beforeAll(async () => {
    source = await freshPostgres(pgUrl!);
    made.push(source);
    const setup = await openPostgres(source.url);
    const fast = await createWorld(setup.db, { name: 'Backup Fjord', speed: 1000, size: 45, maxPlayers: 100 });
    await playProofWorld(setup);
    await setup.close();
    const port = await freePort();
    const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', SWEEP_INTERVAL_MS: '100', DATABASE_URL: source.url });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(base, run);
      const session = await playShortSession(base, fast.id, 'pgb');
      raiderToken = session.raider.token;
      for (const stream of session.streams) stream.close();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, session.arrivesAt - Date.now()) + 500));
    } finally {
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
    played = await fingerprint(source.url);
  }, 300_000);

  it('gives back every table identical in a new database, which the game then serves', async () => {
    const { dump, restore } = readmeCommands();
    sh(dump, source.url, dir);
    expect(existsSync(join(dir, 'vikings.dump'))).toBe(true);
    // README: "point DATABASE_URL at a new database (createdb)".
    const target = await freshPostgres(pgUrl!);
    made.push(target);
    for (const command of restore) sh(command, target.url, dir);

    const tables = Object.entries(played.tables);
    expect(tables.length).toBeGreaterThan(50);
    expect(tables.filter(([, print]) => !print.startsWith('0:')).length).toBeGreaterThan(35);
    expect(await fingerprint(target.url)).toEqual(played);

    // Started on the restored database, the game serves it: the raider's stored session still signs them in.
    const port = await freePort();
    const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', SWEEP_INTERVAL_MS: '0', DATABASE_URL: target.url });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(base, run);
      expect((await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${raiderToken}` } })).status).toBe(200);
    } finally {
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
  }, 180_000);
});
