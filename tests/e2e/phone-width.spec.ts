// A phone's width: no game page is wider than a 412 px screen (Lighthouse's mobile one). A page that is would be shown
// zoomed out by the phone, with the ends of its rows (the village picker, the account's buttons) cut off.
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { playerWithCapital } from './support/prepared';
import { logIn } from './support/players';
import { layoutShift } from './support/layout-shift';

const PHONE = { width: 412, height: 823 };
const PAGES = ['/game/village', '/game/map', '/game/army', '/game/heroes', '/game/quests', '/game/marketplace', '/game/reports', '/game/messages', '/game/alliance', '/game/rankings', '/game/settings', '/dashboard'] as const;

// One phone, signed in once, visits every page: a test per page, so that a slow machine gives each its own minute.
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  const player = await playerWithCapital(baseURL!, 'phone');
  context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  page = await context.newPage();
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
});

test.afterAll(async () => {
  await context?.close();
});

for (const path of PAGES) {
  test(`${path} is no wider than a phone`, async () => {
    await page.goto(path);
    // Signed in and there (not sent to the sign-in page), with the game's top bar on its pages.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (path.startsWith('/game/')) await expect(page.locator('.shell__topbar')).toBeVisible();
    await page.waitForLoadState('load');
    await expect(page.locator('.spinner')).toHaveCount(0);
    // What a phone lays the page out at: wider content widens the layout viewport (and the phone zooms out). Looked at
    // three times over half a second once its reads have come in, while what they brought draws.
    for (let look = 0; look < 3; look++) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      await page.waitForTimeout(250);
    }
  });
}

test("the village page's account row stays on the screen", async () => {
  await page.goto('/game/village');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
});

test("the village page's own sections begin on the first screen, below the game's navigation in one row", async () => {
  await page.goto('/game/village');
  const nav = page.getByRole('navigation', { name: 'Game' });
  // The links wrapped over four rows with the village card below them took the screen down to y 707: the page's
  // header began at the bottom of the screen and its tabs below it.
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeInViewport({ ratio: 1 });
  const rowHeights = await nav.locator('li').evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
  expect(rowHeights).toBe(1);
});

test("the top bar takes under a quarter of the screen, the four stocks in one row, their names left to screen readers", async () => {
  await page.goto('/game/village');
  const stocks = page.getByRole('list', { name: 'Resources' }).getByRole('listitem');
  await expect(stocks).toHaveCount(4);
  // Seven rows before (the village, two of stocks, the tutorial, three of the account): 293 px of 823.
  const bar = await page.locator('.shell__topbar').boundingBox();
  expect(bar!.height).toBeLessThan(PHONE.height / 4);
  const tops = await stocks.evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
  expect(tops).toBe(1);
  // The words are still there for a screen reader, and the pill's title gives the exact figures.
  await expect(stocks.first()).toContainText('Timber');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
});

test('the link of the page shown is on the screen, the row scrolled to it', async () => {
  // Opened at its address, not by a click on its link (a click scrolls the link into view itself).
  await page.goto('/game/worlds');
  await expect(page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Worlds' })).toBeInViewport({ ratio: 1 });
  // Only the row scrolled: the page is where it was.
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

test('the map, on the first screen of a phone, draws without moving anything', async () => {
  await page.goto('/game/map');
  const canvas = page.getByRole('img', { name: 'World map' });
  // Pixi's first stage on a busy machine (SwiftShader, both cores taken) takes 13 to 15 s to exist: the map's own tests
  // give it 20 s and more.
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect(canvas).toBeInViewport();
  await expect(page.locator('.map-page__loading')).toHaveCount(0, { timeout: 30_000 });
  // The canvas was created at the stage's size and then grown and moved out by its pad, in sight: a shift of 0.04.
  const shift = await layoutShift(page);
  expect(shift.moved.filter((element) => element.startsWith('canvas'))).toEqual([]);
  expect(shift.total).toBeLessThan(0.02);
});
