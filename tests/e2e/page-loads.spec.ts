// No request made twice during a page load: each main game page, opened by a signed-in player with a village, asks the
// API for each thing once (the same method and address never twice) until the page has settled; and the static landing
// page asks its one question; the prerendered sign-in pages ask none, are painted without scripts and are taken over
// by the app without a spinner and without losing what was typed.
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { logIn, registerViaApi } from './support/players';

const PAGES = ['/game/village', '/game/map', '/game/army', '/game/quests', '/game/alliance', '/game/reports', '/game/messages', '/game/settings'] as const;

/** The page has settled when no API request started for this long (the live event stream stays open, so never idle). */
const QUIET_MS = 1_500;

let player: PreparedPlayer;

test.beforeAll(async ({ baseURL }) => {
  player = await playerWithCapital(baseURL!, 'loads');
});

/** Waits until the last event that `lastAt` tells of is QUIET_MS in the past. */
async function quietFor(lastAt: () => number): Promise<void> {
  await expect.poll(() => Date.now() - lastAt() >= QUIET_MS, { timeout: 30_000, intervals: [250] }).toBe(true);
}

/** Opens `path` in a fresh document and returns every API request (method and address) it made until it settled. */
async function apiRequestsOfLoad(page: Page, path: string): Promise<string[]> {
  const requests: string[] = [];
  let lastAt = Date.now();
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
    lastAt = Date.now();
  };
  page.on('request', onRequest);
  await page.goto(path);
  await page.waitForLoadState('load');
  lastAt = Date.now();
  await quietFor(() => lastAt);
  page.off('request', onRequest);
  return requests;
}

/** Holds the app's entry script back until the returned function is called (what a slow network does). */
async function holdAppEntry(page: Page): Promise<() => void> {
  return holdAsset(page, /\/assets\/index-[^/]+\.js$/);
}

/** Holds back the scripts whose address matches until the returned function is called. */
async function holdAsset(page: Page, address: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A page of a fresh context, signed in as the prepared player, with the page the sign-in led to done with its reads. */
async function signedInPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return { context, page };
}

function repeated(requests: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([request, count]) => `${request} x${count}`);
}

test('/ (the prerendered landing page) asks a visitor\'s server one thing, once: the figures', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = await apiRequestsOfLoad(page, '/');
  expect(requests).toEqual(['GET /api/public/figures']);
  await context.close();
});

test('/login and /register (prerendered) ask a visitor\'s server nothing while they load: the Discord option comes with the page', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ['/login', '/register']) {
    expect(await apiRequestsOfLoad(page, path), path).toEqual([]);
    await expect(page.locator('button[type="submit"]')).toBeEnabled();
  }
  await context.close();
});

test('/login and /register are painted from the HTML alone, in the visitor\'s language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await expect(page.getByLabel('Email')).toBeVisible();
  // Before the app runs the form cannot be sent (no password in an address, no dead end).
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
  await context.addCookies([{ name: 'vikings_lang', value: 'de', url: page.url() }]);
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konto erstellen');
  await context.close();
});

test('the app takes over the painted sign-in form without a spinner, keeping what was typed, ticked and where, and signs in', async ({ browser, request }) => {
  // An account of its own: the prepared player signs in once per page below, close to the per-account limit.
  const newcomer = await registerViaApi(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = { spinner: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.spinner')) seen.spinner = true;
    }).observe(document, { childList: true, subtree: true });
  });
  // The app's entry held back while the visitor types into the painted form.
  const release = await holdAppEntry(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#login-email').fill(newcomer.email);
  await page.locator('#login-password').click();
  await page.keyboard.type(newcomer.password);
  await page.getByLabel('Remember me').check();
  await page.locator('#login-password').focus();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
  await expect(page.locator('#login-email')).toHaveValue(newcomer.email);
  await expect(page.locator('#login-password')).toHaveValue(newcomer.password);
  await expect(page.locator('#login-password')).toBeFocused();
  await expect(page.getByLabel('Remember me')).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { __seen: { spinner: boolean } }).__seen.spinner)).toBe(false);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await context.close();
});

test('a page of the app shows the brand from its first paint, and drops it once the app draws', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const release = await holdAppEntry(page);
  await page.goto('/forgot-password', { waitUntil: 'commit' });
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.locator('#boot')).toHaveText('Vikings');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
  await context.close();
});

test('a game page asks for the villages beside its chunks, not once the game frame\'s chunk has come', async ({ browser }) => {
  const { context, page } = await signedInPage(browser);
  // The game frame's chunk held back: the villages read must go out meanwhile.
  const release = await holdAsset(page, /\/assets\/game-frame-[^/]+\.js$/);
  const villagesAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/villages', { timeout: 10_000 });
  await page.goto('/game/village', { waitUntil: 'commit' });
  await villagesAsked;
  release();
  // And the page is drawn (that it reads the list once is the next tests' to say).
  await expect(page.locator('.village-header__name')).toBeVisible();
  await context.close();
});

test('the village page left open lays the page out as its figures change, not in every frame of its bars\' glide', async ({ browser }) => {
  const { context, page } = await signedInPage(browser);
  await page.goto('/game/village');
  const timber = page.getByRole('progressbar', { name: /Timber/ }).first();
  await expect(timber).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const layouts = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'LayoutCount')?.value ?? Number.NaN;
  const filled = await timber.getAttribute('aria-valuenow');
  const before = await layouts();
  // Four ticks of the stocks: each moved the four bars. Their width glided over 0.3 s, laying the page out in every
  // frame of it (about 16 layouts a second); scaled, they glide on the compositor and the page is laid out once a tick.
  await page.waitForTimeout(4_000);
  const laidOut = (await layouts()) - before;
  expect(await timber.getAttribute('aria-valuenow'), 'the bars moved while measured').not.toBe(filled);
  expect(laidOut).toBeLessThan(12);
  await context.close();
});

for (const path of ['/game/village', '/game/map']) {
  test(`${path} fetches no stylesheet its HTML carries inline`, async ({ browser }) => {
    // Vite's preload helper counted the entry's stylesheet as loaded only from a <link>; inline, it was fetched again
    // and the page's chunk waited for it (scripts/vite-inline-css-preloads.ts).
    const { context, page } = await signedInPage(browser);
    const stylesheets: Promise<string>[] = [];
    let lastAt = Date.now();
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.css')) return;
      stylesheets.push(response.text());
      lastAt = Date.now();
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    await quietFor(() => lastAt);
    const inline = await page.evaluate(() => [...document.querySelectorAll('head style')].map((style) => style.textContent?.trim() ?? ''));
    expect(inline.filter((css) => css.length > 1_000).length, 'the theme is inline in the page').toBeGreaterThan(0);
    const fetched = await Promise.all(stylesheets);
    expect(fetched.length, `${path} fetched its own stylesheets`).toBeGreaterThan(0);
    expect(fetched.filter((css) => inline.includes(css.trim())).length).toBe(0);
    await context.close();
  });
}

for (const path of PAGES) {
  test(`${path} requests nothing twice while it loads`, async ({ browser }) => {
    // The page the sign-in led to has finished its own reads before the measured load starts.
    const { context, page } = await signedInPage(browser);
    const requests = await apiRequestsOfLoad(page, path);
    expect(requests.length, `${path} made no API request: the recording saw nothing`).toBeGreaterThan(0);
    expect(repeated(requests), `API requests of ${path}:\n${requests.join('\n')}`).toEqual([]);
    await context.close();
  });
}
