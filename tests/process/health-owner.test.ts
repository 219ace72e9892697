// The test servers' start-up wait trusts only its own process's answer: another server on the chosen port is reported, not talked to.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServer, freePort, listensOn, runServer, waitForHealth } from '../support/server-process';

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
