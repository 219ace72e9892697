// Two players in their own browsers: one founds an alliance and invites the other, they talk in the alliance chat, the founder leaves.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { logIn } from './support/players';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { extraPort, runCli, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();

let server: ServerProcess;
let players: { founder: PreparedPlayer; guest: PreparedPlayer };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const first = await startServer(PORT);
  try {
    players = { founder: await playerWithCapital(first.url, 'jarl'), guest: await playerWithCapital(first.url, 'karl') };
  } finally {
    await first.stop();
  }
  // Founding an alliance needs an embassy at level 3, joining one at level 1: the operator builds them.
  for (const [player, level] of [
    [players.founder, '3'],
    [players.guest, '1'],
  ] as const) {
    const run = runCli(first.dataDir, ['set-building', player.village.id, 'embassy', level]);
    if (run.status !== 0) throw new Error(`set-building failed: ${run.output}`);
  }
  server = await startServer(PORT, first.dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

/** A player with a capital in the default world (and an embassy), signed in in a browser of their own. */
async function playerInOwnBrowser(browser: Browser, player: PreparedPlayer) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  return { player, page, close: () => context.close() };
}

/** The chat's text box. */
function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

async function openTab(page: Page, name: RegExp | string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a founder invites a player by username, they talk in the chat, and leadership passes on when the founder leaves', async ({ browser }) => {
  test.setTimeout(120_000);
  const founder = await playerInOwnBrowser(browser, players.founder);
  const guest = await playerInOwnBrowser(browser, players.guest);
  try {
    const a = founder.page;
    const b = guest.page;
    const tag = `W${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const name = `Wolves ${tag}`;

    // The founder has no alliance yet, opens the form and founds one (a wrong tag is refused beside its field first).
    await a.goto('/game/alliance');
    await expect(a.getByRole('heading', { name: 'You are not in an alliance' })).toBeVisible();
    await expect(a.getByText(/^Founding an alliance needs an Embassy at level 3 — yours is level 3\./)).toBeVisible();
    await a.getByRole('button', { name: 'Create Alliance' }).click();
    const form = a.getByRole('form', { name: 'Found an alliance' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Tag').fill('w!');
    await form.getByLabel('Description').fill('We hunt together.');
    await form.getByRole('button', { name: 'Found Alliance' }).click();
    await expect(form.getByText('Alliance tag must be 3 to 5 characters')).toBeVisible();
    await form.getByLabel('Tag').fill(tag.toLowerCase());
    await expect(form.getByLabel('Tag')).toHaveValue(tag);
    await form.getByRole('button', { name: 'Found Alliance' }).click();
    await expect(a.getByRole('heading', { level: 1, name: `[${tag}] ${name}` })).toBeVisible();
    await expect(a.getByTestId('my-role')).toHaveText('Leader');

    // The guest looks before any invitation: nothing waits yet.
    await b.goto('/game/alliance');
    await expect(b.getByRole('heading', { name: 'You are not in an alliance' })).toBeVisible();

    // The founder invites the guest by username with a message.
    await openTab(a, /^Members/);
    await a.getByRole('button', { name: 'Invite Player' }).click();
    const invite = a.getByRole('form', { name: 'Invite a player' });
    await invite.getByLabel('Username').fill('no_such_viking_here');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(invite.getByRole('alert')).toHaveText('No player with that username');
    await invite.getByLabel('Username').fill(guest.player.username);
    await invite.getByLabel('Message (optional)').fill('Sail with us!');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${guest.player.username}.`);

    // The guest's page looks again (one reload) and shows the invitation, then accepts it.
    await b.reload();
    const invitation = b.getByRole('listitem', { name: `Invitation from ${name}` });
    await expect(invitation).toContainText(`[${tag}] ${name}`);
    await expect(invitation).toContainText('We hunt together.');
    await expect(invitation).toContainText(`Invited by ${founder.player.username}`);
    await expect(invitation).toContainText('Sail with us!');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect(b.getByRole('heading', { level: 1, name: `[${tag}] ${name}` })).toBeVisible();
    await expect(b.getByTestId('my-role')).toHaveText('Member');
    await openTab(b, /^Members/);
    const members = b.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expect(members.getByRole('listitem', { name: founder.player.username })).toContainText('Leader');
    await expect(members.getByRole('listitem', { name: guest.player.username })).toContainText('Member');
    await expect(b.getByRole('button', { name: 'Invite Player' })).toHaveCount(0);

    // The founder's page catches up (one reload) and shows both members.
    await a.reload();
    await expect(a.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
    await expect(a.getByTestId('member-cap')).toHaveText('2 of 9 members (Embassy level 3)');
    await expect(a.getByRole('list', { name: 'Alliance figures' })).toContainText('2 members');
    await a.screenshot({ path: 'test-results/alliance-members.png', fullPage: true });

    // The chat: markup is shown as the text it is, and each sees the other's message without reloading.
    await openTab(a, 'Messages');
    await openTab(b, 'Messages');
    const markup = 'Hail, <b>markup</b> & friends';
    await messageBox(a).fill(markup);
    await a.getByRole('button', { name: 'Send' }).click();
    await expect(messageBox(a)).toHaveValue('');
    const onGuestSide = b.getByRole('list', { name: 'Messages' }).getByRole('listitem', { name: `Message from ${founder.player.username}` });
    await expect(onGuestSide).toContainText(markup, { timeout: 15_000 });
    await expect(b.locator('.chat__body b')).toHaveCount(0);
    await messageBox(b).fill('Skål!');
    await b.getByRole('button', { name: 'Send' }).click();
    await expect(
      a.getByRole('list', { name: 'Messages' }).getByRole('listitem', { name: `Message from ${guest.player.username}` }),
    ).toContainText('Skål!', { timeout: 15_000 });
    await expect(a.getByRole('list', { name: 'Messages' }).getByText(markup, { exact: true })).toBeVisible();
    // An empty message is refused beside the field.
    await a.getByRole('button', { name: 'Send' }).click();
    await expect(a.getByText('Message is required')).toBeVisible();
    await a.screenshot({ path: 'test-results/alliance-chat.png', fullPage: true });

    // The founder leaves after the exact question; the guest is the leader now.
    const asked = new Promise<string>((resolve) => {
      a.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await a.getByRole('button', { name: 'Leave' }).click();
    expect(await asked).toBe('Are you sure you want to leave your alliance?');
    await expect(a.getByRole('heading', { name: 'You are not in an alliance' })).toBeVisible();
    await b.reload();
    await expect(b.getByTestId('my-role')).toHaveText('Leader');
    await expect(b.getByRole('list', { name: 'Alliance figures' })).toContainText('1 member');
    await openTab(b, /^Members/);
    await expect(b.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
    await expect(b.getByRole('button', { name: 'Invite Player' })).toBeVisible();
  } finally {
    await founder.close();
    await guest.close();
  }
});
