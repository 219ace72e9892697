// Oases in a fast world: a player picks an oasis on the map, raids it to clear its animals, annexes it with an attack its
// hero leads, sees the bonus in the village's production, and the map names the holder in the tile details.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Oasis Vale';
/** Fast enough that berserkers train in a second each and march 3 tiles in about 2 seconds. */
const SPEED = 1000;
const BERSERKERS = 30;

type Nearby = { x: number; y: number; bonuses: { resourceType: string; percent: number }[]; claimedByVillageId: string | null };

let server: ServerProcess;
let player: WorldPlayer;
let oasis: Nearby;
let heroName: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-oases-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    // New capitals spread out: the first one with an oasis within annexing reach (3 tiles) plays.
    for (let i = 0; i < 15 && !oasis; i++) {
      const joined = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'oas' });
      const { oases } = await call<{ oases: Nearby[] }>(`${first.url}/api/map/village/${joined.village.id}/oases?maxDistance=3`, { token: joined.token });
      if (oases[0]) {
        player = joined;
        oasis = oases[0];
      }
    }
  } finally {
    await first.stop();
  }
  if (!oasis) throw new Error('no capital with an oasis within 3 tiles');
  const id = player.village.id;
  runCliSteps(dataDir, [
    ['set-building', id, 'barracks', '10'],
    ['set-building', id, 'warehouse', '20'],
    ['set-building', id, 'granary', '20'],
    ['set-building', id, 'longhouse', '10'],
    ['grant', player.email, 'timber=40000', 'stone=40000', 'iron=40000', 'mead=40000'],
  ]);
  server = await startServer(PORT, dataDir);
  const hero = await call<{ hero: { name: string } }>(`${server.url}/api/heroes/recruit`, {
    method: 'POST',
    token: player.token,
    body: JSON.stringify({ villageId: id, heroType: 'warrior', customName: 'Ragna' }),
  });
  heroName = hero.hero.name;
  await call(`${server.url}/api/villages/${id}/units`, { method: 'POST', token: player.token, body: JSON.stringify({ unitType: 'berserker', count: BERSERKERS }) });
  // The whole army is trained (a second or so each) before the story starts.
  await expect
    .poll(
      async () => {
        const view = await call<{ units: { type: string; count: number }[] }>(`${server.url}/api/map/village/${id}/overview`, { token: player.token });
        return view.units.find((u) => u.type === 'berserker')?.count ?? 0;
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toBe(BERSERKERS);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Selects the oasis on the map by its coordinates; the details panel shows it. */
async function pickOasis(page: Page) {
  await page.getByRole('link', { name: 'Map', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search villages or coordinates' });
  await search.fill(`(${oasis.x}|${oasis.y})`);
  await search.press('Enter');
  const details = page.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText(`(${oasis.x}|${oasis.y})`);
  await expect(details).toContainText('Oasis');
  // The map writes its view into the address once it settles; a link followed before that would lose its own query.
  await expect(page).toHaveURL(new RegExp(`[?&]x=${oasis.x}&y=${oasis.y}(&|$)`));
  return details;
}

/** Sends every berserker at home to the oasis from the form the map opened, the hero too when named. */
async function sendAll(page: Page, hero: string | null) {
  const form = page.getByRole('form', { name: 'Send troops' });
  await expect(form.getByTestId('send-target')).toContainText(`Oasis (${oasis.x}|${oasis.y})`);
  // Every berserker at home (the raid's losses stay behind); the attack waits for the raiders' return.
  const count = form.getByLabel('Berserker to send');
  await expect(count).toHaveAttribute('max', /^[1-9]\d*$/, { timeout: 60_000 });
  await form.getByRole('button', { name: 'Send all Berserker' }).click();
  await expect(count).toHaveValue((await count.getAttribute('max')) ?? '');
  if (hero) {
    const select = form.getByLabel('Hero (optional)');
    await select.selectOption({ label: (await select.locator('option', { hasText: hero }).textContent()) ?? hero });
  }
  await page.screenshot({ path: `test-results/oases-send-${hero ? 'attack' : 'raid'}.png`, fullPage: true });
  await form.getByRole('button', { name: 'Send troops' }).click();
  await expect(form.getByRole('status')).toContainText(`Troops are on their way to Oasis (${oasis.x}|${oasis.y})`);
}

test('a player clears an oasis, annexes it with a hero from the map and sees its bonus in production', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await signedInPage(browser, { serverUrl: server.url, player, path: '/game/village' });
  await expect(page.getByRole('heading', { level: 1, name: player.village.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Oases' })).toContainText('This village holds no oasis');
  const before = await call<{ bonusPercent: Record<string, number> }>(`${server.url}/api/map/village/${player.village.id}/production`, { token: player.token });

  // The map's details of a free oasis: nobody holds it, animals guard it.
  let details = await pickOasis(page);
  await expect(details.getByTestId('oasis-holder')).toHaveText('Nobody: free');
  await expect(details.getByTestId('oasis-animals')).toContainText(/Rat|Spider|Wolf|Boar|Bear/);
  await page.screenshot({ path: 'test-results/oases-free.png' });

  // The raid clears it: a report against the wild animals, nothing looted.
  await details.getByRole('link', { name: 'Raid' }).click();
  await expect(page).toHaveURL(/mission=raid/);
  await sendAll(page, null);
  await expect(page.getByTestId('unread-reports')).toHaveText(/^1/, { timeout: 30_000 });
  await page.getByRole('link', { name: /^Reports/ }).click();
  const raid = page.getByRole('list', { name: 'Battle reports' }).getByTestId('report').first();
  await expect(raid).toContainText(`Raid on Oasis (${oasis.x}|${oasis.y})`);
  await expect(raid).toContainText('Victory');
  await raid.getByRole('button').first().click();
  await expect(raid).toContainText('Defender: Wild animals');
  await expect(raid.getByTestId('oasis-outcome')).toHaveText('Cleared, not annexed (a raid)');
  await expect(page.getByTestId('unread-reports')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/oases-raid-report.png', fullPage: true });

  // The attack, led by the hero once the army is home, annexes it.
  details = await pickOasis(page);
  await details.getByRole('link', { name: 'Send troops' }).click();
  await expect(page).toHaveURL(/mission=attack/);
  await sendAll(page, heroName);
  // The raid's report was read when opened: the attack's is the one unread.
  await expect(page.getByTestId('unread-reports')).toHaveText(/^1/, { timeout: 30_000 });

  // The village holds it: the overview lists it with its bonus, and production counts it.
  await page.getByRole('link', { name: 'Village', exact: true }).click();
  const held = page.getByRole('region', { name: 'Oases' });
  const bonusText = oasis.bonuses.map((b) => `+${b.percent}%`).join('');
  await expect(held.getByRole('list', { name: 'Held oases' })).toContainText(`Oasis (${oasis.x}|${oasis.y})`, { timeout: 30_000 });
  await expect(held).toContainText(bonusText.slice(0, 4));
  const after = await call<{ bonusPercent: Record<string, number> }>(`${server.url}/api/map/village/${player.village.id}/production`, { token: player.token });
  for (const b of oasis.bonuses) expect(after.bonusPercent[b.resourceType]).toBe((before.bonusPercent[b.resourceType] ?? 0) + b.percent);
  await page.screenshot({ path: 'test-results/oases-held.png', fullPage: true });

  // The attack's report says so.
  await page.getByRole('link', { name: /^Reports/ }).click();
  const attack = page.getByRole('list', { name: 'Battle reports' }).getByTestId('report').first();
  await expect(attack).toContainText('Annexed');
  await attack.getByRole('button').first().click();
  await expect(attack.getByTestId('oasis-outcome')).toHaveText('Annexed');
  await page.screenshot({ path: 'test-results/oases-annex-report.png', fullPage: true });

  // The map names the holder and its player in the tile details.
  details = await pickOasis(page);
  await expect(details.getByTestId('oasis-holder')).toHaveText(`${player.village.name} (${player.username})`);
  await expect(details).toContainText('Taken Oasis');
  // The tooltip over the tile names the holder too.
  const stage = await page.locator('.map-stage-host').boundingBox();
  const at = await page.evaluate((tile) => window.__vikingsMap!.map!.screenOf(tile), { x: oasis.x, y: oasis.y });
  await page.mouse.move(stage!.x + at.sx, stage!.y + at.sy);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText(`(${oasis.x}|${oasis.y})`);
  await expect(tooltip).toContainText(`Held by ${player.village.name} (${player.username})`);
  await page.screenshot({ path: 'test-results/oases-taken.png' });
});
