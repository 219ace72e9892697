// The village as a new player meets it: pick a world, see the starting stock, upgrade a field, build barracks, train bondi.
import { test, expect, type Page } from '@playwright/test';
import { newPlayer } from './support/players';
import { extraPort, type ServerProcess } from './support/server';
import { startServerWithWorlds } from './support/worlds';
import { showBuildingList } from './support/village';

// Timber camp level 1 takes 260 s at speed 1: at speed 40 that is 7 s, long enough to watch the countdown.
const WATCH_WORLD = { name: 'Jotunheim', speed: 40 };
// Two great hall levels, barracks and bondi take over two hours at speed 1: at speed 600 about 15 s.
const FAST_WORLD = { name: 'Asgard', speed: 600 };

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServerWithWorlds(extraPort(2), [WATCH_WORLD, FAST_WORLD]);
});

test.afterAll(async () => {
  await server?.stop();
});

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function openTab(page: Page, name: 'Overview' | 'Buildings' | 'Units') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a new player joins a world, upgrades a timber camp, builds barracks and trains bondi', async ({ page, request }) => {
  test.setTimeout(90_000);
  const player = newPlayer('vil');

  await page.goto(`${server.url}/register`);
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByLabel('Confirm Password').fill(player.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/(dashboard|game)/);

  // No village yet: /game shows the worlds with players/max, speed and status.
  await page.goto(`${server.url}/game`);
  await expect(page.getByRole('heading', { name: 'Choose your world' })).toBeVisible();
  const watchWorld = page.getByRole('listitem', { name: WATCH_WORLD.name });
  await expect(watchWorld).toContainText('0/500');
  await expect(watchWorld).toContainText('x40');
  await expect(watchWorld).toContainText('Online');
  await expect(page.getByRole('listitem', { name: 'Midgard' })).toBeVisible();
  await page.screenshot({ path: 'test-results/village-worlds.png', fullPage: true });
  await watchWorld.getByRole('button', { name: 'Join' }).click();

  // The capital with 500 of each resource, on the page and in the top bar. Looking over the village is the tutorial's
  // first step, whose reward (100 of each) lands within a second and shows at once: either figure is the starting stock.
  await expect(page.getByRole('heading', { level: 1, name: `${player.username}'s village` })).toBeVisible();
  for (const resource of ['timber', 'stone', 'iron', 'mead']) {
    await expect(page.getByTestId(`resource-${resource}`)).toHaveText(/^(500|600)$/);
    await expect(page.getByTestId(`topbar-${resource}`)).toHaveText(/^(500|600)$/);
  }
  const selector = page.getByRole('combobox', { name: 'Village', exact: true });
  await expect(selector.locator('option:checked')).toHaveText(/\(capital\) \(-?\d+\|-?\d+\)$/);
  await expect(page.getByRole('complementary', { name: 'Selected village' })).toContainText('100%');

  // Rename through the prompt; an unchanged answer is ignored.
  page.once('dialog', (dialog) => void dialog.accept('Jotunheim Hall'));
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jotunheim Hall' })).toBeVisible();
  await expect(selector.locator('option:checked')).toHaveText(/^Jotunheim Hall \(capital\)/);

  // Upgrade a timber camp and watch its countdown run out.
  await openTab(page, 'Buildings');
  await showBuildingList(page);
  const timberCamp = card(page, 'Timber Camp, slot 1');
  await expect(timberCamp).toContainText('Level 0');
  await timberCamp.getByRole('button', { name: 'Upgrade' }).click();
  const countdown = timberCamp.getByRole('timer');
  await expect(countdown).toHaveText(/^[4-7]s$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
  // The card shows how far the upgrade is instead of an Upgrade button.
  await expect(timberCamp.getByRole('progressbar', { name: 'Upgrade to level 1' })).toBeVisible();
  await expect(timberCamp.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/village-countdown.png' });
  // While it runs, every other Upgrade waits for the builders; why is said once, above the list.
  await expect(card(page, 'Timber Camp, slot 2').getByRole('button', { name: 'Upgrade' })).toBeDisabled();
  await expect(card(page, 'Timber Camp, slot 2')).not.toContainText('Another construction is running');
  await expect(page.getByText('Another construction is running')).toHaveCount(1);
  await expect(timberCamp).toContainText('Level 1', { timeout: 15_000 });
  await expect(timberCamp.getByRole('timer')).toHaveCount(0);
  await expect(timberCamp).toContainText('Upgrade to level 2');
  await expect(timberCamp.getByRole('button', { name: 'Upgrade' })).toBeEnabled();

  // A second capital in a fast world, joined through the API; the selector switches to it and keeps it over a reload.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const worlds = (await (await request.get(`${server.url}/api/worlds`, { headers })).json()) as { worlds: { id: string; name: string }[] };
  const fastWorld = worlds.worlds.find((w) => w.name === FAST_WORLD.name)!;
  const joined = await request.post(`${server.url}/api/worlds/${fastWorld.id}/join`, { headers });
  expect(joined.status()).toBe(201);
  const fastVillage = ((await joined.json()) as { village: { id: string } }).village;
  await page.reload();
  await selector.selectOption(fastVillage.id);
  await expect(page.getByRole('heading', { level: 1, name: `${player.username}'s village` })).toBeVisible();
  await page.reload();
  await expect(selector).toHaveValue(fastVillage.id);

  // A great hall upgrade, then barracks into a free slot.
  await openTab(page, 'Buildings');
  const greatHall = card(page, 'Great Hall, slot 19');
  await greatHall.getByRole('button', { name: 'Upgrade' }).click();
  await expect(greatHall.getByRole('timer')).toBeVisible();
  await expect(greatHall).toContainText('Level 2', { timeout: 15_000 });
  await expect(greatHall.getByRole('timer')).toHaveCount(0);
  const buildPanel = page.getByRole('region', { name: 'Build a new building' });
  await buildPanel.getByLabel('Building').selectOption({ label: 'Barracks' });
  await expect(buildPanel.getByLabel('Slot')).toHaveValue('20');
  await buildPanel.getByRole('button', { name: 'Build' }).click();
  const barracks = card(page, 'Barracks, slot 20');
  await expect(barracks.getByRole('timer')).toBeVisible();
  await expect(barracks).toContainText('Level 1', { timeout: 15_000 });

  // Train three bondi and see them in the army summary.
  await openTab(page, 'Units');
  const trainBondi = page.getByRole('region', { name: 'Train units' }).getByRole('article', { name: 'Bondi' });
  await trainBondi.getByLabel('Count').fill('3');
  await trainBondi.getByRole('button', { name: 'Train' }).click();
  const bondi = page.getByRole('region', { name: 'Your units' }).getByRole('article', { name: 'Bondi' });
  await expect(bondi.getByLabel('At home')).toHaveText('3', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/village-units.png', fullPage: true });
  await openTab(page, 'Overview');
  const army = page.getByRole('list', { name: 'Army summary' });
  await expect(army).toContainText('Bondi');
  await expect(army).toContainText('3');
  await expect(page.getByRole('list', { name: 'Recent buildings' })).toContainText('Barracks');

  await page.screenshot({ path: 'test-results/village.png', fullPage: true });
  await openTab(page, 'Buildings');
  await page.screenshot({ path: 'test-results/village-buildings.png', fullPage: true });
});

test('a failed upgrade shows the server message near the button', async ({ page, request }) => {
  const player = newPlayer('vil');
  const registered = await request.post(`${server.url}/api/auth/register`, { data: player });
  const { token } = (await registered.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const worlds = (await (await request.get(`${server.url}/api/worlds`, { headers })).json()) as { worlds: { id: string; name: string }[] };
  const world = worlds.worlds.find((w) => w.name === WATCH_WORLD.name)!;
  const joined = (await (await request.post(`${server.url}/api/worlds/${world.id}/join`, { headers })).json()) as {
    village: { id: string };
  };
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto(`${server.url}/game/village?tab=buildings`);
  await showBuildingList(page);
  const camp = card(page, 'Iron Mine, slot 9');
  await expect(camp.getByRole('button', { name: 'Upgrade' })).toBeEnabled();

  // Another tab (here: the API) starts a construction behind this page's back; the server refuses the click.
  const overview = (await (await request.get(`${server.url}/api/map/village/${joined.village.id}/overview`, { headers })).json()) as {
    buildings: { id: string; slot: number }[];
  };
  const field = overview.buildings.find((b) => b.slot === 5)!;
  expect((await request.put(`${server.url}/api/villages/${joined.village.id}/buildings/${field.id}/upgrade`, { headers })).status()).toBe(200);
  await camp.getByRole('button', { name: 'Upgrade' }).click();
  await expect(camp.getByRole('alert')).toHaveText('Another construction is already in progress in this village');
  // The refetch after the refusal shows the running construction everywhere.
  await expect(card(page, 'Stone Quarry, slot 5').getByRole('timer')).toBeVisible();
});
