// World rounds on the real server: the end date a game master set comes, the sweeper closes Midgard, its player sees the
// notice, is refused an action in the world's words, reads the hall of fame, and joins the new world the game master opened.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { newPlayer } from './support/players';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { call } from './support/api';
import { extraPort, type ServerProcess } from './support/server';
import { openSignedIn, startWithStaff } from './support/staff';
import { showBuildingList } from './support/village';

const PORT = extraPort();

let server: ServerProcess;
const master = newPlayer('gm');
let player: PreparedPlayer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  ({ server } = await startWithStaff(
    PORT,
    async (url) => {
      expect((await request.post(`${url}/api/auth/register`, { data: master })).status()).toBe(201);
      player = await playerWithCapital(url, 'rnd');
    },
    () => [[master.email, 'gamemaster']],
  ));
});

test.afterAll(async () => {
  await server?.stop();
});

/** The game master's token, signed in through the API. */
async function masterToken(): Promise<string> {
  const { token } = await call<{ token: string }>(`${server.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: master.email, password: master.password }) });
  return token;
}

/** The serious and critical axe-core violations of the page as it stands (a11y.spec.ts checks every page; these are new ones). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function worldRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Worlds' }).getByRole('row', { name: new RegExp(`^${name} `) });
}

test('a player of an ended world sees the notice, opens the hall of fame and joins the new world', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The game master ends Midgard in half a minute; the sweeper (every second) closes it then.
  const token = await masterToken();
  const { worlds } = await call<{ worlds: { id: string; name: string; status: string }[] }>(`${server.url}/api/worlds`, { token });
  const midgard = worlds.find((w) => w.name === 'Midgard')!;
  await call(`${server.url}/api/gamemaster/worlds/${midgard.id}/end-date`, { method: 'PUT', token, body: JSON.stringify({ endsAt: new Date(Date.now() + 30_000).toISOString() }) });

  await openSignedIn(page, server.url, player, '/game/village?tab=buildings');
  await expect(page.getByRole('heading', { level: 1, name: `${player.username}'s village` })).toBeVisible();
  await expect(page.getByText(/This world ends on/)).toBeVisible();

  await expect
    .poll(async () => (await call<{ worlds: { id: string; status: string }[] }>(`${server.url}/api/worlds`, { token })).worlds.find((w) => w.id === midgard.id)?.status, {
      timeout: 60_000,
    })
    .toBe('ended');
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: 'This world has ended' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('its end date came');
  await expect(notice).toContainText('Join the new world from the world list.');

  // Reads go on; a game action is refused in the world's words.
  await showBuildingList(page);
  const mine = page.getByRole('article', { name: 'Iron Mine, slot 9', exact: true });
  await mine.getByRole('button', { name: 'Upgrade' }).click();
  await expect(mine.getByRole('alert')).toContainText('This world has ended: its end date came');
  await page.screenshot({ path: 'test-results/world-ended-notice.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await notice.getByRole('link', { name: 'See the hall of fame' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hall of fame: Midgard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How the world ended' })).toContainText('Midgard ended on');
  await expect(page.getByRole('region', { name: 'Top players' }).getByRole('link', { name: player.username })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top attackers' })).toContainText('Nobody made this list.');
  await page.screenshot({ path: 'test-results/hall-of-fame.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The game master opens the next round from the dashboard, where Midgard shows its end.
  const gmPage = await (await browser.newContext()).newPage();
  await openSignedIn(gmPage, server.url, master, '/gamemaster');
  const ended = worldRow(gmPage, 'Midgard');
  await expect(ended.getByText('Ended', { exact: true })).toBeVisible();
  await expect(ended.getByRole('link', { name: 'Hall of fame: Midgard' })).toBeVisible();
  await expect(ended.getByRole('button', { name: 'Set Maintenance: Midgard' })).toHaveCount(0);
  await gmPage.locator('summary', { hasText: 'Create World' }).click();
  const form = gmPage.getByRole('form', { name: 'Create world' });
  await form.getByLabel('Name').fill('Midgard II');
  await form.getByLabel('Speed').fill('2');
  await form.getByLabel('Size (half-width in tiles)').fill('80');
  await form.getByRole('button', { name: 'Create World' }).click();
  await expect(gmPage.getByText('Midgard II is open.')).toBeVisible();
  await expect(worldRow(gmPage, 'Midgard II').getByText('Online', { exact: true })).toBeVisible();
  await gmPage.context().close();

  // The player goes from the hall of fame to the world list and joins the new world.
  await notice.getByRole('link', { name: 'Join a new world' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Worlds' })).toBeVisible();
  const old = page.getByRole('listitem', { name: 'Midgard', exact: true });
  await expect(old).toContainText('Ended');
  await expect(old.getByRole('link', { name: 'Hall of fame: Midgard' })).toBeVisible();
  await expect(old.getByRole('button', { name: 'Join' })).toHaveCount(0);
  const next = page.getByRole('listitem', { name: 'Midgard II' });
  await expect(next).toContainText('x2');
  await page.screenshot({ path: 'test-results/world-list-rounds.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await next.getByRole('button', { name: 'Join' }).click();

  await expect(page).toHaveURL(/\/game\/village$/);
  await expect(page.getByRole('heading', { level: 1, name: `${player.username}'s village` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This world has ended' })).toHaveCount(0);
  // Two villages now: the new one is the selected one, and building there works.
  const selector = page.getByLabel('Village', { exact: true });
  await expect(selector.locator('option')).toHaveCount(2);
  await page.goto(`${server.url}/game/village?tab=buildings`);
  await expect(page.getByRole('alert').filter({ hasText: 'This world has ended' })).toHaveCount(0);
  await showBuildingList(page);
  const fresh = page.getByRole('article', { name: 'Iron Mine, slot 9', exact: true });
  await fresh.getByRole('button', { name: 'Upgrade' }).click();
  await expect(fresh.getByRole('timer')).toBeVisible();
  await page.screenshot({ path: 'test-results/new-round-village.png', fullPage: true });
});
