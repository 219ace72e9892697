// No request made twice during a page load: each main game page, opened by a signed-in player with a village, asks the
// API for each thing once (the same method and address never twice) until the page has settled; and the static landing
// page asks its one question.
import { test, expect, type Page } from '@playwright/test';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { logIn } from './support/players';

const PAGES = ['/game/village', '/game/map', '/game/army', '/game/quests', '/game/alliance', '/game/reports', '/game/messages', '/game/settings'] as const;

/** The page has settled when no API request started for this long (the live event stream stays open, so never idle). */
const QUIET_MS = 1_500;

let player: PreparedPlayer;

test.beforeAll(async ({ baseURL }) => {
  player = await playerWithCapital(baseURL!, 'loads');
});

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
  await expect.poll(() => Date.now() - lastAt >= QUIET_MS, { timeout: 30_000, intervals: [250] }).toBe(true);
  page.off('request', onRequest);
  return requests;
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

for (const path of PAGES) {
  test(`${path} requests nothing twice while it loads`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await logIn(page, player);
    await expect(page).toHaveURL(/\/(dashboard|game)/);
    // Let the page the sign-in led to finish its own reads before the measured load starts.
    await page.waitForLoadState('networkidle').catch(() => undefined);

    const requests = await apiRequestsOfLoad(page, path);
    expect(requests.length, `${path} made no API request: the recording saw nothing`).toBeGreaterThan(0);
    expect(repeated(requests), `API requests of ${path}:\n${requests.join('\n')}`).toEqual([]);
    await context.close();
  });
}
