// The game master dashboard on the real server: maintenance that players see and feel, announcements, events,
// rewards paid once per submission, moderation and analytics.
import { test, expect, type Page } from '@playwright/test';
import { newPlayer } from './support/players';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { extraPort, type ServerProcess } from './support/server';
import { openSignedIn, startWithStaff } from './support/staff';
import { showBuildingList } from './support/village';

const PORT = extraPort();
const MAINTENANCE = 'This world is in maintenance; game actions are paused. Please try again later.';

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
      player = await playerWithCapital(url, 'plr');
    },
    () => [[master.email, 'gamemaster']],
  ));
});

test.afterAll(async () => {
  await server?.stop();
});

function worldRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Worlds' }).getByRole('row', { name: new RegExp(`^${name} `) });
}

async function openQuickAction(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
  return page.getByRole('region', { name });
}

test('a game master puts Midgard in maintenance: the player sees the banner and cannot build; Set Online restores it', async ({ page, browser }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await openSignedIn(page, server.url, master, '/gamemaster');
  await expect(page.getByRole('link', { name: 'Game Master' })).toBeVisible();
  const midgard = worldRow(page, 'Midgard');
  // Real figures: one player with one capital.
  await expect(midgard).toContainText('1/500');
  await expect(midgard.getByRole('cell').nth(3)).toHaveText('1');
  await midgard.getByRole('button', { name: 'Set Maintenance: Midgard' }).click();
  await expect(midgard.getByText('Maintenance', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/gm-maintenance.png', fullPage: true });

  const playerPage = await (await browser.newContext()).newPage();
  await openSignedIn(playerPage, server.url, player, '/game/village?tab=buildings');
  // Reads still work: the village shows, with the banner above it.
  await expect(playerPage.getByRole('heading', { level: 1, name: `${player.username}'s village` })).toBeVisible();
  await expect(playerPage.getByRole('alert').filter({ hasText: 'paused for maintenance' })).toBeVisible();
  await showBuildingList(playerPage);
  const mine = playerPage.getByRole('article', { name: 'Iron Mine, slot 9', exact: true });
  await mine.getByRole('button', { name: 'Upgrade' }).click();
  await expect(mine.getByRole('alert')).toHaveText(MAINTENANCE);
  await playerPage.screenshot({ path: 'test-results/player-maintenance.png', fullPage: true });

  await midgard.getByRole('button', { name: 'Set Online: Midgard' }).click();
  await expect(midgard.getByText('Online', { exact: true })).toBeVisible();

  await playerPage.reload();
  await expect(playerPage.getByRole('heading', { level: 1, name: `${player.username}'s village` })).toBeVisible();
  await expect(playerPage.getByText('paused for maintenance')).toHaveCount(0);
  await mine.getByRole('button', { name: 'Upgrade' }).click();
  await expect(mine.getByRole('timer')).toBeVisible();
  await playerPage.context().close();
});

test('a game master sends an announcement and starts an event; a player of the world sees both', async ({ page, browser }) => {
  await openSignedIn(page, server.url, master, '/gamemaster');
  const panel = await openQuickAction(page, 'Send Announcement');
  await panel.getByLabel('World').selectOption({ label: 'Midgard' });
  await panel.getByLabel('Message').fill('The longships sail at dawn: double mead at the feast tonight!');
  await panel.getByRole('button', { name: 'Send Announcement' }).click();
  await expect(panel.getByRole('status')).toHaveText('Announcement sent: players of that world see it now.');
  await expect(panel.getByRole('list', { name: 'Announcements' })).toContainText('The longships sail at dawn');
  await expect(panel.getByRole('list', { name: 'Announcements' })).toContainText(`by ${master.username}`);

  // An event: created switched off, then activated.
  await page.getByRole('button', { name: 'Create New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('World').selectOption({ label: 'Midgard' });
  await dialog.getByLabel('Name').fill('Harvest Blessing');
  await dialog.getByLabel('Bonus (percent)').fill('30');
  await dialog.getByLabel('Starts').fill(toLocal(new Date(Date.now() - 60_000)));
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toHaveCount(0);
  const events = page.getByRole('list', { name: 'World events' });
  const harvest = events.getByRole('listitem').filter({ hasText: 'Harvest Blessing' });
  await expect(harvest).toContainText('Inactive');
  await harvest.getByRole('button', { name: 'Activate' }).click();
  await expect(harvest).toContainText('Active');
  await expect(harvest).toContainText('+30% production');

  // Edit: the percent of an event that already held is refused with the server's words; a longer window is fine.
  await harvest.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Harvest Blessing' });
  await edit.getByLabel('Bonus (percent)').fill('35');
  await edit.getByRole('button', { name: 'Save Event' }).click();
  await expect(edit.getByRole('alert')).toHaveText('The percent of an event that has already held cannot change; end it and create another');
  await edit.getByLabel('Bonus (percent)').fill('30');
  await edit.getByLabel('Name').fill('Harvest Blessing of Freyr');
  await edit.getByLabel('Ends').fill(toLocal(new Date(Date.now() + 3 * 86_400_000)));
  await edit.getByRole('button', { name: 'Save Event' }).click();
  await expect(edit).toHaveCount(0);
  await expect(harvest).toContainText('Harvest Blessing of Freyr');
  await expect(harvest).toContainText('+30% production');
  await page.screenshot({ path: 'test-results/gm-events.png', fullPage: true });

  const playerPage = await (await browser.newContext()).newPage();
  await openSignedIn(playerPage, server.url, player, '/game/village');
  await expect(playerPage.getByRole('list', { name: 'Announcements' })).toContainText(
    `Announcement from ${master.username}: The longships sail at dawn: double mead at the feast tonight!`,
  );
  await expect(playerPage.getByRole('list', { name: 'World events' })).toContainText('Harvest Blessing of Freyr: +30% production until');
  await playerPage.screenshot({ path: 'test-results/player-notices.png' });
  await playerPage.context().close();
});

test('rewards pay once per submission even when the answer is lost and the form is sent again', async ({ page }) => {
  await openSignedIn(page, server.url, master, '/gamemaster');
  const panel = await openQuickAction(page, 'Distribute Rewards');
  await panel.getByLabel('World').selectOption({ label: 'Midgard' });
  await panel.getByLabel('Player (leave empty for every player)').fill(player.username);
  await panel.getByLabel('Stone').fill('100');

  const stone = async () => {
    const res = await page.request.get(`${server.url}/api/map/village/${player.village.id}/overview`, { headers: { Authorization: `Bearer ${player.token}` } });
    const body = (await res.json()) as { resources: { type: string; amount: number }[] };
    return body.resources.find((r) => r.type === 'stone')!.amount;
  };
  const before = await stone();

  // The first answer is lost on the way back (the server did pay), so the game master sends the same form again.
  const keys: string[] = [];
  let lose = true;
  await page.route('**/api/gamemaster/rewards', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await panel.getByRole('button', { name: 'Distribute Rewards' }).click();
  await expect(panel.getByRole('alert')).toContainText('Sending the same again will not pay twice');
  await panel.getByRole('button', { name: 'Distribute Rewards' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Granted 100 stone to 1 player in Midgard (after storage limits).`);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const after = await stone();
  // 100 once, plus a few seconds of the quarry's production; twice would be 200.
  expect(after - before).toBeGreaterThanOrEqual(100);
  expect(after - before).toBeLessThan(150);

  // A new submission is a new distribution with a new key.
  await panel.getByLabel('Stone').fill('10');
  await panel.getByRole('button', { name: 'Distribute Rewards' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Granted 10 stone to 1 player in Midgard (after storage limits).`);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  await page.screenshot({ path: 'test-results/gm-rewards.png', fullPage: true });
});

test('moderation finds players and offers to suspend those of a lower role, analytics draws real figures, and the designer is one click away', async ({ page }) => {
  await openSignedIn(page, server.url, master, '/gamemaster');
  const moderation = await openQuickAction(page, 'Moderate Players');
  await moderation.getByRole('searchbox', { name: /Search players/ }).fill(player.username);
  await moderation.getByRole('button', { name: 'Search', exact: true }).click();
  const users = moderation.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users).toContainText(player.email);
  // A plain player ranks below a game master: suspending them is offered; roles, passwords and deletion are not.
  await expect(users.getByRole('button')).toHaveText(['Suspend']);
  await expect(moderation).toContainText('You may suspend players of a lower role than yours');

  const analytics = await openQuickAction(page, 'View Analytics');
  await analytics.getByLabel('World').selectOption({ label: 'Midgard' });
  const registrations = analytics.getByRole('img', { name: /^Registrations per day:/ });
  await expect(registrations).toBeVisible();
  // Today one player joined Midgard: the last day of the fortnight says so.
  await expect(registrations).toHaveAttribute('aria-label', /\d\d-\d\d 1$/);
  await expect(analytics.getByRole('img', { name: /^Most common buildings:/ })).toBeVisible();
  await analytics.getByText('Figures as a table').click();
  await expect(analytics.getByRole('table', { name: 'Players per day' }).getByRole('row')).toHaveCount(15);
  await page.screenshot({ path: 'test-results/gm-analytics.png', fullPage: true });

  await page.getByRole('link', { name: 'Map Designer' }).click();
  await expect(page).toHaveURL(/\/designer\/map$/);
  await expect(page.getByRole('heading', { name: 'Map Designer' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game Master', exact: true })).toBeVisible();
  await page.getByRole('link', { name: /Back to the Game Master Dashboard/ }).click();
  await expect(page.getByRole('heading', { name: 'Game Master Dashboard' })).toBeVisible();
});

/** A datetime-local value in the browser's zone (both run on this machine). */
function toLocal(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
