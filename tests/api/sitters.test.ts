// Sitters: naming them (two at most, under the owner's lock), what a sitting session may and may not do in the owner's villages, the owner's log, removal ending the session at once, the lapse, and the sitter's own account untouched.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { FakeClock } from '../../src/server/clock';
import { testConfig } from '../../src/server/config';
import { openPostgres, type Database } from '../../src/server/db/open';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import type { Schema } from '../../src/contract';
import { startTestApp, request, requests, registerPlayer, newPlayer, type TestApp } from './harness';
import { DAY, HOUR, amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, station } from './army-helpers';
import { sitFor } from './proof-world';
import { movements, sessions, users, villages } from '../../src/server/db/schema';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { MAX_SESSIONS_PER_USER } from '../../src/server/accounts/sessions';
import { MAX_SITTERS, SITTING_LAPSED, sitterRefusal, sitterRefusalFor } from '../../src/rules/sitters';
import { SITTERS_SEND } from '../../src/server/army/movements';
import { SITTERS_SHIP } from '../../src/server/trade/shipments';
import { SITTERS_AT_OASES } from '../../src/server/oases/oases';

let t: TestApp;
const { call } = requests(() => t);
const url = process.env.DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Overview = Schema<'SitterOverview'>;
type LogPage = Schema<'SitterLogPage'>;

let corner = 0;

/** An owner with two villages side by side (barracks, blacksmith, marketplace, stores, plenty of everything and ten bondi at home). */
async function ownerWithTwoVillages(): Promise<{ owner: Player; home: MadeVillage; second: MadeVillage }> {
  const { player: owner, village: home } = await newVillage(t, undefined, 'own');
  const { village: second } = await newVillage(t, undefined, 'two');
  // The second village is the owner's too, as if founded: its first player is left with none.
  await t.database.db.update(villages).set({ ownerId: owner.user.id, isCapital: false }).where(eq(villages.id, second.id));
  // A corner of the map of its own for each owner, so marches are short and nobody else is near.
  corner += 1;
  const x = -180 + 8 * corner;
  const y = 175;
  await placeAt(t, home.id, x, y);
  await placeAt(t, second.id, x + 2, y);
  for (const village of [home, second]) {
    for (const type of ['warehouse', 'granary', 'barracks', 'blacksmith', 'marketplace']) {
      await setBuildingLevel(t.database.db, { villageId: village.id, type, level: 10 }, t.clock.now());
    }
  }
  await grantToPlayer(t.database.db, owner.body.email, { timber: 20_000, stone: 20_000, iron: 20_000, mead: 20_000 }, t.clock.now());
  await station(t, home.id, { bondi: 10, viking_raider: 2 });
  return { owner, home: { ...home, x, y }, second: { ...second, x: x + 2, y } };
}

/** `owner` names `sitter` and the sitter opens a sitting session in the owner's account. */
async function sitting(owner: Player, sitter: Player): Promise<Player> {
  expect((await call(owner, 'POST', '/api/sitters', { username: sitter.user.username })).status).toBe(201);
  return sitFor(t, sitter, owner);
}

async function logOf(owner: Player, page = 1): Promise<LogPage> {
  const res = await call<LogPage>(owner, 'GET', `/api/sitters/log?page=${page}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('naming sitters', () => {
  it('takes other players by name, two at most, never oneself nor twice, and 404 for a name nobody has', async () => {
    const owner = await registerPlayer(t.app, newPlayer('own'));
    const [a, b, c] = [await registerPlayer(t.app, newPlayer('sa')), await registerPlayer(t.app, newPlayer('sb')), await registerPlayer(t.app, newPlayer('sc'))];
    expect(await call(owner, 'POST', '/api/sitters', { username: 'nobody_by_that' })).toMatchObject({ status: 404, body: { error: 'No player by that name' } });
    expect(await call(owner, 'POST', '/api/sitters', { username: owner.user.username })).toMatchObject({ status: 409, body: { error: 'You cannot be your own sitter' } });
    const first = await call<Overview>(owner, 'POST', '/api/sitters', { username: a.user.username.toUpperCase() });
    expect(first.status).toBe(201);
    expect(first.body.sitters.map((s) => s.user)).toEqual([{ id: a.user.id, username: a.user.username }]);
    expect(first.body.maxSitters).toBe(MAX_SITTERS);
    expect(await call(owner, 'POST', '/api/sitters', { username: a.user.username })).toMatchObject({ status: 409, body: { error: 'That player sits for you already' } });
    t.clock.advance(1000);
    expect((await call(owner, 'POST', '/api/sitters', { username: b.user.username })).status).toBe(201);
    const third = await call(owner, 'POST', '/api/sitters', { username: c.user.username });
    expect(third).toMatchObject({ status: 409, body: { error: `You may name at most ${MAX_SITTERS} sitters; remove one first` } });
    const listed = await call<Overview>(owner, 'GET', '/api/sitters');
    expect(listed.body.sitters.map((s) => s.user.username)).toEqual([a.user.username, b.user.username]);
    expect(listed.body.sittingFor).toEqual([]);
    // The sitter sees whom they sit for.
    const theirs = await call<Overview>(a, 'GET', '/api/sitters');
    expect(theirs.body).toMatchObject({ sitters: [], sittingFor: [{ user: { id: owner.user.id, username: owner.user.username }, lapsed: false }] });
  });

  it('never makes three when names are added at once (the owner is locked while they are counted)', async () => {
    const owner = await registerPlayer(t.app, newPlayer('own'));
    const named = await Promise.all(Array.from({ length: 5 }, (_, i) => registerPlayer(t.app, newPlayer(`r${i}`))));
    const answers = await Promise.all(named.map((p) => call(owner, 'POST', '/api/sitters', { username: p.user.username })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_SITTERS);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(named.length - MAX_SITTERS);
    expect((await call<Overview>(owner, 'GET', '/api/sitters')).body.sitters).toHaveLength(MAX_SITTERS);
  });
});

describe('a sitting session', () => {
  it('plays the owner’s account as the sitter: builds, trains, researches, reinforces, ships and exchanges between the owner’s villages', async () => {
    const { owner, home, second } = await ownerWithTwoVillages();
    const sitter = await registerPlayer(t.app, newPlayer('sit'));
    const as = await sitting(owner, sitter);

    const me = await call<{ user: Schema<'User'> }>(as, 'GET', '/api/auth/me');
    expect(me.body.user).toMatchObject({ id: owner.user.id, username: owner.user.username, sitter: { id: sitter.user.id, username: sitter.user.username } });
    expect((await call<{ user: Schema<'User'> }>(owner, 'GET', '/api/auth/me')).body.user.sitter).toBeUndefined();
    expect((await call(as, 'GET', '/api/villages')).status).toBe(200);

    const steps: [string, { status: number }][] = [];
    const step = async (what: string, made: Promise<{ status: number }>) => {
      steps.push([what, await made]);
      t.clock.advance(1000);
    };
    await step('build', call(as, 'POST', `/api/villages/${home.id}/buildings`, { buildingType: 'warehouse', slot: 40 }));
    await step('train', call(as, 'POST', `/api/villages/${second.id}/units`, { unitType: 'bondi', count: 2 }));
    await step('research', call(as, 'POST', `/api/villages/${home.id}/smithy/research`, { unitType: 'bondi', track: 'defense' }));
    await step('reinforce', call(as, 'POST', '/api/game/send-troops', { fromVillageId: home.id, toVillageId: second.id, units: { bondi: 3 }, movementType: 'reinforce' }));
    await step('ship', call(as, 'POST', `/api/villages/${home.id}/market/shipments`, { x: second.x, y: second.y, resources: { timber: 100, stone: 50, iron: 0, mead: 0 } }));
    await step('exchange', call(as, 'POST', `/api/villages/${second.id}/market/exchange`, { from: 'timber', to: 'stone', amount: 10 }));
    // A timber camp: cheap enough for the second village's own stock.
    const upgradable = (await overview(t, owner, second.id)).buildings.find((b) => b.type === 'timber_camp')!;
    await step('upgrade', call(as, 'PUT', `/api/villages/${second.id}/buildings/${upgradable.id}/upgrade`));
    expect(steps.map(([what, res]) => [what, res.status])).toEqual([
      ['build', 201],
      ['train', 201],
      ['research', 201],
      ['reinforce', 201],
      ['ship', 201],
      ['exchange', 200],
      ['upgrade', 200],
    ]);

    // Every one of them is in the owner's log, newest first, with the sitter's name.
    const log = await logOf(owner);
    const at = (v: MadeVillage) => `${v.name} (${v.x}|${v.y})`;
    expect(log.entries.map((e) => [e.operation, e.summary])).toEqual([
      ['upgradeBuilding', `Began upgrading the Timber Camp to level ${upgradable.level + 1} in ${at(second)}`],
      ['exchangeResources', `Exchanged 10 Timber for Stone in ${at(second)}`],
      ['sendResources', `Sent 100 Timber, 50 Stone from ${at(home)} to (${second.x}|${second.y})`],
      ['sendTroops', `Sent 3 Bondi from ${at(home)} to reinforce ${at(second)}`],
      ['startResearch', `Began researching the defence of the Bondi in ${at(home)}`],
      ['trainUnits', `Began training 2 Bondi in ${at(second)}`],
      ['constructBuilding', `Began building a Warehouse in ${at(home)}`],
    ]);
    expect(new Set(log.entries.map((e) => JSON.stringify(e.sitter)))).toEqual(new Set([JSON.stringify({ id: sitter.user.id, username: sitter.user.username })]));
    expect(log).toMatchObject({ page: 1, hasMore: false });
    // Reads leave no trace in the log; the sitter's own account has none.
    await call(as, 'GET', `/api/villages/${home.id}`);
    expect((await logOf(owner)).entries).toHaveLength(7);
    expect((await logOf(sitter)).entries).toEqual([]);
  });

  it("writes the log in the owner's language, whatever the sitter's, from the owner's next choice on", async () => {
    const { owner, home, second } = await ownerWithTwoVillages();
    const sitter = await registerPlayer(t.app, newPlayer('sit'));
    const german = (player: Player) => request(t, player, 'PUT', '/api/me/locale', { locale: 'de' });
    // The sitter reads German; the owner English: the log stays English.
    expect((await german(sitter)).statusCode).toBe(204);
    const as = await sitting(owner, sitter);
    const at = (v: MadeVillage) => `${v.name} (${v.x}|${v.y})`;
    expect((await call(as, 'POST', `/api/villages/${second.id}/units`, { unitType: 'bondi', count: 1 })).status).toBe(201);
    t.clock.advance(1000);
    // The owner chooses German while the sitting session is open: the sitter's next actions are logged in German.
    expect((await german(owner)).statusCode).toBe(204);
    const steps = [
      () => call(as, 'POST', `/api/villages/${home.id}/buildings`, { buildingType: 'warehouse', slot: 40 }),
      () => call(as, 'POST', `/api/villages/${second.id}/units`, { unitType: 'bondi', count: 2 }),
      () => call(as, 'POST', `/api/villages/${home.id}/smithy/research`, { unitType: 'bondi', track: 'defense' }),
      () => call(as, 'POST', '/api/game/send-troops', { fromVillageId: home.id, toVillageId: second.id, units: { bondi: 3, viking_raider: 1 }, movementType: 'reinforce' }),
      () => call(as, 'POST', `/api/villages/${home.id}/market/shipments`, { x: second.x, y: second.y, resources: { timber: 1500, stone: 50, iron: 0, mead: 0 } }),
      () => call(as, 'POST', `/api/villages/${second.id}/market/exchange`, { from: 'timber', to: 'stone', amount: 10 }),
    ];
    for (const made of steps) {
      const res = await made();
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      t.clock.advance(1000);
    }
    const camp = (await overview(t, owner, second.id)).buildings.find((b) => b.type === 'timber_camp')!;
    expect((await call(as, 'PUT', `/api/villages/${second.id}/buildings/${camp.id}/upgrade`)).status).toBe(200);
    t.clock.advance(1000);
    expect((await request(t, as, 'POST', '/api/auth/logout')).statusCode).toBeLessThan(300);

    const log = await logOf(owner);
    expect(log.entries.map((e) => [e.operation, e.summary])).toEqual([
      ['logout', 'Die Vertretungssitzung beendet'],
      ['upgradeBuilding', `Ausbau begonnen: Holzfällerlager auf Stufe ${camp.level + 1} in ${at(second)}`],
      ['exchangeResources', `Getauscht: 10 Holz gegen Stein in ${at(second)}`],
      ['sendResources', `Rohstoffe geschickt: 1,5 Tsd. Holz, 50 Stein von ${at(home)} nach (${second.x}|${second.y})`],
      ['sendTroops', `Unterstützung geschickt: 3 Bonde, 1 Wikinger-Plünderer von ${at(home)} nach ${at(second)}`],
      ['startResearch', `Forschung begonnen: Verteidigung von Bonde in ${at(home)}`],
      ['trainUnits', `Ausbildung begonnen: 2 Bonde in ${at(second)}`],
      ['constructBuilding', `Bau begonnen: Lagerhaus in ${at(home)}`],
      ['trainUnits', `Began training 1 Bondi in ${at(second)}`],
    ]);
  });

  it('is refused attacking, raiding, scouting, shipping to another player, trade, mail, the alliance, heroes, settings and sitters, changing nothing', async () => {
    const { owner, home } = await ownerWithTwoVillages();
    const { player: foe, village: foeVillage } = await newVillage(t, undefined, 'foe');
    await placeAt(t, foeVillage.id, home.x - 2, home.y);
    await joinedLongAgo(t, owner, foe);
    const sitter = await registerPlayer(t.app, newPlayer('sit'));
    const as = await sitting(owner, sitter);
    const stock = amounts(await overview(t, owner, home.id));
    const SEND = sitterRefusal(SITTERS_SEND);
    const send = (movementType: string, units: Record<string, number>, toVillageId = foeVillage.id) =>
      call(as, 'POST', '/api/game/send-troops', { fromVillageId: home.id, toVillageId, units, movementType });

    const refusals: [string, () => Promise<{ status: number; body: { error?: string } }>, string][] = [
      ['attack', () => send('attack', { bondi: 1 }), SEND],
      ['raid', () => send('raid', { bondi: 1 }), SEND],
      ['scout', () => send('scout', { viking_raider: 1 }), SEND],
      ['reinforce another player', () => send('reinforce', { bondi: 1 }), SEND],
      ['raid an oasis', () => call(as, 'POST', '/api/game/send-troops', { fromVillageId: home.id, toOasis: { x: 0, y: 0 }, units: { bondi: 1 }, movementType: 'raid' }), sitterRefusal(SITTERS_AT_OASES)],
      ['ship to another player', () => call(as, 'POST', `/api/villages/${home.id}/market/shipments`, { x: home.x - 2, y: home.y, resources: { timber: 10, stone: 0, iron: 0, mead: 0 } }), sitterRefusal(SITTERS_SHIP)],
      ['offer a trade', () => call(as, 'POST', `/api/villages/${home.id}/market/offers`, { offer: { resource: 'timber', amount: 100 }, want: { resource: 'iron', amount: 100 } }), sitterRefusalFor('trade')],
      ['read mail', () => call(as, 'GET', '/api/messages'), sitterRefusalFor('messages')],
      ['count unread mail', () => call(as, 'GET', '/api/messages/unread'), sitterRefusalFor('messages')],
      ['write mail', () => call(as, 'POST', '/api/messages', { to: foe.user.username, subject: 'Hail', body: 'From your sitter' }), sitterRefusalFor('messages')],
      ['see the alliance', () => call(as, 'GET', '/api/alliances/my-alliance'), sitterRefusalFor('alliances')],
      ['found an alliance', () => call(as, 'POST', '/api/alliances/create', { name: 'Sitters Hall', tag: 'SITS', description: 'No.', isPublic: true }), sitterRefusalFor('alliances')],
      ['recruit a hero', () => call(as, 'POST', '/api/heroes/recruit', { villageId: home.id, heroType: 'skald' }), sitterRefusalFor('heroes')],
      ['rename a village', () => call(as, 'PUT', `/api/map/village/${home.id}/rename`, { name: 'Sat Upon' }), sitterRefusalFor('map')],
      ['change the password', () => call(as, 'POST', '/api/auth/change-password', { currentPassword: owner.body.password, newPassword: 'Valhalla#2099' }), sitterRefusalFor('auth')],
      ['write the profile', () => call(as, 'PUT', '/api/me/profile', { description: 'Sat' }), sitterRefusalFor('players')],
      ['report the tutorial', () => call(as, 'POST', '/api/tutorial/progress', { action: 'view_map' }), sitterRefusalFor('tutorial')],
      ['list the sitters', () => call(as, 'GET', '/api/sitters'), sitterRefusalFor('sitters')],
      ['name a sitter', () => call(as, 'POST', '/api/sitters', { username: foe.user.username }), sitterRefusalFor('sitters')],
      ['remove the sitter', () => call(as, 'DELETE', `/api/sitters/${sitter.user.id}`), sitterRefusalFor('sitters')],
      ['sit in turn', () => call(as, 'POST', `/api/sitters/${owner.user.id}/sit`), sitterRefusalFor('sitters')],
      ['read the log', () => call(as, 'GET', '/api/sitters/log'), sitterRefusalFor('sitters')],
    ];
    for (const [what, made, error] of refusals) expect([what, await made()]).toMatchObject([what, { status: 403, body: { error } }]);

    expect(amounts(await overview(t, owner, home.id))).toEqual(stock);
    expect(await t.database.db.select().from(movements).where(eq(movements.ownerId, owner.user.id))).toEqual([]);
    expect((await call<Overview>(owner, 'GET', '/api/sitters')).body.sitters).toHaveLength(1);
    expect((await logOf(owner)).entries).toEqual([]);
    // The owner themselves may still do all of it.
    expect((await call(owner, 'POST', '/api/game/send-troops', { fromVillageId: home.id, toVillageId: foeVillage.id, units: { bondi: 1 }, movementType: 'raid' })).status).toBe(201);
    expect((await call(owner, 'GET', '/api/messages')).status).toBe(200);
  });

  it('ends at once when the owner removes the sitter, and when the sitter resigns', async () => {
    const owner = await registerPlayer(t.app, newPlayer('own'));
    const [a, b] = [await registerPlayer(t.app, newPlayer('sa')), await registerPlayer(t.app, newPlayer('sb'))];
    const asA = await sitting(owner, a);
    const asB = await sitting(owner, b);
    const again = await sitFor(t, a, owner);
    // Remembered lookups of the sessions, which the removal must make forgotten.
    for (const who of [asA, asB, again]) expect((await call(who, 'GET', '/api/auth/me')).status).toBe(200);

    const removed = await call<Overview>(owner, 'DELETE', `/api/sitters/${a.user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.sitters.map((s) => s.user.id)).toEqual([b.user.id]);
    expect((await call(asA, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call(again, 'GET', '/api/villages')).status).toBe(401);
    expect((await call(asB, 'GET', '/api/auth/me')).status).toBe(200);
    expect(await call(a, 'POST', `/api/sitters/${owner.user.id}/sit`)).toMatchObject({ status: 404, body: { error: 'That player has not named you a sitter' } });
    // The sitter resigns from their own account: their sitting ends as well.
    expect((await call(b, 'DELETE', `/api/sitters/${owner.user.id}`)).status).toBe(200);
    expect((await call(asB, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call<Overview>(owner, 'GET', '/api/sitters')).body.sitters).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(and(eq(sessions.userId, owner.user.id), isNotNull(sessions.sitterId)))).toEqual([]);
    // Nobody else's pair: 404, and nothing changes.
    expect((await call(owner, 'DELETE', `/api/sitters/${a.user.id}`)).status).toBe(404);
    // The owner's own session and the sitters' own sessions go on.
    for (const who of [owner, a, b]) expect((await call(who, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('lapses once the owner has not played for 14 days, whatever the sitter does, and returns when the owner plays', async () => {
    const { owner, home } = await ownerWithTwoVillages();
    const sitter = await registerPlayer(t.app, newPlayer('sit'));
    expect((await call(owner, 'POST', '/api/sitters', { username: sitter.user.username })).status).toBe(201);
    await t.app.flushActivity();
    const [played] = await t.database.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, owner.user.id));
    // Thirteen days and 23 hours later the sitter opens a session and plays in it for two hours.
    t.clock.advance(14 * DAY - HOUR);
    const as = await sitFor(t, sitter, owner);
    expect((await call(as, 'GET', `/api/villages/${home.id}`)).status).toBe(200);
    await t.app.flushActivity();
    t.clock.advance(2 * HOUR);
    // The sitter's own play never counted as the owner's.
    expect((await t.database.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, owner.user.id)))[0]!.at).toEqual(played!.at);
    expect(await call(as, 'GET', `/api/villages/${home.id}`)).toMatchObject({ status: 401, body: { error: SITTING_LAPSED } });
    expect((await call(as, 'GET', '/api/auth/me')).status).toBe(401);
    expect(await call(sitter, 'POST', `/api/sitters/${owner.user.id}/sit`)).toMatchObject({ status: 409, body: { error: SITTING_LAPSED } });
    expect((await call<Overview>(sitter, 'GET', '/api/sitters')).body.sittingFor).toMatchObject([{ user: { id: owner.user.id }, lapsed: true }]);
    // The owner plays again: sitting holds once more (the owner's visit is written within a minute).
    expect((await call(owner, 'GET', '/api/villages')).status).toBe(200);
    await t.app.flushActivity();
    const back = await sitFor(t, sitter, owner);
    expect((await call(back, 'GET', `/api/villages/${home.id}`)).status).toBe(200);
    expect((await call<Overview>(sitter, 'GET', '/api/sitters')).body.sittingFor).toMatchObject([{ lapsed: false }]);
  });

  it('leaves the sitter’s own account as it was, and never ends the owner’s own sessions', async () => {
    const owner = await registerPlayer(t.app, newPlayer('own'));
    const { player: sitter, village } = await newVillage(t, undefined, 'sit');
    const as = await sitting(owner, sitter);
    // In the sitting session the sitter's own village is someone else's.
    expect((await call(as, 'GET', `/api/villages/${village.id}`)).status).toBe(403);
    // Sitting sessions count against the pair's own cap, never against the owner's.
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) await sitFor(t, sitter, owner);
    expect((await call(owner, 'GET', '/api/auth/me')).status).toBe(200);
    const mine = await call<{ user: Schema<'User'> }>(sitter, 'GET', '/api/auth/me');
    expect(mine.body.user).toMatchObject({ id: sitter.user.id, username: sitter.user.username });
    expect(mine.body.user.sitter).toBeUndefined();
    expect((await call(sitter, 'GET', '/api/messages')).status).toBe(200);
    expect((await call(sitter, 'PUT', `/api/map/village/${village.id}/rename`, { name: 'My Own Hall' })).status).toBe(200);
    expect((await logOf(sitter)).entries).toEqual([]);
  });

  it('closes its event stream when the owner removes the sitter', async () => {
    const owner = await registerPlayer(t.app, newPlayer('own'));
    const sitter = await registerPlayer(t.app, newPlayer('sit'));
    const as = await sitting(owner, sitter);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    let removed: Promise<unknown> = Promise.resolve();
    const ended = new Promise<string>((resolve, reject) => {
      const req = get(`${base}/api/events`, { headers: as.auth, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Ready: now the owner removes the sitter.
          if (text.includes('event: ready')) removed = call(owner, 'DELETE', `/api/sitters/${sitter.user.id}`);
        });
        res.on('close', () => resolve(text));
      });
      req.on('error', reject);
    });
    expect(await ended).toContain('event: ready');
    // The stream closes at the removal's commit; the removal answers once every cache has heard of it, then the
    // session is gone for any request.
    await removed;
    expect((await call(as, 'GET', '/api/auth/me')).status).toBe(401);
  });
});

describe.skipIf(!url)('sitting sessions on PostgreSQL with two server processes', () => {
  let fresh: FreshPostgres;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(fresh.url);
      databases.push(database);
      const app = await buildApp({ db: database.db, clock: new FakeClock(), config: testConfig(), listen: database.listen });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await fresh?.drop();
  });

  it('end on the other process as soon as the database tells it the owner removed the sitter', async () => {
    const [a, b] = apps;
    const owner = await registerPlayer(a, newPlayer('own'));
    const sitter = await registerPlayer(a, newPlayer('sit'));
    const named = await a.inject({ method: 'POST', url: '/api/sitters', headers: owner.auth, payload: { username: sitter.user.username } });
    expect(named.statusCode).toBe(201);
    const sat = await a.inject({ method: 'POST', url: `/api/sitters/${owner.user.id}/sit`, headers: sitter.auth });
    const headers = { authorization: `Bearer ${(sat.json() as { token: string }).token}` };
    const me = () => b.inject({ method: 'GET', url: '/api/auth/me', headers });
    // B remembers the sitting session's lookup.
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await a.inject({ method: 'DELETE', url: `/api/sitters/${sitter.user.id}`, headers: owner.auth })).statusCode).toBe(200);
    const started = Date.now();
    while ((await me()).statusCode !== 401) {
      if (Date.now() - started > 1000) throw new Error('the sitting session still works on the other process');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(Date.now() - started).toBeLessThan(250);
  });
});
