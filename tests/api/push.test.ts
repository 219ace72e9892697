// Alerts while away through the API and a local push service: an attack on a player with the game closed is pushed once, encrypted to their
// browser, with its arrival time; nothing for a player who opted out or is looking; a gone subscription is forgotten; the list and the settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { alerts, appSettings, livePresence, pushSubscriptions, villages } from '../../src/server/db/schema';
import { pushDueAlerts } from '../../src/server/alerts/pusher';
import { recordAlerts } from '../../src/server/alerts/outbox';
import { endpointRefusal } from '../../src/server/alerts/subscriptions';
import { sweepDueArrivals, sweepDueVillages } from '../../src/server/sweeper';
import { ALERT_LIST_SIZE, alertTime, messageAlert } from '../../src/rules/alerts';
import { request, requests, startTestApp, type TestApp } from './harness';
import { newVillage, overview, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import { BrowserKeys, LocalPushService } from '../support/push-service';

let t: TestApp;
let base: string;
const push = new LocalPushService();
const SETTINGS = { subject: 'mailto:test@example.com' };

beforeAll(async () => {
  t = await startTestApp({ pushLoopback: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  await push.start();
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const { call } = requests(() => t);

type Settings = Schema<'AlertSettings'>;
type AlertKind = Schema<'AlertKind'>;

/** A player's browser subscribed at the local push service as `name`, wanting `kinds` (the defaults when left out). */
async function subscribe(player: Player, name: string, kinds?: AlertKind[]): Promise<BrowserKeys> {
  const keys = new BrowserKeys();
  const saved = await call<Settings>(player, 'PUT', '/api/alerts/subscription', { subscription: keys.subscription(push.endpoint(name)), kinds: kinds ?? ['incoming_attack', 'village_lost'] });
  expect(saved.status).toBe(200);
  return keys;
}

let places = 0;
/** An attacker and a defender three tiles apart, past beginner protection, the attacker with berserkers at home. */
async function pair(prefix: string) {
  places += 1;
  const attacker = await newVillage(t, undefined, `${prefix}a`);
  const defender = await newVillage(t, undefined, `${prefix}d`);
  await placeAt(t, defender.village.id, 150 - places * 7, 160);
  await placeAt(t, attacker.village.id, 150 - places * 7, 163);
  await joinedLongAgo(t, attacker.player, defender.player);
  await station(t, attacker.village.id, { berserker: 5 });
  return { attacker, defender };
}

async function attack(attacker: Awaited<ReturnType<typeof pair>>['attacker'], target: string) {
  const sent = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: target, units: { berserker: 1 }, movementType: 'attack' });
  expect(sent.status).toBe(201);
  return sent.body.movement;
}

const pushNow = () => pushDueAlerts(t.database.db, SETTINGS, t.clock.now());

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function presenceOf(player: Player): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(livePresence).where(eq(livePresence.userId, player.user.id));
  return Number(row?.n ?? 0);
}

describe('an attack on a player with the game closed', () => {
  it('is pushed once to their subscription, encrypted to their browser, with the arrival time', async () => {
    const { attacker, defender } = await pair('pu');
    const keys = await subscribe(defender.player, 'closed');
    const { publicKey } = (await call<Settings>(defender.player, 'GET', '/api/alerts/settings')).body;
    const movement = await attack(attacker, defender.village.id);

    const tally = await pushNow();
    expect(tally).toMatchObject({ sent: 1, looking: 0, gone: 0, failed: 0 });
    const [received, ...more] = push.to('closed');
    expect(more).toEqual([]);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received!.headers.ttl)).toBeGreaterThan(0);
    expect(received!.headers.urgency).toBe('high');
    // Signed with the server's VAPID key (the one the browser subscribed with).
    expect(received!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));

    const alert = JSON.parse(keys.decrypt(received!.body)) as { title: string; body: string; url: string };
    const { date, time } = alertTime(Date.parse(movement.arrivesAt));
    expect(alert).toEqual({
      title: `Incoming attack on ${defender.village.name} — arrives ${time} UTC`,
      body: expect.stringContaining(`on ${date} at ${time} UTC`),
      url: '/game/army',
    });

    // Pushed once: the next step finds nothing to push.
    expect((await pushNow()).claimed).toBe(0);
    expect(push.to('closed')).toHaveLength(1);
    // The list has it, newest first, and the attacker has nothing (a sender knows).
    const list = (await call<Schema<'AlertList'>>(defender.player, 'GET', '/api/alerts')).body.alerts;
    expect(list[0]).toMatchObject({ kind: 'incoming_attack', title: alert.title, url: '/game/army' });
    expect((await call<Schema<'AlertList'>>(attacker.player, 'GET', '/api/alerts')).body.alerts).toEqual([]);
  });

  it('is not pushed to a player who opted out of it, and stays in their list', async () => {
    const { attacker, defender } = await pair('po');
    await subscribe(defender.player, 'opted-out', ['message_received']);
    await attack(attacker, defender.village.id);
    const tally = await pushNow();
    expect(tally).toMatchObject({ claimed: 1, sent: 0 });
    expect(push.to('opted-out')).toEqual([]);
    expect((await call<Schema<'AlertList'>>(defender.player, 'GET', '/api/alerts')).body.alerts.map((a) => a.kind)).toEqual(['incoming_attack']);
  });

  it('is not pushed while the player has the game open (a live stream on any process), and is once they closed it', async () => {
    const { attacker, defender } = await pair('pl');
    await subscribe(defender.player, 'looking');
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${defender.player.token}` }, signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read();
    await until(async () => (await presenceOf(defender.player)) === 1);

    await attack(attacker, defender.village.id);
    expect(await pushNow()).toMatchObject({ claimed: 1, looking: 1, sent: 0 });
    expect(push.to('looking')).toEqual([]);
    // Handled all the same: it will not be pushed later either.
    const [left] = await t.database.db.select({ n: count() }).from(alerts).where(and(eq(alerts.userId, defender.player.user.id), isNull(alerts.pushedAt)));
    expect(Number(left?.n)).toBe(0);

    controller.abort();
    await reader.cancel().catch(() => {});
    await until(async () => (await presenceOf(defender.player)) === 0);
    await attack(attacker, defender.village.id);
    expect(await pushNow()).toMatchObject({ sent: 1 });
    expect(push.to('looking')).toHaveLength(1);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const { attacker, defender } = await pair('pg');
    await subscribe(defender.player, 'gone');
    push.answer('gone', 410);
    await attack(attacker, defender.village.id);
    expect(await pushNow()).toMatchObject({ gone: 1, sent: 0 });
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, push.endpoint('gone')))).toEqual([]);
    expect((await call<Settings>(defender.player, 'GET', `/api/alerts/settings?endpoint=${encodeURIComponent(push.endpoint('gone'))}`)).body.subscribed).toBe(false);
  });
});

describe('what else alerts', () => {
  it('a battle: a report for each side, pushed to those who chose it', async () => {
    const { attacker, defender } = await pair('pb');
    const keys = await subscribe(attacker.player, 'reports', ['battle_report']);
    const movement = await attack(attacker, defender.village.id);
    await pushNow();
    t.clock.set(Date.parse(movement.arrivesAt));
    await sweepDueArrivals(t.database.db, t.clock.now());
    await pushNow();
    const [report] = push.to('reports');
    expect(JSON.parse(keys.decrypt(report!.body))).toMatchObject({ title: `Battle report: your attack on ${defender.village.name}`, url: '/game/reports' });
    const kinds = (await call<Schema<'AlertList'>>(defender.player, 'GET', '/api/alerts')).body.alerts.map((a) => a.kind);
    expect(kinds).toEqual(['battle_report', 'incoming_attack']);
  });

  it('a construction finished while nobody looked, once', async () => {
    const { player, village } = await newVillage(t, undefined, 'pc');
    const camp = (await overview(t, player, village.id)).buildings.find((b) => b.type === 'timber_camp')!;
    const upgrade = await call<{ building: Schema<'Building'> }>(player, 'PUT', `/api/villages/${village.id}/buildings/${camp.id}/upgrade`);
    expect(upgrade.status).toBe(200);
    t.clock.set(Date.parse(upgrade.body.building.upgradeFinishesAt!) + 1000);
    await sweepDueVillages(t.database.db, t.clock.now());
    await overview(t, player, village.id);
    const list = (await call<Schema<'AlertList'>>(player, 'GET', '/api/alerts')).body.alerts;
    expect(list.map((a) => [a.kind, a.title])).toEqual([['construction_finished', `Timber Camp finished in ${village.name}`]]);
  });

  it('a message, unless its sender is blocked', async () => {
    const { player: writer } = await newVillage(t, undefined, 'pmw');
    const { player: reader } = await newVillage(t, undefined, 'pmr');
    const sent = await call<{ message: Schema<'Message'> }>(writer, 'POST', '/api/messages', { to: reader.user.username, subject: 'Mead?', body: 'Hail!' });
    expect(sent.status).toBe(201);
    const list = (await call<Schema<'AlertList'>>(reader, 'GET', '/api/alerts')).body.alerts;
    expect(list).toMatchObject([{ kind: 'message_received', title: `Message from ${writer.user.username}`, body: 'Mead?', url: `/game/messages/${sent.body.message.id}` }]);
    expect((await call(reader, 'PUT', `/api/blocked-players/${writer.user.id}`)).status).toBe(200);
    expect((await call(writer, 'POST', '/api/messages', { to: reader.user.username, subject: 'Ignored', body: 'Hail!' })).status).toBe(201);
    expect((await call<Schema<'AlertList'>>(reader, 'GET', '/api/alerts')).body.alerts).toHaveLength(1);
  });
});

/** `player` chooses German for their account. */
async function speaksGerman(player: Player) {
  expect((await request(t, player, 'PUT', '/api/me/locale', { locale: 'de' })).statusCode).toBe(204);
}

describe("alerts in the recipient's language", () => {
  it('words an attack and its battle for each side in the language of their account, pushed and listed so', async () => {
    const { attacker, defender } = await pair('pg');
    await speaksGerman(defender.player);
    const keys = await subscribe(defender.player, 'german', ['incoming_attack', 'battle_report']);
    const movement = await attack(attacker, defender.village.id);
    await pushNow();
    const { date, time } = alertTime(Date.parse(movement.arrivesAt), 'de');
    const [warning] = push.to('german');
    const place = (v: { name: string; x: number; y: number }) => `${v.name} (${v.x}|${v.y})`;
    const placed = async (id: typeof attacker.village.id) => (await t.database.db.select({ name: villages.name, x: villages.x, y: villages.y }).from(villages).where(eq(villages.id, id)))[0]!;
    const [attackerVillage, defenderVillage] = [await placed(attacker.village.id), await placed(defender.village.id)];
    expect(JSON.parse(keys.decrypt(warning!.body))).toEqual({
      title: `Eintreffender Angriff auf ${defender.village.name} — Ankunft ${time} UTC`,
      body: `Ein Angriff aus ${place(attackerVillage)} erreicht ${place(defenderVillage)} am ${date} um ${time} UTC.`,
      url: '/game/army',
    });
    expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);

    // The battle's two reports are stored in one batch: the English attacker's in English, the German defender's in German.
    t.clock.set(Date.parse(movement.arrivesAt));
    await sweepDueArrivals(t.database.db, t.clock.now());
    await pushNow();
    const [report] = push.to('german').slice(1);
    expect(JSON.parse(keys.decrypt(report!.body))).toMatchObject({ title: `Kampfbericht: ${defender.village.name} wurde angegriffen`, url: '/game/reports' });
    const stored = async (player: Player) =>
      (await t.database.db.select({ kind: alerts.kind, title: alerts.title }).from(alerts).where(eq(alerts.userId, player.user.id))).map((a) => [a.kind, a.title]).sort();
    expect(await stored(defender.player)).toEqual([
      ['battle_report', `Kampfbericht: ${defender.village.name} wurde angegriffen`],
      ['incoming_attack', `Eintreffender Angriff auf ${defender.village.name} — Ankunft ${time} UTC`],
    ]);
    expect(await stored(attacker.player)).toEqual([['battle_report', `Battle report: your attack on ${defender.village.name}`]]);
  });

  it('words a message for a German reader in German, and for an English one as before', async () => {
    const { player: writer } = await newVillage(t, undefined, 'pgw');
    const { player: german } = await newVillage(t, undefined, 'pgr');
    const { player: english } = await newVillage(t, undefined, 'pge');
    await speaksGerman(german);
    await speaksGerman(writer);
    for (const reader of [german, english]) {
      expect((await call(writer, 'POST', '/api/messages', { to: reader.user.username, subject: 'Met?', body: 'Heil!' })).status).toBe(201);
    }
    const listed = async (player: Player) => (await call<Schema<'AlertList'>>(player, 'GET', '/api/alerts')).body.alerts.map((a) => [a.title, a.body]);
    expect(await listed(german)).toEqual([[`Nachricht von ${writer.user.username}`, 'Met?']]);
    expect(await listed(english)).toEqual([[`Message from ${writer.user.username}`, 'Met?']]);
  });
});

describe('the list', () => {
  it(`keeps a player's newest ${ALERT_LIST_SIZE} alerts once they are pushed`, async () => {
    const { player } = await newVillage(t, undefined, 'pk');
    for (let i = 0; i < ALERT_LIST_SIZE + 5; i++) {
      await recordAlerts(t.database.db, [{ userId: player.user.id, alert: (language) => messageAlert({ from: 'Astrid', subject: `No. ${i}`, messageId: String(i) }, language) }], new Date(t.clock.now().getTime() + i * 1000));
    }
    await pushNow();
    const [stored] = await t.database.db.select({ n: count() }).from(alerts).where(eq(alerts.userId, player.user.id));
    expect(Number(stored?.n)).toBe(ALERT_LIST_SIZE);
    const list = (await call<Schema<'AlertList'>>(player, 'GET', '/api/alerts')).body.alerts;
    expect(list).toHaveLength(ALERT_LIST_SIZE);
    expect(list[0]!.body).toBe(`No. ${ALERT_LIST_SIZE + 4}`);
    expect(list.at(-1)!.body).toBe('No. 5');
  });
});

describe('the settings', () => {
  it('give the one public key the server made at first start, and what a browser receives', async () => {
    const { player } = await newVillage(t, undefined, 'ps');
    const first = (await call<Settings>(player, 'GET', '/api/alerts/settings')).body;
    const [stored] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid'));
    expect(first).toEqual({ publicKey: stored!.value.publicKey, subscribed: false, kinds: ['incoming_attack', 'village_lost'] });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);

    const endpoint = push.endpoint('settings');
    await subscribe(player, 'settings', ['battle_report', 'incoming_attack']);
    const asked = `/api/alerts/settings?endpoint=${encodeURIComponent(endpoint)}`;
    expect((await call<Settings>(player, 'GET', asked)).body).toEqual({ publicKey: first.publicKey, subscribed: true, kinds: ['incoming_attack', 'battle_report'] });

    // The browser signed in as someone else: the subscription is theirs now, and the first player's alerts stop going there.
    const { player: other } = await newVillage(t, undefined, 'ps');
    await subscribe(other, 'settings', ['message_received']);
    expect((await call<Settings>(player, 'GET', asked)).body.subscribed).toBe(false);
    expect((await call<Settings>(other, 'GET', asked)).body).toMatchObject({ subscribed: true, kinds: ['message_received'] });

    // Deleting is the owner's only, and says ok either way.
    expect((await call(player, 'DELETE', `/api/alerts/subscription?endpoint=${encodeURIComponent(endpoint)}`)).body).toEqual({ ok: true });
    expect((await call<Settings>(other, 'GET', asked)).body.subscribed).toBe(true);
    expect((await call(other, 'DELETE', `/api/alerts/subscription?endpoint=${encodeURIComponent(endpoint)}`)).body).toEqual({ ok: true });
    expect((await call<Settings>(other, 'GET', asked)).body.subscribed).toBe(false);
  });

  it('refuse an endpoint the server must not post to, and keys that are not a browser subscription', async () => {
    const { player } = await newVillage(t, undefined, 'pb');
    const keys = new BrowserKeys();
    for (const endpoint of ['http://push.example/x', 'ftp://push.example/x', 'http://10.0.0.1/x', 'https://user:pw@push.example/x']) {
      const refused = await call(player, 'PUT', '/api/alerts/subscription', { subscription: keys.subscription(endpoint), kinds: [] });
      expect([endpoint, refused.status, refused.body.error]).toEqual([endpoint, 400, 'A push endpoint must be an https address']);
    }
    for (const endpoint of ['https://127.0.0.1/x', 'https://[::1]/x', 'https://192.168.1.20/x', 'https://169.254.169.254/latest', 'https://db.internal/x', 'https://intranet/x']) {
      const refused = await call(player, 'PUT', '/api/alerts/subscription', { subscription: keys.subscription(endpoint), kinds: [] });
      expect([endpoint, refused.status, refused.body.error]).toEqual([endpoint, 400, 'A push endpoint must be a push service on the internet, not an address of a private network']);
    }
    const badKeys = await call(player, 'PUT', '/api/alerts/subscription', { subscription: { endpoint: 'https://push.example/y', keys: { p256dh: 'AAAA', auth: keys.json.auth } }, kinds: [] });
    expect(badKeys.status).toBe(400);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, player.user.id))).toEqual([]);
    // Loopback over http only where the server allows it (a local push service in tests).
    expect(endpointRefusal('http://127.0.0.1:9/push/x', false)).toBe('A push endpoint must be an https address');
    expect(endpointRefusal('http://127.0.0.1:9/push/x', true)).toBeNull();
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
  });

  it('need a session', async () => {
    expect((await call(null, 'GET', '/api/alerts')).status).toBe(401);
    expect((await call(null, 'GET', '/api/alerts/settings')).status).toBe(401);
  });
});
