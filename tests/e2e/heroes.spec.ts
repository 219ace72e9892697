// Heroes as a player meets them: recruiting paid by the capital (prepared by the CLI), the rising price, hero cards, the leaderboard, and a refusal.
import { test, expect, type Page } from '@playwright/test';
import { logIn } from './support/players';
import { biggerStores, playerWithCapital, startWithPreparedPlayer, type Prepared, type PreparedPlayer } from './support/prepared';
import { extraPort } from './support/server';

const PORT = extraPort();

let prepared: Prepared;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  prepared = await startWithPreparedPlayer(PORT, 'hero', (player) => [
    ...biggerStores(player.village.id),
    ['grant', player.email, 'timber=5000', 'stone=5000', 'iron=5000', 'mead=5000'],
  ]);
});

test.afterAll(async () => {
  await prepared?.server.stop();
});

async function openHeroes(page: Page, player: Pick<PreparedPlayer, 'email' | 'password'>) {
  await page.goto(`${prepared.server.url}/login`);
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto(`${prepared.server.url}/game/heroes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Heroes' })).toBeVisible();
}

async function openTab(page: Page, name: 'My Heroes' | 'Recruit' | 'Leaderboard') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a player recruits two heroes, pays a rising price, and finds them on the cards and the leaderboard', async ({ page }) => {
  test.setTimeout(90_000);
  const { player } = prepared;
  await openHeroes(page, player);
  await expect(page.getByTestId('hero-count')).toHaveText('0 / 5 heroes');
  await expect(page.getByText('No hero follows you yet.')).toBeVisible();
  await expect(page.getByTestId('topbar-timber')).toHaveText('5.5K');

  // The header's Recruit opens the recruit tab: the first hero costs 500 timber, 400 stone, 600 iron, 300 mead.
  await page.getByRole('button', { name: 'Recruit', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Recruit' })).toHaveAttribute('aria-selected', 'true');
  const cost = page.getByRole('list', { name: 'Recruitment cost' });
  await expect(cost.getByTestId('recruit-cost-timber')).toHaveText('500');
  await expect(cost.getByTestId('recruit-cost-stone')).toHaveText('400');
  await expect(cost.getByTestId('recruit-cost-iron')).toHaveText('600');
  await expect(cost.getByTestId('recruit-cost-mead')).toHaveText('300');
  for (const type of ['Warrior', 'Guardian', 'Pathfinder', 'Chieftain', 'Skald']) {
    await expect(page.getByRole('article', { name: type })).toBeVisible();
  }
  const warrior = page.getByRole('article', { name: 'Warrior' });
  await expect(warrior).toContainText('Primary stat: Attack');
  await expect(warrior.locator('img')).toHaveJSProperty('complete', true);
  expect(await warrior.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/heroes-recruit.png', fullPage: true });

  // A warrior under the name given (not one a skald would choose): the price doubles and the capital pays.
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept('Hrolf Ganger');
    });
  });
  await warrior.getByRole('button', { name: 'Recruit' }).click();
  expect(await asked).toBe('prompt');
  await expect(warrior.getByRole('status')).toHaveText('Hero recruited successfully!');
  await expect(cost.getByTestId('recruit-cost-timber')).toHaveText('1K');
  await expect(cost.getByTestId('recruit-cost-stone')).toHaveText('800');
  await expect(cost.getByTestId('recruit-cost-iron')).toHaveText('1.2K');
  await expect(cost.getByTestId('recruit-cost-mead')).toHaveText('600');
  await expect(page.getByTestId('hero-count')).toHaveText('1 / 5 heroes');
  await expect(page.getByTestId('topbar-timber')).toHaveText('5K');

  // A skald left unnamed: a skald of the game names them. Cancelling the prompt does nothing.
  const skald = page.getByRole('article', { name: 'Skald' });
  page.once('dialog', (dialog) => void dialog.dismiss());
  await skald.getByRole('button', { name: 'Recruit' }).click();
  await expect(skald.getByRole('status')).toHaveCount(0);
  await expect(page.getByTestId('hero-count')).toHaveText('1 / 5 heroes');
  page.once('dialog', (dialog) => void dialog.accept(''));
  await skald.getByRole('button', { name: 'Recruit' }).click();
  await expect(skald.getByRole('status')).toHaveText('Hero recruited successfully!');
  await expect(cost.getByTestId('recruit-cost-timber')).toHaveText('1.5K');
  await expect(page.getByTestId('hero-count')).toHaveText('2 / 5 heroes');

  await openTab(page, 'My Heroes');
  const hrolf = page.getByRole('article', { name: 'Hrolf Ganger', exact: true });
  await expect(hrolf).toContainText('Warrior');
  await expect(hrolf).toContainText('Level 1');
  await expect(hrolf).toContainText('ready for action');
  await expect(hrolf.getByRole('progressbar', { name: 'Experience' })).toHaveAttribute('aria-valuetext', '0 / 110');
  await expect(hrolf).toContainText(/Common|Uncommon|Rare|Epic|Legendary/);
  // A new hero has no experience: no Level Up yet.
  await expect(hrolf.getByRole('button', { name: 'Level Up' })).toHaveCount(0);
  await hrolf.getByRole('button', { name: 'Details' }).click();
  await expect(hrolf.getByRole('status')).toHaveText('Details: coming soon');
  const named = page.getByRole('article', { name: / the Skald$/ });
  await expect(named).toBeVisible();
  await page.screenshot({ path: 'test-results/heroes.png', fullPage: true });

  await openTab(page, 'Leaderboard');
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Hrolf Ganger/ })).toContainText(player.username);
  await expect(table.getByRole('row', { name: /Hrolf Ganger/ })).toContainText('Warrior');
  await page.screenshot({ path: 'test-results/heroes-leaderboard.png', fullPage: true });
});

test("a new capital cannot pay the first hero: Recruit is disabled with the server's reason", async ({ page }) => {
  const poor = await playerWithCapital(prepared.server.url, 'poor');
  await openHeroes(page, poor);
  const reason = `Not enough resources in ${poor.village.name}`;
  const recruit = page.getByRole('button', { name: 'Recruit', exact: true });
  await expect(recruit).toBeDisabled();
  await expect(recruit).toHaveAttribute('title', reason);
  await expect(page.getByText(reason).first()).toBeVisible();
  await openTab(page, 'Recruit');
  await expect(page.getByRole('article', { name: 'Guardian' }).getByRole('button', { name: 'Recruit' })).toBeDisabled();
});
