// Armies as two players meet them in a fast world: one trains raiders and attacks from the map, the other sees the attack
// coming and both read the report, all without reloading; then the attacker founds new villages (from the list and from the map).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Fast Fjord';
/** Fast enough that a march of 100 tiles by raiders (9 tiles an hour) takes 20 seconds. */
const SPEED = 2000;
const RAIDERS = 5;

type Player = WorldPlayer;

let server: ServerProcess;
let attacker: Player;
let defender: Player;



/** Seconds the raiders march, by the rule the server uses (distance / (9 tiles an hour x world speed)). */
function marchSeconds(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.max(1, Math.round((Math.hypot(a.x - b.x, a.y - b.y) / (9 * SPEED)) * 3600));
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-battle-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    attacker = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'atk' });
    defender = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'def' });
  } finally {
    await first.stop();
  }
  // The attacker's capital gets barracks, big stores, a longhouse that allows a second village and the resources for all of it.
  const id = attacker.village.id;
  runCliSteps(dataDir, [
    ['set-building', id, 'barracks', '10'],
    ['set-building', id, 'warehouse', '10'],
    ['set-building', id, 'granary', '10'],
    ['set-building', id, 'longhouse', '20'],
    ['grant', attacker.email, 'timber=11000', 'stone=11000', 'iron=11000', 'mead=11000'],
  ]);
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

function signedIn(browser: Browser, player: Player, path: string): Promise<Page> {
  return signedInPage(browser, { serverUrl: server.url, player, path });
}

test('an attack sent from the map is seen coming by the defender and reported to both, without reloading', async ({ browser }) => {
  const seconds = marchSeconds(attacker.village, defender.village);
  // Two players' pages through a whole march: on CI's two cores beside the process tests, 120 s ran out (it passed again).
  test.setTimeout(180_000 + seconds * 2 * 1000);
  const a = await signedIn(browser, attacker, '/game/village?tab=units');
  const b = await signedIn(browser, defender, '/game/village');
  await expect(b.getByRole('heading', { level: 1, name: defender.village.name })).toBeVisible();

  // Train raiders in the fast world's barracks.
  const train = a.getByRole('region', { name: 'Train units' }).getByRole('article', { name: 'Viking Raider' });
  await train.getByLabel('Count').fill(String(RAIDERS));
  await train.getByRole('button', { name: 'Train' }).click();
  const raiders = a.getByRole('region', { name: 'Your units' }).getByRole('article', { name: 'Viking Raider' });
  await expect(raiders.getByLabel('At home')).toHaveText(String(RAIDERS), { timeout: 30_000 });

  // Pick the defender's village on the map: its details panel offers to send troops there.
  await a.getByRole('link', { name: 'Map', exact: true }).click();
  const search = a.getByRole('searchbox', { name: 'Search villages or coordinates' });
  await search.fill(`(${defender.village.x}|${defender.village.y})`);
  await search.press('Enter');
  const details = a.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText(defender.village.name);
  await expect(details.getByRole('link', { name: 'Raid' })).toBeVisible();
  await a.screenshot({ path: 'test-results/battle-map.png' });
  await details.getByRole('link', { name: 'Send troops' }).click();
  await expect(a).toHaveURL(new RegExp(`/game/army\\?x=${defender.village.x}&y=${defender.village.y}&mission=attack`));

  const form = a.getByRole('form', { name: 'Send troops' });
  await expect(form.getByTestId('send-target')).toContainText(`${defender.village.name} (${defender.village.x}|${defender.village.y}) · ${defender.username}`);
  await expect(form.getByRole('radio', { name: 'Attack' })).toBeChecked();
  await expect(form.getByRole('button', { name: 'Send troops' })).toBeDisabled();
  await form.getByRole('button', { name: 'Send all Viking Raider' }).click();
  await expect(form.getByLabel('Viking Raider to send')).toHaveValue(String(RAIDERS));
  // The preview times the march as the server will, and counts what the raiders can carry (80 each).
  const expected = seconds >= 60 ? `${Math.floor(seconds / 60)}m ${seconds % 60}s` : `${seconds}s`;
  await expect(form.getByTestId('preview-travel')).toHaveText(expected);
  await expect(form.getByTestId('preview-carry')).toHaveText(String(80 * RAIDERS));
  await a.screenshot({ path: 'test-results/battle-send.png', fullPage: true });
  await form.getByRole('button', { name: 'Send troops' }).click();
  await expect(form.getByRole('status')).toContainText(`Troops are on their way to ${defender.village.name}`);

  const outgoing = a.getByRole('list', { name: 'Outgoing movements' });
  await expect(outgoing.getByTestId('movement')).toHaveCount(1);
  await expect(outgoing).toContainText(`Viking Raider ${RAIDERS}`);
  if (seconds > 3) await expect(outgoing.getByRole('timer')).toBeVisible();

  // The defender's page was open all along: the warning appears in its top bar with a countdown.
  const warning = b.getByTestId('incoming-attack');
  if (seconds > 3) {
    await expect(warning).toContainText(`Attack on ${defender.village.name} from ${attacker.village.name}`);
    await expect(warning.getByRole('timer')).toBeVisible();
    await b.screenshot({ path: 'test-results/battle-incoming.png' });
    await warning.click();
    await expect(b.getByRole('list', { name: 'Incoming movements' })).toContainText('Incoming attack');
    await expect(b.getByRole('list', { name: 'Incoming movements' })).toContainText('Strength unknown');
    await b.screenshot({ path: 'test-results/battle-defender-army.png', fullPage: true });
  }

  // It lands: the raiders turn home with loot, both players get an unread report, the warning goes.
  const landed = { timeout: seconds * 1000 + 15_000 };
  await expect(a.getByTestId('unread-reports')).toHaveText(/^1/, landed);
  await expect(b.getByTestId('unread-reports')).toHaveText(/^1/, landed);
  await expect(warning).toHaveCount(0);
  await expect(outgoing).toContainText('Return');
  await a.screenshot({ path: 'test-results/battle-returning.png', fullPage: true });

  await a.getByRole('link', { name: /^Reports/ }).click();
  const report = a.getByRole('list', { name: 'Battle reports' }).getByTestId('report').first();
  await expect(report).toContainText('Victory');
  await expect(report).toContainText(`Attack on ${defender.village.name}`);
  await expect(report).toContainText('New');
  await report.getByRole('button').first().click();
  await expect(report.getByRole('table', { name: 'Attacker units' })).toContainText(`Viking Raider${RAIDERS}0${RAIDERS}`);
  await expect(report.getByRole('list', { name: 'Loot' })).toBeVisible();
  await expect(report).not.toContainText('New');
  await expect(a.getByTestId('unread-reports')).toHaveCount(0);
  await a.screenshot({ path: 'test-results/battle-report.png', fullPage: true });
  const page1 = await call<{ unread: number; battles: { read: boolean }[] }>(`${server.url}/api/game/battles`, { token: attacker.token });
  expect(page1.unread).toBe(0);
  expect(page1.battles[0].read).toBe(true);

  await b.getByRole('link', { name: /^Reports/ }).click();
  const lost = b.getByRole('list', { name: 'Battle reports' }).getByTestId('report').first();
  await expect(lost).toContainText('Defeat');
  await expect(lost).toContainText(`Attack by ${attacker.username} on ${defender.village.name}`);
  await lost.getByRole('button').first().click();
  await expect(lost.getByRole('table', { name: 'Attacker units' })).toBeVisible();
  await b.screenshot({ path: 'test-results/battle-defender-report.png', fullPage: true });

  // The raiders come home: the army page counts them at home again.
  await a.getByRole('link', { name: 'Army', exact: true }).click();
  const home = a.getByRole('article', { name: `Troops in ${attacker.village.name}` });
  await expect(home).toContainText(`Viking Raider${RAIDERS}`, { timeout: seconds * 1000 + 15_000 });
  await expect(a.getByRole('list', { name: 'Outgoing movements' })).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});

test('the attacker founds a village from the list of free sites and another from the map', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await signedIn(browser, attacker, '/game/army');
  const found = a.getByRole('region', { name: 'Found a new village' });
  const needs = found.getByRole('list', { name: 'What founding takes' });
  await expect(needs).toContainText('Villages: 1 of 3 your longhouses allow');
  await expect(needs).toContainText(`Longhouse at level 10 in ${attacker.village.name}: level 20`);
  const sites = found.getByRole('list', { name: 'Free sites' });
  const firstSite = sites.getByRole('button').first();
  const siteText = (await firstSite.textContent()) ?? '';
  await firstSite.click();
  await expect(found.getByTestId('found-site')).toContainText(`Site: ${siteText}`);
  await expect(found.getByTestId('found-site')).toContainText('free land');
  await found.getByLabel('Village name').fill('Birka');
  await a.screenshot({ path: 'test-results/battle-found.png', fullPage: true });
  await found.getByRole('button', { name: 'Found village' }).click();
  await expect(found.getByRole('status')).toContainText(`Birka was founded at ${siteText}`);
  await expect(a.getByRole('combobox', { name: 'Village' })).toContainText(`Birka ${siteText}`);
  await expect(needs).toContainText('Villages: 2 of 3');

  // From the map: another free tile offers 'Found village here', which opens the founding form on it.
  const { candidates } = await call<{ candidates: { x: number; y: number }[] }>(`${server.url}/api/settlement/candidates/${attacker.village.id}?radius=15`, { token: attacker.token });
  const far = candidates[candidates.length - 1];
  await a.getByRole('link', { name: 'Map', exact: true }).click();
  const search = a.getByRole('searchbox', { name: 'Search villages or coordinates' });
  await search.fill(`(${far.x}|${far.y})`);
  await search.press('Enter');
  const details = a.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText(`(${far.x}|${far.y})`);
  await details.getByRole('link', { name: 'Found village here' }).click();
  await expect(a).toHaveURL(/mission=settle/);
  const site = a.getByRole('region', { name: 'Found a new village' }).getByTestId('found-site');
  await expect(site).toContainText(`Site: (${far.x}|${far.y})`);
  await expect(site).toContainText('free land');
  await a.getByRole('region', { name: 'Found a new village' }).getByLabel('Village name').fill('Sigtuna');
  await a.getByRole('region', { name: 'Found a new village' }).getByRole('button', { name: 'Found village' }).click();
  await expect(a.getByRole('combobox', { name: 'Village' })).toContainText(`Sigtuna (${far.x}|${far.y})`);
  await a.context().close();
});
