// Starts an extra game server process for tests that must stop it (the CLI refuses to share the embedded database).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

export async function startServer(port: number, dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-extra-'))): Promise<ServerProcess> {
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: 'dist-test', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/** Runs `npm run cli -- ...args` against a data directory; returns its exit code and output. */
export function runCli(dataDir: string, args: string[]): { status: number; output: string } {
  const result = spawnSync('npx', ['tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}
