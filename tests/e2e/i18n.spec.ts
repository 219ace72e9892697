// The second language as a player meets it: German picked on the sign-in page before an account exists, and German
// picked in the game shell, surviving a reload and a sign-in in a fresh browser (only the account remembers it).
import { test, expect } from '@playwright/test';
import { logIn, registerViaApi } from './support/players';

test('German picked on the sign-in page shows at once, in <html lang>, and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vikings_lang');
  expect(cookie?.value).toBe('de');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
});

test('a player whose account chose German sees it at sign-in in a fresh browser', async ({ page, request }) => {
  const player = await registerViaApi(request);
  const token = (await (await request.post('/api/auth/login', { data: { email: player.email, password: player.password } })).json()).token as string;
  const chosen = await request.put('/api/me/locale', { data: { locale: 'de' }, headers: { authorization: `Bearer ${token}` } });
  expect(chosen.status()).toBe(204);
  await page.goto('/login');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await logIn(page, player);
  await expect(page).toHaveURL(/\/dashboard|\/game/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
