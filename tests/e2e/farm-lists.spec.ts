// Farm lists as a raider meets them in a fast world: a list made on the army page, barbarian camps added by coordinates
// and from the map's tile actions, the whole list sent in one click with each row's result (sent, or skipped with the
// reason), then, once the raids have landed, each row's last raid (won or lost, loot against carry capacity).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Farm Fjord';
/** Fast enough that raiders (9 tiles an hour) cross 10 tiles in 40 seconds, slow enough to see them on their way. */
const SPEED = 100;
/** Raiders trained: the first two rows take 20 and 5, so the third row's 20 are not at home. */
const RAIDERS = 25;
const ROWS = [20, 5, 20];

type AreaTile = { x: number; y: number; type: string; distance: number; village?: { name: string; owner: { id: string } | null } };

let server: ServerProcess;
let raider: WorldPlayer;
let camps: AreaTile[];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-farm-lists-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    raider = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'farm' });
    const { x, y, worldId } = raider.village;
    const area = await call<{ tiles: AreaTile[] }>(`${first.url}/api/map/area/${worldId}/${x}/${y}/10`, { token: raider.token });
    // Every new capital has three barbarian camps within 10 tiles: the list raids them, nearest first.
    camps = area.tiles
      .filter((tile) => tile.type === 'village' && tile.village?.owner === null)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, ROWS.length);
    expect(camps).toHaveLength(ROWS.length);
  } finally {
    await first.stop();
  }
  // Barracks that train a raider a second, stores for the grant, and what the raiders cost.
  const id = raider.village.id;
  runCliSteps(dataDir, [
    ['set-building', id, 'barracks', '20'],
    ['set-building', id, 'warehouse', '10'],
    ['set-building', id, 'granary', '10'],
    ['grant', raider.email, 'timber=8000', 'stone=8000', 'iron=8000', 'mead=8000'],
  ]);
  server = await startServer(PORT, dataDir);
  await call(`${server.url}/api/villages/${id}/units`, { method: 'POST', token: raider.token, body: JSON.stringify({ unitType: 'viking_raider', count: RAIDERS }) });
});

test.afterAll(async () => {
  await server?.stop();
});

const campName = (camp: AreaTile) => `${camp.village!.name} (${camp.x}|${camp.y})`;

/** Adds the camp of row `index` through the army page's form (already filled with the coordinates when `prefilled`). */
async function addCamp(page: Page, index: number, prefilled = false) {
  const camp = camps[index]!;
  const form = page.getByRole('form', { name: 'Add a target' });
  if (prefilled) {
    await expect(form.getByLabel('X')).toHaveValue(String(camp.x));
    await expect(form.getByLabel('Y')).toHaveValue(String(camp.y));
  } else {
    await form.getByLabel('X').fill(String(camp.x));
    await form.getByLabel('Y').fill(String(camp.y));
  }
  await form.getByLabel('Viking Raider for the new target').fill(String(ROWS[index]));
  await form.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('farm-row')).toHaveCount(index + 1);
  await expect(form.getByRole('status')).toHaveText('Added to Barbarian farms.');
}

test('a raider makes a farm list on the army page, sends it in one click and sees each row’s result, then each last raid', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await signedInPage(browser, { serverUrl: server.url, player: raider, path: '/game/village?tab=units' });
  // The raiders finish in the fast world's barracks, one a second.
  const trained = page.getByRole('region', { name: 'Your units' }).getByRole('article', { name: 'Viking Raider' });
  await expect(trained.getByLabel('At home')).toHaveText(String(RAIDERS), { timeout: 90_000 });

  await page.goto(`${server.url}/game/army`);
  const section = page.getByRole('region', { name: 'Farm lists' });
  await expect(section).toContainText('No farm lists yet.');
  await section.getByLabel(`New list from ${raider.village.name}`).fill('Barbarian farms');
  await section.getByRole('button', { name: 'Create list' }).click();
  const list = section.getByRole('region', { name: 'Barbarian farms' });
  await expect(list).toContainText(`from ${raider.village.name} (${raider.village.x}|${raider.village.y}) · 0/100 targets`);

  // Two camps by their coordinates.
  await addCamp(page, 0);
  await addCamp(page, 1);

  // The third from the map: its tile's actions offer to add it to a farm list, which opens this form filled in.
  await page.getByRole('link', { name: 'Map', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search villages or coordinates' });
  await search.fill(`(${camps[2]!.x}|${camps[2]!.y})`);
  await search.press('Enter');
  const details = page.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText(camps[2]!.village!.name);
  await details.getByRole('link', { name: 'Add to farm list' }).click();
  await expect(page).toHaveURL(/\/game\/army\?farm=/);
  await addCamp(page, 2, true);

  const rows = list.getByTestId('farm-row');
  await expect(rows).toHaveCount(3);
  for (const [i, camp] of camps.entries()) {
    await expect(rows.nth(i)).toContainText(campName(camp));
    await expect(rows.nth(i)).toContainText(`Viking Raider ${ROWS[i]}`);
    await expect(rows.nth(i)).toContainText('No raid yet');
  }
  // The third row is already marked short: the rows before it take every raider.
  await expect(rows.nth(2)).toContainText('Not enough units at home: 20 Viking Raider (0 at home)');
  await page.screenshot({ path: 'test-results/farm-lists-made.png', fullPage: true });

  // One click sends the whole list: two raids go, the third row stays home with the reason.
  await list.getByRole('button', { name: 'Send all' }).click();
  await expect(list.getByRole('status')).toHaveText('2 raids sent, 1 skipped.');
  const results = list.getByTestId('farm-result');
  await expect(results.nth(0)).toContainText('Sent · arrives in');
  await expect(results.nth(1)).toContainText('Sent · arrives in');
  await expect(results.nth(2)).toHaveText('Skipped: Not enough units at home: 20 Viking Raider (0 at home)');
  await expect(page.getByRole('list', { name: 'Outgoing movements' }).getByTestId('movement')).toHaveCount(2);
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/farm-lists-sent.png', fullPage: true });

  // The raids land: 20 raiders beat the camp's guard and come home with loot, 5 lose; each row shows its last raid.
  const landed = { timeout: 90_000 };
  await expect(rows.nth(0).getByTestId('farm-last')).toContainText(/^Won \d[\d,]* \/ [\d,]+/, landed);
  await expect(rows.nth(1).getByTestId('farm-last')).toContainText(/^Lost 0 \/ [\d,]+/, landed);
  await expect(rows.nth(2)).toContainText('No raid yet');
  const won = (await rows.nth(0).getByTestId('farm-last').textContent()) ?? '';
  const [loot, carry] = (/Won ([\d,]+) \/ ([\d,]+)/.exec(won) ?? []).slice(1).map((n) => Number(n.replace(/,/g, '')));
  expect(loot).toBeGreaterThan(0);
  expect(loot).toBeLessThanOrEqual(carry!);
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/farm-lists-last.png', fullPage: true });
});
