// Sitters in two browsers: a player names a sitter, the sitter plays as the owner and builds in the owner's village, goes back to their own account, and the owner's log names the sitter.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { logIn, registerViaApi } from './support/players';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';

/** A page of its own browser context, signed in as `player`. */
async function signedIn(browser: Browser, baseURL: string, player: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  return page;
}

test('a player names a sitter, who builds in the owner’s village as the owner, and the owner’s log says so', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const owner: PreparedPlayer = await playerWithCapital(base, 'own');
  const sitter = await registerViaApi(request, undefined, base);
  const errors: string[] = [];

  // The owner names the sitter on the settings page.
  const a = await signedIn(browser, base, owner);
  await a.goto('/game/settings');
  const mine = a.getByTestId('sitters-section');
  await expect(mine.getByRole('heading', { name: 'Sitters', exact: true })).toBeVisible();
  await mine.getByLabel('Name a sitter').fill(sitter.username);
  await mine.getByRole('button', { name: 'Name sitter' }).click();
  await expect(mine.getByTestId('my-sitters')).toContainText(sitter.username);
  await a.screenshot({ path: 'test-results/sitters-named.png', fullPage: true });

  // The sitter signs in as themselves and plays as the owner.
  const b = await signedIn(browser, base, sitter);
  b.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await b.goto('/game/settings');
  const sitFor = b.getByTestId('sitting-for');
  await expect(sitFor).toContainText(owner.username);
  await sitFor.getByRole('button', { name: `Play as ${owner.username}` }).click();
  await expect(b).toHaveURL(/\/game\/village$/);
  const banner = b.getByTestId('sitting-banner');
  await expect(banner).toContainText(`Sitting for ${owner.username}`);
  await expect(b.getByRole('heading', { level: 1, name: owner.village.name })).toBeVisible();
  // What a sitter may not open is not offered.
  const nav = b.getByRole('navigation', { name: 'Game' });
  await expect(nav.getByRole('link', { name: 'Village' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Messages/ })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Alliance' })).toBeHidden();
  await expect(b.getByRole('link', { name: 'Settings' })).toBeHidden();

  // The sitter builds a warehouse in the owner's village: the building starts.
  await b.getByRole('tab', { name: 'Buildings' }).click();
  await b.getByRole('button', { name: 'List' }).click();
  const build = b.getByRole('region', { name: 'Build a new building' });
  await build.getByLabel('Building').selectOption({ label: 'Warehouse' });
  const slot = await build.getByLabel('Slot').inputValue();
  await build.getByRole('button', { name: 'Build' }).click();
  const warehouse = b.getByRole('article', { name: `Warehouse, slot ${slot}`, exact: true });
  await expect(warehouse.getByRole('timer')).toBeVisible();
  await b.screenshot({ path: 'test-results/sitters-sitting.png', fullPage: true });

  // Back to the sitter's own account.
  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(b).toHaveURL(/\/game\/settings$/);
  await expect(b.getByTestId('sitting-banner')).toHaveCount(0);
  await expect(b.getByTestId('sitting-for')).toContainText(owner.username);
  // Nothing the sitting session may not call was called.
  expect(errors.filter((text) => text.includes('403'))).toEqual([]);

  // The owner's log marks the sitter's build with the sitter's name.
  await a.reload();
  const log = a.getByTestId('sitter-log');
  const row = log.getByRole('row').filter({ hasText: 'Began building a Warehouse' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(sitter.username);
  await expect(row).toContainText(owner.village.name);
  await a.screenshot({ path: 'test-results/sitters-log.png', fullPage: true });
});
