// The second language as a player meets it: German picked in the game shell changes the shell, the village page and an
// error message at once, survives a reload, and comes back at the next sign-in in a fresh browser (only the account
// remembers it); German picked on the sign-in page before an account exists; a German browser's own language.
import { test, expect, type Page } from '@playwright/test';
import { logIn } from './support/players';
import { playerWithCapital } from './support/prepared';

const languageCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'vikings_lang')?.value;

test('a player switches to German in the shell: shell, village page and an error in German, through a reload and a new sign-in', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const player = await playerWithCapital(baseURL ?? '', 'lang');
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto('/game/village');
  // English first: the words the specification quotes.
  const shell = page.getByRole('navigation', { name: 'Game' });
  await expect(shell.getByRole('link', { name: 'Village' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });

  // At once, without a reload: the shell, the village page, <html lang>, the cookie.
  const spiel = page.getByRole('navigation', { name: 'Spiel' });
  await expect(spiel.getByRole('link', { name: 'Dorf' })).toBeVisible();
  await expect(spiel.getByRole('link', { name: 'Marktplatz' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rohstoffe' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Holz' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await languageCookie(page)).toBe('de');
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

  // An error in German: a name too long for a village is refused before it is sent, in the player's language.
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Neuer Name für dein Dorf');
    await dialog.accept('Ein Name, der viel zu lang für jedes Dorf ist');
  });
  await page.getByRole('button', { name: 'Umbenennen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Dorfname' })).toHaveText('Der Dorfname darf höchstens 30 Zeichen lang sein');

  // The buildings tab too: its words and the building names.
  await page.getByRole('tab', { name: 'Gebäude' }).click();
  await page.getByRole('button', { name: 'Liste' }).click();
  await expect(page.getByRole('heading', { name: 'Rohstofffelder' })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Holzfällerlager, Bauplatz \d+$/ }).first()).toBeVisible();

  // A reload keeps it: the page is German from its first paint.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Spiel' }).getByRole('link', { name: 'Dorf' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A fresh browser (no cookie, no stored session, an English browser): English until the account signs in.
  const fresh = await browser.newContext({ locale: 'en-US' });
  const again = await fresh.newPage();
  await again.goto('/login');
  await expect(again.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await logIn(again, player);
  await expect(again).toHaveURL(/\/(dashboard|game)/);
  await again.goto('/game/village');
  await expect(again.getByRole('navigation', { name: 'Spiel' }).getByRole('link', { name: 'Dorf' })).toBeVisible();
  await expect(again.getByRole('tab', { name: 'Übersicht' })).toBeVisible();
  await expect(again.locator('html')).toHaveAttribute('lang', 'de');
  expect(await languageCookie(again)).toBe('de');

  // And back to English, for the account too.
  await again.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
  await expect(again.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Village' })).toBeVisible();
  await expect.poll(async () => (await (await again.request.get('/api/auth/me', { headers: { authorization: `Bearer ${player.token}` } })).json()).user.locale).toBe('en');
  await fresh.close();
});

test('German picked on the sign-in page shows at once, survives a reload, and goes to the account made next', async ({ page }) => {
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await languageCookie(page)).toBe('de');
  // The form's own refusals are German too.
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Bitte gib einen Benutzernamen ein')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();

  const tag = `de${Date.now().toString(36).slice(-6)}`;
  await page.getByLabel('Benutzername').fill(tag);
  await page.getByLabel('E-Mail').fill(`${tag}@example.com`);
  await page.getByLabel('Passwort', { exact: true }).fill('Valhalla#2026');
  await page.getByLabel('Passwort bestätigen').fill('Valhalla#2026');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  // The new account took the browser's choice, so every browser it signs in on shows German.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await expect.poll(async () => (await (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).json()).user.locale).toBe('de');
});

test("a browser set to German shows German before any choice, and English is a choice that overrides it", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await context.close();
});
