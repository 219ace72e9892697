// Worlds API: the list, one world, joining (the capital and its place on the map), full and closed worlds, the leaderboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newPlayer, registerPlayer, startTestApp, type TestApp } from './harness';
import { amounts, expectSchema, newVillage, overview, worldId, type VillageJson } from './village-helpers';
import { buildings, villages, worlds } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { capitalName } from '../../src/server/worlds/worlds';
import { GameError } from '../../src/server/errors';
import { joinTogether } from '../../src/server/worlds/joining';
import { isEmptyLand } from '../../src/rules/terrain';
import { distance } from '../../src/rules/world';
import { population } from '../../src/rules/economy';
import { STARTING_RESOURCES as START } from '../../src/rules/resources';
import type { WorldId } from '../../src/rules/ids';

let t: TestApp;
let midgard: WorldId;
beforeAll(async () => {
  t = await startTestApp();
  midgard = await worldId(t);
});
afterAll(async () => {
  await t.close();
});

interface WorldJson {
  id: string;
  name: string;
  status: string;
  players: number;
  maxPlayers: number;
  speed: number;
  size: number;
  seed?: number;
}

describe('GET /api/worlds', () => {
  it('lists Midgard, online and empty at first', async () => {
    const player = await registerPlayer(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/worlds', headers: player.auth });
    expect(res.statusCode).toBe(200);
    expectSchema('WorldList', res.json());
    const midgardJson = (res.json().worlds as WorldJson[]).find((w) => w.name === 'Midgard');
    expect(midgardJson).toMatchObject({ id: midgard, status: 'online', players: 0, maxPlayers: 500, speed: 1, size: 200 });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/worlds' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/worlds/{id}', () => {
  it('returns one world, 404 for an unknown id and 400 for a malformed one', async () => {
    const player = await registerPlayer(t.app);
    const ok = await t.app.inject({ method: 'GET', url: `/api/worlds/${midgard}`, headers: player.auth });
    expect(ok.statusCode).toBe(200);
    expectSchema('WorldResponse', ok.json());
    expect(ok.json().world.name).toBe('Midgard');
    const missing = await t.app.inject({ method: 'GET', url: '/api/worlds/00000000-0000-4000-8000-000000000000', headers: player.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('No such world');
    const bad = await t.app.inject({ method: 'GET', url: '/api/worlds/nope', headers: player.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/worlds/{id}/join', () => {
  it('founds a capital with the starting stock of each resource, 18 fields and a great hall, on empty land inside the ring', async () => {
    const player = await registerPlayer(t.app, newPlayer('join'));
    const res = await t.app.inject({ method: 'POST', url: `/api/worlds/${midgard}/join`, headers: player.auth });
    expect(res.statusCode).toBe(201);
    expectSchema('JoinWorldResponse', res.json());
    const { world, village } = res.json() as { world: WorldJson; village: VillageJson };
    expect(world.id).toBe(midgard);
    expect(world.players).toBeGreaterThanOrEqual(1);
    expect(village).toMatchObject({
      name: `${player.user.username}'s village`,
      isCapital: true,
      loyalty: 100,
      worldId: midgard,
      ownerId: player.user.id,
      population: population([{ type: 'great_hall', level: 1 }]),
    });
    const fromCentre = distance(0, 0, village.x, village.y);
    expect(fromCentre).toBeGreaterThanOrEqual(40);
    expect(fromCentre).toBeLessThanOrEqual(120);
    const [{ seed }] = await t.database.db.select({ seed: worlds.seed }).from(worlds).where(eq(worlds.id, midgard));
    expect(isEmptyLand(seed, village.x, village.y)).toBe(true);

    const view = await overview(t, player, village.id);
    expectSchema('VillageOverview', view);
    expect(amounts(view)).toEqual({ timber: START, stone: START, iron: START, mead: START });
    const fields = view.buildings.filter((b) => b.slot <= 18);
    expect(fields).toHaveLength(18);
    expect(fields.every((b) => b.level === 0 && !b.isUpgrading)).toBe(true);
    const count = (type: string) => fields.filter((b) => b.type === type).length;
    expect([count('timber_camp'), count('stone_quarry'), count('iron_mine'), count('mead_hall')]).toEqual([4, 4, 4, 6]);
    expect(view.buildings.filter((b) => b.slot > 18)).toEqual([
      expect.objectContaining({ slot: 19, type: 'great_hall', level: 1, isUpgrading: false }),
    ]);
    expect(view.units).toEqual([]);
    expect(view.availableUnitTypes).toEqual([]);
  });

  it('refuses a second join of the same world with 409', async () => {
    const { player } = await newVillage(t, midgard, 'twice');
    const before = (await t.app.inject({ method: 'GET', url: `/api/worlds/${midgard}`, headers: player.auth })).json().world.players;
    const again = await t.app.inject({ method: 'POST', url: `/api/worlds/${midgard}/join`, headers: player.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You already have a village in this world');
    const after = (await t.app.inject({ method: 'GET', url: `/api/worlds/${midgard}`, headers: player.auth })).json().world.players;
    expect(after).toBe(before);
  });

  it('lets one of two racing joins by the same player win', async () => {
    const player = await registerPlayer(t.app, newPlayer('race'));
    const results = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: `/api/worlds/${midgard}/join`, headers: player.auth })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const mine = await t.database.db
      .select()
      .from(villages)
      .where(and(eq(villages.worldId, midgard), eq(villages.ownerId, player.user.id)));
    expect(mine).toHaveLength(1);
  });

  it('keeps capitals at least 3 tiles apart, also when players join at once', async () => {
    const world = await createWorld(t.database.db, { name: 'Crowded' });
    const players = await Promise.all(Array.from({ length: 12 }, () => registerPlayer(t.app, newPlayer('crowd'))));
    const results = await Promise.all(players.map((p) => t.app.inject({ method: 'POST', url: `/api/worlds/${world.id}/join`, headers: p.auth })));
    expect(results.map((r) => r.statusCode)).toEqual(players.map(() => 201));
    const spots = results.map((r) => r.json().village as VillageJson);
    for (const [i, a] of spots.entries()) {
      const fromCentre = distance(0, 0, a.x, a.y);
      expect(fromCentre).toBeGreaterThanOrEqual(40);
      expect(fromCentre).toBeLessThanOrEqual(120);
      for (const b of spots.slice(i + 1)) expect(distance(a.x, a.y, b.x, b.y)).toBeGreaterThanOrEqual(3);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.id}`, headers: players[0].auth });
    expect(res.json().world.players).toBe(12);
  });

  it('founds players joining at once in one transaction, each refused alone when already in or when the world fills', async () => {
    const world = await createWorld(t.database.db, { name: 'Opening', maxPlayers: 3 });
    const [a, b, c, d] = (await Promise.all(Array.from({ length: 4 }, () => registerPlayer(t.app, newPlayer('open'))))).map((p) => ({ user: p.user }));
    const outcomes = await joinTogether(t.database.db, world.id, [a!, b!, a!, c!, d!], t.clock.now());
    expect(outcomes.map((o) => ('reply' in o ? o.reply.world.players : o.error instanceof GameError ? `${o.error.status} ${o.error.code}` : o.error))).toEqual([1, 2, '409 already_joined', 3, '409 world_full']);
    const standing = await t.database.db.select().from(villages).where(eq(villages.worldId, world.id));
    const capitals = standing.filter((v) => v.ownerId !== null);
    expect(capitals.map((v) => v.ownerId).sort()).toEqual([a!.user.id, b!.user.id, c!.user.id].sort());
    // Placed against each other as well as against what stood: spacing kept, and each capital's barbarians beside it.
    for (const [i, v] of standing.entries()) for (const w of standing.slice(i + 1)) expect(distance(v.x, v.y, w.x, w.y)).toBeGreaterThanOrEqual(3);
    for (const capital of capitals) {
      const near = standing.filter((v) => v.ownerId === null && distance(v.x, v.y, capital.x, capital.y) <= 10);
      expect(near.length).toBeGreaterThanOrEqual(3);
    }
    // The replies are what the route answers: each capital with its 18 fields and great hall.
    for (const outcome of outcomes) if ('reply' in outcome) expectSchema('JoinWorldResponse', outcome.reply);
  });

  it('refuses to join a full world with 409', async () => {
    const world = await createWorld(t.database.db, { name: 'Tiny' });
    await t.database.db.update(worlds).set({ maxPlayers: 1 }).where(eq(worlds.id, world.id));
    await newVillage(t, world.id, 'first');
    const late = await registerPlayer(t.app, newPlayer('late'));
    const res = await t.app.inject({ method: 'POST', url: `/api/worlds/${world.id}/join`, headers: late.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This world is full');
  });

  it('answers 404 for an unknown world', async () => {
    const player = await registerPlayer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/worlds/00000000-0000-4000-8000-000000000000/join', headers: player.auth });
    expect(res.statusCode).toBe(404);
  });

  it('cuts a long username so the capital name fits 30 characters', () => {
    expect(capitalName('Ragnar')).toBe("Ragnar's village");
    const long = capitalName('a'.repeat(40));
    expect([...long]).toHaveLength(30);
    expect(long.endsWith("'s village")).toBe(true);
  });
});

describe('a world in maintenance', () => {
  it('refuses joining and game actions with 503 but still lets players read', async () => {
    const world = await createWorld(t.database.db, { name: 'Asgard' });
    const { player, village } = await newVillage(t, world.id, 'maint');
    const [field] = await t.database.db
      .select()
      .from(buildings)
      .where(and(eq(buildings.villageId, village.id), eq(buildings.slot, 1)));
    await t.database.db.update(worlds).set({ status: 'maintenance' }).where(eq(worlds.id, world.id));

    const newcomer = await registerPlayer(t.app, newPlayer('maint'));
    const join = await t.app.inject({ method: 'POST', url: `/api/worlds/${world.id}/join`, headers: newcomer.auth });
    expect(join.statusCode).toBe(503);
    expect(join.json().error).toMatch(/maintenance/);

    const actions = [
      { method: 'POST' as const, url: `/api/villages/${village.id}/buildings`, payload: { buildingType: 'embassy', slot: 21 } },
      { method: 'PUT' as const, url: `/api/villages/${village.id}/buildings/${field.id}/upgrade` },
      { method: 'POST' as const, url: `/api/villages/${village.id}/units`, payload: { unitType: 'bondi' } },
      { method: 'PUT' as const, url: `/api/map/village/${village.id}/rename`, payload: { name: 'Closed Hall' } },
    ];
    for (const action of actions) {
      const res = await t.app.inject({ ...action, headers: player.auth });
      expect(res.statusCode, action.url).toBe(503);
      expect(res.json().error).toMatch(/maintenance/);
    }
    const view = await overview(t, player, village.id);
    expect(view.village.name).toBe(village.name);
    expect(amounts(view)).toEqual({ timber: START, stone: START, iron: START, mead: START });
    const worldJson = (await t.app.inject({ method: 'GET', url: `/api/worlds/${world.id}`, headers: player.auth })).json().world;
    expect(worldJson.status).toBe('maintenance');
  });
});

describe('GET /api/worlds/{id}/leaderboard', () => {
  it('ranks players by the total population of their villages', async () => {
    const world = await createWorld(t.database.db, { name: 'Vanaheim' });
    const small = await newVillage(t, world.id, 'small');
    const big = await newVillage(t, world.id, 'big');
    const middle = await newVillage(t, world.id, 'mid');
    // Raise some levels directly: big gets great hall 8, middle two timber camps at 2.
    await t.database.db
      .update(buildings)
      .set({ level: 8 })
      .where(and(eq(buildings.villageId, big.village.id), eq(buildings.slot, 19)));
    for (const slot of [1, 2]) {
      await t.database.db
        .update(buildings)
        .set({ level: 2 })
        .where(and(eq(buildings.villageId, middle.village.id), eq(buildings.slot, slot)));
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.id}/leaderboard`, headers: small.player.auth });
    expect(res.statusCode).toBe(200);
    expectSchema('WorldLeaderboard', res.json());
    const { worldId: id, leaderboard } = res.json() as {
      worldId: string;
      leaderboard: { rank: number; user: { id: string; username: string }; population: number; villageCount: number; alliance: unknown }[];
    };
    expect(id).toBe(world.id);
    expect(leaderboard.map((e) => e.user.id)).toEqual([big.player.user.id, middle.player.user.id, small.player.user.id]);
    expect(leaderboard.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(leaderboard.map((e) => e.population)).toEqual([
      population([{ type: 'great_hall', level: 8 }]),
      population([
        { type: 'great_hall', level: 1 },
        { type: 'timber_camp', level: 4 },
      ]),
      population([{ type: 'great_hall', level: 1 }]),
    ]);
    expect(leaderboard.every((e) => e.villageCount === 1 && e.alliance === null)).toBe(true);

    const top = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.id}/leaderboard?limit=1`, headers: small.player.auth });
    expect(top.json().leaderboard).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.id}/leaderboard?limit=0`, headers: small.player.auth });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/worlds/00000000-0000-4000-8000-000000000000/leaderboard',
      headers: small.player.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/villages', () => {
  it("lists the caller's villages of every world, capital first, each with its world", async () => {
    const { player, village } = await newVillage(t, midgard, 'list');
    const other = await createWorld(t.database.db, { name: 'Jotunheim' });
    const second = await t.app.inject({ method: 'POST', url: `/api/worlds/${other.id}/join`, headers: player.auth });
    expect(second.statusCode).toBe(201);
    // Only one of them may stay a capital for the order to show: make the second an ordinary village.
    await t.database.db.update(villages).set({ isCapital: false }).where(eq(villages.id, second.json().village.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/villages', headers: player.auth });
    expect(res.statusCode).toBe(200);
    expectSchema('VillageList', res.json());
    const list = res.json().villages as VillageJson[];
    expect(list.map((v) => [v.id, v.worldId])).toEqual([
      [village.id, midgard],
      [second.json().village.id, other.id],
    ]);
    const stranger = await registerPlayer(t.app);
    const empty = await t.app.inject({ method: 'GET', url: '/api/villages', headers: stranger.auth });
    expect(empty.json()).toEqual({ villages: [] });
  });

  it('GET /api/villages/{id} returns the village; 403 for a foreign one, 404 for an unknown id', async () => {
    const { player, village } = await newVillage(t, midgard, 'one');
    const res = await t.app.inject({ method: 'GET', url: `/api/villages/${village.id}`, headers: player.auth });
    expect(res.statusCode).toBe(200);
    expectSchema('VillageResponse', res.json());
    expect(res.json().village).toEqual(village);
    const stranger = await registerPlayer(t.app);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/villages/${village.id}`, headers: stranger.auth });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('This village is not yours');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/villages/00000000-0000-4000-8000-000000000000', headers: player.auth });
    expect(unknown.statusCode).toBe(404);
  });
});
