// Map API: areas of tiles, search, village details, oases, travel time and world figures, checked against openapi.yaml.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerPlayer, startTestApp, type TestApp } from './harness';
import { expectSchema } from './contract';
import { createWorld } from '../../src/server/operators/world-admin';
import { buildings, villages, worlds, type WorldRow } from '../../src/server/db/schema';
import { terrainAt } from '../../src/rules/terrain';
import { population } from '../../src/rules/economy';
import type { BuildingType } from '../../src/rules/buildings';
import type { PlayerId, WorldId } from '../../src/rules/ids';

interface Tile {
  x: number;
  y: number;
  type: string;
  worldId: string;
  resourceType: string | null;
  resourceBonus: number | null;
  bonuses?: { resourceType: string; percent: number }[];
  distance: number;
  village?: { id: string; name: string; owner: { id: string; username: string }; population: number; alliance?: unknown };
}

type Player = Awaited<ReturnType<typeof registerPlayer>>;

let t: TestApp;
let world: WorldRow;
let small: WorldRow;
let closed: WorldRow;
let owner: Player;
let other: Player;
let jomsborg: typeof villages.$inferSelect;

const JOMSBORG_BUILDINGS: { slot: number; type: BuildingType; level: number }[] = [
  { slot: 1, type: 'timber_camp', level: 3 },
  { slot: 2, type: 'timber_camp', level: 1 },
  { slot: 5, type: 'stone_quarry', level: 2 },
  { slot: 13, type: 'mead_hall', level: 4 },
  { slot: 19, type: 'great_hall', level: 2 },
  { slot: 20, type: 'barracks', level: 1 },
];

const BUILDING_POP = { great_hall: population([{ type: 'great_hall', level: 1 }]), barracks: population([{ type: 'barracks', level: 1 }]) };

/** A village of a player who joined a month ago: past beginner protection, so the map shows no shield on it. */
async function addVillage(worldId: WorldId, ownerId: PlayerId, name: string, x: number, y: number) {
  const joinedAt = new Date(t.clock.now().getTime() - 30 * 86_400_000);
  const [row] = await t.database.db
    .insert(villages)
    .values({ worldId, ownerId, name, x, y, timber: 750, stone: 750, iron: 750, mead: 750, resourcesAt: t.clock.now(), createdAt: joinedAt })
    .returning();
  return row;
}

function get(url: string, player: Player | null = owner, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...(player ? player.auth : {}), ...headers } });
}

async function area(worldId: string, x: number, y: number, radius: number): Promise<Tile[]> {
  const res = await get(`/api/map/area/${worldId}/${x}/${y}/${radius}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expectSchema('MapArea', body);
  return body.tiles;
}

beforeAll(async () => {
  t = await startTestApp();
  world = await createWorld(t.database.db, { name: 'Map seed 42', seed: 42 });
  small = await createWorld(t.database.db, { name: 'Map small', seed: 42, size: 10 });
  closed = await createWorld(t.database.db, { name: 'Map closed', seed: 7 });
  await t.database.db.update(worlds).set({ status: 'maintenance' }).where(eq(worlds.id, closed.id));
  owner = await registerPlayer(t.app);
  other = await registerPlayer(t.app);
  jomsborg = await addVillage(world.id, owner.user.id, 'Jomsborg', 3, -4);
  await t.database.db
    .insert(buildings)
    .values(JOMSBORG_BUILDINGS.map((b) => ({ ...b, villageId: jomsborg.id, updatedAt: t.clock.now() })));
  await addVillage(world.id, other.user.id, 'Hedeby', 6, -4);
  await addVillage(world.id, other.user.id, 'Birka 50%', -30, 12);
  await addVillage(world.id, owner.user.id, 'jorvik', 40, 40);
  await addVillage(small.id, owner.user.id, 'Kaupang', 0, 0);
});
afterAll(async () => {
  await t.close();
});

describe('map area', () => {
  it('pins the terrain of seed 42 (the same tiles the rules test pins)', async () => {
    const pins: [number, number, string, string | null, number, { resourceType: string; percent: number }[] | undefined][] = [
      [0, 0, 'empty', null, 0, undefined],
      [0, 10, 'water', null, 0, undefined],
      [-150, 120, 'water', null, 0, undefined],
      [-20, 0, 'forest', 'timber', 10, undefined],
      [-20, -3, 'mountain', 'stone', 10, undefined],
      [-19, -15, 'oasis', 'stone', 25, [{ resourceType: 'stone', percent: 25 }]],
      [57, 7, 'oasis', 'iron', 25, [{ resourceType: 'iron', percent: 25 }, { resourceType: 'mead', percent: 25 }]],
      [4, 9, 'oasis', 'mead', 50, [{ resourceType: 'mead', percent: 50 }]],
      [199, -199, 'empty', null, 0, undefined],
    ];
    for (const [x, y, type, resourceType, resourceBonus, bonuses] of pins) {
      const centre = (await area(world.id, x, y, 1))[4];
      expect(centre).toEqual({ x, y, type, worldId: world.id, resourceType, resourceBonus, distance: 0, ...(bonuses ? { bonuses } : {}) });
    }
  });

  it('agrees with the terrain generator on every tile of a radius-25 area', async () => {
    const tiles = await area(world.id, -100, 50, 25);
    for (const tile of tiles) {
      const terrain = terrainAt(42, tile.x, tile.y);
      // The world's barbarian villages stand on some tiles: a village shows instead of the empty land it stands on.
      if (tile.type === 'village') expect([terrain.type, tile.resourceType, tile.resourceBonus]).toEqual(['empty', null, 0]);
      else expect([tile.type, tile.resourceType, tile.resourceBonus]).toEqual([terrain.type, terrain.resourceType, terrain.resourceBonus]);
    }
  });

  it('returns (2r+1)^2 tiles row by row from the highest y, x ascending, with distances from the centre', async () => {
    const tiles = await area(world.id, 10, -5, 3);
    expect(tiles).toHaveLength(49);
    expect([tiles[0].x, tiles[0].y]).toEqual([7, -2]);
    expect([tiles[48].x, tiles[48].y]).toEqual([13, -8]);
    expect(tiles[24]).toMatchObject({ x: 10, y: -5, distance: 0 });
    tiles.forEach((tile, i) => {
      expect(tile.x).toBe(7 + (i % 7));
      expect(tile.y).toBe(-2 - Math.floor(i / 7));
      expect(tile.distance).toBe(Math.round(Math.hypot(tile.x - 10, tile.y + 5) * 10) / 10);
      expect(tile.worldId).toBe(world.id);
    });
    expect(tiles[0].distance).toBe(4.2);
    expect(await area(world.id, 0, 0, 25)).toHaveLength(2601);
  });

  it('refuses a radius of 0 or 26, non-integer or out-of-range coordinates and a malformed world id (400)', async () => {
    for (const url of [
      `/api/map/area/${world.id}/0/0/0`,
      `/api/map/area/${world.id}/0/0/26`,
      `/api/map/area/${world.id}/1.5/0/5`,
      `/api/map/area/${world.id}/0/abc/5`,
      `/api/map/area/${world.id}/201/0/5`,
      '/api/map/area/not-a-uuid/0/0/5',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expectSchema('Error', res.json());
    }
  });

  it('answers 404 for an unknown world, and still shows a world in maintenance (only game actions pause)', async () => {
    const missing = await get('/api/map/area/00000000-0000-4000-8000-000000000000/0/0/5');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('No such world');
    const maintenance = await get(`/api/map/area/${closed.id}/0/0/5`);
    expect(maintenance.statusCode).toBe(200);
    expectSchema('MapArea', maintenance.json());
  });

  it('gives tiles outside the world the type unknown', async () => {
    const corner = await area(world.id, 200, 200, 2);
    for (const tile of corner) {
      const outside = tile.x > 200 || tile.y > 200;
      expect(tile.type === 'unknown', `${tile.x}|${tile.y}`).toBe(outside);
    }
    expect(corner.filter((tile) => tile.type === 'unknown')).toHaveLength(25 - 9);
    const edge = await area(small.id, 10, 0, 1);
    expect(edge.map((tile) => (tile.type === 'unknown' ? '?' : '.')).join('')).toBe('..?..?..?');
    expect(edge[2]).toMatchObject({ x: 11, y: 1, type: 'unknown', resourceType: null, resourceBonus: null });
  });

  it('shows a village on its tile with its owner, population and no alliance', async () => {
    const tiles = await area(world.id, 4, -4, 2);
    const tile = tiles.find((t) => t.x === 3 && t.y === -4)!;
    expect(tile).toMatchObject({ type: 'village', worldId: world.id, distance: 1 });
    expect(tile.village).toEqual({
      id: jomsborg.id,
      name: 'Jomsborg',
      owner: { id: owner.user.id, username: owner.user.username },
      population: population(JOMSBORG_BUILDINGS),
      isCapital: false,
    });
    expect(tile.village!.population).toBe(6 + 2 + 4 + 4 + 2 * BUILDING_POP.great_hall + BUILDING_POP.barracks);
    expect(tiles.find((t) => t.x === 6 && t.y === -4)?.village).toMatchObject({ name: 'Hedeby', population: 0 });
    expect(tiles.filter((t) => t.type === 'village')).toHaveLength(2);
    // Villages of another world never show.
    expect((await area(world.id, 0, 0, 1)).some((t) => t.type === 'village')).toBe(false);
  });

  it('compresses the reply when the client accepts gzip', async () => {
    const res = await get(`/api/map/area/${world.id}/0/0/25`, owner, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const raw = gunzipSync(res.rawPayload);
    expect(raw.length).toBeGreaterThan(res.rawPayload.length * 4);
    const body = JSON.parse(raw.toString('utf8'));
    expectSchema('MapArea', body);
    expect(body.tiles).toHaveLength(2601);
  });
});

describe('map search', () => {
  async function search(q: string, extra = '', worldId = world.id) {
    const res = await get(`/api/map/search/${worldId}?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    expectSchema('MapSearchResults', res.json());
    return res.json().results as { villageId?: string; name?: string; x: number; y: number; type: string; population?: number }[];
  }

  it('finds villages by part of the name, case-insensitively, alphabetically', async () => {
    expect((await search('OMSB')).map((r) => r.name)).toEqual(['Jomsborg']);
    expect((await search('jo')).map((r) => r.name)).toEqual(['Jomsborg', 'jorvik']);
    const [hit] = await search('hedeby');
    expect(hit).toEqual({
      villageId: expect.any(String),
      name: 'Hedeby',
      x: 6,
      y: -4,
      type: 'village',
      owner: { id: other.user.id, username: other.user.username },
      population: 0,
    });
    expect(await search('Kaupang')).toEqual([]);
  });

  it('orders matches nearest first when near is given', async () => {
    expect((await search('jo', `&near=${encodeURIComponent('40|39')}`)).map((r) => r.name)).toEqual(['jorvik', 'Jomsborg']);
    expect((await search('jo', `&near=${encodeURIComponent('0|0')}`)).map((r) => r.name)).toEqual(['Jomsborg', 'jorvik']);
    const bad = await get(`/api/map/search/${world.id}?q=jo&near=north`);
    expect(bad.statusCode).toBe(400);
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await search('50%')).map((r) => r.name)).toEqual(['Birka 50%']);
    expect(await search('%')).toHaveLength(1);
    expect(await search('_')).toEqual([]);
    expect(await search('\\')).toEqual([]);
  });

  it('returns at most 20 villages', async () => {
    const crowd = await registerPlayer(t.app);
    for (let i = 0; i < 25; i++) await addVillage(world.id, crowd.user.id, `Trelleborg ${String(i).padStart(2, '0')}`, 100 + i, 100);
    const results = await search('trelleborg');
    expect(results).toHaveLength(20);
    expect(results[0].name).toBe('Trelleborg 00');
    expect(results[19].name).toBe('Trelleborg 19');
  });

  it('finds the village on a tile by "(3|-4)", "3|-4" and spaced forms', async () => {
    for (const q of ['(3|-4)', '3|-4', ' ( 3 | -4 ) ']) {
      const results = await search(q);
      expect(results, q).toHaveLength(1);
      expect(results[0]).toMatchObject({ villageId: jomsborg.id, name: 'Jomsborg', x: 3, y: -4, type: 'village' });
    }
  });

  it('returns the tile itself for coordinates without a village, and nothing outside the world', async () => {
    expect(await search('(-20|0)')).toEqual([{ x: -20, y: 0, type: 'forest' }]);
    expect(await search('0|10')).toEqual([{ x: 0, y: 10, type: 'water' }]);
    expect(await search('(11|0)', '', small.id)).toEqual([]);
    expect(await search('(500|0)')).toEqual([]);
  });

  it('answers 404 for an unknown world and 400 without q', async () => {
    expect((await get('/api/map/search/00000000-0000-4000-8000-000000000000?q=jo')).statusCode).toBe(404);
    expect((await get(`/api/map/search/${world.id}`)).statusCode).toBe(400);
    expect((await get(`/api/map/search/${world.id}?q=`)).statusCode).toBe(400);
  });
});

describe('village details', () => {
  it("shows any player any village's public details with its tile", async () => {
    const res = await get(`/api/map/village/${jomsborg.id}`, other);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectSchema('VillageDetails', body);
    expect(body.village).toEqual({
      id: jomsborg.id,
      name: 'Jomsborg',
      x: 3,
      y: -4,
      population: population(JOMSBORG_BUILDINGS),
      loyalty: 100,
      isCapital: false,
      worldId: world.id,
      ownerId: owner.user.id,
    });
    expect(body.tile).toMatchObject({ x: 3, y: -4, type: 'village', worldId: world.id, village: { id: jomsborg.id } });
    expect(body.owner).toEqual({ id: owner.user.id, username: owner.user.username });
    expect(body.alliance).toBeNull();
    expect(body.village).not.toHaveProperty('timber');
  });

  it('answers 404 for an unknown village and 400 for a malformed id', async () => {
    const res = await get('/api/map/village/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No such village');
    expect((await get('/api/map/village/nope')).statusCode).toBe(400);
  });
});

describe('village oases', () => {
  it('lists the oases within the distance, nearest first, for the owner', async () => {
    const res = await get(`/api/map/village/${jomsborg.id}/oases`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectSchema('OasisList', body);
    const expected: string[] = [];
    for (let x = -7; x <= 13; x++) {
      for (let y = -14; y <= 6; y++) {
        if (Math.hypot(x - 3, y + 4) <= 10 && terrainAt(42, x, y).type === 'oasis') expected.push(`${x}|${y}`);
      }
    }
    const oases = body.oases as { x: number; y: number; distance: number; bonuses: unknown[]; claimedByVillageId: null }[];
    expect(oases.map((o) => `${o.x}|${o.y}`).sort()).toEqual(expected.sort());
    expect(oases.length).toBeGreaterThan(0);
    for (let i = 1; i < oases.length; i++) expect(oases[i].distance).toBeGreaterThanOrEqual(oases[i - 1].distance);
    for (const oasis of oases) {
      expect(oasis.distance).toBe(Math.round(Math.hypot(oasis.x - 3, oasis.y + 4) * 10) / 10);
      const bonus = terrainAt(42, oasis.x, oasis.y).oasisBonus!;
      expect(oasis.bonuses).toEqual(Object.entries(bonus).map(([resourceType, percent]) => ({ resourceType, percent })));
      expect(oasis.claimedByVillageId).toBeNull();
    }
  });

  it('honours maxDistance (1..25)', async () => {
    const near = (await get(`/api/map/village/${jomsborg.id}/oases?maxDistance=3`)).json().oases as { distance: number }[];
    expect(near.every((o) => o.distance <= 3)).toBe(true);
    expect((await get(`/api/map/village/${jomsborg.id}/oases?maxDistance=26`)).statusCode).toBe(400);
    expect((await get(`/api/map/village/${jomsborg.id}/oases?maxDistance=0`)).statusCode).toBe(400);
  });

  it('refuses another player (403) and an unknown village (404)', async () => {
    const res = await get(`/api/map/village/${jomsborg.id}/oases`, other);
    expect(res.statusCode).toBe(403);
    expectSchema('Error', res.json());
    expect((await get('/api/map/village/00000000-0000-4000-8000-000000000000/oases')).statusCode).toBe(404);
  });
});

describe('travel time', () => {
  it('takes 50 minutes for 5 tiles at speed 6', async () => {
    const res = await get('/api/map/travel-time/0/0/3/4?unitSpeed=6');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectSchema('TravelTime', body);
    expect(body).toEqual({
      from: { x: 0, y: 0 },
      to: { x: 3, y: 4 },
      distance: 5,
      unitSpeed: 6,
      worldSpeed: 1,
      travelTimeHours: 5 / 6,
      travelTimeSeconds: 3000,
    });
  });

  it('uses the defaults, divides by the world speed and shows the distance to one decimal', async () => {
    const res = await get('/api/map/travel-time/-10/0/0/-10?worldSpeed=2');
    const body = res.json();
    expect(body).toMatchObject({ distance: 14.1, unitSpeed: 6, worldSpeed: 2 });
    expect(body.travelTimeSeconds).toBe(Math.round((Math.hypot(10, 10) / 12) * 3600));
    expect((await get('/api/map/travel-time/0/0/3/4?unitSpeed=0')).statusCode).toBe(400);
    expect((await get('/api/map/travel-time/0/0/3/4.5')).statusCode).toBe(400);
  });
});

describe('map stats', () => {
  it('counts tiles per type over the whole world, villages and players', async () => {
    const res = await get(`/api/map/stats/${small.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectSchema('MapStats', body);
    const expected: Record<string, number> = { village: 0, oasis: 0, forest: 0, mountain: 0, water: 0, empty: 0 };
    for (let x = -10; x <= 10; x++) for (let y = -10; y <= 10; y++) expected[terrainAt(42, x, y).type]++;
    // Kaupang stands on (0, 0), empty land.
    expected.empty--;
    expected.village++;
    expect(body).toEqual({
      worldId: small.id,
      size: 10,
      totalTiles: 441,
      totalVillages: 1,
      totalPlayers: 1,
      totalAlliances: 0,
      tileCounts: expected,
    });
  });

  it('covers a full 401 x 401 world', async () => {
    const body = (await get(`/api/map/stats/${world.id}`)).json();
    expectSchema('MapStats', body);
    expect(body.totalTiles).toBe(401 * 401);
    const counts = body.tileCounts as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(401 * 401);
    expect(counts.village).toBe(body.totalVillages);
    expect(body.totalVillages).toBeGreaterThanOrEqual(4);
    expect(counts.oasis / body.totalTiles).toBeGreaterThan(0.03);
    expect((await get('/api/map/stats/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('sign-in', () => {
  it('answers 401 to every map call without a token', async () => {
    for (const url of [
      `/api/map/area/${world.id}/0/0/5`,
      `/api/map/search/${world.id}?q=jo`,
      `/api/map/village/${jomsborg.id}`,
      `/api/map/village/${jomsborg.id}/oases`,
      '/api/map/travel-time/0/0/3/4',
      `/api/map/stats/${world.id}`,
    ]) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(401);
      expectSchema('Error', res.json());
    }
  });
});
