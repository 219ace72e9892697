// The village as a picture (the buildings tab's default view): a building drawn for every inner building (counted through
// the scene's hooks on window.__vikingsVillage), the great hall's card opened from the canvas and its upgrade shown as
// scaffolding with a countdown, then a flash when it is done; a plot built from the picture; the list showing the same
// buildings and being remembered; PixiJS loaded only with the picture; a lost WebGL context survived; and the designer's
// village view, with the art reloading under `npm run dev`.
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INNER_TYPES } from '../../src/rules/buildings';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { newPlayer } from './support/players';
import { extraPort, runCliSteps, startServer, type ServerProcess } from './support/server';
import { drawnSlots, pointOnSlot } from './support/village';

const PORT = extraPort();
/** Great hall level 2 takes 2320 s at speed 1: at speed 100 about 23 s, long enough to watch its countdown on the picture. */
const WORLD = { name: 'Vanaheim', speed: 100 };

interface Account {
  email: string;
  token: string;
  user: unknown;
}

interface OverviewBuilding {
  id: string;
  slot: number;
  type: string;
  level: number;
  isUpgrading: boolean;
}

let server: ServerProcess;
let player: WorldPlayer & Account;
let master: Account;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-village-scene-'));
  runCliSteps(dataDir, [['create-world', WORLD.name, '--speed', String(WORLD.speed)]]);
  const first = await startServer(PORT, dataDir);
  let joined: WorldPlayer;
  const gm = newPlayer('vsg');
  try {
    joined = await joinWorldNamed(first.url, { worldName: WORLD.name, prefix: 'vsp' });
    await call(`${first.url}/api/auth/register`, { method: 'POST', body: JSON.stringify(gm) });
  } finally {
    await first.stop();
  }
  const village = joined.village.id;
  // A village with stores, barracks of the second look, an academy and a wall of the third look (drawn round the village).
  runCliSteps(dataDir, [
    ['set-building', village, 'warehouse', '10'],
    ['set-building', village, 'granary', '10'],
    ['set-building', village, 'barracks', '12'],
    ['set-building', village, 'academy', '3'],
    ['set-building', village, 'wall', '21'],
    ['grant', joined.email, 'timber=9000', 'stone=9000', 'iron=9000', 'mead=9000'],
    ['set-role', gm.email, 'gamemaster'],
  ]);
  server = await startServer(PORT, dataDir);
  const me = async (token: string) => (await call<{ user: unknown }>(`${server.url}/api/auth/me`, { token })).user;
  player = { ...joined, user: await me(joined.token) };
  const { token } = await call<{ token: string }>(`${server.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: gm.email, password: gm.password }) });
  master = { email: gm.email, token, user: await me(token) };
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, account: Account) {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.token, JSON.stringify(account.user)] as const,
  );
}

async function overviewBuildings(): Promise<OverviewBuilding[]> {
  const { buildings } = await call<{ buildings: OverviewBuilding[] }>(`${server.url}/api/map/village/${player.village.id}/overview`, { token: player.token });
  return buildings;
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  // Kept where a person can look at it after the run.
  await page.screenshot({ path: `test-results/village-scene-${name}.png`, fullPage: true });
}

test('the picture draws every inner building; the great hall opens from the canvas, and its upgrade shows scaffolding, a countdown and a flash', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, player);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`${server.url}/game/village?tab=buildings`);
  await expect(page.getByRole('button', { name: 'Picture' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /^Picture of .*: 18 resource fields round the village and 6 buildings inside/ })).toBeVisible();

  // A building drawn for each inner building of the village, by type and look; the wall runs round the village.
  const buildings = await overviewBuildings();
  const inner = buildings.filter((b) => b.slot >= 19);
  let slots = await drawnSlots(page);
  const drawnInner = Object.entries(slots).filter(([slot, drawn]) => Number(slot) >= 19 && drawn.type !== null);
  expect(drawnInner).toHaveLength(inner.length);
  expect(inner.length).toBe(6);
  for (const b of inner) expect(slots[b.slot]).toMatchObject({ type: b.type, level: b.level });
  const bySlotType = (type: string) => inner.find((b) => b.type === type)!.slot;
  expect(slots[bySlotType('great_hall')].art).toBe('great_hall-1');
  expect(slots[bySlotType('barracks')].art).toBe('barracks-2');
  expect(slots[bySlotType('wall')].art).toBe('wall-3');
  expect(await page.evaluate(() => window.__vikingsVillage!.wall)).toBe(3);
  // The rest of the inner slots are plots, and all 18 fields are there.
  expect(Object.entries(slots).filter(([slot, drawn]) => Number(slot) >= 19 && drawn.art === 'plot')).toHaveLength(22 - inner.length);
  expect(Object.keys(slots).filter((slot) => Number(slot) <= 18)).toHaveLength(18);
  await shoot(page, testInfo, 'picture');

  // Pointing at the great hall names it with its level.
  const hall = await pointOnSlot(page, 19);
  await page.mouse.move(hall.x, hall.y);
  await expect(page.getByRole('tooltip')).toHaveText('Great Hall · level 1');

  // Nothing changes: nothing is drawn (hover included, once shown).
  const framesBefore = await page.evaluate(() => window.__vikingsVillage!.frames);
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.__vikingsVillage!.frames)).toBe(framesBefore);

  // Clicking it on the canvas opens its card; upgrading it there shows scaffolding and its countdown on the picture.
  await page.mouse.click(hall.x, hall.y);
  const dialog = page.getByRole('dialog', { name: 'Great Hall' });
  const card = dialog.getByRole('article', { name: 'Great Hall, slot 19' });
  await expect(card).toContainText('Level 1');
  await expect(card).toContainText('Upgrade to level 2');
  const flashesBefore = await page.evaluate(() => window.__vikingsVillage!.flashes);
  await card.getByRole('button', { name: 'Upgrade' }).click();
  await expect(card.getByRole('progressbar', { name: 'Upgrade to level 2' })).toBeVisible();
  await expect(card.getByRole('timer')).toBeVisible();
  await page.waitForFunction(() => window.__vikingsVillage!.slots[19]?.scaffolding === true);
  const countdown = await page.evaluate(() => window.__vikingsVillage!.countdowns[19]);
  expect(countdown).toMatch(/^(\d+m )?\d+s$/);
  // The countdown on the picture moves on, about once a second.
  await expect.poll(() => page.evaluate(() => window.__vikingsVillage!.countdowns[19]), { timeout: 5_000 }).not.toBe(countdown);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(5, 5);
  await shoot(page, testInfo, 'scaffolding');

  // When it is done the picture shows the new level without scaffolding, and the finished construction flashed once.
  await page.waitForFunction(() => window.__vikingsVillage!.slots[19]?.level === 2 && !window.__vikingsVillage!.slots[19]?.scaffolding, undefined, { timeout: 60_000 });
  await expect.poll(() => page.evaluate(() => window.__vikingsVillage!.flashes)).toBe(flashesBefore + 1);
  expect(await page.evaluate(() => Object.keys(window.__vikingsVillage!.countdowns).length)).toBe(0);

  // The list shows the same buildings, and the picture's stage is gone with everything it held.
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  const listed = page.getByRole('region', { name: 'Village buildings' }).getByRole('article');
  await expect(listed).toHaveCount(inner.length);
  slots = await page.evaluate(() => window.__vikingsVillage!.slots);
  for (const b of await overviewBuildings()) {
    if (b.slot < 19) continue;
    await expect(page.getByRole('article', { name: new RegExp(`, slot ${b.slot}$`) })).toContainText(`Level ${b.level}`);
  }
  await expect(page.locator('canvas')).toHaveCount(0);
  await page.waitForFunction(() => window.__vikingsVillage!.stages === 0 && window.__vikingsVillage!.listeners === 0 && (window.__vikingsMap?.renderers ?? 0) === 0);
  await shoot(page, testInfo, 'list');

  // Remembered: the next visit opens on the list.
  await page.reload();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Build a new building' })).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await page.getByRole('button', { name: 'Picture' }).click();
  await drawnSlots(page);
  expect(await page.evaluate(() => window.__vikingsVillage!.slots[19]?.art)).toBe('great_hall-1');
});

test('a free plot opens what may be built there; built from the picture it shows scaffolding, and without motion nothing flashes', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, player);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`${server.url}/game/village?tab=buildings`);
  const slots = await drawnSlots(page);
  const plot = Number(Object.entries(slots).find(([slot, drawn]) => Number(slot) > 19 && drawn.art === 'plot' && drawn.type === null)![0]);
  const at = await pointOnSlot(page, plot);
  await page.mouse.move(at.x, at.y);
  await expect(page.getByRole('tooltip')).toHaveText(`Building plot · slot ${plot}`);
  await page.mouse.click(at.x, at.y);
  const dialog = page.getByRole('dialog', { name: `Building plot, slot ${plot}` });
  const embassy = dialog.getByRole('article', { name: 'Embassy' });
  await expect(embassy.getByRole('list', { name: 'Cost' })).toContainText('Timber 180');
  // What the village cannot build yet is listed with what it requires.
  await expect(dialog).toContainText('Shipyard requires Great Hall level 5');
  await shoot(page, testInfo, 'plot-card');
  const flashesBefore = await page.evaluate(() => window.__vikingsVillage!.flashes);
  await embassy.getByRole('button', { name: 'Build here' }).click();
  // The plot now holds the embassy being built: the dialog shows its card, the picture scaffolding on the plot.
  const built = page.getByRole('dialog', { name: 'Embassy' });
  await expect(built.getByRole('article', { name: `Embassy, slot ${plot}` }).getByRole('timer')).toBeVisible();
  await page.waitForFunction((s) => window.__vikingsVillage!.slots[s]?.type === 'embassy' && window.__vikingsVillage!.slots[s]?.scaffolding === true, plot);
  expect(await page.evaluate((s) => window.__vikingsVillage!.slots[s]?.art, plot)).toBe('plot');
  expect(await page.evaluate((s) => window.__vikingsVillage!.countdowns[s], plot)).toMatch(/^\d+s$/);
  await built.getByRole('button', { name: 'Close' }).click();
  // Done in about 17 s at this world's speed: the embassy stands, and under prefers-reduced-motion it did not flash.
  await page.waitForFunction((s) => window.__vikingsVillage!.slots[s]?.art === 'embassy-1', plot, { timeout: 60_000 });
  expect(await page.evaluate(() => window.__vikingsVillage!.flashes)).toBe(flashesBefore);
});

test('PixiJS comes to the village page only with the picture, and the picture survives a lost WebGL context', async ({ page }) => {
  await signIn(page, player);
  await page.setViewportSize({ width: 1280, height: 1100 });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.url());
  });
  /** The scripts fetched so far whose source map (the test build keeps them) lists a PixiJS module. */
  const pixiScripts = async () => {
    const found: string[] = [];
    for (const script of scripts) {
      const code = await (await fetch(script)).text();
      const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
      if (!mapName) continue;
      const { sources } = (await (await fetch(new URL(mapName, script))).json()) as { sources: string[] };
      if (sources.some((source) => /node_modules\/(pixi\.js|@pixi)\//.test(source))) found.push(script);
    }
    return found;
  };
  await page.addInitScript(() => localStorage.setItem('villageBuildingsView', 'list'));
  await page.goto(`${server.url}/game/village`);
  await expect(page.getByRole('heading', { level: 2, name: 'Resources' })).toBeVisible();
  await page.getByRole('tab', { name: 'Buildings' }).click();
  await expect(page.getByRole('region', { name: 'Build a new building' })).toBeVisible();
  // (The page keeps its live event stream open, so there is no idle network to wait for: a moment is enough for any
  // chunk the list would have asked for.)
  await page.waitForTimeout(1500);
  expect(await pixiScripts()).toEqual([]);
  await page.getByRole('button', { name: 'Picture' }).click();
  await drawnSlots(page);
  expect((await pixiScripts()).length).toBeGreaterThan(0);

  // Lose the context on purpose: the scene asks for it back and draws again, and picking still works.
  const frames = await page.evaluate(() => window.__vikingsVillage!.frames);
  await page.evaluate(() => {
    const canvas = document.querySelector('.village-picture__stage canvas') as HTMLCanvasElement;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGL2RenderingContext;
    gl.getExtension('WEBGL_lose_context')!.loseContext();
  });
  await page.waitForFunction(() => window.__vikingsVillage!.contextLost);
  await page.waitForFunction((before) => !window.__vikingsVillage!.contextLost && window.__vikingsVillage!.contextRestores > 0 && window.__vikingsVillage!.frames > before, frames);
  const hall = await pointOnSlot(page, 19);
  await page.mouse.click(hall.x, hall.y);
  await expect(page.getByRole('dialog', { name: 'Great Hall' })).toBeVisible();
});

test.describe('the designer’s village view', () => {
  test('a player below game master is sent to /forbidden', async ({ page }) => {
    await signIn(page, player);
    await page.goto(`${server.url}/designer/village`);
    await expect(page).toHaveURL(/\/forbidden$/);
  });

  test('a game master sees every building type on the real scene at each level range, with the wall, plots and scaffolding', async ({ page }, testInfo) => {
    await signIn(page, master);
    await page.setViewportSize({ width: 1280, height: 1300 });
    await page.goto(`${server.url}/designer/village`);
    await expect(page.getByRole('heading', { name: 'Village Designer' })).toBeVisible();
    for (const [label, look] of [['Levels 10-19', 2], ['Levels 20-30', 3], ['Levels 1-9', 1]] as const) {
      await page.getByLabel('Levels').selectOption({ label });
      await page.waitForFunction((l) => window.__vikingsVillage?.slots[19]?.art === `great_hall-${l}`, look, { timeout: 30_000 });
      const slots = await page.evaluate(() => window.__vikingsVillage!.slots);
      const types = new Set(Object.values(slots).map((s) => s.type));
      for (const type of INNER_TYPES) expect(types.has(type), type).toBe(true);
      const inner = Object.values(slots).filter((s) => s.type && s.level && s.level > 0 && !['timber_camp', 'stone_quarry', 'iron_mine', 'mead_hall'].includes(s.type));
      for (const s of inner) expect(s.art, s.type!).toBe(`${s.type}-${look}`);
      expect(Object.values(slots).some((s) => s.art === 'plot' && s.type === null)).toBe(true);
      expect(Object.values(slots).filter((s) => s.scaffolding)).toHaveLength(3);
      expect(await page.evaluate(() => window.__vikingsVillage!.wall)).toBe(look);
      await shoot(page, testInfo, `designer-levels-${look}`);
    }
    // Every piece of art beside it.
    const gallery = page.getByRole('list', { name: 'Pieces of village art' });
    await expect(gallery.getByRole('listitem')).toHaveCount(61);
    await expect(gallery.getByText('wall-gate-3', { exact: true })).toBeVisible();
  });

  test('under npm run dev the village view redraws when the style or a piece changes', async ({ page }) => {
    test.setTimeout(120_000);
    const assets = mkdtempSync(join(tmpdir(), 'vikings-village-art-'));
    cpSync('assets/village', assets, { recursive: true });
    const port = extraPort(2);
    const vite: ChildProcess = spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
      env: { ...process.env, API_PORT: String(PORT), VILLAGE_ASSETS_DIR: assets, PORT: String(port) },
      stdio: 'ignore',
      detached: true,
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(async () => (await fetch(base).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
      await signIn(page, master);
      await page.goto(`${base}/designer/village`);
      await page.waitForFunction(() => window.__vikingsVillage?.lastDraw != null, undefined, { timeout: 60_000 });
      const version = await page.evaluate(() => window.__vikingsVillage!.atlasVersion);
      await expect(page.getByText(/Scene sizes: building 128,/)).toBeVisible();

      // The style file: buildings drawn larger, said in the page and drawn on the stage.
      const stylePath = join(assets, 'village-style.json');
      writeFileSync(stylePath, readFileSync(stylePath, 'utf8').replace('"building": 128', '"building": 140'));
      await expect(page.getByText(/Scene sizes: building 140,/)).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => page.evaluate(() => window.__vikingsVillage!.atlasVersion), { timeout: 20_000 }).not.toBe(version);
      const styled = await page.evaluate(() => window.__vikingsVillage!.atlasVersion);

      // A piece: the plot becomes a solid square, and the stage reloads its textures.
      writeFileSync(join(assets, 'plot.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect x="20" y="60" width="88" height="52" fill="#ffffff"/></svg>');
      await expect.poll(() => page.evaluate(() => window.__vikingsVillage!.atlasVersion), { timeout: 20_000 }).not.toBe(styled);
      // Hot updates swap textures in the same stage: still one canvas, one context.
      expect(await page.evaluate(() => [document.querySelectorAll('canvas').length, window.__vikingsMap!.liveContexts(), window.__vikingsVillage!.stages])).toEqual([1, 1, 1]);
    } finally {
      if (vite.pid) process.kill(-vite.pid, 'SIGTERM');
      rmSync(assets, { recursive: true, force: true });
    }
  });
});
