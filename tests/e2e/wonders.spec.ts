// World wonders as a player meets them: founding one from a great village (prepared by the CLI), contributing, and watching its progress rise.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { logIn } from './support/players';
import { biggerStores, startWithPreparedPlayer, type Prepared } from './support/prepared';
import { extraPort } from './support/server';

const PORT = extraPort();

let prepared: Prepared;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  prepared = await startWithPreparedPlayer(PORT, 'wonder', (player) => [
    ['set-building', player.village.id, 'great_hall', '20'],
    ...biggerStores(player.village.id),
    // 500 + 11,000 of each: ten contributions pay the first level's 5,000 of each (10 x 1000 timber, 10 x 500 iron).
    ['grant', player.email, 'timber=11000', 'stone=11000', 'iron=11000', 'mead=11000'],
  ]);
});

test.afterAll(async () => {
  await prepared?.server.stop();
});

async function openTab(page: Page, name: 'World Wonders' | 'Construct' | 'Alliance Effects') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function completion(card: Locator): Promise<number> {
  return Number.parseFloat((await card.getByTestId('wonder-completion').textContent()) ?? 'NaN');
}

test('a player founds Yggdrasil in a great village, contributes until its first level is built, and sees it grow', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { player, server } = prepared;
  await page.goto(`${server.url}/login`);
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto(`${server.url}/game/wonders`);
  await expect(page.getByRole('heading', { level: 1, name: 'World Wonders' })).toBeVisible();
  await expect(page.getByText('No wonder rises in this world yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: /victory/i })).toHaveCount(0);

  await openTab(page, 'Construct');
  const requirements = page.getByRole('region', { name: 'Requirements' });
  await expect(requirements.getByRole('listitem')).toHaveText([
    'Great Hall at level 20 or higher',
    'One wonder of each type per world',
    'Construction takes several days',
  ]);
  await expect(requirements).toContainText(`The Great Hall of ${player.village.name} stands at level 20.`);
  const yggdrasil = page.getByRole('article', { name: 'Yggdrasil' });
  await expect(yggdrasil).toContainText('Great Hall level 20');
  await expect(yggdrasil).toContainText('Wins the world when completed');
  await expect(yggdrasil.locator('img')).toHaveJSProperty('complete', true);
  expect(await yggdrasil.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/wonders-construct.png', fullPage: true });

  // An empty name does nothing.
  const dismissed = new Promise<void>((resolve) => {
    page.once('dialog', (dialog) => {
      void dialog.accept('').then(resolve);
    });
  });
  await yggdrasil.getByRole('button', { name: 'Construct' }).click();
  await dismissed;
  const headers = { Authorization: `Bearer ${player.token}` };
  const listed = async () => ((await (await request.get(`${server.url}/api/wonders`, { headers })).json()) as { wonders: unknown[] }).wonders;
  expect(await listed()).toHaveLength(0);
  await expect(yggdrasil.getByRole('status')).toHaveCount(0);
  await expect(yggdrasil.getByRole('alert')).toHaveCount(0);

  page.once('dialog', (dialog) => void dialog.accept('Ash of Ages'));
  await yggdrasil.getByRole('button', { name: 'Construct' }).click();
  await expect(yggdrasil.getByRole('status')).toHaveText('Wonder construction started!');
  await expect(yggdrasil).toContainText('Already raised in this world: Ash of Ages');
  await expect(yggdrasil.getByRole('button', { name: 'Construct' })).toBeDisabled();
  expect(await listed()).toHaveLength(1);

  await openTab(page, 'World Wonders');
  const wonder = page.getByRole('article', { name: 'Ash of Ages' });
  await expect(wonder).toContainText('Planned');
  await expect(wonder).toContainText('Level 0');
  await expect(wonder).toContainText(player.username);
  await expect(wonder).toContainText(`${player.village.name} (${player.village.x}|${player.village.y})`);
  await expect(wonder.getByTestId('wonder-completion')).toHaveText('0%');
  const resources = wonder.getByRole('region', { name: 'Resources for level 1' });
  const bar = (name: string) => resources.getByRole('progressbar', { name });
  await expect(bar('Timber')).toHaveAttribute('aria-valuenow', '0');
  await expect(bar('Timber')).toHaveAttribute('aria-valuemax', '5000');
  await expect(page.getByTestId('topbar-timber')).toHaveText('11.5K');

  // Each Contribute gives 1000 timber, 1000 stone, 500 iron and 500 mead from the selected village.
  await wonder.getByRole('button', { name: 'Contribute' }).click();
  await expect(wonder.getByRole('status')).toHaveText('Resources contributed successfully!');
  await expect(bar('Timber')).toHaveAttribute('aria-valuenow', '1000');
  await expect(bar('Stone')).toHaveAttribute('aria-valuenow', '1000');
  await expect(bar('Iron')).toHaveAttribute('aria-valuenow', '500');
  await expect(bar('Mead')).toHaveAttribute('aria-valuenow', '500');
  await expect(wonder.getByTestId('wonder-completion')).not.toHaveText('0%');
  const afterOne = await completion(wonder);
  expect(afterOne).toBeGreaterThan(0);
  await expect(page.getByTestId('topbar-timber')).toHaveText('10.5K');

  await wonder.getByRole('button', { name: 'Contribute' }).click();
  await expect(bar('Timber')).toHaveAttribute('aria-valuenow', '2000');
  await expect(bar('Iron')).toHaveAttribute('aria-valuenow', '1000');
  await expect(wonder.getByTestId('wonder-completion')).not.toHaveText(`${afterOne}%`);
  expect(await completion(wonder)).toBeGreaterThan(afterOne);
  await expect(wonder.getByRole('progressbar', { name: 'Completion' })).toHaveAttribute('aria-valuenow', String(await completion(wonder)));
  await page.screenshot({ path: 'test-results/wonders.png', fullPage: true });

  // Eight more pay the rest of level 1 (iron and mead last): it is built at once, and its time counts down ('12h 0m' at world speed 1).
  for (let given = 3; given <= 9; given++) {
    await wonder.getByRole('button', { name: 'Contribute' }).click();
    // Timber beyond the level's 5,000 carries over to the next level: the bar stays full, the text counts on.
    await expect(bar('Timber')).toHaveAttribute('aria-valuetext', `${given}K / 5K`);
    await expect(bar('Iron')).toHaveAttribute('aria-valuenow', String(given * 500));
  }
  await wonder.getByRole('button', { name: 'Contribute' }).click();
  await expect(wonder).toContainText('Under construction');
  await expect(wonder.getByTestId('wonder-completion')).toHaveText('1%');
  const timeLeft = wonder.getByRole('timer');
  await expect(timeLeft).toHaveText(/^(12h 0m|11h 59m)$/);
  await expect(wonder).toContainText('until level 1');
  const nextLevel = wonder.getByRole('region', { name: 'Resources for level 2' });
  await expect(nextLevel.getByRole('progressbar', { name: 'Timber' })).toHaveAttribute('aria-valuetext', '5K / 5.2K');
  await expect(page.getByTestId('topbar-timber')).toHaveText('1.5K');
  await page.screenshot({ path: 'test-results/wonders-building.png', fullPage: true });

  // A level not yet built gives nothing; the tab says so.
  await openTab(page, 'Alliance Effects');
  await expect(page.getByText('Resource production', { exact: true })).toBeVisible();
  await expect(page.getByText('None yet: a wonder grants its ability once its first level stands.')).toBeVisible();
  await page.screenshot({ path: 'test-results/wonders-effects.png', fullPage: true });
});
