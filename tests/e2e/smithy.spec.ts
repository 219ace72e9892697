// The smithy in a browser: a player with a blacksmith opens it from the building's card, researches Bondi attack, watches the
// countdown end without a reload, and sees the level on the Bondi card of the units tab.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';
import { showBuildingList } from './support/village';

const PORT = extraPort();
const WORLD = 'Forge Fjord';
/** Fast enough that Bondi attack level 1 (6 minutes at speed 1) takes 4 seconds and a bondi trains in 2. */
const SPEED = 100;

let server: ServerProcess;
let smith: WorldPlayer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-smithy-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    smith = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'smith' });
  } finally {
    await first.stop();
  }
  runCliSteps(dataDir, [
    ['set-building', smith.village.id, 'blacksmith', '5'],
    ['set-building', smith.village.id, 'barracks', '1'],
    ['set-building', smith.village.id, 'warehouse', '10'],
    ['set-building', smith.village.id, 'granary', '10'],
    ['grant', smith.email, 'timber=5000', 'stone=5000', 'iron=5000', 'mead=5000'],
  ]);
  server = await startServer(PORT, dataDir);
  // A few bondi at home, so the units tab has a Bondi card.
  await call(`${server.url}/api/villages/${smith.village.id}/units`, { method: 'POST', token: smith.token, body: JSON.stringify({ unitType: 'bondi', count: 3 }) });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a research started in the smithy ends by itself and its level shows on the units tab', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, { serverUrl: server.url, player: smith, path: '/game/village?tab=buildings' });
  await showBuildingList(page);
  await page.getByRole('article', { name: /^Blacksmith/ }).getByRole('link', { name: 'Open the smithy' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Blacksmith level 5: research up to level 5');

  const bondi = page.getByRole('article', { name: 'Bondi research' });
  const attack = bondi.getByLabel('Bondi attack');
  await expect(attack).toContainText('Level 0');
  await attack.getByRole('button', { name: 'Research level 1' }).click();
  await expect(page.getByText('Researching Bondi attack level 1')).toBeVisible();
  await expect(attack).toContainText('Level 1 is being researched');
  // While it runs, nothing else may start.
  await expect(bondi.getByLabel('Bondi defence').getByRole('button', { name: 'Research level 1' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/smithy-running.png', fullPage: true });

  // The countdown ends and the smithy is read again: level 1, and the blacksmith is free.
  await expect(attack).toContainText('Level 1', { timeout: 20_000 });
  await expect(attack).toContainText('+1.5%');
  await expect(page.getByText('No research running. The blacksmith is ready.')).toBeVisible();
  await expect(attack.getByRole('button', { name: 'Research level 2' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/smithy-done.png', fullPage: true });

  await page.getByRole('tab', { name: 'Units' }).click();
  const card = page.getByRole('region', { name: 'Your units' }).getByRole('article', { name: 'Bondi' });
  await expect(card.getByLabel('Smithy levels')).toHaveText('Att 1 · Def 0');
  await page.screenshot({ path: 'test-results/smithy-units.png', fullPage: true });
});
