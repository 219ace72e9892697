// Cost of drawing the world map at radius 25 in headless Chromium: JS time per frame while panning and the time from an
// arrow click to the new tiles drawn, for the PixiJS stage and for a plain React DOM grid of the same tiles (the baseline);
// then the same stage with 200 armies marching on screen (lines and moving markers: the targets are held with them, and
// the frames the markers cost while nothing else happens are counted); then the stage over a whole 401 x 401 world of
// loaded chunks (frame figures and page memory); then the server's figures for the same area (bench/map-area.ts).
// Prints the four target ratios and exits 1 when one misses.
// Run with `npm run bench:map`; everything stays on 127.0.0.1.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { mapAtlas } from '../scripts/vite-map-atlas';
import { chromiumPath } from '../tests/e2e/support/chromium';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/open';
import { seedWorld } from './support/seed-world';
import { mapAreaJson } from '../src/server/map/area';
import { chunkCentre, chunkKey, chunkOf, chunkTiles, CHUNK_RADIUS } from '../src/client/map/chunks';
import type { MapChunk, MapTile } from '../src/client/state/map';
import type { ArrowTrace, BenchApi, BenchData, IdleResult, PanResult } from './map-frame/page';
import { benchMovements } from './support/movements';
import { AREA_TARGET, ARROW_TARGET_FRAMES, ARROW_TARGET_SPEEDUP, PAN_TARGET_RATIO } from './support/targets';

const RADIUS = 25;
const STAGE = 816; // 16 px tiles at radius 25
const REACH = 70; // tiles each side of the centre with data: the pan and the arrow clicks stay inside
const VILLAGES = 500;
const OWNERS = 30;
const PAN_FRAMES = 240;
const PAN_STEP = 3; // px per frame: 360 px (22 tiles) out and back
const ARROW_CLICKS = 20;
/** The full world: 401 x 401 tiles, every chunk loaded, with villages all over it. */
const WORLD_SIZE = 200;
const WORLD_VILLAGES = 3000;
/** MAP_BENCH_QUICK=1: the stage at radius 25 only (no DOM grid, whole world or server), to iterate on the stage. */
const QUICK = process.env.MAP_BENCH_QUICK === '1';
/** Armies on screen in the marching run, between villages within this many tiles of the centre. */
const MOVEMENTS = 200;
const MOVEMENT_REACH = 24;
/** The marching world's speed (MAP_BENCH_MARCH_SPEED): at 10 the fastest markers cross a 16 px tile in about 20 s. */
const MARCH_SPEED = Number(process.env.MAP_BENCH_MARCH_SPEED ?? 10);
/** How long the marching stage is left alone to count the frames its markers cost. */
const IDLE_MS = 5000;

setTimeout(() => {
  console.error('bench: gave up after 10 minutes');
  process.exit(1);
}, 600_000).unref();

/** A world with villages around (0|0), cut into the chunks the client would load, as the server writes them. */
async function worldChunks(
  villages = VILLAGES,
  reach = REACH,
): Promise<{ worldId: string; viewerId: string; chunks: MapChunk[]; villageTiles: number; villagePlaces: { x: number; y: number }[] }> {
  const database = await openPglite('');
  const db = database.db;
  // buildApp creates the schema; the bench only needs the service.
  const app = await buildApp({ db, clock: systemClock, config: testConfig() });
  const { world, owners } = await seedWorld(db, { villages, owners: OWNERS, reach, homeAtCentre: true });
  const chunks: MapChunk[] = [];
  const from = chunkOf(-reach, -reach);
  const to = chunkOf(reach, reach);
  let villageTiles = 0;
  const villagePlaces: { x: number; y: number }[] = [];
  for (let cy = from.cy; cy <= to.cy; cy++) {
    for (let cx = from.cx; cx <= to.cx; cx++) {
      const centre = chunkCentre({ cx, cy });
      const area = JSON.parse(await mapAreaJson(db, { worldId: world.id, x: centre.x, y: centre.y, radius: CHUNK_RADIUS }, new Date())) as { tiles: MapTile[] };
      const placed = area.tiles.filter((tile) => tile.type === 'village');
      villageTiles += placed.length;
      villagePlaces.push(...placed.map(({ x, y }) => ({ x, y })));
      chunks.push({ key: chunkKey(world.id, cx, cy), worldId: world.id, cx, cy, status: 'ready', tiles: chunkTiles({ cx, cy }, area.tiles) });
    }
  }
  await app.close();
  await database.close();
  return { worldId: world.id, viewerId: owners[0].id, chunks, villageTiles, villagePlaces };
}

/**
 * Builds bench/map-frame (the real stage and the DOM baseline) optimised like the game's own client, in Vite's test mode
 * so the stage still shows its frame times on window.__vikingsMap (a production build leaves them out).
 */
async function buildPage(outDir: string): Promise<void> {
  await build({
    root: resolve('bench/map-frame'),
    configFile: false,
    mode: 'test',
    logLevel: 'warn',
    base: './',
    plugins: [react(), mapAtlas({ dir: resolve('assets') })],
    // A profile wants the functions' own names.
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: !process.env.MAP_PROFILE, chunkSizeWarningLimit: 5000 },
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

interface Figures {
  pan: PanResult;
  arrows: number[];
}

interface WorldFigures extends Figures {
  chunks: number;
  memory: Record<string, number>;
  /** A tile click to the selection drawn, while the whole world is loaded. */
  select: number[];
}

type Bench = { bench: BenchApi };

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'gpu', 'viz', 'cc', 'benchmark', 'toplevel', 'blink'];

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Total time per event name and thread in a Chrome trace (complete events only, nested ones counted too): the top ones. */
function summariseTrace(buffer: Buffer): void {
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  const threads = new Map<string, string>();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const totals = new Map<string, number>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} / ${e.name}`;
    totals.set(key, (totals.get(key) ?? 0) + e.dur / 1000);
  }
  console.log('trace of the arrow clicks, total ms per thread / event (top 25):');
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(8)}  ${key}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Starts V8's sampling profiler on the page (every 50 us); stop saves the profile and prints the top self times. */
async function startProfile(page: Page): Promise<{ stop(path: string): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  return {
    async stop(path) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
      await cdp.detach();
      writeFileSync(path, JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const frame = byId.get(id)!.callFrame;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      });
      console.log(`CPU profile of the stage's pan (${path}), self ms per function (top 30):`);
      for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${ms.toFixed(1).padStart(8)}  ${key}`);
    },
  };
}

/** The page's own heap and DOM figures through the DevTools protocol (performance.memory is coarse without a flag). */
async function pageMemory(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

async function main(): Promise<void> {
  const started = performance.now();
  const world = await worldChunks();
  const full = QUICK ? null : await worldChunks(WORLD_VILLAGES, WORLD_SIZE);
  const outDir = mkdtempSync(join(tmpdir(), 'vikings-bench-map-'));
  await buildPage(outDir);
  const site = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const results: Record<'pixi' | 'dom' | 'marching', Figures> = {} as never;
  let traces: ArrowTrace[] = [];
  let idle: number[] = [];
  let marchingIdle: IdleResult | null = null;
  let whole: WorldFigures | null = null;
  let renderer = 'unknown';
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 }, deviceScaleFactor: 1 });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(site.url);
    await page.waitForFunction(() => typeof window.bench === 'object');
    renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info && gl ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown';
    });
    const data: BenchData = { worldId: world.worldId, viewerId: world.viewerId, centre: { x: 0, y: 0 }, radius: RADIUS, stage: STAGE, chunks: world.chunks };
    const movements = benchMovements({ count: MOVEMENTS, worldId: world.worldId, villages: world.villagePlaces, reach: MOVEMENT_REACH, worldSpeed: MARCH_SPEED });
    const runs = [
      { name: 'pixi', mode: 'pixi', data },
      { name: 'dom', mode: 'dom', data },
      { name: 'marching', mode: 'pixi', data: { ...data, movements } },
    ] as const;
    for (const run of runs) {
      if (QUICK && run.name === 'dom') continue;
      const mode = run.mode;
      await page.evaluate(([m, d]) => (window as unknown as Bench).bench.mount(m, d), [mode, run.data] as const);
      // MAP_SCREENSHOT=dir keeps a picture of each stage as mounted, to see that both draw the same map.
      if (process.env.MAP_SCREENSHOT) await page.screenshot({ path: join(process.env.MAP_SCREENSHOT, `map-${run.name}.png`), clip: { x: 0, y: 0, width: STAGE, height: STAGE } });
      // The armies march while nothing else happens: the frames they cost by themselves.
      if (run.name === 'marching') marchingIdle = await page.evaluate((ms) => (window as unknown as Bench).bench.idle(ms), IDLE_MS);
      // Warm up: JIT, texture upload, style caches.
      await page.evaluate(() => (window as unknown as Bench).bench.pan(40, 3));
      await page.evaluate(() => (window as unknown as Bench).bench.arrows(4));
      // MAP_PROFILE=file.cpuprofile records the stage's measured pan with V8's sampling profiler and prints where it went.
      // MAP_PROFILE_RUN=marching profiles the stage with the armies instead.
      const profiler = run.name === (process.env.MAP_PROFILE_RUN ?? 'pixi') && process.env.MAP_PROFILE ? await startProfile(page) : null;
      const pan = await page.evaluate(([frames, step]) => (window as unknown as Bench).bench.pan(frames, step), [PAN_FRAMES, PAN_STEP] as const);
      if (profiler) await profiler.stop(process.env.MAP_PROFILE!);
      if (process.env.MAP_PAN_DUMP) writeFileSync(`${process.env.MAP_PAN_DUMP}-${run.name}.json`, JSON.stringify(pan));
      const arrows = await page.evaluate((count) => (window as unknown as Bench).bench.arrows(count), ARROW_CLICKS);
      if (run.name === 'pixi') {
        // MAP_TRACE=file.json also records these clicks as a Chrome performance trace and prints where the time went.
        const tracePath = process.env.MAP_TRACE;
        if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
        traces = await page.evaluate((count) => (window as unknown as Bench).bench.traceArrows(count), ARROW_CLICKS);
        if (tracePath) summariseTrace(await browser.stopTracing());
      }
      await page.evaluate(() => (window as unknown as Bench).bench.unmount());
      results[run.name] = { pan, arrows };
    }
    // The frame interval of this machine and browser with nothing to draw: what "one frame" means in this run.
    idle = await page.evaluate(() => (window as unknown as Bench).bench.idleFrames(120));

    // The whole world loaded, zoomed out as far as the map goes.
    if (full) {
      const fullData: BenchData = { worldId: full.worldId, viewerId: full.viewerId, centre: { x: 0, y: 0 }, radius: RADIUS, stage: STAGE, chunks: full.chunks };
      const before = await pageMemory(page);
      await page.evaluate(([m, d]) => (window as unknown as Bench).bench.mount(m, d), ['pixi', fullData] as const);
      await page.evaluate(() => (window as unknown as Bench).bench.pan(40, 3));
      const pan = await page.evaluate(([frames, step]) => (window as unknown as Bench).bench.pan(frames, step), [PAN_FRAMES, PAN_STEP] as const);
      const arrows = await page.evaluate((count) => (window as unknown as Bench).bench.arrows(count), ARROW_CLICKS);
      const select = await page.evaluate((count) => (window as unknown as Bench).bench.selects(count), 10);
      const memory = await pageMemory(page);
      memory.JSHeapBeforeMount = before.JSHeapUsedSize;
      await page.evaluate(() => (window as unknown as Bench).bench.unmount());
      whole = { pan, arrows, select, memory, chunks: full.chunks.length };
    }
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }

  const side = 2 * RADIUS + 1;
  const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
  const median = (values: number[]) => percentile(values, 50);
  console.log(`map frame bench: radius ${RADIUS} (${side} x ${side} = ${side * side} tiles, ${STAGE / side} px each), stage ${STAGE} x ${STAGE} px`);
  console.log(`headless Chromium ${browser.version()}, WebGL renderer: ${renderer}`);
  console.log(`${world.chunks.length} chunks of data preloaded (${world.villageTiles} village tiles among them), as the map's prefetch leaves them`);
  console.log(`panning: ${PAN_FRAMES} frames of ${PAN_STEP} px drag; arrow clicks: ${ARROW_CLICKS} (5 tiles each), click to the end of the first frame showing the new tiles`);
  const frame = median(idle);
  console.log(`frame interval with nothing to draw: median ${frame.toFixed(2)} ms, p95 ${percentile(idle, 95).toFixed(2)} ms`);
  console.log('');
  console.log(`${''.padEnd(30)}${'JS per frame (pan)'.padEnd(24)}${'frame interval (pan)'.padEnd(24)}arrow click -> drawn`);
  console.log(`${''.padEnd(30)}${'median      p95'.padEnd(24)}${'median      p95'.padEnd(24)}median      p95`);
  const line = (name: string, figures: Figures) =>
    console.log(
      `${name.padEnd(28)}${ms(percentile(figures.pan.js, 50))}${ms(percentile(figures.pan.js, 95))}  ${ms(percentile(figures.pan.interval, 50))}${ms(percentile(figures.pan.interval, 95))}  ${ms(percentile(figures.arrows, 50))}${ms(percentile(figures.arrows, 95))}`,
    );
  const split = (figures: Figures, changed: boolean) => figures.pan.js.filter((_, i) => figures.pan.centreChanged[i] === changed);
  const splitLines = (figures: Figures) => {
    for (const changed of [false, true]) {
      const part = split(figures, changed);
      if (part.length) console.log(`  ${(changed ? 'frames that change the centre tile' : 'frames that only move the offset').padEnd(36)}${String(part.length).padStart(4)} frames, median ${ms(percentile(part, 50))}, p95 ${ms(percentile(part, 95))}`);
    }
  };
  line('PixiJS stage (WebGL)', results.pixi);
  splitLines(results.pixi);
  line(`stage, ${MOVEMENTS} armies marching`, results.marching);
  splitLines(results.marching);
  if (!QUICK) line('React DOM grid (baseline)', results.dom);
  if (whole) line(`stage, whole world loaded`, whole);
  console.log('');
  console.log('JS per frame: the pointer move and all the synchronous work it causes, drawing included (the DOM grid is rendered with flushSync;');
  console.log('its style, layout and paint are not JS and show in the frame interval instead).');
  console.log('');
  console.log('where an arrow click goes on the stage (median of each part):');
  console.log(
    `  click -> frame callback ${ms(median(traces.map((t) => t.wait)))}, frame JS (layers + Pixi render) ${ms(median(traces.map((t) => t.frameJs)))}, ` +
      `frame JS -> painted ${ms(median(traces.map((t) => t.total - t.wait - t.frameJs)))}; chunks built inside the click's frame: ${traces.reduce((sum, t) => sum + t.builtInFrame, 0)} in ${traces.length} clicks`,
  );
  if (marchingIdle) {
    const still: IdleResult = marchingIdle;
    console.log('');
    console.log(
      `${MOVEMENTS} armies on screen (world speed ${MARCH_SPEED}), stage left alone for ${IDLE_MS / 1000} s: ${still.markers} markers drawn, ${still.frames} frames ` +
        `(${(still.frames / (IDLE_MS / 1000)).toFixed(1)} a second, ${still.markerFrames} of them moving only the markers), JS per frame median ${ms(percentile(still.js.length ? still.js : [0], 50))}, p95 ${ms(percentile(still.js.length ? still.js : [0], 95))}`,
    );
  }
  if (whole) {
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log('');
    console.log(`whole world: ${2 * WORLD_SIZE + 1} x ${2 * WORLD_SIZE + 1} tiles in ${whole.chunks} chunks (${WORLD_VILLAGES} villages), stage at radius ${RADIUS} (zoomed out as far as the map goes)`);
    console.log(`  tile click -> selection drawn: median ${ms(median(whole.select))}, p95 ${ms(percentile(whole.select, 95))}`);
    console.log(
      `  page memory: JS heap ${mib(whole.memory.JSHeapUsedSize)} used of ${mib(whole.memory.JSHeapTotalSize)} (${mib(whole.memory.JSHeapBeforeMount)} before the world was mounted), ` +
        `${whole.memory.Nodes} DOM nodes, ${whole.memory.JSEventListeners} listeners`,
    );
  }
  if (QUICK) return;
  console.log(`client bench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log('');
  console.log('server: GET /api/map/area (npx tsx bench/map-area.ts)');
  const areaOutput = await new Promise<string>((done, fail) => {
    const child = spawn('npx', ['tsx', 'bench/map-area.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => (code === 0 || code === 1 ? done(text) : fail(new Error(`bench/map-area.ts exited with ${code}`))));
  });
  const areaRatio = Number(/area ratio: ([\d.]+)/.exec(areaOutput)?.[1] ?? NaN);

  // The targets are held with the armies on screen (the plain stage's figures are printed above).
  const stage = results.marching;
  const arrowFrames = median(stage.arrows) / frame;
  const arrowSpeedup = median(results.dom.arrows) / median(stage.arrows);
  const panRatio = percentile(results.dom.pan.js, 95) / percentile(stage.pan.js, 95);
  const checks = [
    { name: 'area requests/s, cached route / precomputed reply', value: areaRatio, target: `>= ${AREA_TARGET}`, met: areaRatio >= AREA_TARGET },
    { name: 'arrow click median, in frame intervals', value: arrowFrames, target: `<= ${ARROW_TARGET_FRAMES}`, met: arrowFrames <= ARROW_TARGET_FRAMES },
    { name: 'arrow click median, DOM grid / stage', value: arrowSpeedup, target: `>= ${ARROW_TARGET_SPEEDUP}`, met: arrowSpeedup >= ARROW_TARGET_SPEEDUP },
    { name: 'pan JS p95, DOM grid / stage', value: panRatio, target: `>= ${PAN_TARGET_RATIO}`, met: panRatio >= PAN_TARGET_RATIO },
  ];
  console.log('');
  console.log(`targets (same run, the stage with ${MOVEMENTS} armies marching):`);
  for (const check of checks) console.log(`  ${check.name.padEnd(52)} ${check.value.toFixed(2).padStart(7)}  (${check.target})  ${check.met ? 'OK' : 'MISSED'}`);
  if (checks.some((check) => !check.met)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
