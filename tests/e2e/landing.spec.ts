// The prerendered landing page "/" in a real browser against the real server: its words and ways into the app, the
// language the server picks and the picker that changes it, the figures (or their place held), no layout shift, and
// one small script with no React.
import { test, expect, type Page } from '@playwright/test';
import { layoutShift } from './support/layout-shift';

/** The figures' list, found by its place (once hidden, it is no longer in the accessibility tree). */
const figures = (page: Page) => page.locator('[data-figures]');

test('a visitor sees the landing page in English with plain links into the app, and Discord sign-in where it is offered', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-language']).toBe('en');
  expect(response?.headers().vary).toContain('Cookie, Accept-Language');
  await expect(page).toHaveTitle('Vikings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Age of Vikings');
  // This server has Discord configured (playwright.config.ts): the page comes with the button, as a link.
  await expect(page.getByRole('link', { name: 'Login with Discord' })).toHaveAttribute('href', '/api/auth/discord');
  // No app on this page: its links load the app's pages.
  expect(await page.locator('#root').count()).toBe(0);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('a link to / from a page of the app loads the landing page from the server', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Vikings home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Age of Vikings');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.locator('#root').count()).toBe(0);
});

test('the browser’s language picks German, and the picker switches language and is remembered', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Zeitalter der Wikinger');
  await expect(page.getByRole('link', { name: 'Mit Discord anmelden' })).toBeVisible();
  const picker = page.getByRole('group', { name: 'Sprache' });
  await expect(picker.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');

  await picker.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Age of Vikings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookie = (await context.cookies()).find((each) => each.name === 'vikings_lang');
  expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' });
  // About a year from now.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

  // Remembered: the browser still asks for German, the cookie wins.
  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Age of Vikings');
  await again.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Deutsch' }).click();
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Zeitalter der Wikinger');
  expect((await context.cookies()).find((each) => each.name === 'vikings_lang')?.value).toBe('de');
  await context.close();
});

test('the figures are the server’s in the page’s language, or their place is held with nothing shown; nothing moves', async ({ page, request }) => {
  const answer = await request.get('/api/public/figures');
  const figuresAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/public/figures');
  await page.goto('/');
  await figuresAsked;
  const list = figures(page);
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  if (answer.ok()) {
    // The server has the figures: each number as the page's language writes it, its label in the plural it asks for.
    const counts = (await answer.json()) as Record<'players' | 'alliances' | 'worlds' | 'battles', number>;
    const number = (count: number) => (count < 100_000 ? new Intl.NumberFormat('en').format(count) : new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(count));
    const label = (count: number, one: string, other: string) => `${number(count)} ${count === 1 ? one : other}`;
    await expect(page.getByRole('list', { name: 'The game in numbers' }).getByRole('listitem')).toHaveText([
      label(counts.players, 'player', 'players'),
      label(counts.alliances, 'alliance', 'alliances'),
      label(counts.worlds, 'world', 'worlds'),
      label(counts.battles, 'battle', 'battles'),
    ]);
  } else {
    // It cannot say (this build's server has no figures yet): the list keeps its room and shows nothing.
    await expect(list).toHaveClass(/landing__stats--unavailable/);
    await expect(list).toBeHidden();
    await expect(page.getByRole('list', { name: 'The game in numbers' })).toHaveCount(0);
    expect(await list.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(50);
  }
  expect((await layoutShift(page)).total).toBe(0);
});

test('the landing page loads one small script of its own, no library (React, the router, jotai ...), and asks nothing twice', async ({ page }) => {
  const scripts: string[] = [];
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const figuresAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/public/figures');
  await page.goto('/');
  await figuresAsked;
  await expect(figures(page)).not.toHaveAttribute('aria-busy', 'true');
  expect(scripts).toHaveLength(1);
  expect(new URL(scripts[0]!).pathname).toMatch(/^\/assets\/landing-[\w-]+\.js$/);
  // The test build has source maps: every module of the script is the game's own, none from node_modules.
  const code = await (await page.request.get(scripts[0]!)).text();
  expect(code.length).toBeLessThan(8_000);
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  expect(mapName, 'the landing script has a source map').toBeTruthy();
  const { sources } = (await (await page.request.get(new URL(mapName!, scripts[0]).href)).json()) as { sources: string[] };
  expect(sources.some((source) => source.includes('features/landing/'))).toBe(true);
  expect(sources.filter((source) => source.includes('node_modules'))).toEqual([]);
  const repeated = requests.filter((request, i) => requests.indexOf(request) !== i);
  expect(repeated, requests.join('\n')).toEqual([]);
  // The stylesheet comes inline: no request for one before the first paint.
  expect(requests.filter((request) => request.endsWith('.css'))).toEqual([]);
});
