// Backups that have been restored: a played world on the embedded database is backed up with the CLI, its data directory wiped and restored, and every table comes back identical; the CLI refuses while a server holds the directory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { compiledCli, compiledServer, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { openPglite } from '../../src/server/db/open';
import { createWorld } from '../../src/server/operators/world-admin';
import { playShortSession } from '../support/short-session';
import { playProofWorld } from '../support/proof-world-in';
import { snapshot, type Snapshot } from '../api/db-snapshot';

const root = mkdtempSync(join(tmpdir(), 'vikings-backup-'));
const dataDir = join(root, 'data');
const backupFile = join(root, 'vikings.tgz');
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

function cli(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [compiledCli, ...args], { env, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, out: `${run.stdout}${run.stderr}`.trim() };
}

/** The game on `dataDir`; a fast sweeper while playing, none where only reads follow (a sweep running at the stop is waited for). */
async function startServer(sweepIntervalMs: number): Promise<{ run: ServerRun; base: string }> {
  const port = await freePort();
  const run = runServer(compiledServer, { ...env, HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', SWEEP_INTERVAL_MS: String(sweepIntervalMs) });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, run);
  return { run, base };
}

async function stopServer(server: { run: ServerRun }): Promise<void> {
  server.run.child.kill('SIGTERM');
  expect(await server.run.exited).toBe(0);
}

/** Every table of the database in `dataDir`, every column (the bad-input test's fingerprint, none left out). */
async function fingerprint(): Promise<Snapshot> {
  const database = await openPglite(dataDir);
  try {
    return await snapshot(database.db, { complete: true });
  } finally {
    await database.close();
  }
}

let raiderToken = '';
let played: Snapshot;

beforeAll(async () => {
  // The proof world (alliances, heroes, wonders, mail, trade, farm lists, sitters, reports, ...) and a fast world, made
  // in this process; then a short session on the real server: barracks, training, a raid, live streams.
  const setup = await openPglite(dataDir);
  const fast = await createWorld(setup.db, { name: 'Backup Fjord', speed: 1000, size: 45, maxPlayers: 100 });
  await playProofWorld(setup);
  await setup.close();
  const server = await startServer(100);
  try {
    const session = await playShortSession(server.base, fast.id, 'bak');
    raiderToken = session.raider.token;
    for (const stream of session.streams) stream.close();
    // The raid lands and its army comes home while the server runs.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, session.arrivesAt - Date.now()) + 500));

    const refused = cli('backup', backupFile);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/^Error: The embedded database in .* is in use by a running server \(pid \d+\)\. Stop the server first/);
    expect(existsSync(backupFile)).toBe(false);
  } finally {
    await stopServer(server);
  }
  played = await fingerprint();
}, 300_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm run cli -- backup and restore on the embedded database', () => {
  it('gives back every table identical after the data directory is wiped', () => {
    const tables = Object.entries(played.tables);
    // Every table the game has, and drizzle's record of the migrations applied; most of them hold rows.
    expect(tables.length).toBeGreaterThan(50);
    expect(played.tables['drizzle.__drizzle_migrations']).toMatch(/^[1-9]\d*:/);
    const holding = tables.filter(([, print]) => !print.startsWith('0:')).length;
    expect(holding).toBeGreaterThan(35);
    console.log(`backup: ${tables.length} tables, ${holding} of them holding rows`);

    const made = cli('backup', backupFile);
    expect(made.status, made.out).toBe(0);
    expect(made.out).toMatch(/^Backed up the embedded database in .* into .*vikings\.tgz \(\d+\.\d MiB\)$/);
    expect(statSync(backupFile).size).toBeGreaterThan(100_000);
    // Nothing half-written is left beside it.
    expect(readdirSync(root).sort()).toEqual(['data', 'vikings.tgz']);

    const again = cli('backup', backupFile);
    expect(again.status).toBe(1);
    expect(again.out).toContain('exists already');

    rmSync(dataDir, { recursive: true, force: true });
    const restored = cli('restore', backupFile);
    expect(restored.status, restored.out).toBe(0);
    expect(restored.out).toMatch(/^Restored .* into .* \(\d+ migrations applied in it/);
    expect(readdirSync(root).sort()).toEqual(['data', 'vikings.tgz']);
    // Nobody holds the restored directory: the restore's own lock went with it.
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  }, 180_000);

  it('restored: the same content, table by table', async () => {
    const after = await fingerprint();
    expect(after).toEqual(played);
  }, 120_000);

  it('refuses a file that is no backup, and leaves the data directory as it was', async () => {
    const notGzip = join(root, 'notes.txt');
    writeFileSync(notGzip, 'hello');
    const plain = cli('restore', notGzip);
    expect(plain.status).toBe(1);
    expect(plain.out).toContain('is not a backup made by `npm run cli -- backup`');
    const garbage = join(root, 'garbage.tgz');
    writeFileSync(garbage, gzipSync(Buffer.from('not a tarball of a data directory, only words '.repeat(100))));
    const broken = cli('restore', garbage);
    expect(broken.status).toBe(1);
    expect(broken.out).toContain("is not a backup of the game's database");
    expect(cli('restore', join(root, 'missing.tgz')).out).toContain('There is no file');
    rmSync(notGzip);
    rmSync(garbage);
    expect(readdirSync(root).sort()).toEqual(['data', 'vikings.tgz']);
    expect(await fingerprint()).toEqual(played);
  }, 180_000);

  it('serves the restored world, and refuses to restore while the server holds it', async () => {
    const server = await startServer(0);
    try {
      // The raider's session was stored in the backup: it still signs them in.
      const me = await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${raiderToken}` } });
      expect(me.status).toBe(200);
      const refused = cli('restore', backupFile);
      expect(refused.status).toBe(1);
      expect(refused.out).toMatch(/is in use by a running server \(pid \d+\)\. Stop the server first/);
      expect((await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${raiderToken}` } })).status).toBe(200);
    } finally {
      await stopServer(server);
    }
  }, 120_000);
});
