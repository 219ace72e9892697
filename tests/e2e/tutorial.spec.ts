// A new player follows the tutorial by playing on a fast world: the step counter and the top bar's percent follow, then skipping ends it.
import { test, expect, type Page } from '@playwright/test';
import { logIn, newPlayer, registerViaApi } from './support/players';
import { extraPort, type ServerProcess } from './support/server';
import { startServerWithWorlds } from './support/worlds';
import { showBuildingList } from './support/village';

// At speed 1 the mead hall takes 150 s, barracks 300 s and a bondi 180 s: at speed 100 each is done in seconds.
const FAST_WORLD = { name: 'Vanaheim', speed: 100 };

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServerWithWorlds(extraPort(2), [FAST_WORLD]);
});

test.afterAll(async () => {
  await server?.stop();
});

/** The top bar's tutorial button showing `percent`. */
function tutorialButton(page: Page, percent: number) {
  return page.getByRole('button', { name: `Tutorial ${percent}%`, exact: true });
}

async function openOverlay(page: Page) {
  await page.getByRole('button', { name: /^Tutorial \d+%$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Tutorial' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeOverlay(page: Page) {
  await page.getByRole('dialog', { name: 'Tutorial' }).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the tutorial walks a new player through the first steps by playing, and skipping ends it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const player = await registerViaApi(request, newPlayer('tut'), server.url);
  const headers = { Authorization: `Bearer ${player.token}` };
  const { worlds } = (await (await request.get(`${server.url}/api/worlds`, { headers })).json()) as { worlds: { id: string; name: string }[] };
  const world = worlds.find((w) => w.name === FAST_WORLD.name)!;
  expect((await request.post(`${server.url}/api/worlds/${world.id}/join`, { headers })).status()).toBe(201);

  await page.goto(`${server.url}/login`);
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);

  // On the quests page nothing of the first step is done yet.
  await page.goto(`${server.url}/game/quests`);
  await expect(tutorialButton(page, 0)).toBeVisible();
  let dialog = await openOverlay(page);
  await expect(dialog).toContainText('Step 1 of 9');
  await expect(dialog.getByRole('progressbar', { name: 'Tutorial progress' })).toHaveAttribute('aria-valuetext', '0%');
  await expect(dialog.getByRole('heading', { name: 'Welcome, Chieftain' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Objectives' })).toHaveText(/Look over your village\s*0\/1/);
  await expect(dialog.getByRole('list', { name: 'Rewards' })).toContainText('100 Timber');
  await dialog.getByRole('button', { name: 'Show Hints' }).click();
  await expect(dialog.getByRole('list', { name: 'Hints' })).toContainText('Tutorial: Welcome, Chieftain');
  await page.screenshot({ path: 'test-results/tutorial-overlay.png' });

  // Step 1: View Village goes there, and the visit finishes the step.
  await dialog.getByRole('button', { name: 'View Village' }).click();
  await expect(page).toHaveURL(/\/game\/village/);
  await expect(tutorialButton(page, 11)).toBeVisible();
  dialog = await openOverlay(page);
  await expect(dialog).toContainText('Step 2 of 9');
  await expect(dialog.getByRole('heading', { name: 'Mead for the Hall' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Objectives' })).toHaveText(/Upgrade Mead Hall\s*0\/1/);
  await closeOverlay(page);

  // Step 2: upgrade a mead hall; when it is done the percent moves without a reload.
  await page.getByRole('tab', { name: 'Buildings' }).click();
  await showBuildingList(page);
  const meadHall = page.getByRole('article', { name: 'Mead Hall, slot 13', exact: true });
  await meadHall.getByRole('button', { name: 'Upgrade' }).click();
  await expect(meadHall.getByRole('progressbar', { name: 'Upgrade to level 1' })).toBeVisible();
  await expect(page.getByText('Another construction is running')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/tutorial-upgrading.png' });
  await expect(tutorialButton(page, 22)).toBeVisible({ timeout: 20_000 });

  // Step 3: barracks in a free slot.
  dialog = await openOverlay(page);
  await expect(dialog).toContainText('Step 3 of 9');
  await expect(dialog.getByRole('heading', { name: 'A Place for Warriors' })).toBeVisible();
  await closeOverlay(page);
  const buildPanel = page.getByRole('region', { name: 'Build a new building' });
  await buildPanel.getByLabel('Building').selectOption({ label: 'Barracks' });
  await buildPanel.getByRole('button', { name: 'Build' }).click();
  await expect(tutorialButton(page, 33)).toBeVisible({ timeout: 20_000 });

  // Step 4: one bondi.
  dialog = await openOverlay(page);
  await expect(dialog).toContainText('Step 4 of 9');
  await expect(dialog.getByRole('heading', { name: 'Shields and Spears' })).toBeVisible();
  await closeOverlay(page);
  await page.getByRole('tab', { name: 'Units' }).click();
  const trainBondi = page.getByRole('region', { name: 'Train units' }).getByRole('article', { name: 'Bondi' });
  await trainBondi.getByLabel('Count').fill('1');
  await trainBondi.getByRole('button', { name: 'Train' }).click();
  await expect(tutorialButton(page, 44)).toBeVisible({ timeout: 20_000 });
  dialog = await openOverlay(page);
  await expect(dialog).toContainText('Step 5 of 9');
  await closeOverlay(page);

  // The quests page shows the tutorial quests done so far.
  await page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Quests' }).click();
  const tutorialTab = page.getByRole('tabpanel');
  await expect(tutorialTab.getByRole('article', { name: 'Welcome, Chieftain' })).toContainText('Completed');
  await expect(tutorialTab.getByRole('article', { name: 'Stores for the Winter' })).toContainText('In Progress');
  await expect(page.getByRole('tab', { name: /^Daily \(\d+\)$/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/quests.png', fullPage: true });

  // Skipping asks exactly this, and then the tutorial says it is complete.
  dialog = await openOverlay(page);
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.message());
      void question.accept();
    });
  });
  await dialog.getByRole('button', { name: 'Skip Tutorial' }).click();
  expect(await asked).toBe('Are you sure you want to skip the tutorial? You will miss out on guided learning and some rewards.');
  await expect(dialog.getByRole('heading', { name: 'Tutorial complete' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Skip Tutorial' })).toHaveCount(0);
  await expect(tutorialButton(page, 100)).toBeVisible();
  await page.screenshot({ path: 'test-results/tutorial-complete.png' });
});
