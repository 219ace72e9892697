// The admin dashboard on the real server: roles (never the last admin), temporary passwords that force a change, suspension and deletion.
import { test, expect, type Page } from '@playwright/test';
import { newPlayer } from './support/players';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { extraPort, type ServerProcess } from './support/server';
import { openSignedIn, startWithStaff } from './support/staff';

const PORT = extraPort();

let server: ServerProcess;
const admin = newPlayer('adm');
let promoted: PreparedPlayer;
let forgetful: PreparedPlayer;
let troublemaker: PreparedPlayer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  ({ server } = await startWithStaff(
    PORT,
    async (url) => {
      expect((await request.post(`${url}/api/auth/register`, { data: admin })).status()).toBe(201);
      promoted = await playerWithCapital(url, 'pro');
      forgetful = await playerWithCapital(url, 'fgt');
      troublemaker = await playerWithCapital(url, 'trb');
    },
    () => [[admin.email, 'admin']],
  ));
});

test.afterAll(async () => {
  await server?.stop();
});

/** Finds one player with the search box and returns their row. */
async function findPlayer(page: Page, username: string) {
  await page.getByRole('searchbox', { name: /Search players/ }).fill(username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  return table.getByRole('row', { name: new RegExp(username) });
}

test('an admin changes a player role on /admin; the last admin cannot be demoted; the player sees the new access after reloading', async ({ page, browser }) => {
  // The player first meets Access Denied at /gamemaster.
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await openSignedIn(playerPage, server.url, promoted, '/gamemaster');
  await expect(playerPage).toHaveURL(/\/forbidden$/);
  await expect(playerPage.getByRole('link', { name: 'Game Master' })).toHaveCount(0);

  await openSignedIn(page, server.url, admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // Real figures: four accounts; every one of them signed in at least once in this test run.
  await expect(page.getByTestId('total-users')).toHaveText('4');
  await expect(page.getByTestId('active-sessions')).not.toHaveText('—');
  expect(Number(await page.getByTestId('active-sessions').textContent())).toBeGreaterThanOrEqual(2);

  const row = await findPlayer(page, promoted.username);
  await expect(row).toContainText('User');
  await row.getByRole('button', { name: `Edit ${promoted.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${promoted.username}` });
  await dialog.getByLabel('Role', { exact: true }).selectOption('gamemaster');
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${promoted.username} is now Game Master.`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('Game Master')).toHaveClass(/badge--purple/);
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('Changed role');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('user -> gamemaster');
  await page.screenshot({ path: 'test-results/admin-role-changed.png', fullPage: true });

  // The only admin cannot demote themselves: the server's words are shown.
  const self = await findPlayer(page, admin.username);
  await self.getByRole('button', { name: `Edit ${admin.username}` }).click();
  const selfDialog = page.getByRole('dialog', { name: `Edit ${admin.username}` });
  await selfDialog.getByLabel('Role', { exact: true }).selectOption('user');
  await selfDialog.getByRole('button', { name: 'Save role' }).click();
  await expect(selfDialog.getByRole('alert')).toContainText(/last admin/i);
  await page.screenshot({ path: 'test-results/admin-last-admin.png' });
  await selfDialog.getByRole('button', { name: 'Close' }).click();

  // The player reloads and now has the game master's page and header link.
  await playerPage.goto(`${server.url}/gamemaster`);
  await expect(playerPage.getByRole('heading', { name: 'Game Master Dashboard' })).toBeVisible();
  await expect(playerPage.getByRole('link', { name: 'Game Master' })).toBeVisible();
  await expect(playerPage.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await playerContext.close();
});

test('a temporary password set on /admin is shown once and makes the player choose their own at next login', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await openSignedIn(page, server.url, admin, '/admin');
  const row = await findPlayer(page, forgetful.username);
  await row.getByRole('button', { name: `Edit ${forgetful.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${forgetful.username}` });
  await dialog.getByRole('button', { name: 'Set temporary password' }).click();
  await dialog.getByRole('button', { name: 'Yes, set it' }).click();
  const secret = dialog.getByLabel('Temporary password');
  await expect(secret).toHaveValue(/.{14}/);
  const temporary = await secret.inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporary);
  await page.screenshot({ path: 'test-results/admin-temporary-password.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Temporary password');

  // The old password no longer works; the temporary one leads to the change-password page and nowhere else.
  const player = await (await browser.newContext()).newPage();
  expect((await player.request.post(`${server.url}/api/auth/login`, { data: { email: forgetful.email, password: forgetful.password } })).status()).toBe(401);
  await player.goto(`${server.url}/login`);
  await player.getByLabel('Email').fill(forgetful.email);
  await player.getByLabel('Password', { exact: true }).fill(temporary);
  await player.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(player).toHaveURL(/\/change-password$/);
  await expect(player.getByRole('status')).toContainText('An admin gave you a temporary password');
  await player.goto(`${server.url}/game/village`);
  await expect(player).toHaveURL(/\/change-password$/);
  await player.screenshot({ path: 'test-results/change-password.png' });

  const chosen = 'Yggdrasil#2031';
  await player.getByLabel('Current password').fill(temporary);
  await player.getByLabel('New password', { exact: true }).fill(chosen);
  await player.getByLabel('Confirm new password').fill('Yggdrasil#2032');
  await player.getByRole('button', { name: 'Change password' }).click();
  await expect(player.getByText('Passwords do not match')).toBeVisible();
  await player.getByLabel('Confirm new password').fill(chosen);
  await player.getByRole('button', { name: 'Change password' }).click();
  // Back where the guard stopped them, playing again.
  await expect(player).toHaveURL(/\/game\/village$/);
  await expect(player.getByRole('heading', { level: 1, name: `${forgetful.username}'s village` })).toBeVisible();
  expect((await player.request.post(`${server.url}/api/auth/login`, { data: { email: forgetful.email, password: chosen } })).status()).toBe(200);
  await player.context().close();
});

test('an admin suspends a player with a reason, lifts it, and deletes an account only after typing its name', async ({ page }) => {
  await openSignedIn(page, server.url, admin, '/admin');
  const row = await findPlayer(page, troublemaker.username);
  await row.getByRole('button', { name: `Edit ${troublemaker.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${troublemaker.username}` });
  await dialog.getByLabel('Reason for the suspension').fill('Spamming the alliance chat');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('is suspended');
  await expect(row.getByText('Suspended')).toBeVisible();
  const refused = await page.request.post(`${server.url}/api/auth/login`, { data: { email: troublemaker.email, password: troublemaker.password } });
  expect(((await refused.json()) as { error: string }).error).toBe('This account is suspended: Spamming the alliance chat');
  await dialog.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(dialog.getByRole('status')).toContainText('may sign in again');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Delete ${troublemaker.username}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${troublemaker.username}?` });
  await expect(confirm).toContainText('1 village stays on the map, abandoned');
  const button = confirm.getByRole('button', { name: 'Delete account' });
  await confirm.getByLabel(/to confirm/).fill(troublemaker.username.toUpperCase());
  await expect(button).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill(troublemaker.username);
  await page.screenshot({ path: 'test-results/admin-delete.png' });
  await button.click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(`No player matches “${troublemaker.username}”`);
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('Deleted account');
  await expect(page.getByTestId('total-users')).toHaveText('3');
});
