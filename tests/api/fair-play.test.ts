// Fair play through the API with a fake clock: sign-ins from one device or one address link accounts, game masters confirm or clear links (audited), the pushing limit on shipments and trades, attacks between flagged accounts, and the registration limit per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { newPlayer, registerPlayer, requests, startTestApp, type TestApp } from './harness';
import { DAY, HOUR, amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import { auditLog, resourceTransfers, signIns, tradeOffers, users, villages } from '../../src/server/db/schema';
import { changingAccounts } from '../../src/server/accounts/session-cache';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { OWN_LINK } from '../../src/server/fair-play/links';
import { PUSHING_DAILY_LIMIT, REGISTRATIONS_PER_ADDRESS_PER_DAY, REGISTRATION_LIMIT, linkedAttackRefusal, pushingRefusal } from '../../src/rules/fair-play';
import type { Resources } from '../../src/rules/resources';
import { idOf, type OfferId, type WorldId } from '../../src/rules/ids';

type LinkJson = Schema<'AccountLink'>;
type LinkPage = Schema<'AccountLinkPage'>;

let t: TestApp;
let world: WorldId;
let gm: Player;
const { call } = requests(() => t);

beforeAll(async () => {
  t = await startTestApp();
  world = (await createWorld(t.database.db, { name: 'Fair Fjords', speed: 1 })).id;
  gm = await registerPlayer(t.app, newPlayer('gm'));
  await changingAccounts(t.database.db, t.database.db.update(users).set({ role: 'gamemaster' }).where(eq(users.id, gm.user.id)));
});
afterAll(async () => {
  await t.close();
});

/** Where a sign-in comes from: the client's address (inject's socket) and the browser's device cookie, if it has one. */
interface From {
  address?: string;
  device?: string | null;
}

/** The device name a reply gives the browser, or null when it gives none. */
function deviceGiven(res: { headers: Record<string, unknown> }): string | null {
  const cookies = [res.headers['set-cookie'] ?? []].flat().map(String);
  const cookie = cookies.find((c) => c.startsWith('vikings_device='));
  return cookie ? cookie.split(';')[0]!.slice('vikings_device='.length) : null;
}

/** Signs the player in with their password from `from`; answers the reply's status and the device cookie it gave. */
async function signIn(player: Player, { address = '127.0.0.1', device = null }: From = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: device ? { cookie: `theme=dark; vikings_device=${device}` } : {},
    payload: { email: player.body.email, password: player.body.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, given: deviceGiven(res) };
}

/** Two players signed in from one browser: the first is given a device name, the second brings it. */
async function oneBrowser(a: Player, b: Player): Promise<string> {
  const { given } = await signIn(a);
  expect(given).not.toBeNull();
  await signIn(b, { device: given });
  return given!;
}

/** Every link on the game master's pages. */
async function allLinks(): Promise<LinkJson[]> {
  const links: LinkJson[] = [];
  for (let page = 1; ; page++) {
    const reply = await call<LinkPage>(gm, 'GET', `/api/gamemaster/fair-play?page=${page}`);
    expect(reply.status).toBe(200);
    links.push(...reply.body.links);
    if (!reply.body.hasMore) return links;
  }
}

/** The link between two players as the game master sees it, or undefined. */
async function linkOf(a: Player, b: Player): Promise<LinkJson | undefined> {
  const ids = [a.user.id, b.user.id].sort();
  return (await allLinks()).find((link) => link.accounts.map((u) => u.id).sort().join() === ids.join());
}

const decide = (who: Player, linkId: string, body: { status: string; note: string }) => call<{ link: LinkJson }>(who, 'PUT', `/api/gamemaster/fair-play/${linkId}`, body);

/** Sets the clock to 01:00 UTC of the next day: room for a day's shipments, and a day of its own. */
function nextMorning(): number {
  const at = Math.ceil((t.clock.now().getTime() + 1) / DAY) * DAY + HOUR;
  t.clock.set(at);
  return at;
}

describe('signals', () => {
  it('link two accounts that sign in from one browser, and the cookie is long-lived, httpOnly and given once', async () => {
    const a = await registerPlayer(t.app, newPlayer('dev'));
    const b = await registerPlayer(t.app, newPlayer('dev'));
    const first = await signIn(a);
    const cookie = [first.res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('vikings_device='))!;
    expect(cookie).toMatch(/^vikings_device=[A-Za-z0-9_-]{43}; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=34560000$/);
    // A browser that brings its cookie is not given another.
    expect((await signIn(b, { device: first.given })).given).toBeNull();
    const link = await linkOf(a, b);
    expect(link).toMatchObject({ status: 'flagged', decidedBy: null, note: null, evidence: [{ kind: 'device', count: 1, lastSeenAt: t.clock.now().toISOString() }] });
    // Each sign-in showing the evidence again counts; the same account again links nobody new.
    t.clock.advance(HOUR);
    await signIn(a, { device: first.given });
    expect((await linkOf(a, b))?.evidence).toEqual([{ kind: 'device', count: 2, lastSeenAt: t.clock.now().toISOString() }]);
    expect((await linkOf(a, b))?.firstSeenAt).toBe(link?.firstSeenAt);
  });

  it('give a new name for a cookie the server never gave', async () => {
    const a = await registerPlayer(t.app, newPlayer('forge'));
    const { given } = await signIn(a, { device: 'not-a-device' });
    expect(given).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('link two accounts signing in from one address within 24 hours, not beyond, and never by a loopback address', async () => {
    const [a, b, c, d, e, f] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerPlayer(t.app, newPlayer('adr'))));
    await signIn(a, { address: '203.0.113.10' });
    t.clock.advance(23 * HOUR);
    await signIn(b, { address: '203.0.113.10' });
    expect((await linkOf(a, b))?.evidence).toEqual([{ kind: 'address', count: 1, lastSeenAt: t.clock.now().toISOString() }]);

    await signIn(c, { address: '203.0.113.11' });
    t.clock.advance(24 * HOUR);
    await signIn(d, { address: '203.0.113.11' });
    expect(await linkOf(c, d)).toBeUndefined();

    // The server's own machine (or a proxy TRUST_PROXY does not name) is everyone's address: it says nothing.
    await signIn(e, { address: '127.0.0.1' });
    await signIn(f, { address: '127.0.0.1' });
    expect(await linkOf(e, f)).toBeUndefined();
  });

  it('are recorded for registrations too, with the address the proxy logic settles', async () => {
    const proxied = await startTestApp({ trustProxy: 1 });
    try {
      const res = await proxied.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.20' }, payload: newPlayer('reg') });
      expect(res.statusCode).toBe(201);
      const device = deviceGiven(res);
      expect(device).not.toBeNull();
      const [row] = await proxied.database.db.select().from(signIns).where(eq(signIns.userId, res.json().user.id));
      expect(row).toMatchObject({ address: '198.51.100.20', device });
    } finally {
      await proxied.close();
    }
  });
});

describe('game masters', () => {
  it('list flagged links first with both accounts and the evidence, confirm and clear them with a note, every decision audited', async () => {
    const a = await registerPlayer(t.app, newPlayer('gma'));
    const b = await registerPlayer(t.app, newPlayer('gmb'));
    await oneBrowser(a, b);
    const link = (await linkOf(a, b))!;
    expect(link.accounts.map((u) => u.username).sort()).toEqual([a.user.username, b.user.username].sort());
    const listed = await allLinks();
    const firstDecided = listed.findIndex((l) => l.status !== 'flagged');
    if (firstDecided >= 0) expect(listed.slice(firstDecided).every((l) => l.status !== 'flagged')).toBe(true);

    // A player is not a game master; nobody signed in is nobody.
    expect((await call(a, 'GET', '/api/gamemaster/fair-play')).status).toBe(403);
    expect((await call(null, 'GET', '/api/gamemaster/fair-play')).status).toBe(401);
    expect((await decide(a, link.id, { status: 'cleared', note: 'Not me' })).status).toBe(403);
    // Bad input changes nothing.
    expect((await decide(gm, link.id, { status: 'cleared', note: '   ' })).body.error).toBe('Write a note on the decision');
    expect((await decide(gm, '00000000-0000-4000-8000-000000000000', { status: 'cleared', note: 'Who?' })).status).toBe(404);
    expect((await linkOf(a, b))?.status).toBe('flagged');

    const confirmed = await decide(gm, link.id, { status: 'confirmed', note: '  One person, two villages  ' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.link).toMatchObject({ id: link.id, status: 'confirmed', decidedBy: { id: gm.user.id, username: gm.user.username }, note: 'One person, two villages' });
    const cleared = await decide(gm, link.id, { status: 'cleared', note: 'Brothers, checked by mail' });
    expect(cleared.body.link).toMatchObject({ status: 'cleared', note: 'Brothers, checked by mail' });
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, gm.user.id));
    // The log names the pair as the link lists it: the lower id first.
    const pair = link.accounts.map((u) => u.username);
    expect(log.map((e) => [e.action, e.detail, e.targetName])).toEqual(
      expect.arrayContaining([
        ['confirm_link', 'One person, two villages', `${pair[0]} and ${pair[1]}`],
        ['clear_link', 'Brothers, checked by mail', `${pair[0]} and ${pair[1]}`],
      ]),
    );

    // The same kind of evidence again keeps a cleared link cleared (and counts it); a new kind flags it again.
    await signIn(a, { address: '203.0.113.50', device: null });
    const device = (await signIn(b, { address: '198.51.100.77' })).given;
    await signIn(a, { device });
    expect(await linkOf(a, b)).toMatchObject({ status: 'cleared', evidence: [{ kind: 'device', count: 2 }] });
    await signIn(b, { address: '203.0.113.50', device });
    expect(await linkOf(a, b)).toMatchObject({
      status: 'flagged',
      note: 'Brothers, checked by mail',
      evidence: [
        { kind: 'device', count: 3 },
        { kind: 'address', count: 1 },
      ],
    });
  });

  it('never decide a link of their own account', async () => {
    const alt = await registerPlayer(t.app, newPlayer('alt'));
    await oneBrowser(gm, alt);
    const link = (await linkOf(gm, alt))!;
    const refused = await decide(gm, link.id, { status: 'cleared', note: 'Not me' });
    expect(refused).toMatchObject({ status: 403, body: { error: OWN_LINK } });
    expect((await linkOf(gm, alt))?.status).toBe('flagged');
  });
});

interface Trader {
  player: Player;
  village: MadeVillage;
}

/** Spots of their own on the map for each trader, in pairs one tile apart. */
let spot = 0;

/** A new player's village with a marketplace, stores and stock, set straight in the database, next to the previous one. */
async function trader({ marketplace = 20, stores = 20, stock = 20_000 }: { marketplace?: number; stores?: number; stock?: number } = {}): Promise<Trader> {
  const made = await newVillage(t, world, 'fp');
  spot += 1;
  const x = -100 + (spot % 2);
  const y = 100 - 4 * Math.floor((spot - 1) / 2);
  const db = t.database.db;
  await placeAt(t, made.village.id, x, y);
  await setBuildingLevel(db, { villageId: made.village.id, type: 'marketplace', level: marketplace }, t.clock.now());
  for (const type of ['warehouse', 'granary']) if (stores > 0) await setBuildingLevel(db, { villageId: made.village.id, type, level: stores }, t.clock.now());
  await db.update(villages).set({ timber: stock, stone: stock, iron: stock, mead: stock, resourcesAt: t.clock.now() }).where(eq(villages.id, made.village.id));
  return { player: made.player, village: { ...made.village, x, y } };
}

const cargo = (partial: Partial<Resources>): Resources => ({ timber: 0, stone: 0, iron: 0, mead: 0, ...partial });
const ship = (from: Trader, to: Trader, resources: Resources) =>
  call<{ movement: Schema<'Movement'> }>(from.player, 'POST', `/api/villages/${from.village.id}/market/shipments`, { x: to.village.x, y: to.village.y, resources });
const preview = (from: Trader, to: Trader, timber: number) =>
  call<Schema<'ShipmentPreview'>>(from.player, 'GET', `/api/villages/${from.village.id}/market/preview?x=${to.village.x}&y=${to.village.y}&timber=${timber}`);
const stockOf = async (side: Trader) => amounts(await overview(t, side.player, side.village.id));
/** Long enough for merchants one tile away to be home again. */
const merchantsHome = () => t.clock.advance(10 * 60_000);
const sentToday = async (from: Trader, to: Trader) => {
  const rows = await t.database.db
    .select({ amount: resourceTransfers.amount })
    .from(resourceTransfers)
    .where(and(eq(resourceTransfers.fromUser, from.player.user.id), eq(resourceTransfers.toUser, to.player.user.id)));
  return rows.reduce((sum, row) => sum + row.amount, 0);
};

describe('the pushing limit', () => {
  it('caps shipments between flagged accounts at the day’s limit (refused in the rule’s words, nothing paid), and the next day they may send again', async () => {
    const sender = await trader();
    const receiver = await trader();
    await oneBrowser(sender.player, receiver.player);
    nextMorning();
    expect((await ship(sender, receiver, cargo({ timber: 6_000 }))).status).toBe(201);
    merchantsHome();
    const words = pushingRefusal(true, { sentToday: 6_000, amount: 5_000 });
    expect(words).toBe('Fair play: you may pass this player at most 10,000 resources a day (4,000 left today)');
    expect((await preview(sender, receiver, 5_000)).body.refusal).toBe(words);
    expect((await preview(sender, receiver, 4_000)).body.refusal).toBeNull();
    const before = await stockOf(sender);
    const refused = await ship(sender, receiver, cargo({ stone: 2_500, iron: 2_500 }));
    expect(refused).toMatchObject({ status: 409, body: { error: words } });
    expect(await stockOf(sender)).toEqual(before);
    expect(await sentToday(sender, receiver)).toBe(6_000);
    expect((await ship(sender, receiver, cargo({ mead: 4_000 }))).status).toBe(201);
    merchantsHome();
    expect((await ship(sender, receiver, cargo({ mead: 1 }))).body.error).toBe(pushingRefusal(true, { sentToday: PUSHING_DAILY_LIMIT, amount: 1 }));
    // The other way has a day of its own.
    expect((await ship(receiver, sender, cargo({ timber: 3_000 }))).status).toBe(201);

    nextMorning();
    expect((await ship(sender, receiver, cargo({ timber: 5_000 }))).status).toBe(201);
  });

  it('caps a shipment to a player five times larger even unflagged, and never one between one’s own villages', async () => {
    // 2 + 4 x 5 = 22 inhabitants against 2 + 4 x 30 = 122: more than five times as many.
    const small = await trader({ marketplace: 5, stores: 0, stock: 800 });
    const large = await trader({ marketplace: 30, stores: 0, stock: 800 });
    expect(await linkOf(small.player, large.player)).toBeUndefined();
    nextMorning();
    // Merchants of a marketplace 5 carry 2,500 a trip: four trips reach the limit.
    for (let trip = 0; trip < 4; trip++) {
      await t.database.db.update(villages).set({ timber: 800, stone: 800, iron: 800, mead: 800, resourcesAt: t.clock.now() }).where(eq(villages.id, small.village.id));
      expect((await ship(small, large, cargo({ timber: 700, stone: 700, iron: 700, mead: 400 }))).status).toBe(201);
      merchantsHome();
    }
    expect((await ship(small, large, cargo({ timber: 100 }))).body.error).toBe(pushingRefusal(true, { sentToday: PUSHING_DAILY_LIMIT, amount: 100 }));
    // The larger one may send the smaller one what it likes.
    expect((await ship(large, small, cargo({ timber: 100 }))).status).toBe(201);
    // One's own villages: another village of the small player's, founded straight in the database, is never counted.
    await t.database.db.delete(villages).where(and(eq(villages.worldId, world), eq(villages.x, -90), eq(villages.y, 60), isNull(villages.ownerId)));
    const [own] = await t.database.db
      .insert(villages)
      .values({ worldId: world, ownerId: small.player.user.id, name: 'Second hall', x: -90, y: 60, isCapital: false, timber: 800, stone: 800, iron: 800, mead: 800, resourcesAt: t.clock.now(), createdAt: t.clock.now() })
      .returning({ id: villages.id });
    expect(own).toBeDefined();
    merchantsHome();
    await t.database.db.update(villages).set({ timber: 800, resourcesAt: t.clock.now() }).where(eq(villages.id, small.village.id));
    expect((await ship(small, { ...small, village: { ...small.village, x: -90, y: 60 } }, cargo({ timber: 700 }))).status).toBe(201);
    expect(await sentToday(small, small)).toBe(0);
  });

  it('counts both sides of a trade offer taken between flagged accounts', async () => {
    const poster = await trader();
    const taker = await trader();
    await oneBrowser(poster.player, taker.player);
    nextMorning();
    expect((await ship(taker, poster, cargo({ iron: 8_000 }))).status).toBe(201);
    merchantsHome();
    const post = async (amount: number) =>
      (await call<{ offer: Schema<'TradeOffer'> }>(poster.player, 'POST', `/api/villages/${poster.village.id}/market/offers`, { offer: { resource: 'timber', amount }, want: { resource: 'iron', amount } })).body.offer.id;
    const accept = (offerId: string) => call(taker.player, 'POST', `/api/trade-offers/${offerId}/accept`, { villageId: taker.village.id });

    const big = await post(3_000);
    const before = await stockOf(taker);
    expect((await accept(big)).body.error).toBe(pushingRefusal(true, { sentToday: 8_000, amount: 3_000 }));
    expect(await stockOf(taker)).toEqual(before);
    expect((await t.database.db.select({ status: tradeOffers.status }).from(tradeOffers).where(eq(tradeOffers.id, idOf<OfferId>(big))))[0]?.status).toBe('open');

    const small = await post(2_000);
    expect((await accept(small)).status).toBe(201);
    expect(await sentToday(taker, poster)).toBe(10_000);
    expect(await sentToday(poster, taker)).toBe(2_000);

  });

  it('refuses a trade whose other side would take the poster past the limit, in words for the taker', async () => {
    const poster = await trader();
    const taker = await trader();
    await oneBrowser(poster.player, taker.player);
    nextMorning();
    expect((await ship(poster, taker, cargo({ stone: 9_500 }))).status).toBe(201);
    merchantsHome();
    const { offer } = (await call<{ offer: Schema<'TradeOffer'> }>(poster.player, 'POST', `/api/villages/${poster.village.id}/market/offers`, { offer: { resource: 'timber', amount: 1_000 }, want: { resource: 'iron', amount: 1_000 } })).body;
    const refused = await call(taker.player, 'POST', `/api/trade-offers/${offer.id}/accept`, { villageId: taker.village.id });
    expect(refused).toMatchObject({ status: 409, body: { error: 'Fair play: this player may pass you at most 10,000 resources a day (500 left today)' } });
    expect(await sentToday(taker, poster)).toBe(0);
  });
});

describe('attacks between flagged accounts', () => {
  it('are refused until a game master clears the link', async () => {
    const attacker = await newVillage(t, world, 'atk');
    const target = await newVillage(t, world, 'tgt');
    await joinedLongAgo(t, attacker.player, target.player);
    await placeAt(t, attacker.village.id, 60, -60);
    await placeAt(t, target.village.id, 61, -60);
    await station(t, attacker.village.id, { berserker: 5 });
    await oneBrowser(attacker.player, target.player);
    const order = { fromVillageId: attacker.village.id, toVillageId: target.village.id, units: { berserker: 5 }, movementType: 'attack' };
    expect(await send(t, attacker.player, order)).toMatchObject({ status: 409, body: { error: linkedAttackRefusal('flagged') } });
    const link = (await linkOf(attacker.player, target.player))!;
    expect((await decide(gm, link.id, { status: 'cleared', note: 'Flatmates, different people' })).status).toBe(200);
    expect((await send(t, attacker.player, order)).status).toBe(201);
  });
});

describe('registration', () => {
  it('allows three accounts from one address a day: the fourth is refused 429, another address goes, and the next day again', async () => {
    const limited = await startTestApp({ registrationsPerAddress: REGISTRATIONS_PER_ADDRESS_PER_DAY });
    try {
      const register = (remoteAddress: string) => limited.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: newPlayer('lim') });
      const codes = [];
      for (let i = 0; i < REGISTRATIONS_PER_ADDRESS_PER_DAY; i++) codes.push((await register('203.0.113.99')).statusCode);
      expect(codes).toEqual([201, 201, 201]);
      // A refusal for another reason does not use up the day.
      const taken = await limited.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '198.51.100.5', payload: { ...newPlayer('lim'), email: 'twice@example.com' } });
      expect(taken.statusCode).toBe(201);
      const again = await limited.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '198.51.100.5', payload: { ...newPlayer('lim'), email: 'twice@example.com' } });
      expect(again.statusCode).toBe(409);
      const fourth = await register('203.0.113.99');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error).toBe(REGISTRATION_LIMIT);
      expect((await register('198.51.100.5')).statusCode).toBe(201);
      expect((await register('198.51.100.5')).statusCode).toBe(201);
      limited.clock.set(Math.ceil((limited.clock.now().getTime() + 1) / DAY) * DAY);
      expect((await register('203.0.113.99')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
