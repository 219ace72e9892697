// `npm test`: every check and test. The browser tests from the start, once the test build is made; beside them the
// checks, the API and unit tests, and then the process tests.
//
// Why side by side: the browser tests spend most of their time waiting on game time (armies marching, units training)
// and on a software-rendered page, the API and process tests on the embedded database's one connection; run one after
// the other they took twice the time on a two-core machine, run together each fills the other's waits.
// Each step's output goes to a file and is printed whole when the step ends, so that two steps never interleave lines.
// Every step runs even when an earlier one failed (a lint finding should not hide a failing test); the exit status is
// 1 when any failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const logDir = mkdtempSync(join(tmpdir(), 'vikings-tests-'));
const results = [];

/** Runs `npm run <script>` with its output in a file; prints the file when it ends; resolves to its exit status. */
function step(script) {
  const file = join(logDir, `${script.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(file);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => {
        const status = code ?? (signal ? 1 : 0);
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`\n> npm run ${script}\n\n${readFileSync(file, 'utf8')}\n`);
        process.stdout.write(`${status === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)\n`);
        results.push({ script, status, seconds });
        resolve(status);
      });
    });
  });
}

/** Runs the scripts one after another. */
async function inOrder(...scripts) {
  for (const script of scripts) await step(script);
}

// The browser tests are the longest chain (most of CI's work): they start first, as soon as the test build is made.
// Beside them, one step at a time: the checks (the quickest to fail), the API and unit tests, then the process tests
// (their --if-stale compile of the server never races the build, which is done by then). Two chains on two cores: a
// third (the checks apart, as before) only made every step slower, and the loaded ones timed out.
const built = step('build:test');
await Promise.all([
  built.then(() => step('test:e2e:built')),
  (async () => {
    await inOrder('check:api', 'typecheck', 'lint', 'test:api', 'test:unit');
    await built;
    await step('test:process');
  })(),
]);

const failed = results.filter((r) => r.status !== 0);
process.stdout.write(`\nnpm test: ${results.map((r) => `${r.script} ${r.status === 0 ? 'ok' : 'FAILED'} (${r.seconds} s)`).join(', ')}\n`);
process.exit(failed.length === 0 ? 0 : 1);
