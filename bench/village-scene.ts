// Cost of the village scene (the picture of the village page) in headless Chromium: its first drawing after mounting, the
// drawing of each new read of the village against the frame interval, and what it costs while nothing changes (JS per
// frame and drawings: there must be none) and while a construction's countdown runs (one drawing a second).
// Run with `npm run bench:village`; everything stays on 127.0.0.1. Exits 1 when an idle scene draws, or a read's drawing
// takes longer than a frame interval.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { mapAtlas } from '../scripts/vite-map-atlas';
import { villageAtlas } from '../scripts/vite-village-atlas';
import { chromiumPath } from '../tests/e2e/support/chromium';
import { sampleVillage } from '../src/client/map/village/sample';
import type { SceneBuilding } from '../src/client/map/village/layout';
import type { ReadTiming, VillageBenchApi } from './village-scene/page';

/** The village page's picture on a 1280-pixel-wide window: the page's content width at 3:2. */
const STAGE = { width: 1152, height: 768 };
const READS = 30;
const IDLE_MS = 5000;

setTimeout(() => {
  console.error('bench: gave up after 10 minutes');
  process.exit(1);
}, 600_000).unref();

/** Builds bench/village-scene optimised like the game's client, in Vite's test mode so the scene keeps its counters on window.__vikingsVillage. */
async function buildPage(outDir: string): Promise<void> {
  await build({
    root: resolve('bench/village-scene'),
    configFile: false,
    mode: 'test',
    logLevel: 'warn',
    base: './',
    plugins: [react(), mapAtlas({ dir: resolve('assets') }), villageAtlas({ dir: resolve('assets/village') })],
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = normalize(join(dir, decodeURIComponent((request.url ?? '/').split('?')[0])));
    const file = path.startsWith(dir) && existsSync(path) && statSync(path).isFile() ? path : join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((ready) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      ready({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

type Bench = { villageBench: VillageBenchApi };

/** The page's JS time so far (V8 and the bindings it calls), in ms, from the DevTools protocol. */
async function scriptMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

/** JS time and drawings while the page is left alone for `ms`. */
async function leftAlone(page: Page, cdp: CDPSession, ms: number): Promise<{ js: number; draws: number }> {
  const drawsBefore = await page.evaluate(() => (window as unknown as Bench).villageBench.draws());
  const jsBefore = await scriptMs(cdp);
  await new Promise((done) => setTimeout(done, ms));
  const js = (await scriptMs(cdp)) - jsBefore;
  const draws = (await page.evaluate(() => (window as unknown as Bench).villageBench.draws())) - drawsBefore;
  return { js, draws };
}

/**
 * The n-th read: the sample village at another look each time, so every read changes what is drawn. Reads alternate
 * between two villages (as the village selector does), so no level rises within one village and nothing flashes: the
 * figure is the drawing of the read alone.
 */
function nthRead(n: number): [string, SceneBuilding[]] {
  const look = n % 3 === 0 ? 1 : n % 3 === 1 ? 2 : 3;
  return [n % 2 === 0 ? 'bench-a' : 'bench-b', sampleVillage({ look, constructions: 'none' })];
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'vikings-bench-village-'));
  await buildPage(outDir);
  const site = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  let renderer = 'unknown';
  let frame: number[] = [];
  let firstDraw = 0;
  const reads: ReadTiming[] = [];
  let idle = { js: 0, draws: 0 };
  let counting = { js: 0, draws: 0 };
  try {
    const page = await browser.newPage({ viewport: { width: STAGE.width + 40, height: STAGE.height + 40 }, deviceScaleFactor: 1 });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(site.url);
    await page.waitForFunction(() => typeof (window as unknown as Partial<Bench>).villageBench === 'object');
    renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info && gl ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown';
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    // The frame interval of this machine and browser with nothing to draw: what "one frame" means in this run.
    frame = await page.evaluate(() => (window as unknown as Bench).villageBench.idleFrames(120));

    firstDraw = await page.evaluate(([b, s]) => (window as unknown as Bench).villageBench.mount(b, s), [sampleVillage({ look: 2, constructions: 'none' }), STAGE] as const);
    // VILLAGE_SCREENSHOT=file keeps a picture of the scene as mounted.
    if (process.env.VILLAGE_SCREENSHOT) await page.screenshot({ path: process.env.VILLAGE_SCREENSHOT, clip: { x: 0, y: 0, ...STAGE } });
    // Warm up: JIT, the first plan of every look.
    for (let n = 0; n < 6; n++) await page.evaluate(([id, b]) => (window as unknown as Bench).villageBench.read(id, b), nthRead(n));
    for (let n = 0; n < READS; n++) reads.push(await page.evaluate(([id, b]) => (window as unknown as Bench).villageBench.read(id, b), nthRead(n)));

    idle = await leftAlone(page, cdp, IDLE_MS);
    await page.evaluate((b) => (window as unknown as Bench).villageBench.read('bench-a', b), sampleVillage({ look: 2, constructions: 'one', remaining: 3600 }));
    counting = await leftAlone(page, cdp, IDLE_MS);
    await page.evaluate(() => (window as unknown as Bench).villageBench.unmount());
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }

  const interval = percentile(frame, 50);
  const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
  const perFrame = (js: number) => js / (IDLE_MS / interval);
  const drawn = reads.map((r) => r.drawn);
  console.log(`village scene bench: stage ${STAGE.width} x ${STAGE.height} px, the sample village (18 fields, 14 inner buildings, a wall, 8 plots)`);
  console.log(`headless Chromium ${browser.version()}, WebGL renderer: ${renderer}`);
  console.log(`frame interval with nothing to draw: median ${interval.toFixed(2)} ms, p95 ${percentile(frame, 95).toFixed(2)} ms`);
  console.log('');
  console.log(`first drawing after mounting (Pixi, the atlas rasterised and uploaded, the scene): ${ms(firstDraw)}`);
  console.log(`a new read -> drawn (${READS} reads, each changing a level): median ${ms(percentile(drawn, 50))}, p95 ${ms(percentile(drawn, 95))}, = ${(percentile(drawn, 50) / interval).toFixed(2)} frame intervals`);
  console.log(`  the drawing's own JS: median ${ms(percentile(reads.map((r) => r.drawJs), 50))}; read -> painted (next frame composited): median ${ms(percentile(reads.map((r) => r.painted), 50))}`);
  console.log(`  drawings per read: ${[...new Set(reads.map((r) => r.draws))].join(', ')}`);
  console.log(`idle, nothing changing (${IDLE_MS / 1000} s): ${idle.draws} redraws, JS per frame ${ms(perFrame(idle.js))} (${idle.js.toFixed(1)} ms in all)`);
  console.log(`a construction's countdown running (${IDLE_MS / 1000} s): ${counting.draws} redraws, JS per frame ${ms(perFrame(counting.js))} (${counting.js.toFixed(1)} ms in all)`);

  const checks = [
    { name: 'redraws while idle', value: idle.draws, target: '= 0', met: idle.draws === 0 },
    { name: 'read -> drawn median, in frame intervals', value: percentile(drawn, 50) / interval, target: '< 1', met: percentile(drawn, 50) < interval },
    { name: 'redraws per second while counting down', value: counting.draws / (IDLE_MS / 1000), target: '<= 1', met: counting.draws <= IDLE_MS / 1000 + 1 },
  ];
  console.log('');
  for (const check of checks) console.log(`${check.met ? 'ok  ' : 'MISS'} ${check.name}: ${check.value.toFixed(2)} (target ${check.target})`);
  if (checks.some((check) => !check.met)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
