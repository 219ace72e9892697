// World rounds through the API: a victory or an end date closes a world (game actions 409 with how it ended, reads go on,
// nothing happens after the end), its hall of fame keeps the final standing, and a game master opens the next world,
// which players of the old one join.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { requests, startTestApp, type TestApp } from './harness';
import { amounts, giveEmbassy, newVillage, overview, HOUR, MINUTE, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import { withRole } from './proof-world';
import type { Schema } from '../../src/contract';
import { alliances as allianceTable, battleReports, buildings, movements, rankingRuns, villages, wonders, worldHallOfFame, worlds } from '../../src/server/db/schema';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { settleDueWonders } from '../../src/server/wonders/wonders';
import { closeDueWorlds } from '../../src/server/worlds/end-dates';
import { sweepDue } from '../../src/server/sweeper';
import { computeDueStandings } from '../../src/server/rankings/standings';
import { FIGURES_KEPT_MS } from '../../src/server/worlds/figures';
import { levelBuildMs, levelResources } from '../../src/rules/wonders';
import { idOf, type MovementId, type WonderId, type WorldId } from '../../src/rules/ids';

type World = Schema<'World'>;
type HallOfFame = Schema<'HallOfFame'>;

let t: TestApp;
let gm: Player;
beforeAll(async () => {
  t = await startTestApp();
  gm = await withRole(t, 'gamemaster', 'gm');
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

/** A world of its own for a test, small enough to make quickly. */
async function newWorld(name: string, speed = 1): Promise<WorldId> {
  return (await createWorld(t.database.db, { name, speed, size: 80, now: t.clock.now() })).id;
}

/** One pass of the sweeper at the clock's instant, as the running server makes every second. */
const sweep = () => sweepDue(t.database.db, t.clock.now());

/** A player in the world whose capital has a great hall at 20, big stores and plenty of every resource. */
async function builder(world: WorldId, prefix: string): Promise<{ player: Player; village: MadeVillage }> {
  const made = await newVillage(t, world, prefix);
  for (const [type, level] of [['great_hall', 20], ['warehouse', 20], ['granary', 20]] as const) {
    await setBuildingLevel(t.database.db, { villageId: made.village.id, type, level }, t.clock.now());
  }
  await grantToPlayer(t.database.db, made.player.body.email, { timber: 60_000, stone: 60_000, iron: 60_000, mead: 60_000 }, t.clock.now());
  return made;
}

/** The player founds an alliance (their embassy raised for it). */
async function found(player: Player, name: string, tag: string): Promise<Schema<'AllianceWithMembership'>> {
  await giveEmbassy(t, player);
  const res = await call<Schema<'AllianceWithMembership'>>(player, 'POST', '/api/alliances/create', { name, tag, description: 'A clan.', isPublic: true });
  expect(res.status).toBe(201);
  return res.body;
}

/** A Yggdrasil at level 99 in the builder's village whose last level is building now; answers it and when it stands. */
async function lastLevelBuilding(made: { player: Player; village: MadeVillage }): Promise<{ wonder: Schema<'Wonder'>; completesAt: number }> {
  const built = await call<{ wonder: Schema<'Wonder'> }>(made.player, 'POST', '/api/wonders/construct', { villageId: made.village.id, wonderType: 'yggdrasil', wonderName: 'World Ash' });
  expect(built.status).toBe(201);
  const need = levelResources(99);
  await t.database.db
    .update(wonders)
    .set({ level: 99, investedTimber: need.timber - 100, investedStone: need.stone - 100, investedIron: need.iron - 100, investedMead: need.mead - 100 })
    .where(eq(wonders.id, idOf<WonderId>(built.body.wonder.id)));
  const last = await call<{ wonder: Schema<'Wonder'> }>(made.player, 'POST', `/api/wonders/${built.body.wonder.id}/contribute`, {
    villageId: made.village.id,
    resources: { timber: 100, stone: 100, iron: 100, mead: 100 },
  });
  expect(last.body.wonder.status).toBe('under_construction');
  const [world] = await t.database.db.select({ speed: worlds.speed }).from(worlds).where(eq(worlds.id, made.village.worldId));
  return { wonder: last.body.wonder, completesAt: t.clock.now().getTime() + levelBuildMs(99, world.speed) };
}

const worldOf = async (id: WorldId) => (await call<{ world: World }>(gm, 'GET', `/api/worlds/${id}`)).body.world;
const hallOf = (who: Player, id: WorldId) => call<HallOfFame>(who, 'GET', `/api/worlds/${id}/hall-of-fame`);
const fieldOf = (view: Schema<'VillageOverview'>, slot: number) => view.buildings.find((b) => b.slot === slot)!;
const upgrade = (who: Player, village: MadeVillage, buildingId: string) => call(who, 'PUT', `/api/villages/${village.id}/buildings/${buildingId}/upgrade`);

const WON = 'This world has ended: Tree Keepers [YGG] won by completing Yggdrasil. Join the new world from the world list.';

describe('a victory', () => {
  let world: WorldId;
  let keeper: { player: Player; village: MadeVillage };
  let rival: { player: Player; village: MadeVillage };
  let late: MovementId;
  let endedAt: number;
  let frozen: Record<string, number>;

  it('closes the world in the transaction that completes the victory wonder', async () => {
    world = await newWorld('Asgard');
    keeper = await builder(world, 'keep');
    rival = await builder(world, 'riv');
    await found(keeper.player, 'Tree Keepers', 'YGG');
    await joinedLongAgo(t, keeper.player, rival.player);
    await placeAt(t, rival.village.id, keeper.village.x + 4, keeper.village.y);
    const { completesAt } = await lastLevelBuilding(keeper);

    // A battle before the end (combat points for the hall of fame), and a raid that lands after it.
    await station(t, keeper.village.id, { bondi: 15 });
    await station(t, rival.village.id, { huscarl: 40 });
    const first = await send(t, rival.player, { fromVillageId: rival.village.id, toVillageId: keeper.village.id, units: { huscarl: 20 }, movementType: 'raid' });
    expect(first.status).toBe(201);
    t.clock.set(new Date(first.body.movement.arrivesAt).getTime());
    await sweep();
    expect(await t.database.db.select().from(battleReports).where(eq(battleReports.worldId, world))).toHaveLength(1);

    t.clock.set(completesAt - MINUTE);
    const second = await send(t, rival.player, { fromVillageId: rival.village.id, toVillageId: keeper.village.id, units: { huscarl: 10 }, movementType: 'raid' });
    expect(second.status).toBe(201);
    expect(new Date(second.body.movement.arrivesAt).getTime()).toBeGreaterThan(completesAt);
    late = idOf<MovementId>(second.body.movement.id);
    // An upgrade that would finish after the end.
    t.clock.set(completesAt - 1000);
    const field = fieldOf(await overview(t, rival.player, rival.village.id), 1);
    expect((await upgrade(rival.player, rival.village, field.id)).status).toBe(200);

    t.clock.set(completesAt);
    expect(await settleDueWonders(t.database.db, t.clock.now(), [world])).toBe(1);
    const ended = await worldOf(world);
    expect(ended).toMatchObject({ status: 'ended', endsAt: new Date(completesAt).toISOString() });
    endedAt = completesAt;
    frozen = amounts(await overview(t, rival.player, rival.village.id));
  });

  it('refuses every game action there with 409 and how the world ended', async () => {
    const view = await overview(t, rival.player, rival.village.id);
    const refusals = [
      await upgrade(keeper.player, keeper.village, fieldOf(await overview(t, keeper.player, keeper.village.id), 2).id),
      await call(rival.player, 'POST', `/api/villages/${rival.village.id}/buildings`, { buildingType: 'barracks', slot: 30 }),
      await call(rival.player, 'POST', `/api/villages/${rival.village.id}/units`, { unitType: 'bondi', count: 1 }),
      await call(rival.player, 'PUT', `/api/map/village/${rival.village.id}/rename`, { name: 'Too Late' }),
      await send(t, rival.player, { fromVillageId: rival.village.id, toVillageId: keeper.village.id, units: { huscarl: 1 }, movementType: 'raid' }),
      await call(rival.player, 'POST', '/api/heroes/recruit', { villageId: rival.village.id, heroType: 'skald' }),
      await call(rival.player, 'POST', `/api/villages/${rival.village.id}/market/exchange`, { from: 'timber', to: 'stone', amount: 10 }),
      await call(rival.player, 'POST', `/api/worlds/${world}/vacation`, { endsAt: new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString() }),
      await call((await newVillage(t, undefined, 'late')).player, 'POST', `/api/worlds/${world}/join`),
    ];
    for (const res of refusals) {
      expect([res.status, res.body.error]).toEqual([409, WON]);
      expect(res.body).toMatchObject({ code: 'world_ended_victory', params: { winner: 'Tree Keepers [YGG]', wonder: 'yggdrasil' } });
    }
    // Nothing of those changed the village.
    expect((await overview(t, rival.player, rival.village.id)).buildings).toEqual(view.buildings);
  });

  it('keeps the world readable', async () => {
    expect((await call(rival.player, 'GET', `/api/villages/${rival.village.id}`)).status).toBe(200);
    expect((await call(rival.player, 'GET', '/api/game/movements')).status).toBe(200);
    expect((await call(rival.player, 'GET', `/api/worlds/${world}/rankings/players`)).status).toBe(200);
    expect((await call(rival.player, 'GET', `/api/wonders?worldId=${world}`)).status).toBe(200);
    expect((await call(rival.player, 'GET', `/api/map/area/${world}/0/0/5`)).status).toBe(200);
    const notices = await call<Schema<'WorldNotices'>>(rival.player, 'GET', `/api/worlds/${world}/notices`);
    expect(notices.body).toMatchObject({ endsAt: new Date(endedAt).toISOString(), ended: { message: WON, code: 'world_ended_victory', params: { winner: 'Tree Keepers [YGG]', wonder: 'yggdrasil' }, hallOfFame: true } });
  });

  it('stops the armies on the way and the queues at the end: nothing happens after it', async () => {
    t.clock.set(endedAt + 30 * HOUR);
    await sweep();
    const [raid] = await t.database.db.select().from(movements).where(eq(movements.id, late));
    expect(raid.resolvedAt).toBeNull();
    // It is no longer shown on the way; the raid that landed before the end came home.
    const shown = (await call<{ movements: Schema<'Movement'>[] }>(rival.player, 'GET', '/api/game/movements')).body.movements;
    expect(shown.map((m) => m.id)).not.toContain(late);
    expect(await t.database.db.select().from(battleReports).where(eq(battleReports.worldId, world))).toHaveLength(1);
    const after = await overview(t, rival.player, rival.village.id);
    expect(fieldOf(after, 1).level).toBe(0);
    expect(amounts(after)).toEqual(frozen);
    const [stored] = await t.database.db.select().from(villages).where(eq(villages.id, rival.village.id));
    expect(stored.resourcesAt.getTime()).toBeLessThanOrEqual(endedAt);
  });

  it('keeps the standing of the close in the hall of fame', async () => {
    const fame = await hallOf(rival.player, world);
    expect(fame.status).toBe(200);
    const alliance = (await call<Schema<'AllianceWithMembership'>>(keeper.player, 'GET', '/api/alliances/my-alliance')).body.alliance;
    expect(fame.body).toMatchObject({
      world: { id: world, name: 'Asgard' },
      reason: 'victory',
      endedAt: new Date(endedAt).toISOString(),
      summary: 'Tree Keepers [YGG] won by completing Yggdrasil',
      winner: { id: alliance.id, tag: 'YGG', name: 'Tree Keepers' },
      victory: {
        type: 'wonder_victory',
        achievedAt: new Date(endedAt).toISOString(),
        wonder: { name: 'World Ash', type: 'yggdrasil' },
        user: { id: keeper.player.user.id, username: keeper.player.user.username },
      },
    });
    const { standing } = fame.body;
    expect(standing.players.map((p) => p.player.id).sort()).toEqual([keeper.player.user.id, rival.player.user.id].sort());
    expect(standing.players.map((p) => p.rank)).toEqual([1, 2]);
    expect(standing.alliances).toEqual([expect.objectContaining({ rank: 1, alliance: { id: alliance.id, tag: 'YGG', name: 'Tree Keepers' }, members: 1 })]);
    expect(standing.attackers[0]).toMatchObject({ rank: 1, player: { id: rival.player.user.id } });
    expect(standing.attackers[0].points).toBeGreaterThan(0);
    expect(standing.defenders[0]).toMatchObject({ rank: 1, player: { id: keeper.player.user.id } });
    expect(standing.heroes).toEqual([]);
    // Stable: the winners' alliance dissolved afterwards (its last member leaves) still stands in it, and the rankings are
    // computed no more.
    expect((await call(keeper.player, 'POST', '/api/alliances/leave')).status).toBe(200);
    const [run] = await t.database.db.select().from(rankingRuns).where(eq(rankingRuns.worldId, world));
    t.clock.advance(HOUR);
    await computeDueStandings(t.database.db, t.clock.now());
    const [again] = await t.database.db.select().from(rankingRuns).where(eq(rankingRuns.worldId, world));
    expect(again.computedAt).toEqual(run.computedAt);
    expect((await hallOf(keeper.player, world)).body).toEqual(fame.body);
  });

  it('is no hall of fame of a world still played, nor of no world', async () => {
    const open = await newWorld('Still Going');
    const still = await hallOf(rival.player, open);
    expect(still.status).toBe(404);
    expect(still.body).toMatchObject({ code: 'world_not_ended' });
    expect((await hallOf(rival.player, idOf<WorldId>('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });
});

describe('an end date', () => {
  let world: WorldId;
  let leader: { player: Player; village: MadeVillage };
  let second: { player: Player; village: MadeVillage };
  let endsAt: number;

  it('is set by a game master, ahead only, and cleared again', async () => {
    world = await newWorld('Vanaheim');
    leader = await builder(world, 'lead');
    second = await builder(world, 'sec');
    await found(leader.player, 'Vanir', 'VAN');
    await found(second.player, 'Aesir', 'AES');
    const url = `/api/gamemaster/worlds/${world}/end-date`;
    const now = t.clock.now().getTime();
    expect((await call(leader.player, 'PUT', url, { endsAt: new Date(now + HOUR).toISOString() })).status).toBe(403);
    const past = await call(gm, 'PUT', url, { endsAt: new Date(now - 1).toISOString() });
    expect([past.status, past.body.error, past.body.code]).toEqual([400, 'The end date must lie in the future', 'end_date_in_past']);
    expect((await call(gm, 'PUT', url, { endsAt: new Date(now + 11 * 365 * 86_400_000).toISOString() })).status).toBe(400);
    expect((await call(gm, 'PUT', url, { endsAt: 'tomorrow' })).status).toBe(400);
    expect((await call(gm, 'PUT', `/api/gamemaster/worlds/00000000-0000-4000-8000-000000000000/end-date`, { endsAt: null })).status).toBe(404);
    expect((await worldOf(world)).endsAt).toBeNull();
    const set = await call<{ world: World }>(gm, 'PUT', url, { endsAt: new Date(now + HOUR).toISOString() });
    expect(set.body.world).toMatchObject({ status: 'online', endsAt: new Date(now + HOUR).toISOString() });
    expect((await call<{ world: World }>(gm, 'PUT', url, { endsAt: null })).body.world.endsAt).toBeNull();
    endsAt = now + 2 * HOUR;
    expect((await call<{ world: World }>(gm, 'PUT', url, { endsAt: new Date(endsAt).toISOString() })).body.world.endsAt).toBe(new Date(endsAt).toISOString());
    expect((await call<Schema<'WorldNotices'>>(leader.player, 'GET', `/api/worlds/${world}/notices`)).body).toMatchObject({ endsAt: new Date(endsAt).toISOString(), ended: null });
  });

  it('closes the world when the sweeper passes it, exactly at it', async () => {
    // The leading alliance by population: the leader's capital grows.
    await t.database.db.update(buildings).set({ level: 10 }).where(and(eq(buildings.villageId, leader.village.id), eq(buildings.slot, 1)));
    t.clock.set(endsAt - 1000);
    await sweep();
    expect((await worldOf(world)).status).toBe('online');
    const field = fieldOf(await overview(t, second.player, second.village.id), 2);
    expect((await upgrade(second.player, second.village, field.id)).status).toBe(200);

    // At the end date, before the sweeper came by: refused already, while the standing is being counted.
    t.clock.set(endsAt);
    const early = await call(second.player, 'POST', `/api/villages/${second.village.id}/units`, { unitType: 'bondi', count: 1 });
    expect([early.status, early.body.error]).toEqual([
      409,
      'This world has ended: its end date has come and its final standing is being counted. Join the new world from the world list.',
    ]);
    expect(early.body.code).toBe('world_ended_counting');
    await sweep();
    expect(await worldOf(world)).toMatchObject({ status: 'ended', endsAt: new Date(endsAt).toISOString() });
    const refused = await upgrade(leader.player, leader.village, fieldOf(await overview(t, leader.player, leader.village.id), 3).id);
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'This world has ended: its end date came with Vanir [VAN] leading the alliance rankings. Join the new world from the world list.',
    ]);
    expect(refused.body).toMatchObject({ code: 'world_ended_date_leader', params: { alliance: 'Vanir [VAN]' } });
    const fame = (await hallOf(second.player, world)).body;
    expect(fame).toMatchObject({ reason: 'end_date', endedAt: new Date(endsAt).toISOString(), winner: { tag: 'VAN', name: 'Vanir' }, victory: null });
    expect(fame.standing.players[0].player.id).toBe(leader.player.user.id);
    expect(fame.standing.alliances.map((a) => a.alliance.tag)).toEqual(['VAN', 'AES']);
    // A second pass (another process's sweeper) closes nothing more.
    expect(await closeDueWorlds(t.database.db, t.clock.now())).toEqual([]);
    expect(await t.database.db.select().from(worldHallOfFame).where(eq(worldHallOfFame.worldId, world))).toHaveLength(1);
  });

  it('cannot be moved, nor the world put in maintenance, once the world has ended', async () => {
    const moved = await call(gm, 'PUT', `/api/gamemaster/worlds/${world}/end-date`, { endsAt: new Date(t.clock.now().getTime() + HOUR).toISOString() });
    expect(moved.status).toBe(409);
    const paused = await call(gm, 'PUT', `/api/gamemaster/worlds/${world}/status`, { status: 'maintenance' });
    expect([paused.status, paused.body.error, paused.body.code]).toEqual([409, 'This world has ended; its status no longer changes', 'world_status_ended']);
    expect((await call(gm, 'PUT', `/api/gamemaster/worlds/${world}/status`, { status: 'ended' })).status).toBe(400);
    expect((await worldOf(world)).status).toBe('ended');
  });

  it('lets a game master open a new world, which a player of the old one joins and plays', async () => {
    const opened = await call<{ world: World }>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Vanaheim II', speed: 2, size: 80 });
    expect(opened.status).toBe(201);
    expect(opened.body.world).toMatchObject({ status: 'online', speed: 2, size: 80, endsAt: null, players: 0 });
    const listed = (await call<{ worlds: World[] }>(second.player, 'GET', '/api/worlds')).body.worlds;
    expect(listed.find((w) => w.id === world)).toMatchObject({ status: 'ended', players: 2 });
    expect(listed.find((w) => w.id === opened.body.world.id)).toMatchObject({ status: 'online' });

    const joined = await call<Schema<'JoinWorldResponse'>>(second.player, 'POST', `/api/worlds/${opened.body.world.id}/join`);
    expect(joined.status).toBe(201);
    expect(joined.body.world.players).toBe(1);
    // The new round's village comes first in the player's list; the old one stays, readable.
    const villagesNow = (await call<{ villages: Schema<'Village'>[] }>(second.player, 'GET', '/api/villages')).body.villages;
    expect(villagesNow.map((v) => v.worldId)).toEqual([opened.body.world.id, world]);
    expect((await call(second.player, 'GET', `/api/villages/${second.village.id}`)).status).toBe(200);
    const fresh = await overview(t, second.player, joined.body.village.id);
    expect((await upgrade(second.player, { ...second.village, id: idOf(joined.body.village.id) }, fieldOf(fresh, 1).id)).status).toBe(200);
    expect((await upgrade(second.player, second.village, fieldOf(await overview(t, second.player, second.village.id), 4).id)).status).toBe(409);
    // The player keeps their account, alliance and all: the same session plays on.
    expect((await call<Schema<'AllianceWithMembership'>>(second.player, 'GET', '/api/alliances/my-alliance')).body.alliance.tag).toBe('AES');
  });
});

describe('a victory and the end date at the same instant', () => {
  it('close the world once, as a victory', async () => {
    const world = await newWorld('Jotunheim');
    const made = await builder(world, 'jot');
    await found(made.player, 'Frost Giants', 'FRST');
    const { completesAt } = await lastLevelBuilding(made);
    expect((await call(gm, 'PUT', `/api/gamemaster/worlds/${world}/end-date`, { endsAt: new Date(completesAt).toISOString() })).status).toBe(200);
    t.clock.set(completesAt);
    const db = t.database.db;
    const now = t.clock.now();
    const [, ...closedByDate] = await Promise.all([
      settleDueWonders(db, now, [world]),
      closeDueWorlds(db, now),
      closeDueWorlds(db, now),
      call(made.player, 'GET', `/api/wonders?worldId=${world}`),
      sweepDue(db, now),
    ]);
    expect(closedByDate.slice(0, 2).flat().filter((id) => id === world)).toEqual([]);
    const rows = await db.select().from(worldHallOfFame).where(eq(worldHallOfFame.worldId, world));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'victory', endedAt: new Date(completesAt) });
    expect(rows[0].winner).toMatchObject({ tag: 'FRST' });
    expect(await worldOf(world)).toMatchObject({ status: 'ended', endsAt: new Date(completesAt).toISOString() });
  });
});

describe('the public figures', () => {
  it('count players with a village, alliances, worlds still played and battles, anew once a minute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/figures' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const db = t.database.db;
    const owners = new Set((await db.select({ id: villages.ownerId }).from(villages)).map((v) => v.id).filter((id) => id !== null));
    const open = (await db.select().from(worlds)).filter((w) => w.status !== 'ended');
    const battles = (await db.select().from(battleReports)).filter((r) => r.type !== 'scout');
    const alliances = (await db.select().from(allianceTable)).length;
    expect(res.json()).toEqual({ players: owners.size, alliances, worlds: open.length, battles: battles.length });
    expect(open.length).toBeGreaterThanOrEqual(2);

    // A new player within the minute is not counted yet; a minute later they are.
    await newVillage(t, undefined, 'fig');
    expect((await t.app.inject({ method: 'GET', url: '/api/public/figures' })).json().players).toBe(owners.size);
    t.clock.advance(FIGURES_KEPT_MS);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/figures' })).json().players).toBe(owners.size + 1);
  });
});
