// Scouting and catapults in a fast world: Viking Raiders sent on a scouting mission from the army page come back with a
// report of the target's resources and troops (the defender, who has no scouts, never hears of it); then catapults aimed
// at the target's granary knock it down, and the report says so.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Watchful Fjord';
/** Fast enough that raiders (9 tiles an hour) cross 100 tiles in 20 seconds and a unit trains in a second. */
const SPEED = 2000;
const SCOUTS = 3;
const GUARDS = 6;
const CATAPULTS = 8;

let server: ServerProcess;
let scout: WorldPlayer;
let target: WorldPlayer;

interface Overview {
  units: { type: string; count: number }[];
}

/** Units of a type at home in the player's village, as the overview counts them. */
async function atHome(player: WorldPlayer, type: string): Promise<number> {
  const view = await call<Overview>(`${server.url}/api/map/village/${player.village.id}/overview`, { token: player.token });
  return view.units.find((u) => u.type === type)?.count ?? 0;
}

async function train(player: WorldPlayer, unitType: string, count: number): Promise<void> {
  await call(`${server.url}/api/villages/${player.village.id}/units`, { method: 'POST', token: player.token, body: JSON.stringify({ unitType, count }) });
  await expect.poll(() => atHome(player, unitType), { timeout: 60_000 }).toBe(count);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-scouting-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    scout = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'spy' });
    target = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'tgt' });
  } finally {
    await first.stop();
  }
  for (const player of [scout, target]) {
    runCliSteps(dataDir, [
      ['set-building', player.village.id, 'barracks', '10'],
      ['set-building', player.village.id, 'warehouse', '15'],
      ['set-building', player.village.id, 'granary', '10'],
    ]);
  }
  // The scout's side also builds catapults: an academy, and stores that hold their price.
  runCliSteps(dataDir, [
    ['set-building', scout.village.id, 'academy', '10'],
    ['set-building', scout.village.id, 'granary', '15'],
    ['grant', scout.email, 'timber=12000', 'stone=15000', 'iron=8000', 'mead=5000'],
    ['grant', target.email, 'timber=5000', 'stone=5000', 'iron=5000', 'mead=5000'],
  ]);
  server = await startServer(PORT, dataDir);
  await train(scout, 'viking_raider', SCOUTS);
  await train(scout, 'catapult', CATAPULTS);
  await train(target, 'bondi', GUARDS);
});

test.afterAll(async () => {
  await server?.stop();
});

test('scouts sent from the army page bring back a report of the target’s troops and resources', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, {
    serverUrl: server.url,
    player: scout,
    path: `/game/army?x=${target.village.x}&y=${target.village.y}&mission=scout`,
  });
  const form = page.getByRole('form', { name: 'Send troops' });
  await expect(form.getByTestId('send-target')).toContainText(`${target.village.name} (${target.village.x}|${target.village.y}) · ${target.username}`);
  await expect(form.getByRole('radio', { name: 'Scout' })).toBeChecked();
  await form.getByRole('button', { name: 'Send all Viking Raider' }).click();
  await expect(form.getByLabel('Viking Raider to send')).toHaveValue(String(SCOUTS));
  await page.screenshot({ path: 'test-results/scouting-send.png', fullPage: true });
  await form.getByRole('button', { name: 'Send troops' }).click();
  await expect(form.getByRole('status')).toContainText(`Troops are on their way to ${target.village.name}`);
  await expect(page.getByRole('list', { name: 'Outgoing movements' })).toContainText('Scouts');

  // The scouts arrive; nobody meets them; the report is the scout's alone.
  await expect(page.getByTestId('unread-reports')).toHaveText(/^1/, { timeout: 90_000 });
  await page.getByRole('link', { name: /^Reports/ }).click();
  const report = page.getByRole('list', { name: 'Battle reports' }).getByTestId('report').first();
  await expect(report).toContainText(`Scouting of ${target.village.name}`);
  await report.getByRole('button').first().click();
  const intel = report.getByTestId('scout-intel');
  await expect(intel).toContainText(`What the scouts saw in ${target.village.name}`);
  await expect(intel.getByRole('list', { name: 'Troops at home' })).toContainText(`Bondi ${GUARDS}`);
  await expect(intel.getByRole('list', { name: 'Resources' })).toContainText('Timber');
  await expect(intel).toContainText('Too few scouts came back to see the defences.');
  await intel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/scouting-report.png', fullPage: true });

  const theirs = await call<{ battles: unknown[] }>(`${server.url}/api/game/battles`, { token: target.token });
  expect(theirs.battles).toHaveLength(0);
  await page.context().close();
});

test('catapults aimed at the granary knock it down, and the report says what was hit', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await signedInPage(browser, {
    serverUrl: server.url,
    player: scout,
    path: `/game/army?x=${target.village.x}&y=${target.village.y}&mission=attack`,
  });
  const form = page.getByRole('form', { name: 'Send troops' });
  await expect(form.getByTestId('send-target')).toContainText(target.village.name);
  await expect(form.getByLabel('Catapults aim at')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send all Catapult' }).click();
  // Catapults chosen: the form offers their target, a random building unless one is picked.
  const aim = form.getByLabel('Catapults aim at');
  await expect(aim).toHaveValue('');
  await aim.selectOption({ label: 'Granary' });
  await page.screenshot({ path: 'test-results/catapults-send.png', fullPage: true });
  await form.getByRole('button', { name: 'Send troops' }).click();
  await expect(form.getByRole('status')).toContainText(`Troops are on their way to ${target.village.name}`);

  // 8 catapults (600 attack) beat 6 bondi (180): 7 survive, and their work (7 * 0.85) takes the granary from 10 to 9.
  await expect(page.getByTestId('unread-reports')).toHaveText(/^1/, { timeout: 240_000 });
  await page.getByRole('link', { name: /^Reports/ }).click();
  const report = page.getByRole('list', { name: 'Battle reports' }).getByTestId('report').first();
  await expect(report).toContainText(`Attack on ${target.village.name}`);
  await report.getByRole('button').first().click();
  await expect(report.getByTestId('building-hit')).toHaveText('Granary: level 10 → 9');
  await page.screenshot({ path: 'test-results/catapults-report.png', fullPage: true });
  await page.context().close();
});
