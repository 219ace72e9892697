// The moderator's page on the real server: the Moderator Dashboard without the game master's sections, a reported message read and resolved, and its sender suspended and signed out.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { call } from './support/api';
import { newPlayer } from './support/players';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { extraPort, type ServerProcess } from './support/server';
import { openSignedIn, startWithStaff } from './support/staff';

const PORT = extraPort();

let server: ServerProcess;
const moderator = newPlayer('mod');
let sender: PreparedPlayer;
let reader: PreparedPlayer;
const SUBJECT = 'Your hall will burn';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  ({ server } = await startWithStaff(
    PORT,
    async (url) => {
      expect((await request.post(`${url}/api/auth/register`, { data: moderator })).status()).toBe(201);
      sender = await playerWithCapital(url, 'rude');
      reader = await playerWithCapital(url, 'read');
      // A threat, and its receiver reports it.
      const { message } = await call<{ message: { id: string } }>(`${url}/api/messages`, {
        method: 'POST',
        token: sender.token,
        body: JSON.stringify({ to: reader.username, subject: SUBJECT, body: 'Tonight, when the moon is high.' }),
      });
      await call(`${url}/api/messages/${message.id}/report`, { method: 'POST', token: reader.token, body: JSON.stringify({ reason: 'A threat against my village' }) });
    },
    () => [[moderator.email, 'moderator']],
  ));
});

test.afterAll(async () => {
  await server?.stop();
});

test('a moderator reads a reported message, resolves it and suspends its sender, who is signed out', async ({ page, browser }) => {
  // The sender is playing meanwhile, on a page with the live stream open.
  const senderContext = await browser.newContext();
  const senderPage = await senderContext.newPage();
  await openSignedIn(senderPage, server.url, sender, '/game/village');
  await expect(senderPage.getByRole('heading', { level: 1, name: `${sender.username}'s village` })).toBeVisible();

  await openSignedIn(page, server.url, moderator, '/gamemaster');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderator Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' })).toBeVisible();
  // Nothing of the game master's: no worlds, events, quick actions or map designer.
  await expect(page.getByRole('heading', { name: 'Game Master Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Worlds' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create New Event' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Announcement' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Map Designer' })).toHaveCount(0);

  // The reported message, read and resolved.
  await expect(page.getByRole('heading', { name: 'Reported messages (1 open)' })).toBeVisible();
  const report = page.getByRole('listitem', { name: `Report of “${SUBJECT}”` });
  await expect(report).toContainText('Tonight, when the moon is high.');
  await expect(report).toContainText('A threat against my village');
  await expect(report).toContainText(sender.username);
  // The page a moderator gets is held to the same accessibility bar as the others (a11y.spec.ts visits it only as a game master).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expect(report.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reported messages', exact: true })).toBeVisible();

  // The moderator cannot act on themselves.
  const search = page.getByRole('searchbox', { name: /Search players/ });
  const users = page.getByRole('table', { name: 'Users' });
  await search.fill(moderator.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users.getByRole('button')).toHaveCount(0);

  // The sender, suspended with a reason.
  await search.fill(sender.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = users.getByRole('row', { name: new RegExp(sender.username) });
  await expect(users.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Suspend ${sender.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspension of ${sender.username}` });
  await dialog.getByLabel('Reason for the suspension').fill('Threatened another player');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${sender.username} is suspended and signed out.`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Lift the suspension of ${sender.username}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/moderator-dashboard.png', fullPage: true });

  // The sender's page learns it at once: the stream ends, and reopening it is refused, so they land on the login page.
  await expect(senderPage).toHaveURL(/\/login$/, { timeout: 30_000 });
  const refused = await senderPage.request.post(`${server.url}/api/auth/login`, { data: { email: sender.email, password: sender.password } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe('This account is suspended: Threatened another player');
  await senderContext.close();
});
