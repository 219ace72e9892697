// Cost of drawing the world map at radius 25 in headless Chromium: JS time per frame while panning and the time from an
// arrow click to the new tiles drawn, for the PixiJS stage and for a plain React DOM grid of the same tiles (the baseline).
// Then the server's figures for the same area (bench/map-area.ts). Run with `npm run bench:map`; everything stays on 127.0.0.1.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { mapAtlas } from '../scripts/vite-map-atlas';
import { chromiumPath } from '../tests/e2e/support/chromium';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/open';
import { seedWorld } from './support/seed-world';
import { mapAreaJson } from '../src/server/services/map-area';
import { chunkCentre, chunkKey, chunkOf, chunkTiles, CHUNK_RADIUS } from '../src/client/map/chunks';
import type { MapChunk, MapTile } from '../src/client/state/map';
import type { BenchApi, BenchData, PanResult } from './map-frame/page';

const RADIUS = 25;
const STAGE = 816; // 16 px tiles at radius 25
const REACH = 70; // tiles each side of the centre with data: the pan and the arrow clicks stay inside
const VILLAGES = 500;
const OWNERS = 30;
const PAN_FRAMES = 240;
const PAN_STEP = 3; // px per frame: 360 px (22 tiles) out and back
const ARROW_CLICKS = 20;

setTimeout(() => {
  console.error('bench: gave up after 10 minutes');
  process.exit(1);
}, 600_000).unref();

/** A world with villages around (0|0), cut into the chunks the client would load, as the server writes them. */
async function worldChunks(): Promise<{ worldId: string; viewerId: string; chunks: MapChunk[]; villageTiles: number }> {
  const database = await openPglite('');
  const db = database.db;
  // buildApp creates the schema; the bench only needs the service.
  const app = await buildApp({ db, clock: systemClock, config: testConfig() });
  const { world, owners } = await seedWorld(db, { villages: VILLAGES, owners: OWNERS, reach: REACH, homeAtCentre: true });
  const chunks: MapChunk[] = [];
  const from = chunkOf(-REACH, -REACH);
  const to = chunkOf(REACH, REACH);
  let villageTiles = 0;
  for (let cy = from.cy; cy <= to.cy; cy++) {
    for (let cx = from.cx; cx <= to.cx; cx++) {
      const centre = chunkCentre({ cx, cy });
      const area = JSON.parse(await mapAreaJson(db, { worldId: world.id, x: centre.x, y: centre.y, radius: CHUNK_RADIUS })) as { tiles: MapTile[] };
      villageTiles += area.tiles.filter((tile) => tile.type === 'village').length;
      chunks.push({ key: chunkKey(world.id, cx, cy), worldId: world.id, cx, cy, status: 'ready', tiles: chunkTiles({ cx, cy }, area.tiles) });
    }
  }
  await app.close();
  await database.close();
  return { worldId: world.id, viewerId: owners[0].id, chunks, villageTiles };
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

interface Figures {
  pan: PanResult;
  arrows: number[];
}

async function main(): Promise<void> {
  const started = performance.now();
  const world = await worldChunks();
  const outDir = mkdtempSync(join(tmpdir(), 'vikings-bench-map-'));
  await buildPage(outDir);
  const site = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const results: Record<'pixi' | 'dom', Figures> = {} as never;
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
    for (const mode of ['pixi', 'dom'] as const) {
      await page.evaluate(([m, d]) => (window as unknown as { bench: BenchApi }).bench.mount(m, d), [mode, data] as const);
      // Warm up: JIT, texture upload, style caches.
      await page.evaluate(() => (window as unknown as { bench: BenchApi }).bench.pan(40, 3));
      await page.evaluate(() => (window as unknown as { bench: BenchApi }).bench.arrows(4));
      const pan = await page.evaluate(([frames, step]) => (window as unknown as { bench: BenchApi }).bench.pan(frames, step), [PAN_FRAMES, PAN_STEP] as const);
      const arrows = await page.evaluate((count) => (window as unknown as { bench: BenchApi }).bench.arrows(count), ARROW_CLICKS);
      await page.evaluate(() => (window as unknown as { bench: BenchApi }).bench.unmount());
      results[mode] = { pan, arrows };
    }
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }

  const side = 2 * RADIUS + 1;
  const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
  console.log(`map frame bench: radius ${RADIUS} (${side} x ${side} = ${side * side} tiles, ${STAGE / side} px each), stage ${STAGE} x ${STAGE} px`);
  console.log(`headless Chromium ${browser.version()}, WebGL renderer: ${renderer}`);
  console.log(`${world.chunks.length} chunks of data preloaded (${world.villageTiles} village tiles among them), as the map's prefetch leaves them`);
  console.log(`panning: ${PAN_FRAMES} frames of ${PAN_STEP} px drag; arrow clicks: ${ARROW_CLICKS} (5 tiles each), click to the end of the first frame showing the new tiles`);
  console.log('');
  console.log(`${''.padEnd(30)}${'JS per frame (pan)'.padEnd(24)}${'frame interval (pan)'.padEnd(24)}arrow click -> drawn`);
  console.log(`${''.padEnd(30)}${'median      p95'.padEnd(24)}${'median      p95'.padEnd(24)}median      p95`);
  const line = (name: string, figures: Figures) =>
    console.log(
      `${name.padEnd(28)}${ms(percentile(figures.pan.js, 50))}${ms(percentile(figures.pan.js, 95))}  ${ms(percentile(figures.pan.interval, 50))}${ms(percentile(figures.pan.interval, 95))}  ${ms(percentile(figures.arrows, 50))}${ms(percentile(figures.arrows, 95))}`,
    );
  line('PixiJS stage (WebGL)', results.pixi);
  line('React DOM grid (baseline)', results.dom);
  console.log('');
  console.log('JS per frame: the pointer move and all the synchronous work it causes, drawing included (the DOM grid is rendered with flushSync;');
  console.log('its style, layout and paint are not JS and show in the frame interval instead).');
  console.log(`client bench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log('');
  console.log('server: GET /api/map/area (npx tsx bench/map-area.ts)');
  await new Promise<void>((done, fail) => {
    const child = spawn('npx', ['tsx', 'bench/map-area.ts'], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`bench/map-area.ts exited with ${code}`))));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
