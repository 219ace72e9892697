// Armies and village sizes on the world map: an attack the player sends at a barbarian camp is drawn as a line and a
// marker that moves between two screenshots (and tells its units and arrival on hover), a city of an operator's making
// has another icon than a new village, and the minimap jumps the map where it is clicked.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { readPng, type Pixels } from './support/png';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Marching Fjord';
/** Bondi (7 tiles an hour) march a tile in about 13 seconds at this speed, and train in a few seconds each. */
const SPEED = 40;
const BONDI = 5;
/** The attack's colour in assets/map-style.json. */
const ATTACK_COLOUR: [number, number, number] = [0xe5, 0x48, 0x4d];

type AreaTile = { x: number; y: number; type: string; distance: number; village?: { id: string; name: string; owner: { id: string } | null } };

let server: ServerProcess;
/** Sends the attack; its capital is a new one (a hamlet). */
let jarl: WorldPlayer;
/** Their capital is made a city by the operator. */
let builder: WorldPlayer;
/** A new player: their capital is a hamlet like any new village. */
let newcomer: WorldPlayer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-map-armies-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    jarl = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'jarl' });
    builder = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'city' });
    newcomer = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'new' });
  } finally {
    await first.stop();
  }
  const city = builder.village.id;
  runCliSteps(dataDir, [
    ['set-building', jarl.village.id, 'barracks', '5'],
    ['grant', jarl.email, 'timber=700', 'stone=700', 'iron=700', 'mead=700'],
    // 60 + 120 + 120 + 120 + 120 + 90 = 630 inhabitants: a city (600 and more).
    ['set-building', city, 'great_hall', '30'],
    ['set-building', city, 'barracks', '30'],
    ['set-building', city, 'academy', '30'],
    ['set-building', city, 'blacksmith', '30'],
    ['set-building', city, 'marketplace', '30'],
    ['set-building', city, 'embassy', '30'],
  ]);
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

async function mapDrawn(page: Page, view: { x: number; y: number; radius: number }) {
  await page.waitForFunction(
    (want) => {
      const frame = window.__vikingsMap?.lastFrame;
      return !!frame?.complete && frame.camera?.x === want.x && frame.camera?.y === want.y && frame.camera?.radius === want.radius;
    },
    view,
    { timeout: 20_000 },
  );
  await expect(page.getByText('Loading map...')).toBeHidden();
}

async function stageShot(page: Page, path: string): Promise<Pixels> {
  return readPng(await page.locator('.map-stage-host').screenshot({ path }));
}

function colourDistance(a: [number, number, number], b: [number, number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Mean difference per channel of two screenshots within a box (CSS px of the stage). */
function boxDifference(a: Pixels, b: Pixels, box: { left: number; top: number; size: number }): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, Math.round(box.top)); y < Math.min(a.height, Math.round(box.top + box.size)); y++) {
    for (let x = Math.max(0, Math.round(box.left)); x < Math.min(a.width, Math.round(box.left + box.size)); x++) {
      const p = a.at(x, y);
      const q = b.at(x, y);
      sum += Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
      count += 3;
    }
  }
  return count === 0 ? 0 : sum / count;
}

interface Marker {
  id: string;
  kind: string;
  own: boolean;
  sx: number;
  sy: number;
}

async function markers(page: Page): Promise<Marker[]> {
  return page.evaluate(() => window.__vikingsMap?.map?.markers() ?? []);
}

/**
 * A screenshot of the stage with the marker of `id` where it was drawn then: the marker keeps marching while the
 * screenshot is taken (a second or more on a busy machine), so it is read before and after, and it stood between.
 */
async function shotWithMarker(page: Page, id: string, path: string): Promise<{ shot: Pixels; marker: Marker; distance: number }> {
  const before = (await markers(page)).find((m) => m.id === id)!;
  const shot = await stageShot(page, path);
  const after = (await markers(page)).find((m) => m.id === id)!;
  let distance = Infinity;
  for (let i = 0; i <= 20; i++) {
    const x = before.sx + ((after.sx - before.sx) * i) / 20;
    const y = before.sy + ((after.sy - before.sy) * i) / 20;
    distance = Math.min(distance, colourDistance(shot.at(Math.round(x), Math.round(y)), ATTACK_COLOUR));
  }
  return { shot, marker: before, distance };
}

test("the player's attack marches across the map: a line and a marker that moves, with its units and arrival on hover", async ({ browser }) => {
  test.setTimeout(180_000);
  // Bondi for the march, trained in the capital's barracks.
  await call(`${server.url}/api/villages/${jarl.village.id}/units`, { method: 'POST', token: jarl.token, body: JSON.stringify({ unitType: 'bondi', count: BONDI }) });
  await expect
    .poll(
      async () => {
        const view = await call<{ units: { type: string; count: number }[] }>(`${server.url}/api/map/village/${jarl.village.id}/overview`, { token: jarl.token });
        return view.units.find((u) => u.type === 'bondi')?.count ?? 0;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(BONDI);

  // The farthest of the barbarian camps every capital gets within 10 tiles: the march takes a minute or more.
  const { x, y, worldId } = jarl.village;
  const area = await call<{ tiles: AreaTile[] }>(`${server.url}/api/map/area/${worldId}/${x}/${y}/10`, { token: jarl.token });
  const camps = area.tiles.filter((tile) => tile.type === 'village' && tile.village?.owner === null && tile.distance <= 10);
  expect(camps.length).toBeGreaterThanOrEqual(3);
  const camp = camps.sort((a, b) => b.distance - a.distance)[0]!;
  const sent = await call<{ movement: { id: string; arrivesAt: string; departedAt: string } }>(`${server.url}/api/game/send-troops`, {
    method: 'POST',
    token: jarl.token,
    body: JSON.stringify({ fromVillageId: jarl.village.id, toVillageId: camp.village!.id, movementType: 'attack', units: { bondi: BONDI } }),
  });
  const marchMs = Date.parse(sent.movement.arrivesAt) - Date.parse(sent.movement.departedAt);
  expect(marchMs).toBeGreaterThan(30_000);

  // The map between the capital and the camp, zoomed in so that both ends are on it.
  const centre = { x: Math.round((x + camp.x) / 2), y: Math.round((y + camp.y) / 2) };
  const radius = Math.max(5, Math.ceil(Math.max(Math.abs(camp.x - x), Math.abs(camp.y - y)) / 2) + 2);
  const page = await signedInPage(browser, { serverUrl: server.url, player: jarl, path: `/game/map?x=${centre.x}&y=${centre.y}&r=${radius}` });
  await mapDrawn(page, { ...centre, radius });
  await page.mouse.move(1, 1);

  await expect.poll(async () => (await markers(page)).map((m) => m.id)).toContain(sent.movement.id);
  expect((await markers(page)).find((m) => m.id === sent.movement.id)).toMatchObject({ kind: 'attack', own: true });
  // The marker is drawn where the hook says, in the attack's colour.
  const { shot: before, marker: first, distance: firstColour } = await shotWithMarker(page, sent.movement.id, 'test-results/map-armies-before.png');
  expect(firstColour).toBeLessThan(40);

  // A few seconds later it has moved towards the camp, with no frame of tiles drawn for it.
  await page.waitForTimeout(5000);
  const { shot: after, marker: second, distance: secondColour } = await shotWithMarker(page, sent.movement.id, 'test-results/map-armies-after.png');
  const moved = Math.hypot(second.sx - first.sx, second.sy - first.sy);
  expect(moved).toBeGreaterThan(2);
  const campOnScreen = await page.evaluate((t) => window.__vikingsMap!.map!.screenOf(t), { x: camp.x, y: camp.y });
  expect(Math.hypot(campOnScreen.sx - second.sx, campOnScreen.sy - second.sy)).toBeLessThan(Math.hypot(campOnScreen.sx - first.sx, campOnScreen.sy - first.sy));
  expect(secondColour).toBeLessThan(40);
  // The screenshots differ around the marker, and not in a corner far from the line.
  expect(boxDifference(before, after, { left: Math.min(first.sx, second.sx) - 10, top: Math.min(first.sy, second.sy) - 10, size: moved + 20 })).toBeGreaterThan(2);
  expect(await page.evaluate(() => window.__vikingsMap!.markerFrames)).toBeGreaterThan(0);

  // Hovering the marker tells what the player knows of their own army: its units and its arrival.
  const now = (await markers(page)).find((m) => m.id === sent.movement.id)!;
  const box = (await page.locator('.map-stage-host').boundingBox())!;
  await page.mouse.move(box.x + now.sx, box.y + now.sy);
  const tooltip = page.getByTestId('movement-tooltip');
  await expect(tooltip).toContainText('Attack');
  await expect(tooltip).toContainText(`${jarl.village.name} (${x}|${y}) → ${camp.village!.name} (${camp.x}|${camp.y})`);
  await expect(tooltip).toContainText(`${BONDI} Bondi`);
  await expect(tooltip.getByRole('timer')).toBeVisible();
  await page.screenshot({ path: 'test-results/map-armies-tooltip.png' });

  // The legend explains the colours.
  const legend = page.getByRole('region', { name: 'Legend' });
  await expect(legend.getByRole('list', { name: 'Movements' })).toContainText('Attack');
  await page.close();
});

/** The screenshot of a tile, and its size on screen, with the map centred on it at radius 5. */
async function tileShot(page: Page, tile: { x: number; y: number }, path: string): Promise<{ pixels: Pixels; box: { left: number; top: number; size: number } }> {
  await page.goto(`${server.url}/game/map?x=${tile.x}&y=${tile.y}&r=5`);
  await mapDrawn(page, { ...tile, radius: 5 });
  await page.mouse.move(1, 1);
  await page.evaluate(() => window.__vikingsMap!.map!.renderNow());
  const [here, east] = await page.evaluate((t) => [window.__vikingsMap!.map!.screenOf(t), window.__vikingsMap!.map!.screenOf({ x: t.x + 1, y: t.y })], tile);
  const size = east!.sx - here!.sx;
  return { pixels: await stageShot(page, path), box: { left: here!.sx - size / 2, top: here!.sy - size / 2, size } };
}

/** Mean difference per channel between the same-sized boxes of two screenshots. */
function tileDifference(a: { pixels: Pixels; box: { left: number; top: number; size: number } }, b: typeof a): number {
  const size = Math.floor(Math.min(a.box.size, b.box.size)) - 4;
  let sum = 0;
  for (let dy = 2; dy < size; dy++) {
    for (let dx = 2; dx < size; dx++) {
      const p = a.pixels.at(Math.round(a.box.left) + dx, Math.round(a.box.top) + dy);
      const q = b.pixels.at(Math.round(b.box.left) + dx, Math.round(b.box.top) + dy);
      sum += Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
    }
  }
  return sum / (3 * (size - 2) ** 2);
}

test('a village of large population has another icon than a new one, and the tooltip names its size', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, { serverUrl: server.url, player: jarl, path: '/game/map' });
  const city = await tileShot(page, builder.village, 'test-results/map-armies-city.png');
  const tooltip = page.getByRole('tooltip');
  const at = await page.evaluate((t) => window.__vikingsMap!.map!.screenOf(t), { x: builder.village.x, y: builder.village.y });
  const stage = (await page.locator('.map-stage-host').boundingBox())!;
  await page.mouse.move(stage.x + at.sx, stage.y + at.sy);
  await expect(tooltip).toContainText('Other Village');
  await expect(tooltip).toContainText('City, capital');
  await page.mouse.move(1, 1);

  const hamlet = await tileShot(page, newcomer.village, 'test-results/map-armies-hamlet.png');
  const there = await page.evaluate((t) => window.__vikingsMap!.map!.screenOf(t), { x: newcomer.village.x, y: newcomer.village.y });
  await page.mouse.move(stage.x + there.sx, stage.y + there.sy);
  await expect(tooltip).toContainText('Other Village');
  await expect(tooltip).toContainText('Hamlet, capital');
  await page.mouse.move(1, 1);

  // Same look (another player's village, same fill), different size: the icons differ plainly.
  expect(tileDifference(city, hamlet)).toBeGreaterThan(12);
  // The player's own hamlet and the newcomer's share the icon's shape; only the relation's fill and icon differ.
  const legend = page.getByRole('list', { name: 'Village sizes' });
  await expect(legend).toContainText('City');
  await expect(legend).toContainText('Hamlet');
  await page.close();
});

test('the minimap shows the whole world and jumps the map where it is clicked, or by the arrow keys', async ({ browser }) => {
  const page = await signedInPage(browser, { serverUrl: server.url, player: jarl, path: '/game/map' });
  const { x, y } = jarl.village;
  await mapDrawn(page, { x, y, radius: 10 });
  const minimap = page.getByRole('group', { name: `Minimap of ${WORLD}` });
  await expect(minimap).toBeVisible();
  await expect(minimap.locator('image')).toHaveAttribute('href', /^data:image\/png/);
  await expect(page.getByTestId('minimap-view')).toBeVisible();
  await minimap.screenshot({ path: 'test-results/map-armies-minimap.png' });

  // The middle of the minimap is the middle of the world (a pixel of it is about two tiles).
  const box = (await minimap.locator('svg').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/\((-?[0-2])\|(-?[0-2])\)/);
  const centre = /\((-?\d+)\|(-?\d+)\)/.exec((await heading.textContent()) ?? '')!;
  const clicked = { x: Number(centre[1]), y: Number(centre[2]) };
  await mapDrawn(page, { ...clicked, radius: 10 });

  // Keyboard: focus it and press an arrow; it moves a tenth of the world.
  await minimap.focus();
  await page.keyboard.press('ArrowRight');
  // A world of 401 tiles: a tenth is 40 tiles east; the map's own keys would have moved one.
  await expect(heading).toContainText(`(${clicked.x + 40}|${clicked.y})`);
  await mapDrawn(page, { x: clicked.x + 40, y: clicked.y, radius: 10 });
  await page.screenshot({ path: 'test-results/map-armies-page.png', fullPage: true });
  await page.close();
});
