// Alliance politics with three players in their own browsers: one finds an open alliance and applies, is accepted and
// sees the feed; the leader makes them an officer, who then invites; two alliances sign a non-aggression pact, the map
// draws the partner's village in the pact's colour, and an attack on it is refused with the reason.
import { readFileSync } from 'node:fs';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { signedInPage } from './support/players';
import { call } from './support/api';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { readPng } from './support/png';
import { extraPort, runCliSteps, startServer, type ServerProcess } from './support/server';

const PORT = extraPort();

let server: ServerProcess;
let leader: PreparedPlayer;
let recruit: PreparedPlayer;
let rival: PreparedPlayer;
const wolves = `W${Date.now().toString(36).slice(-4).toUpperCase()}`;
const ravens = `R${Date.now().toString(36).slice(-4).toUpperCase()}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const first = await startServer(PORT);
  try {
    leader = await playerWithCapital(first.url, 'lead');
    recruit = await playerWithCapital(first.url, 'recr');
    rival = await playerWithCapital(first.url, 'rivl');
  } finally {
    await first.stop();
  }
  // Founding needs an embassy at level 3, joining one at level 1: the operator builds them.
  runCliSteps(first.dataDir, [
    ['set-building', leader.village.id, 'embassy', '3'],
    ['set-building', recruit.village.id, 'embassy', '1'],
    ['set-building', rival.village.id, 'embassy', '3'],
  ]);
  server = await startServer(PORT, first.dataDir);
  const found = (player: PreparedPlayer, tag: string, name: string) =>
    call(`${server.url}/api/alliances/create`, { method: 'POST', token: player.token, body: JSON.stringify({ name, tag, description: `The ${name}.`, isPublic: true }) });
  await found(leader, wolves, 'Grey Wolves');
  await found(rival, ravens, 'Black Ravens');
});

test.afterAll(async () => {
  await server?.stop();
});

function open(browser: Browser, player: PreparedPlayer, path: string): Promise<Page> {
  return signedInPage(browser, { serverUrl: server.url, player, path });
}

async function openTab(page: Page, name: RegExp | string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The colour a tile's square is filled with, sampled in its corner (the icon covers the middle). */
async function tileFill(page: Page, tile: { x: number; y: number }): Promise<[number, number, number]> {
  const box = await page.locator('.map-stage-host').boundingBox();
  if (!box) throw new Error('no canvas');
  const [here, east] = await page.evaluate((t) => [window.__vikingsMap!.map!.screenOf(t), window.__vikingsMap!.map!.screenOf({ x: t.x + 1, y: t.y })], tile);
  const size = east!.sx - here!.sx;
  const pixels = readPng(await page.screenshot({ clip: box }));
  return pixels.at(Math.round(here!.sx + size * 0.44), Math.round(here!.sy + size * 0.44));
}

/** The village look whose fill in assets/map-style.json is nearest to a colour. */
function nearestLook(colour: [number, number, number]): string {
  const style = JSON.parse(readFileSync('assets/map-style.json', 'utf8')) as { tiles: Record<string, { fill: string }> };
  const distance = (look: string) => {
    const hex = Number.parseInt(style.tiles[look]!.fill.slice(1), 16);
    const [r, g, b] = [(hex >> 16) & 0xff, (hex >> 8) & 0xff, hex & 0xff];
    return (r - colour[0]) ** 2 + (g - colour[1]) ** 2 + (b - colour[2]) ** 2;
  };
  return Object.keys(style.tiles)
    .filter((look) => look.endsWith('village'))
    .sort((a, b) => distance(a) - distance(b))[0]!;
}

test('a player applies to an open alliance and is accepted, the leader makes them an officer who invites, and a pact shows on the map and stops an attack', async ({ browser }) => {
  test.setTimeout(180_000);
  const lead = await open(browser, leader, '/game/alliance');
  const newcomer = await open(browser, recruit, '/game/alliance');

  // The newcomer finds the open alliance in the directory and applies with a message.
  await expect(newcomer.getByRole('heading', { name: 'You are not in an alliance' })).toBeVisible();
  const directory = newcomer.getByRole('search', { name: 'Search alliances' });
  await directory.getByRole('searchbox').fill(wolves.toLowerCase());
  await directory.getByRole('button', { name: 'Search' }).click();
  await newcomer.getByRole('link', { name: new RegExp(`\\[${wolves}\\]`) }).click();
  const apply = newcomer.getByRole('form', { name: 'Apply to Grey Wolves' });
  await apply.getByLabel('Message (optional)').fill('I raid by night.');
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(newcomer.getByText('Your application is waiting')).toBeVisible();
  await newcomer.goto(`${server.url}/game/alliance`);

  // The leader answers it from the Applications tab.
  await lead.reload();
  await openTab(lead, /^Applications/);
  const application = lead.getByRole('listitem', { name: `Application from ${recruit.username}` });
  await expect(application).toContainText('I raid by night.');
  await application.getByRole('button', { name: 'Accept' }).click();
  await expect(lead.getByText('No applications are waiting.')).toBeVisible();

  // The newcomer's open page turns into the alliance's, and the feed tells of the join.
  await expect(newcomer.getByRole('heading', { level: 1, name: `[${wolves}] Grey Wolves` })).toBeVisible({ timeout: 15_000 });
  await expect(newcomer.getByTestId('my-role')).toHaveText('Member');
  const feed = newcomer.getByRole('list', { name: 'Activity' });
  await expect(feed.getByRole('listitem').first()).toContainText(`${recruit.username} joined`);
  await newcomer.screenshot({ path: 'test-results/politics-feed.png', fullPage: true });

  // The leader appoints the newcomer an officer; the officer's page shows the rank and the invite button at once.
  await openTab(lead, /^Members/);
  const member = lead.getByRole('listitem', { name: recruit.username });
  await member.getByLabel(`Rank of ${recruit.username}`).selectOption('officer');
  await member.getByRole('button', { name: 'Set rank' }).click();
  await expect(member).toContainText('Officer');
  await expect(newcomer.getByTestId('my-role')).toHaveText('Officer', { timeout: 15_000 });
  await openTab(newcomer, /^Members/);
  await newcomer.getByRole('button', { name: 'Invite Player' }).click();
  const invite = newcomer.getByRole('form', { name: 'Invite a player' });
  await invite.getByLabel('Username').fill(rival.username);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${rival.username}.`);

  // The leader proposes a non-aggression pact to the Ravens; their leader accepts it.
  await openTab(lead, 'Diplomacy');
  await lead.getByLabel('Alliance tag').fill(ravens);
  await lead.getByLabel('Kind').selectOption('nap');
  await lead.getByRole('button', { name: 'Propose' }).click();
  await expect(lead.getByRole('list', { name: 'Your proposals' })).toContainText(ravens);
  const other = await open(browser, rival, '/game/alliance?tab=diplomacy');
  const proposals = other.getByRole('list', { name: 'Proposals to your alliance' });
  await expect(proposals).toContainText(wolves);
  await proposals.getByRole('button', { name: 'Accept' }).click();
  await expect(other.getByRole('list', { name: 'Non-aggression pacts' })).toContainText(wolves);
  await expect(lead.getByRole('list', { name: 'Non-aggression pacts' })).toContainText(ravens, { timeout: 15_000 });
  await lead.screenshot({ path: 'test-results/politics-diplomacy.png', fullPage: true });

  // The leader's map draws the Ravens' village in the pact's colour and names the relation.
  const target = rival.village;
  await lead.goto(`${server.url}/game/map?x=${target.x}&y=${target.y}`);
  await lead.waitForFunction(() => window.__vikingsMap?.lastFrame?.complete === true, undefined, { timeout: 20_000 });
  await expect(lead.getByText('Loading map...')).toBeHidden();
  await expect.poll(async () => nearestLook(await tileFill(lead, target)), { timeout: 10_000 }).toBe('pact-village');
  const box = await lead.locator('.map-stage-host').boundingBox();
  const at = await lead.evaluate((t) => window.__vikingsMap!.map!.screenOf(t), target);
  await lead.mouse.click(box!.x + at.sx, box!.y + at.sy);
  await expect(lead.getByRole('region', { name: 'Tile Details' })).toContainText('Non-aggression pact');
  await lead.screenshot({ path: 'test-results/politics-map.png', fullPage: true });

  // An attack on the partner is refused with the reason before it is sent, and Reinforce is offered instead.
  await lead.goto(`${server.url}/game/army?x=${target.x}&y=${target.y}&mission=attack`);
  const refusal = lead.getByRole('alert').filter({ hasText: 'non-aggression pact' });
  await expect(refusal).toHaveText(`Your alliance has a non-aggression pact with [${ravens}]: their villages cannot be attacked, raided or scouted`);
  await lead.getByRole('button', { name: 'Reinforce instead' }).click();
  await expect(refusal).toHaveCount(0);
  await lead.screenshot({ path: 'test-results/politics-refused.png', fullPage: true });
});
