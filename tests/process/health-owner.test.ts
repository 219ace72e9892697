// The test servers' start-up wait trusts only its own process's answer: another server on the chosen port is reported, not talked to;
// and a browser test's server left on its worker's port by a killed worker is stopped before the port is used again.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServer, freePort, listensOn, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { runServerOnPort } from '../e2e/support/server';

describe('waitForHealth', () => {
  it('refuses a healthy answer from another process on the port, and reports our server refusing the busy port', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'vikings-health-owner-'));
    // Another game's health answer, as a server of a test running beside this one would give.
    const impostor = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
    await new Promise<void>((resolve) => impostor.listen(port, '127.0.0.1', resolve));
    try {
      expect(listensOn(process.pid, port)).toBe(true);
      const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: dataDir });
      expect(listensOn(run.child.pid!, port)).toBe(false);
      await expect(waitForHealth(`http://127.0.0.1:${port}`, run, 60_000)).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('runServerOnPort (the browser tests\' extra servers)', () => {
  it('stops the server an earlier run left listening on the port, and starts its own there', async () => {
    const port = await freePort();
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'vikings-reclaim-')));
    const env = (dataDir: string) => ({ STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: dataDir });
    // The leftover: started and never stopped, as when Playwright kills a worker before its spec's afterAll ran.
    const leftover = await runServerOnPort(port, env(dirs[0]));
    let next: ServerRun | null = null;
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, leftover);
      next = await runServerOnPort(port, env(dirs[1]));
      await waitForHealth(`http://127.0.0.1:${port}`, next);
      expect(await leftover.exited).toBeNull();
      expect(leftover.child.signalCode).toBe('SIGKILL');
      expect(listensOn(next.child.pid!, port)).toBe(true);
    } finally {
      for (const run of [leftover, next]) if (run && run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
      await Promise.all([leftover.exited, next?.exited]);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
    // Two first starts one after the other (initdb and migrations each): 86 and 157 s in a CI rehearsal's two runs.
  }, 360_000);
});
