// Starts an extra game server process for tests that must stop it (the CLI refuses to share the embedded database).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledCli, compiledServer, listeningSockets, listensOn, runServer, waitForHealth, type ServerRun } from '../../support/server-process';
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
  const run = await runServerOnPort(port, { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: 'dist-test', LOG_LEVEL: 'silent' });
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

/** Where the process id of the extra server on `port` is kept while it runs. */
function pidFile(port: number): string {
  return join(tmpdir(), `vikings-e2e-server-${port}.pid`);
}

/**
 * Starts the compiled server on 127.0.0.1:`port` (a port of this worker's, extraPort) with `env`, after stopping a
 * server that an earlier worker of the same ports left on it. Playwright replaces a worker whose test ran past its
 * timeout, and when that worker is killed before its spec's afterAll stops the spec's server, the server lives on,
 * holding the port: on CI every later spec of that worker then failed with "Port N is already in use". The ports are
 * the worker's own, so a server found on one that this worker did not start is such a leftover.
 */
export async function runServerOnPort(port: number, env: NodeJS.ProcessEnv): Promise<ServerRun> {
  await reclaimPort(port);
  const run = runServer(compiledServer, { PORT: String(port), HOST: '127.0.0.1', ...env });
  writeFileSync(pidFile(port), String(run.child.pid));
  void run.exited.then(() => {
    // Only our own record: a later server on the port may have written its own since.
    if (readPid(port) === run.child.pid) rmSync(pidFile(port), { force: true });
  });
  return run;
}

function readPid(port: number): number | null {
  try {
    return Number(readFileSync(pidFile(port), 'utf8')) || null;
  } catch {
    return null;
  }
}

/** Kills the server recorded on `port` if it still listens there, and waits until the port is free. */
async function reclaimPort(port: number): Promise<void> {
  const pid = readPid(port);
  if (pid === null) return;
  // The process of the record, still listening on the port (not a later process that was given the same id).
  // (A process that has ended lists no descriptors, so it does not listen.)
  if (listensOn(pid, port)) {
    console.log(`port ${port}: stopping server ${pid} that an earlier worker left running`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone (where /proc cannot tell, listensOn says yes).
    }
    // Until the socket itself is gone: a killed process's /proc entry stops listing its descriptors while its threads
    // (the embedded database's, perhaps in a disk write) are still exiting, and the socket listens on until they have.
    for (let waited = 0; (listeningSockets(port)?.size ?? 0) > 0 && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  rmSync(pidFile(port), { force: true });
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
