// The map designer (/designer/map): game masters see every tile type at every zoom step on the real stage, and under
// `npm run dev` the page redraws when an icon or assets/map-style.json changes.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readPng } from './support/png';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPlayer } from './support/players';
import { extraPort, runCli, startServer, type ServerProcess } from './support/server';
import { TILE_LOOKS } from '../../src/rules/tile-looks';

/** Every look, in the order the sheet lays its strips out. */
const LOOKS = TILE_LOOKS;
const STYLE = JSON.parse(readFileSync('assets/map-style.json', 'utf8')) as { tiles: Record<string, { fill: string; label: string }> };

async function signInAs(page: Page, request: APIRequestContext, base: string, player: { email: string; password: string }) {
  const res = await request.post(`${base}/api/auth/login`, { data: { email: player.email, password: player.password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [body.token, JSON.stringify(body.user)] as const,
  );
}

async function sheetDrawn(page: Page, timeout = 30_000) {
  await page.waitForFunction(() => window.__vikingsMap?.lastFrame?.complete === true && window.__vikingsMap.stages === 1, null, { timeout });
}

/** The colour of one pixel of a PNG screenshot. */
function pngPixel(png: Buffer, x: number, y: number): [number, number, number] {
  return readPng(png).at(x, y);
}

function hex(colour: string): [number, number, number] {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** The colour of strip tile `index` at the given radius, read from a screenshot: its fill (away from the icon), or its centre. */
async function stripFill(page: Page, radius: number, index: number, where: 'fill' | 'centre' = 'fill'): Promise<[number, number, number]> {
  const canvas = await page.locator('canvas').boundingBox();
  const label = await page.locator(`[data-radius="${radius}"]`).boundingBox();
  if (!canvas || !label) throw new Error('no sheet');
  const tile = label.height;
  const png = await page.screenshot({ clip: { x: canvas.x + index * tile, y: label.y, width: tile, height: tile } });
  // Just inside the bottom-left corner: fill, not icon, not the darker rim.
  if (where === 'fill') return pngPixel(png, Math.round(tile * 0.1), Math.round(tile * 0.9));
  return pngPixel(png, Math.round(tile / 2), Math.round(tile / 2));
}

/**
 * Whether `actual` is `expected` in one of the atlas's shades: the same colour scaled by a factor the shades and rims
 * stay within (villages are drawn a shade darker or lighter by size), each channel then within `tolerance`.
 */
function shadeOf(actual: [number, number, number], expected: [number, number, number], tolerance: number) {
  const scale = actual.reduce((sum, value, i) => sum + value * expected[i]!, 0) / expected.reduce((sum, value) => sum + value * value, 0);
  return scale >= 0.7 && scale <= 1.3 && near(actual, [expected[0] * scale, expected[1] * scale, expected[2] * scale], tolerance);
}

function near(actual: [number, number, number], expected: [number, number, number], tolerance: number) {
  return actual.every((value, i) => Math.abs(value - expected[i]) <= tolerance);
}

test.describe('map designer', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ServerProcess;
  const master = newPlayer('gm');
  const player = newPlayer('pl');

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    server = await startServer(extraPort());
    for (const who of [master, player]) {
      const res = await request.post(`${server.url}/api/auth/register`, { data: who });
      expect(res.status()).toBe(201);
    }
    await server.stop();
    expect(runCli(server.dataDir, ['set-role', master.email, 'gamemaster']).output).toContain('is now gamemaster');
    server = await startServer(extraPort(), server.dataDir);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a player below game master is sent to /forbidden', async ({ page, request }) => {
    await signInAs(page, request, server.url, player);
    await page.goto(`${server.url}/designer/map`);
    await expect(page).toHaveURL(/\/forbidden$/);
  });

  test('a game master sees every tile type at every zoom step on the real stage', async ({ page, request }, testInfo) => {
    await signInAs(page, request, server.url, master);
    await page.setViewportSize({ width: 1280, height: 1300 });
    await page.goto(`${server.url}/designer/map`);
    await expect(page.getByRole('heading', { name: 'Map Designer' })).toBeVisible();
    await sheetDrawn(page);
    await expect(page.locator('canvas')).toHaveCount(1);
    for (let radius = 5; radius <= 25; radius++) await expect(page.getByText(`Radius ${radius}`, { exact: true })).toBeVisible();
    for (const look of LOOKS) await expect(page.getByRole('cell', { name: STYLE.tiles[look].label, exact: true })).toBeVisible();
    // Each strip tile has its type's fill from map-style.json (give or take the per-tile shade).
    for (const radius of [5, 15]) {
      for (const [index, look] of LOOKS.entries()) {
        const fill = await stripFill(page, radius, index);
        expect(shadeOf(fill, hex(STYLE.tiles[look].fill), 25), `${look} at radius ${radius}: ${fill} vs ${STYLE.tiles[look].fill}`).toBe(true);
      }
    }
    const path = testInfo.outputPath('designer.png');
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach('designer', { path, contentType: 'image/png' });

    // Another stage size redraws the same canvas at other tile sizes.
    const before = await page.locator('[data-radius="5"]').boundingBox();
    await page.getByLabel('Map stage').selectOption('480');
    await expect.poll(async () => (await page.locator('[data-radius="5"]').boundingBox())?.height).toBeLessThan(before!.height - 5);
    await sheetDrawn(page);
    await expect(page.locator('canvas')).toHaveCount(1);
  });

  test('under npm run dev the designer redraws when the style file or an icon changes', async ({ page, request }) => {
    test.setTimeout(120_000);
    const assets = mkdtempSync(join(tmpdir(), 'vikings-assets-'));
    cpSync('assets', assets, { recursive: true });
    const port = extraPort(2);
    const vite: ChildProcess = spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
      env: { ...process.env, API_PORT: String(extraPort()), MAP_ASSETS_DIR: assets, PORT: String(port) },
      stdio: 'ignore',
      detached: true,
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(async () => (await fetch(base).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
      await signInAs(page, request, server.url, master);
      await page.setViewportSize({ width: 1280, height: 1300 });
      await page.goto(`${base}/designer/map`);
      await sheetDrawn(page, 60_000);
      const version = await page.evaluate(() => window.__vikingsMap!.atlasVersion);
      const forest = LOOKS.indexOf('forest');
      expect(near(await stripFill(page, 5, forest), hex(STYLE.tiles.forest.fill), 40)).toBe(true);

      // The style file: forest turns red, and the table shows the new colour.
      const stylePath = join(assets, 'map-style.json');
      writeFileSync(stylePath, readFileSync(stylePath, 'utf8').replace(STYLE.tiles.forest.fill, '#c03020'));
      await expect(page.getByRole('cell', { name: '#c03020' })).toBeVisible({ timeout: 20_000 });
      await expect.poll(async () => near(await stripFill(page, 5, forest), [0xc0, 0x30, 0x20], 40), { timeout: 20_000 }).toBe(true);
      const styled = await page.evaluate(() => window.__vikingsMap!.atlasVersion);
      expect(styled).not.toBe(version);

      // An icon: the unknown tile's question mark becomes a solid white square.
      const iconPath = join(assets, 'tiles', 'unknown.svg');
      writeFileSync(iconPath, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="4" y="4" width="56" height="56" fill="#ffffff"/></svg>');
      await expect.poll(() => page.evaluate(() => window.__vikingsMap!.atlasVersion), { timeout: 20_000 }).not.toBe(styled);
      const unknown = LOOKS.indexOf('unknown');
      await expect.poll(async () => near(await stripFill(page, 5, unknown, 'centre'), [255, 255, 255], 30), { timeout: 20_000 }).toBe(true);
      // Hot updates swap textures in the same stage: still one canvas, one context.
      expect(await page.evaluate(() => [document.querySelectorAll('canvas').length, window.__vikingsMap!.liveContexts()])).toEqual([1, 1]);
    } finally {
      if (vite.pid) process.kill(-vite.pid, 'SIGTERM');
      rmSync(assets, { recursive: true, force: true });
    }
  });
});
