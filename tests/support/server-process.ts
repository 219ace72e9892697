// Runs the game server as a real Node process (the compiled bundle, or `npm start`'s script) for the process and browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

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

/**
 * Whether process `pid` holds the listening TCP socket on `port`, read from Linux's /proc (the sockets listening on the
 * port, then the process's open descriptors); true where /proc cannot tell.
 */
export function listensOn(pid: number, port: number): boolean {
  const inodes = listeningSockets(port);
  if (inodes === null) return true;
  let descriptors: string[];
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return descriptors.some((fd) => {
    try {
      return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
    } catch {
      return false; // closed while we looked
    }
  });
}

/**
 * The inodes of the sockets listening on TCP `port` (any address), from Linux's /proc; null where /proc cannot tell.
 * A socket stays here until the last process holding it has closed it, which for a killed process can be a while after
 * its own /proc entry stops listing descriptors (its threads still exiting).
 */
export function listeningSockets(port: number): Set<string> | null {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      // No IPv4 table: not Linux, nothing to tell. (A machine without IPv6 has no tcp6 table.)
      if (table === '/proc/net/tcp') return null;
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode; state 0A is LISTEN.
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue;
      if (Number.parseInt(fields[1].split(':')[1], 16) === port) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * Waits until GET /api/health answers 200 from this run's own process; fails early, with the server's output, when the
 * process ends first. A port chosen by freePort can be taken by another test's server (the PGlite and PostgreSQL runs
 * start servers side by side on CI) before ours listens: that server's answer must not pass for ours, or the test talks
 * to the wrong game (ours then refuses the busy port and exits, which this reports).
 */
export async function waitForHealth(url: string, run: ServerRun, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const port = Number(new URL(url).port);
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited with ${run.child.exitCode}: ${run.output()}`);
    try {
      // Closed after the answer: an idle connection left open would hold a stopping server behind a proxy (TRUST_PROXY),
      // which leaves idle connections for the proxy to close.
      const res = await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
      if (res.ok && listensOn(run.child.pid!, port)) return;
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
