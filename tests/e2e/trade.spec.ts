// Trade and talk between two players in two browsers, without reloading: resources sent from the map land in the other's
// stores, an offer posted by one is taken by the other, and a letter written from a profile is read and answered.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();
const WORLD = 'Trading Fjord';
/** Fast enough that merchants (16 tiles an hour) cross 100 tiles in about 20 seconds. */
const SPEED = 1200;

type Player = WorldPlayer;

let server: ServerProcess;
let seller: Player;
let buyer: Player;



test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-trade-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(PORT, dataDir);
  try {
    seller = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'sel' });
    buyer = await joinWorldNamed(first.url, { worldName: WORLD, prefix: 'buy' });
  } finally {
    await first.stop();
  }
  // Both get a marketplace with ten merchants and stores big enough to watch a shipment land.
  for (const player of [seller, buyer]) {
    runCliSteps(dataDir, [
      ['set-building', player.village.id, 'marketplace', '10'],
      ['set-building', player.village.id, 'warehouse', '10'],
      ['set-building', player.village.id, 'granary', '10'],
      ['grant', player.email, 'timber=5000', 'stone=5000', 'iron=5000', 'mead=5000'],
    ]);
  }
  server = await startServer(PORT, dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

function signedIn(browser: Browser, player: Player, path: string): Promise<Page> {
  return signedInPage(browser, { serverUrl: server.url, player, path });
}

/** The whole amount the top bar holds for a resource (its tooltip says it exactly: "Timber: 6238 of 11800 (...)"). */
async function stock(page: Page, resource: string): Promise<number> {
  const title = (await page.getByTestId(`topbar-${resource}`).locator('..').getAttribute('title')) ?? '';
  const match = /: (\d+) of/.exec(title);
  if (!match) throw new Error(`no amount in "${title}"`);
  return Number(match[1]);
}

test('a letter written from a profile is seen at once, read and answered', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await signedIn(browser, seller, '/game/map');
  const b = await signedIn(browser, buyer, '/game/village');
  await expect(b.getByRole('heading', { level: 1, name: buyer.village.name })).toBeVisible();
  await expect(b.getByTestId('unread-messages')).toHaveCount(0);

  // From the map: the buyer's village, its owner's name, their profile.
  const search = a.getByRole('searchbox', { name: 'Search villages or coordinates' });
  await search.fill(`(${buyer.village.x}|${buyer.village.y})`);
  await search.press('Enter');
  const details = a.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText(buyer.village.name);
  await details.getByRole('link', { name: buyer.username }).click();
  await expect(a.getByRole('heading', { level: 1, name: buyer.username })).toBeVisible();
  await expect(a.getByRole('main')).toContainText(buyer.village.name);
  await a.screenshot({ path: 'test-results/trade-profile.png', fullPage: true });
  await a.getByRole('link', { name: 'Send message' }).click();
  await expect(a.getByLabel('To (username)')).toHaveValue(buyer.username);
  await a.getByLabel('Subject').fill('Timber for iron?');
  await a.getByRole('textbox', { name: 'Message' }).fill('Hail neighbour!\nI have <b>timber</b> to spare.');
  await a.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(a.getByText('Message sent.')).toBeVisible();

  // The buyer's page was open all along: the badge appears without a reload.
  await expect(b.getByTestId('unread-messages')).toHaveText(/^1/, { timeout: 15_000 });
  await b.screenshot({ path: 'test-results/trade-unread.png' });
  await b.getByRole('link', { name: /^Messages/ }).click();
  const row = b.getByTestId('message-row').first();
  await expect(row).toContainText(seller.username);
  await expect(row).toContainText('New');
  await row.getByRole('link', { name: 'Timber for iron?' }).click();
  // Markup is shown as text, line breaks kept.
  await expect(b.getByTestId('message-body')).toContainText('I have <b>timber</b> to spare.');
  await expect(b.getByTestId('unread-messages')).toHaveCount(0);
  await b.screenshot({ path: 'test-results/trade-message.png', fullPage: true });

  await b.getByRole('link', { name: 'Reply' }).click();
  await expect(b.getByLabel('To (username)')).toHaveValue(seller.username);
  await expect(b.getByLabel('Subject')).toHaveValue('Re: Timber for iron?');
  await expect(b.getByRole('textbox', { name: 'Message' })).toHaveValue(/> Hail neighbour!/);
  await b.getByRole('textbox', { name: 'Message' }).press('Control+Home');
  await b.getByRole('textbox', { name: 'Message' }).pressSequentially('Gladly. ');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(b.getByText('Message sent.')).toBeVisible();

  await expect(a.getByTestId('unread-messages')).toHaveText(/^1/, { timeout: 15_000 });
  const inbox = await call<{ messages: { subject: string; read: boolean }[]; unread: number }>(`${server.url}/api/messages`, { token: seller.token });
  expect(inbox.unread).toBe(1);
  expect(inbox.messages[0]?.subject).toBe('Re: Timber for iron?');
  await a.context().close();
  await b.context().close();
});

interface Overview {
  resources: { type: string; amount: number }[];
}

/** The timber the server holds in the buyer's village now. */
async function serverTimber(player: Player): Promise<number> {
  const overview = await call<Overview>(`${server.url}/api/map/village/${player.village.id}/overview`, { token: player.token });
  return Math.floor(overview.resources.find((r) => r.type === 'timber')?.amount ?? 0);
}

test('resources sent from the map land in the other player’s stores, and an offer posted by one is taken by the other', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await signedIn(browser, seller, '/game/map');
  const b = await signedIn(browser, buyer, '/game/marketplace');
  await expect(b.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Merchants' })).toBeVisible();

  // From the map: the buyer's village offers "Send resources", which opens the marketplace aimed at it.
  const search = a.getByRole('searchbox', { name: 'Search villages or coordinates' });
  await search.fill(`(${buyer.village.x}|${buyer.village.y})`);
  await search.press('Enter');
  const details = a.getByRole('region', { name: 'Tile Details' });
  await expect(details).toContainText(buyer.village.name);
  await details.getByRole('link', { name: 'Send resources' }).click();
  await expect(a).toHaveURL(new RegExp(`/game/marketplace\\?x=${buyer.village.x}&y=${buyer.village.y}`));

  const send = a.getByRole('form', { name: 'Send resources' });
  await send.getByRole('spinbutton', { name: /Timber/ }).fill('600');
  const preview = send.getByRole('region', { name: 'Shipment preview' });
  await expect(preview.getByTestId('preview-target')).toContainText(buyer.village.name);
  await expect(preview.getByTestId('preview-merchants')).toHaveText('2 needed, 10 at home');
  await a.screenshot({ path: 'test-results/trade-send.png', fullPage: true });
  await send.getByRole('button', { name: 'Send merchants' }).click();
  await expect(send.getByRole('status')).toContainText(`Merchants are on their way to ${buyer.village.name}`);

  // The buyer's page was open all along: the shipment shows up coming, then lands in the stores.
  const incoming = b.getByRole('list', { name: 'Incoming shipments' });
  await expect(incoming.getByTestId('movement')).toHaveCount(1, { timeout: 15_000 });
  await expect(incoming).toContainText('Merchants');
  await b.screenshot({ path: 'test-results/trade-incoming.png', fullPage: true });
  const { movements } = await call<{ movements: { type: string; arrivesAt: string }[] }>(`${server.url}/api/game/movements`, { token: buyer.token });
  const delivery = movements.find((m) => m.type === 'delivery');
  if (!delivery) throw new Error('the buyer sees no delivery');
  const untilLanding = new Date(delivery.arrivesAt).getTime() - Date.now();
  await expect(incoming).toHaveCount(0, { timeout: untilLanding + 20_000 });
  // Without a reload the top bar shows the stock the server holds, the 600 timber in it (production adds a little more meanwhile).
  await expect(async () => {
    expect(Math.abs((await stock(b, 'timber')) - (await serverTimber(buyer)))).toBeLessThan(200);
  }).toPass({ timeout: 15_000 });
  expect(await serverTimber(buyer)).toBeGreaterThanOrEqual(5500 + 600);
  await b.screenshot({ path: 'test-results/trade-landed.png' });

  // The seller posts an offer: 1,000 stone for 1,200 iron.
  const post = a.getByRole('form', { name: 'Post an offer' });
  await post.getByLabel('Resource to give').selectOption('stone');
  await post.getByLabel('Amount to give').fill('1000');
  await post.getByLabel('Resource to ask for').selectOption('iron');
  await post.getByLabel('Amount to ask for').fill('1200');
  await post.getByRole('button', { name: 'Post offer' }).click();
  await expect(a.getByRole('list', { name: 'Your open offers' })).toContainText('1K stone for  1.2K iron');

  // The buyer finds it among the offers nearby and accepts it: both shipments leave at once.
  await b.reload();
  const offers = b.getByRole('table', { name: 'Open offers, nearest first' });
  const accept = offers.getByRole('button', { name: `Accept 1K stone for 1.2K iron from ${seller.username}` });
  await expect(accept).toBeEnabled();
  await b.screenshot({ path: 'test-results/trade-offers.png', fullPage: true });
  await accept.click();
  await expect(b.getByRole('region', { name: 'Offers of other players' }).getByRole('status')).toContainText(`Traded with ${seller.username}`);
  await expect(b.getByRole('list', { name: 'Outgoing shipments' })).toContainText('Merchants');
  await expect(b.getByRole('list', { name: 'Incoming shipments' })).toContainText('Merchants');
  // The seller's page learns of it without a reload: the offer is gone from their list and their merchants are on the road.
  await expect(a.getByRole('list', { name: 'Your open offers' })).toHaveCount(0, { timeout: 15_000 });
  await expect(a.getByRole('list', { name: 'Outgoing shipments' })).toContainText('Merchants', { timeout: 15_000 });
  await a.screenshot({ path: 'test-results/trade-accepted.png', fullPage: true });
  await a.context().close();
  await b.context().close();
});
