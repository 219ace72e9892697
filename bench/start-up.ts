// Time from `npm start` to the first answered GET /api/health on a built checkout with an existing PGlite data directory.
// Run with `npx tsx bench/start-up.ts [runs] [checkout]` (7 runs of this checkout by default); the first, unmeasured start
// builds what is stale and creates the data directory, as a player's first `npm start` would.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/support/server-process';

const runs = Number(process.argv[2] ?? 7);
const checkout = resolve(process.argv[3] ?? '.');
const dataDir = mkdtempSync(join(tmpdir(), 'vikings-bench-start-'));

async function startOnce(): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  // Its own process group, so the stop reaches every process of the tree, however many `npm start` makes.
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((done) => npm.once('exit', () => done()));
  let answeredAfter = NaN;
  while (npm.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        answeredAfter = performance.now() - began;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  process.kill(-npm.pid!, 'SIGTERM');
  await exited;
  if (Number.isNaN(answeredAfter)) throw new Error('npm start ended before answering');
  return answeredAfter;
}

async function main() {
  const first = await startOnce();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await startOnce());
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (t: number) => `${Math.round(t)} ms`;
  console.log(`npm start in ${checkout}: first start ${ms(first)} (builds if stale, new data directory)`);
  console.log(`then ${runs} starts: median ${ms(sorted[Math.floor(runs / 2)])}, min ${ms(sorted[0])}, max ${ms(sorted[runs - 1])}`);
  console.log(`runs: ${times.map(ms).join(', ')}`);
}

void main();
