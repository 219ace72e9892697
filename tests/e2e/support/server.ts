// Starts an extra game server process for tests that must stop it (the CLI refuses to share the embedded database).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledCli, compiledServer, runServer, waitForHealth } from '../../support/server-process';
import { seedDataDir } from './migrated-data-dir';

export interface ServerProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The compiled server of `npm run build` (as `npm start` runs it), on 127.0.0.1:port over `dataDir`; a new directory
 * starts as a copy of the run's migrated one (support/migrated-data-dir.ts).
 */
export async function startServer(port: number, dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-extra-'))): Promise<ServerProcess> {
  seedDataDir(dataDir);
  const run = runServer(compiledServer, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: 'dist-test', LOG_LEVEL: 'silent' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, run);
  return {
    url,
    dataDir,
    async stop() {
      if (run.child.exitCode === null) run.child.kill('SIGTERM');
      const code = await run.exited;
      // A graceful stop exits 0. On a machine as loaded as CI's (two cores, two browsers, three test runs) closing can
      // pass the server's 4.5 s deadline, and it exits 1 saying so: the database then recovers from its log on the next
      // open, which tests/process/crash-safety.test.ts proves loses nothing, so a restart on the directory is safe.
      // Any other exit is a failure.
      const pastDeadline = code === 1 && /^Shutdown did not finish within [\d.]+ s: exiting anyway\.$/m.test(run.output());
      if (code !== 0 && !pastDeadline) throw new Error(`server on ${url} stopped with exit code ${code}: ${run.output()}`);
    },
  };
}

/** Runs the compiled CLI (`npm run cli -- ...args` from the build) against a data directory; returns its exit code and output. */
export function runCli(dataDir: string, args: string[]): { status: number; output: string } {
  const result = spawnSync(process.execPath, [compiledCli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/**
 * Runs operator commands one after another against a data directory, in one run of the CLI (joined by --then: one
 * opening of the database for them all); the first that fails fails the test with the output.
 */
export function runCliSteps(dataDir: string, steps: string[][]): void {
  if (steps.length === 0) return;
  const args = steps.flatMap((step, i) => (i === 0 ? step : ['--then', ...step]));
  const run = runCli(dataDir, args);
  if (run.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${run.output}`);
}

/**
 * A port of this worker's own for a spec's extra server: the suite's port plus `offset`, ten apart per parallel
 * worker, so that two workers' extra servers never meet.
 */
export function extraPort(offset = 1): number {
  return Number(process.env.E2E_PORT ?? 3100) + offset + 10 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}
