// Barbarian villages on the map of a world made with create-world: their own icon and legend entry, their tooltip and
// details (owned by the Barbarians), and the beginner-protection shield in the tooltip of a new player's village.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Barbarian Coast';

type AreaTile = { x: number; y: number; type: string; distance: number; village?: { name: string; owner: { id: string } | null; population: number } };

let server: ServerProcess;
let player: WorldPlayer;
let barbarian: AreaTile;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-barbarians-'));
  // Speed 1: beginner protection lasts 72 hours, so the new player's village carries a shield.
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', '1']);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  server = await startServer(PORT, dataDir);
  player = await joinWorldNamed(server.url, { worldName: WORLD, prefix: 'barb' });
  const { x, y, worldId } = player.village;
  const area = await call<{ tiles: AreaTile[] }>(`${server.url}/api/map/area/${worldId}/${x}/${y}/10`, { token: player.token });
  const near = area.tiles.filter((tile) => tile.type === 'village' && tile.village?.owner === null && tile.distance <= 10);
  // Every new capital has at least three within 10 tiles; the nearest one is hovered.
  expect(near.length).toBeGreaterThanOrEqual(3);
  barbarian = near.sort((a, b) => a.distance - b.distance)[0]!;
});

test.afterAll(async () => {
  await server?.stop();
});

/** Waits until the stage has drawn a complete frame. */
async function mapDrawn(page: Page) {
  await page.waitForFunction(() => window.__vikingsMap?.lastFrame?.complete === true, undefined, { timeout: 20_000 });
  await expect(page.getByText('Loading map...')).toBeHidden();
}

/** Where a tile is drawn, in page coordinates. */
async function tileOnPage(page: Page, tile: { x: number; y: number }) {
  const box = await page.locator('.map-stage-host').boundingBox();
  if (!box) throw new Error('no canvas');
  const at = await page.evaluate((t) => window.__vikingsMap!.map!.screenOf(t), tile);
  return { x: box.x + at.sx, y: box.y + at.sy };
}

test('the map shows barbarian villages with their own icon and legend entry, and a shield on a protected village', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, { serverUrl: server.url, player, path: '/game/map' });
  await mapDrawn(page);

  // The legend names them beside their own icon.
  const legend = page.getByRole('region', { name: 'Legend' });
  const entry = legend.getByRole('listitem').filter({ hasText: 'Barbarian village' });
  await expect(entry).toHaveCount(1);
  await expect(entry.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await legend.screenshot({ path: 'test-results/barbarians-legend.png' });
  // The legend (with village sizes and movements) reaches below the fold: back up to the stage.
  await page.evaluate(() => window.scrollTo(0, 0));

  // The player's own new village: its tooltip carries the beginner-protection shield.
  const tooltip = page.getByRole('tooltip');
  const home = await tileOnPage(page, player.village);
  await page.mouse.move(home.x, home.y);
  await expect(tooltip).toContainText(`(${player.village.x}|${player.village.y})`);
  await expect(tooltip).toContainText('Your Village');
  await expect(tooltip.getByTestId('protection-shield')).toContainText('Under beginner protection');
  await page.screenshot({ path: 'test-results/barbarians-shield-tooltip.png' });

  // A barbarian village nearby: its type, its name, and no shield (barbarians are never protected).
  const camp = await tileOnPage(page, barbarian);
  await page.mouse.move(camp.x, camp.y);
  await expect(tooltip).toContainText(`(${barbarian.x}|${barbarian.y})`);
  await expect(tooltip).toContainText('Barbarian village');
  await expect(tooltip).toContainText(barbarian.village!.name);
  await expect(tooltip.getByTestId('protection-shield')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/barbarians-tooltip.png' });

  // Selected, its details name the Barbarians as owner, with the population the server counts.
  await page.mouse.click(camp.x, camp.y);
  const details = page.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText('Barbarian village');
  await expect(details).toContainText('Barbarians');
  await expect(details).toContainText(String(barbarian.village!.population));
  await page.screenshot({ path: 'test-results/barbarians-details.png', fullPage: true });
});
