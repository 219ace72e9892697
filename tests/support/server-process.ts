// Runs the game server as a real Node process (the compiled bundle, or `npm start`'s script) for the process and browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** What `npm run build` and the process tests' global setup compile (scripts/build-server.mjs). */
export const compiledServer = 'build/server/main.mjs';
export const compiledCli = 'build/server/cli.mjs';

export interface ServerRun {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The exit code (null when killed by a signal), once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Tests and benches register dozens of players from 127.0.0.1: the registration limit per address (3 a day, proved in
 * tests/api/fair-play.test.ts) would refuse them, so it is raised unless the environment or the caller says otherwise.
 */
const MANY_REGISTRATIONS: NodeJS.ProcessEnv = { REGISTRATIONS_PER_ADDRESS: '1000000' };

/** Starts `node [nodeArgs] <script>` in the repository with `env` added to this process's environment. */
export function runServer(script: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ServerRun {
  const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...MANY_REGISTRATIONS, ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  // Read both pipes to the end: a full pipe would block the server on its next log line.
  child.stdout!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => printed, exited };
}

/** Waits until GET /api/health answers 200; fails early, with the server's output, when the process ends first. */
export async function waitForHealth(url: string, run: ServerRun, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited with ${run.child.exitCode}: ${run.output()}`);
    try {
      // Closed after the answer: an idle connection left open would hold a stopping server behind a proxy (TRUST_PROXY),
      // which leaves idle connections for the proxy to close.
      const res = await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Killed, so a server that started too slowly does not hold its port (and fail every later test that uses it).
  run.child.kill('SIGKILL');
  await run.exited;
  throw new Error(`server at ${url} did not become healthy within ${timeoutMs} ms: ${run.output()}`);
}

/** A port nobody listens on right now, chosen by the system (tests on a shared machine must not guess one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
