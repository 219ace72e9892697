// `npm test`: every check, the cheap ones first, then the browser tests; beside them from the start, the API tests
// and then the process tests.
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

// The API tests need nothing built and are the longest chain (one database connection per file, files one after
// another, then the process tests): they start at once, beside the checks, instead of after them (about 700 s later
// on a two-core CI machine, which made them the whole run's tail). The browser tests need the build the checks end
// with; the process tests wait for it too, so that their --if-stale compile of the server never races the build's.
const checked = inOrder('check:api', 'typecheck', 'lint', 'test:unit', 'build:test');
await Promise.all([
  (async () => {
    await step('test:api');
    await checked;
    await step('test:process');
  })(),
  checked.then(() => step('test:e2e:built')),
]);

const failed = results.filter((r) => r.status !== 0);
process.stdout.write(`\nnpm test: ${results.map((r) => `${r.script} ${r.status === 0 ? 'ok' : 'FAILED'} (${r.seconds} s)`).join(', ')}\n`);
process.exit(failed.length === 0 ? 0 : 1);
