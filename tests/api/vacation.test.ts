// Vacation mode through the API with a fake clock: what keeps one from starting, what it refuses while it holds (attacks at
// the player, the player's own builds, training, sends and trades), how it ends (by time, by a sign-in after the minimum, by
// End after it), the map's vacationUntil (cached and uncached alike, gone at its end), and two starts at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { requests, startTestApp, type TestApp } from './harness';
import { DAY, HOUR, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, movementsOf, placeAt, send, station } from './army-helpers';
import { allianceMembers, alliances, stationedTroops, vacations } from '../../src/server/db/schema';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { mapAreaJson } from '../../src/server/map/area';
import { MapAreaCache } from '../../src/server/map/area-cache';
import { onVacationRefusal, targetOnVacationRefusal } from '../../src/rules/vacation';
import type { WorldId } from '../../src/rules/ids';

let t: TestApp;
const { call } = requests(() => t);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Side {
  player: Player;
  village: MadeVillage;
}

type Status = Schema<'VacationStatus'>;

/** Spots of their own for each player, far from the capitals' ring, four tiles apart; past beginner protection. */
let spot = 0;
async function veteran(prefix: string, world?: WorldId): Promise<Side> {
  spot += 1;
  const side = await newVillage(t, world, prefix);
  const x = -180 + (spot % 40) * 4;
  const y = 150 - Math.floor(spot / 40) * 4;
  await placeAt(t, side.village.id, x, y);
  await joinedLongAgo(t, side.player);
  return { ...side, village: { ...side.village, x, y } };
}

const vacationUrl = (side: Side) => `/api/worlds/${side.village.worldId}/vacation`;
const status = (side: Side) => call<Status>(side.player, 'GET', vacationUrl(side));
const start = (side: Side, endsAt: number) => call<Status>(side.player, 'POST', vacationUrl(side), { endsAt: new Date(endsAt).toISOString() });
const end = (side: Side) => call<Status>(side.player, 'DELETE', vacationUrl(side));
const order = (from: Side, to: Side, movementType: string, units: Record<string, number> = { berserker: 5 }) => ({
  fromVillageId: from.village.id,
  toVillageId: to.village.id,
  units,
  movementType,
});
const iso = (ms: number) => new Date(ms).toISOString();
const now = () => t.clock.now().getTime();
const signIn = (side: Side) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: side.player.body.email, password: side.player.body.password } });

/** A player on vacation from now for `days`, with a neighbour (past protection, with berserkers and raiders) next to them. */
async function onVacation(days = 5): Promise<{ away: Side; neighbour: Side; endsAt: number; earliestEndAt: number }> {
  const away = await veteran('away');
  const neighbour = await veteran('nbr');
  await placeAt(t, neighbour.village.id, away.village.x + 2, away.village.y);
  neighbour.village = { ...neighbour.village, x: away.village.x + 2 };
  await station(t, neighbour.village.id, { berserker: 20, viking_raider: 5 });
  const endsAt = now() + days * DAY;
  const started = await start(away, endsAt);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect(started.body.vacation).toEqual({ startedAt: iso(now()), endsAt: iso(endsAt), earliestEndAt: iso(now() + 2 * DAY) });
  return { away, neighbour, endsAt, earliestEndAt: now() + 2 * DAY };
}

describe('starting a vacation', () => {
  it('tells how long one may last and what keeps one from starting, and refuses too short, too long, or with armies out', async () => {
    const player = await veteran('calm');
    const other = await veteran('other');
    await placeAt(t, other.village.id, player.village.x + 2, player.village.y);
    await station(t, player.village.id, { berserker: 10 });
    await station(t, other.village.id, { berserker: 10 });
    const calm = await status(player);
    expect(calm.status).toBe(200);
    expect(calm.body).toEqual({ worldId: player.village.worldId, vacation: null, minMs: 2 * DAY, maxMs: 14 * DAY, refusal: null });

    expect(await start(player, now() + DAY)).toMatchObject({ status: 409, body: { error: 'A vacation lasts at least 2 days on this world' } });
    expect(await start(player, now() + 15 * DAY)).toMatchObject({ status: 409, body: { error: 'A vacation lasts at most 14 days on this world' } });

    // An army of theirs on the march, and later coming home: refused until it is back.
    const away = 'Bring your armies home before you leave: some are still on the march';
    expect((await send(t, player.player, order(player, other, 'raid'))).status).toBe(201);
    expect((await status(player)).body.refusal).toBe(away);
    expect(await start(player, now() + 3 * DAY)).toMatchObject({ status: 409, body: { error: away } });
    t.clock.advance(HOUR);
    await movementsOf(t, player.player);
    expect((await status(player)).body.refusal).toBe(away);
    t.clock.advance(HOUR);
    await movementsOf(t, player.player);
    expect((await status(player)).body.refusal).toBeNull();

    // Troops standing in another player's village.
    const [abroad] = await t.database.db
      .insert(stationedTroops)
      .values({ villageId: other.village.id, ownerId: player.player.user.id, homeVillageId: player.village.id, units: { bondi: 3 }, arrivedAt: t.clock.now() })
      .returning();
    const troops = 'Call your troops home from other villages before you leave';
    expect((await status(player)).body.refusal).toBe(troops);
    expect(await start(player, now() + 3 * DAY)).toMatchObject({ status: 409, body: { error: troops } });
    await t.database.db.delete(stationedTroops).where(eq(stationedTroops.id, abroad!.id));

    // Scouts of another player on their way: refused until they have landed.
    const coming = 'An attack is on its way to you: a vacation cannot start now';
    await station(t, other.village.id, { berserker: 10, viking_raider: 3 });
    expect((await send(t, other.player, order(other, player, 'scout', { viking_raider: 3 }))).status).toBe(201);
    expect((await status(player)).body.refusal).toBe(coming);
    expect(await start(player, now() + 3 * DAY)).toMatchObject({ status: 409, body: { error: coming } });
    t.clock.advance(HOUR);
    await movementsOf(t, player.player);
    expect((await status(player)).body.refusal).toBeNull();

    // Nothing was stored by any refusal.
    expect(await t.database.db.select().from(vacations).where(eq(vacations.userId, player.player.user.id))).toEqual([]);
    expect((await start(player, now() + 3 * DAY)).status).toBe(201);
    expect((await status(player)).body.refusal).toBe('You are on vacation in this world already');
    expect(await start(player, now() + 4 * DAY)).toMatchObject({ status: 409, body: { error: 'You are on vacation in this world already' } });
  });

  it('is refused in a world where the player has no village, and in no world at all', async () => {
    const player = await veteran('lost');
    const elsewhere = await createWorld(t.database.db, { name: 'Vacation Elsewhere', size: 60, now: t.clock.now() });
    const url = `/api/worlds/${elsewhere.id}/vacation`;
    expect((await call<Status>(player.player, 'GET', url)).body.refusal).toBe('You have no village in this world');
    expect(await call(player.player, 'POST', url, { endsAt: iso(now() + 3 * DAY) })).toMatchObject({ status: 404, body: { error: 'You have no village in this world' } });
    const nowhere = `/api/worlds/00000000-0000-4000-8000-000000000000/vacation`;
    expect((await call(player.player, 'GET', nowhere)).status).toBe(404);
    expect((await call(player.player, 'POST', nowhere, { endsAt: iso(now() + 3 * DAY) })).status).toBe(404);
    expect((await call(player.player, 'DELETE', nowhere)).status).toBe(404);
  });

  it('twice at once starts one', async () => {
    const player = await veteran('twice');
    const [a, b] = await Promise.all([start(player, now() + 3 * DAY), start(player, now() + 4 * DAY)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(vacations).where(eq(vacations.userId, player.player.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.endsAt.getTime()).toBe(a.status === 201 ? now() + 3 * DAY : now() + 4 * DAY);
  });
});

describe('while on vacation', () => {
  it('the player’s villages cannot be attacked, raided or scouted (409 naming the end); reinforcements still go', async () => {
    const { away, neighbour, endsAt } = await onVacation();
    for (const [movementType, units] of [
      ['attack', { berserker: 5 }],
      ['raid', { berserker: 5 }],
      ['scout', { viking_raider: 2 }],
    ] as const) {
      const refused = await send(t, neighbour.player, order(neighbour, away, movementType, units));
      expect([movementType, refused.status, refused.body.error]).toEqual([movementType, 409, targetOnVacationRefusal(endsAt)]);
    }
    expect(await movementsOf(t, neighbour.player)).toEqual([]);
    // An ally's reinforcements reach them as usual.
    const at = t.clock.now();
    const [alliance] = await t.database.db.insert(alliances).values({ name: `Rest ${spot}`, tag: `RS${spot}`, description: 'Away.', foundedAt: at }).returning();
    await t.database.db.insert(allianceMembers).values([
      { allianceId: alliance!.id, userId: away.player.user.id, role: 'leader', joinedAt: at },
      { allianceId: alliance!.id, userId: neighbour.player.user.id, role: 'member', joinedAt: at },
    ]);
    expect((await send(t, neighbour.player, order(neighbour, away, 'reinforce'))).status).toBe(201);
  });

  it('the player cannot build, train, send troops or trade there (409 with the rule’s words); reads still work and production goes on', async () => {
    const away = await veteran('idle');
    const other = await veteran('other');
    await placeAt(t, other.village.id, away.village.x + 2, away.village.y);
    await setBuildingLevel(t.database.db, { villageId: away.village.id, type: 'marketplace', level: 1 }, t.clock.now());
    await station(t, away.village.id, { berserker: 5 });
    const endsAt = now() + 3 * DAY;
    expect((await start(away, endsAt)).status).toBe(201);
    const refusal = onVacationRefusal(endsAt);
    const hall = (await overview(t, away.player, away.village.id)).buildings.find((b) => b.type === 'great_hall')!;
    const v = `/api/villages/${away.village.id}`;
    for (const [what, refused] of [
      ['build', await call(away.player, 'PUT', `${v}/buildings/${hall.id}/upgrade`)],
      ['train', await call(away.player, 'POST', `${v}/units`, { unitType: 'bondi', count: 1 })],
      ['send', await send(t, away.player, order(away, other, 'attack'))],
      ['ship', await call(away.player, 'POST', `${v}/market/shipments`, { x: other.village.x, y: other.village.y, resources: { timber: 100, stone: 0, iron: 0, mead: 0 } })],
      ['offer', await call(away.player, 'POST', `${v}/market/offers`, { offer: { resource: 'timber', amount: 100 }, want: { resource: 'iron', amount: 100 } })],
      ['exchange', await call(away.player, 'POST', `${v}/market/exchange`, { from: 'timber', to: 'iron', amount: 100 })],
    ] as const) {
      expect([what, refused.status, refused.body.error]).toEqual([what, 409, refusal]);
    }
    const before = await overview(t, away.player, away.village.id);
    t.clock.advance(HOUR);
    const after = await overview(t, away.player, away.village.id);
    const timber = (view: typeof before) => view.resources.find((r) => r.type === 'timber')!.amount;
    expect(timber(after)).toBeGreaterThan(timber(before));
    // Another world of theirs is not paused.
    const world = await createWorld(t.database.db, { name: 'Vacation Elsewhere Too', size: 60, now: t.clock.now() });
    const joined = await call<Schema<'JoinWorldResponse'>>(away.player, 'POST', `/api/worlds/${world.id}/join`);
    expect(joined.status).toBe(201);
    const there = joined.body.village.id;
    const theirHall = (await overview(t, away.player, there)).buildings.find((b) => b.type === 'great_hall')!;
    expect((await call(away.player, 'PUT', `/api/villages/${there}/buildings/${theirHall.id}/upgrade`)).status).toBe(200);
  });
});

describe('a vacation ends', () => {
  it('at its end by itself: attacks go again, and the player acts again', async () => {
    const { away, neighbour, endsAt } = await onVacation(3);
    t.clock.set(endsAt - 1);
    expect((await send(t, neighbour.player, order(neighbour, away, 'raid'))).status).toBe(409);
    t.clock.set(endsAt);
    expect((await status(away)).body.vacation).toBeNull();
    expect((await send(t, neighbour.player, order(neighbour, away, 'raid'))).status).toBe(201);
    const hall = (await overview(t, away.player, away.village.id)).buildings.find((b) => b.type === 'great_hall')!;
    expect((await call(away.player, 'PUT', `/api/villages/${away.village.id}/buildings/${hall.id}/upgrade`)).status).toBe(200);
  });

  it('at a sign-in once its minimum has passed, not before', async () => {
    const { away, neighbour, earliestEndAt } = await onVacation(10);
    t.clock.set(earliestEndAt - 1);
    expect((await signIn(away)).statusCode).toBe(200);
    expect((await status(away)).body.vacation).not.toBeNull();
    expect((await send(t, neighbour.player, order(neighbour, away, 'raid'))).status).toBe(409);
    t.clock.set(earliestEndAt + HOUR);
    expect((await signIn(away)).statusCode).toBe(200);
    expect((await status(away)).body).toMatchObject({ vacation: null, refusal: null });
    const [row] = await t.database.db.select().from(vacations).where(eq(vacations.userId, away.player.user.id));
    expect(row!.endsAt.getTime()).toBe(earliestEndAt + HOUR);
    expect((await send(t, neighbour.player, order(neighbour, away, 'raid'))).status).toBe(201);
  });

  it('by End once its minimum has passed (409 before, and when none holds)', async () => {
    const { away, neighbour, earliestEndAt } = await onVacation(10);
    const early = await end(away);
    expect(early).toMatchObject({ status: 409, body: { error: `Your vacation can end from ${iso(earliestEndAt).slice(0, 16).replace('T', ' ')} UTC on: its minimum has not passed yet` } });
    t.clock.set(earliestEndAt);
    const ended = await end(away);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ vacation: null, refusal: null });
    expect(await end(away)).toMatchObject({ status: 409, body: { error: 'You are not on vacation in this world' } });
    expect((await send(t, neighbour.player, order(neighbour, away, 'raid'))).status).toBe(201);
    // A new one may start after.
    await movementsOf(t, neighbour.player);
  });
});

describe('the vacation on the map', () => {
  const areaUrl = (side: Side) => `/api/map/area/${side.village.worldId}/${side.village.x}/${side.village.y}/2`;
  async function tileOf(viewer: Side, at: Side) {
    const res = await t.app.inject({ method: 'GET', url: areaUrl(at), headers: viewer.player.auth });
    expect(res.statusCode).toBe(200);
    const tile = (res.json() as Schema<'MapArea'>).tiles.find((one) => one.x === at.village.x && one.y === at.village.y);
    return { village: tile?.village, etag: String(res.headers.etag), body: res.body };
  }
  const details = async (viewer: Side, at: Side) => (await call<Schema<'VillageDetails'>>(viewer.player, 'GET', `/api/map/village/${at.village.id}`)).body.tile.village;
  const uncached = (at: Side) => mapAreaJson(t.database.db, { worldId: at.village.worldId, x: at.village.x, y: at.village.y, radius: 2 }, t.clock.now());

  it('shows from the start (a new ETag at once), on the area and the village details, and is gone at its end', async () => {
    const away = await veteran('mapv');
    const viewer = await veteran('look');
    const before = await tileOf(viewer, away);
    expect(before.village?.vacationUntil).toBeUndefined();
    const endsAt = now() + 3 * DAY;
    expect((await start(away, endsAt)).status).toBe(201);
    const during = await tileOf(viewer, away);
    expect(during.etag).not.toBe(before.etag);
    expect(during.village).toMatchObject({ id: away.village.id, vacationUntil: iso(endsAt) });
    expect(during.body).toBe(await uncached(away));
    expect((await details(viewer, away))?.vacationUntil).toBe(iso(endsAt));
    expect((await call(away.player, 'GET', `/api/players/${away.player.user.id}`)).body).toMatchObject({ vacations: [{ worldId: away.village.worldId, until: iso(endsAt) }] });

    // The same bytes (304) until the end; at the end new bytes, without the vacation.
    t.clock.set(endsAt - 1);
    expect((await t.app.inject({ method: 'GET', url: areaUrl(away), headers: { ...viewer.player.auth, 'if-none-match': during.etag } })).statusCode).toBe(304);
    t.clock.set(endsAt);
    const after = await tileOf(viewer, away);
    expect(after.etag).not.toBe(during.etag);
    expect(after.village?.vacationUntil).toBeUndefined();
    expect(after.body).toBe(await uncached(away));
    expect((await details(viewer, away))?.vacationUntil).toBeUndefined();
  });

  it('is gone from the very next area when ended early, by End or by a sign-in', async () => {
    for (const how of ['end', 'sign-in'] as const) {
      const away = await veteran('early');
      const viewer = await veteran('look');
      const endsAt = now() + 10 * DAY;
      expect((await start(away, endsAt)).status).toBe(201);
      const during = await tileOf(viewer, away);
      expect(during.village?.vacationUntil).toBe(iso(endsAt));
      t.clock.advance(3 * DAY);
      if (how === 'end') expect((await end(away)).status).toBe(200);
      else expect((await signIn(away)).statusCode).toBe(200);
      const after = await tileOf(viewer, away);
      expect(after.etag, how).not.toBe(during.etag);
      expect(after.village?.vacationUntil, how).toBeUndefined();
      expect(after.body).toBe(await uncached(away));
    }
  });

  it('is written by the cache byte for byte as the uncached reply, with shields too, at every instant', async () => {
    const world = await createWorld(t.database.db, { name: 'Vacation Fjord', size: 40, seed: 91, now: t.clock.now() });
    const cache = new MapAreaCache();
    const startAt = now();
    const sides: Side[] = [];
    // Six players an hour apart around the centre, shielded until 72 to 77 hours; three of them (protected still) go on
    // vacation at 6 hours for 2 to 4 days, until 54, 78 and 102 hours.
    for (let i = 0; i < 6; i++) {
      const side = await newVillage(t, world.id, 'vf');
      await placeAt(t, side.village.id, -10 + 4 * i, (i % 3) * 5);
      sides.push(side);
      t.clock.advance(HOUR);
    }
    for (const [i, days] of [
      [0, 2],
      [2, 3],
      [4, 4],
    ] as const) {
      expect((await start(sides[i]!, now() + days * DAY)).status).toBe(201);
    }
    const count = (json: string, member: string) => (json.match(new RegExp(member, 'g')) ?? []).length;
    for (const [hours, vacationsShown, shieldsShown] of [
      [7, 3, 6],
      [55, 2, 6],
      [73.5, 2, 4],
      [80, 1, 0],
      [103, 0, 0],
    ] as const) {
      t.clock.set(startAt + hours * HOUR);
      for (const query of [
        { worldId: world.id, x: 0, y: 0, radius: 12 },
        { worldId: world.id, x: -8, y: 4, radius: 5 },
      ]) {
        const cached = await cache.area(t.database.db, query, t.clock.now());
        expect(cached.json, `${hours} h`).toBe(await mapAreaJson(t.database.db, query, t.clock.now()));
        if (query.radius === 12) {
          expect(count(cached.json, 'vacationUntil'), `${hours} h`).toBe(vacationsShown);
          expect(count(cached.json, 'protectedUntil'), `${hours} h`).toBe(shieldsShown);
        }
      }
    }
  });
});
