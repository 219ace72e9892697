// The operator CLI never takes a password from its command line: it reads standard input (or a hidden prompt).
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledCli, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'vikings-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
const player = { username: 'Sigrid', email: 'sigrid@kattegat.no', password: 'Valhalla#2026' };

function cli(args: string[], stdin = ''): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [compiledCli, ...args], { env, input: stdin, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Starts the compiled server on the test's data directory, calls `work`, and stops it (the CLI needs the directory free). */
async function withServer<T>(work: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const run: ServerRun = runServer('build/server/main.mjs', { ...env, HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, run);
    return await work(url);
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
  }
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);

describe('npm run cli -- set-password', () => {
  beforeAll(async () => {
    await withServer(async (url) => expect(await post(url, '/api/auth/register', player)).toBe(201));
  }, 120_000);

  it('refuses a password given on the command line, and changes nothing', async () => {
    const run = cli(['set-password', player.email, 'Leaked1!pass']);
    expect(run.status).not.toBe(0);
    expect(run.out).toContain('never taken from the command line');
    await withServer(async (url) => {
      expect(await post(url, '/api/auth/login', { email: player.email, password: player.password })).toBe(200);
    });
  }, 120_000);

  it('reads the new password from standard input, and only the new one signs in', async () => {
    const run = cli(['set-password', player.email], 'Hidden2!pass\n');
    expect(run.status, run.out).toBe(0);
    expect(run.out).not.toContain('Hidden2!pass');
    await withServer(async (url) => {
      expect(await post(url, '/api/auth/login', { email: player.email, password: 'Hidden2!pass' })).toBe(200);
      expect(await post(url, '/api/auth/login', { email: player.email, password: player.password })).toBe(401);
    });
  }, 120_000);

  it('refuses a weak password read from standard input', () => {
    const run = cli(['set-password', player.email], 'short\n');
    expect(run.status).not.toBe(0);
    expect(run.out.toLowerCase()).toContain('password');
  });
});

describe('a chain of commands (--then)', () => {
  it('runs each in order on one opening, and stops at the first that fails with the ones before it done', () => {
    const run = cli(['create-world', 'Chain One', '--speed', '5', '--then', 'set-role', 'nobody@kattegat.no', 'admin', '--then', 'create-world', 'Chain Two']);
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/World Chain One created \(speed 5, id /);
    expect(run.out).toContain('No user with email nobody@kattegat.no');
    expect(run.out).not.toContain('Chain Two');
    // A chain that holds runs to its end.
    const again = cli(['create-world', 'Chain Two', '--then', 'create-world', 'Chain Three', '--speed', '3']);
    expect(again.status, again.out).toBe(0);
    expect(again.out).toMatch(/World Chain Two created \(speed 1, id [^)]+\)\nWorld Chain Three created \(speed 3, id /);
  });

  it('refuses backup or restore in a chain, and an empty command, doing nothing', () => {
    for (const args of [
      ['create-world', 'Never', '--then', 'backup', join(dataDir, 'never.tar')],
      ['backup', join(dataDir, 'never.tar'), '--then', 'create-world', 'Never'],
      ['create-world', 'Never', '--then'],
    ]) {
      const run = cli(args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.out).toContain('Usage:');
      expect(run.out).not.toContain('World Never created');
    }
  });
});
