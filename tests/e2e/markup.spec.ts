// Names that look like HTML are words, not markup: a village, alliance, hero, wonder and chat message written as tags are
// shown as the very characters the player typed in every panel (village, shell, dashboard, alliance, invitation, chat,
// heroes and their leaderboard, wonders, map tooltip, tile details, map search), no element is made from them and no
// handler runs. The Content-Security-Policy would block an inline handler anyway, so the proof is the page's elements:
// no <img src="x">, no <b>bold</b>, text equal to what was typed.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { newPlayer } from './support/players';
import { api, signInContext, startCast, type Account, type Cast } from './support/cast';
import { extraPort } from './support/server';

const PORT = extraPort();

// Each fits its field: village and hero names 30 characters, alliance and wonder names 50.
const VILLAGE_A = '<img src=x onerror=__xss=1>';
const VILLAGE_B = '<b>bold</b> <i>&amp;</i>';
const ALLIANCE_NAME = '<b>bold</b> <img src=x onerror=window.__xss=1>';
const ALLIANCE_DESCRIPTION = '<script>window.__xss=1</script><b>bold</b> <img src=x onerror=window.__xss=1> &lt;3';
const CHAT_MESSAGE = '<img src=x onerror=window.__xss=1> <b>bold</b>';
const INVITE_MESSAGE = '<b>bold</b> <img src=x onerror=window.__xss=1> <a href="javascript:__xss=1">join</a>';
const HERO_NAME = '<img src=x onerror=__xss=1>';
const WONDER_NAME = '<b>bold</b> <img src=x onerror=window.__xss=1>';

let cast: Cast;
let villageB: { id: string; x: number; y: number };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A great hall for the wonder, an embassy for the alliance.
  cast = await startCast(PORT, 'mk', (player) => [
    ['set-building', player.village.id, 'great_hall', '20'],
    ['set-building', player.village.id, 'embassy', '3'],
  ]);
  const { server, player, newcomer } = cast;
  const as = <T = unknown>(account: Account, method: string, path: string, body?: unknown) => api<T>(server, method, path, account.token, body);
  await as(player, 'PUT', `/api/map/village/${player.village.id}/rename`, { name: VILLAGE_A });
  const joined = await as<{ village: { id: string; x: number; y: number } }>(newcomer, 'POST', `/api/worlds/${player.village.worldId}/join`, {});
  villageB = joined.village;
  await as(newcomer, 'PUT', `/api/map/village/${villageB.id}/rename`, { name: VILLAGE_B });
  await as(player, 'POST', '/api/alliances/create', { name: ALLIANCE_NAME, tag: 'MARK', description: ALLIANCE_DESCRIPTION, isPublic: true });
  await as(player, 'POST', '/api/alliances/messages', { body: CHAT_MESSAGE });
  await as(player, 'POST', '/api/alliances/invitations', { username: newcomer.username, message: INVITE_MESSAGE });
  await as(player, 'POST', '/api/heroes/recruit', { villageId: player.village.id, heroType: 'skald', customName: HERO_NAME });
  await as(player, 'POST', '/api/wonders/construct', { villageId: player.village.id, wonderType: 'bifrost', wonderName: WONDER_NAME });
});

test.afterAll(async () => {
  await cast?.server.stop();
});

/** A page signed in as `account` whose script would set window.__xss if any name ran as markup. */
async function pageOf(browser: import('@playwright/test').Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: cast.server.url });
  await signInContext(context, account);
  return context.newPage();
}

/** `scope` shows `text` as typed, and holds no element made from it. */
async function showsLiterally(scope: Locator, text: string) {
  await expect(scope).toContainText(text);
  await expect(scope.locator('img[src="x"], script, a[href^="javascript"]')).toHaveCount(0);
  await expect(scope.locator('b, i').filter({ hasText: /^(bold|&)$/ })).toHaveCount(0);
}

/** Nothing on the whole page was made from a name, and no handler ran. */
async function nothingRan(page: Page) {
  await expect(page.locator('img[src="x"], a[href^="javascript"]')).toHaveCount(0);
  await expect(page.locator('b, i').filter({ hasText: /^(bold|&)$/ })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function mapDrawnAt(page: Page, x: number, y: number) {
  await page.waitForFunction(
    (want) => {
      const frame = window.__vikingsMap?.lastFrame;
      return frame?.complete === true && frame.camera?.x === want.x && frame.camera?.y === want.y;
    },
    { x, y },
    { timeout: 20_000 },
  );
}

async function tileOnPage(page: Page, tile: { x: number; y: number }) {
  // The stage's host, not its canvas: the canvas is drawn larger than the stage (a margin for panning) and clipped.
  const box = await page.locator('.map-stage-host').boundingBox();
  if (!box) throw new Error('no map stage');
  const at = await page.evaluate((t) => window.__vikingsMap!.map!.screenOf(t), tile);
  return { x: box.x + at.sx, y: box.y + at.sy };
}

test('a username cannot hold markup at all: registration refuses it', async () => {
  for (const username of ['<b>bold</b>', '<img src=x>', 'a&amp;b']) {
    const res = await fetch(`${cast.server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...newPlayer('mku'), username }),
    });
    expect(res.status, username).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  }
});

test('the owner sees the names as typed on the village, dashboard, alliance, heroes, wonders and map', async ({ browser }) => {
  test.setTimeout(120_000);
  const { player } = cast;
  const page = await pageOf(browser, player);

  await page.goto('/dashboard');
  await showsLiterally(page.getByRole('main'), `Welcome, ${player.username}!`);
  await nothingRan(page);

  await page.goto('/game/village');
  await showsLiterally(page.getByRole('heading', { level: 1 }), VILLAGE_A);
  await showsLiterally(page.getByRole('complementary', { name: 'Selected village' }), VILLAGE_A);
  await expect(page.locator('#village-select option:checked')).toHaveText(new RegExp(`^${VILLAGE_A.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await nothingRan(page);

  await page.goto('/game/alliance');
  await showsLiterally(page.getByRole('heading', { level: 1 }), ALLIANCE_NAME);
  await showsLiterally(page.locator('main'), ALLIANCE_DESCRIPTION);
  await openTab(page, 'Messages');
  await showsLiterally(page.getByRole('tabpanel'), CHAT_MESSAGE);
  await nothingRan(page);

  await page.goto('/game/heroes');
  await showsLiterally(page.getByRole('tabpanel'), HERO_NAME);
  await openTab(page, 'Leaderboard');
  await showsLiterally(page.getByRole('table'), HERO_NAME);
  await nothingRan(page);

  await page.goto('/game/wonders');
  const wonder = page.getByRole('article', { name: WONDER_NAME });
  await showsLiterally(wonder, WONDER_NAME);
  await showsLiterally(wonder, VILLAGE_A);
  await showsLiterally(wonder, ALLIANCE_NAME);
  await nothingRan(page);

  // The map: the tooltip over the own village and its details.
  const { x, y } = player.village;
  await page.goto(`/game/map?x=${x}&y=${y}`);
  await mapDrawnAt(page, x, y);
  const centre = await tileOnPage(page, { x, y });
  await page.mouse.move(centre.x, centre.y);
  await showsLiterally(page.getByRole('tooltip'), VILLAGE_A);
  await showsLiterally(page.getByRole('tooltip'), ALLIANCE_NAME);
  await page.mouse.click(centre.x, centre.y);
  const details = page.getByRole('region', { name: 'Tile Details' });
  await showsLiterally(details, VILLAGE_A);
  await showsLiterally(details, `[MARK] ${ALLIANCE_NAME}`);
  await nothingRan(page);
  await page.context().close();
});

test("another player sees them as typed in the invitation, the leaderboard, the map's tooltip, tile details and search", async ({ browser }) => {
  test.setTimeout(120_000);
  const { player, newcomer } = cast;
  const page = await pageOf(browser, newcomer);

  await page.goto('/game/village');
  await showsLiterally(page.getByRole('heading', { level: 1 }), VILLAGE_B);
  await nothingRan(page);

  await page.goto('/game/alliance');
  const invitation = page.getByRole('listitem', { name: `Invitation from ${ALLIANCE_NAME}` });
  await showsLiterally(invitation, ALLIANCE_NAME);
  await showsLiterally(invitation, ALLIANCE_DESCRIPTION);
  await showsLiterally(invitation, INVITE_MESSAGE);
  await showsLiterally(invitation, player.username);
  await nothingRan(page);

  await page.goto('/game/heroes');
  await openTab(page, 'Leaderboard');
  await showsLiterally(page.getByRole('table'), HERO_NAME);
  await nothingRan(page);

  const { x, y } = player.village;
  await page.goto(`/game/map?x=${x}&y=${y}`);
  await mapDrawnAt(page, x, y);
  const tile = await tileOnPage(page, { x, y });
  await page.mouse.move(tile.x, tile.y);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Other Village');
  await showsLiterally(tooltip, `${VILLAGE_A} [MARK] ${ALLIANCE_NAME}`);
  await page.mouse.click(tile.x, tile.y);
  const details = page.getByRole('region', { name: 'Tile Details' });
  await showsLiterally(details, VILLAGE_A);
  await showsLiterally(details, player.username);
  await showsLiterally(details, `[MARK] ${ALLIANCE_NAME}`);

  // Both villages' names hold '<': the search lists them to pick from.
  await page.getByRole('searchbox').fill('<');
  await page.getByRole('searchbox').press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await showsLiterally(results, VILLAGE_A);
  await showsLiterally(results, VILLAGE_B);
  await nothingRan(page);
  await page.context().close();
});
