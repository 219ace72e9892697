// Beginner protection through the API with a fake clock: attacks and raids on a new player refused (and nothing changed),
// reinforcements and merchants let through, the end by time and by one's own first attack, faster worlds, and the shield on
// the village overview, the map area (cached, dropped at its instant or at once after an attack), the tile details and search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { requests, startTestApp, type TestApp } from './harness';
import { HOUR, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, send, station, unitsAtHome } from './army-helpers';
import { allianceMembers, alliances, movements, villages } from '../../src/server/db/schema';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { mapAreaJson } from '../../src/server/map/area';
import { MapAreaCache } from '../../src/server/map/area-cache';
import { protectionRefusal } from '../../src/rules/protection';
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

/** Spots of their own for each test, far from the capitals' ring, two tiles apart. */
let row = 0;
async function joined(prefix: string, world?: WorldId): Promise<Side> {
  row += 1;
  const side = await newVillage(t, world, prefix);
  await placeAt(t, side.village.id, -180 + (row % 30) * 12, -180 + Math.floor(row / 30) * 12);
  const placed = await overview(t, side.player, side.village.id);
  return { ...side, village: { ...side.village, x: placed.village.x, y: placed.village.y } };
}

/** A player who joined a month ago (past protection) with an army at home, next to `target`. */
async function veteranNear(target: Side, army: Record<string, number> = { berserker: 20 }): Promise<Side> {
  const veteran = await newVillage(t, target.village.worldId, 'vet');
  await placeAt(t, veteran.village.id, target.village.x + 3, target.village.y);
  await joinedLongAgo(t, veteran.player);
  await station(t, veteran.village.id, army);
  return { ...veteran, village: { ...veteran.village, x: target.village.x + 3, y: target.village.y } };
}

const order = (from: Side, to: Side, movementType: string, units: Record<string, number> = { berserker: 5 }) => ({
  fromVillageId: from.village.id,
  toVillageId: to.village.id,
  units,
  movementType,
});

const iso = (ms: number) => new Date(ms).toISOString();

async function protectedUntil(side: Side): Promise<string | null> {
  return (await overview(t, side.player, side.village.id)).protectedUntil;
}

type Tile = Schema<'MapTile'>;
async function tileOf(viewer: Side, at: Side): Promise<{ tile: Tile | undefined; etag: string; status: number }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/map/area/${at.village.worldId}/${at.village.x}/${at.village.y}/2`, headers: viewer.player.auth });
  const tiles = res.statusCode === 200 ? (res.json() as Schema<'MapArea'>).tiles : [];
  return { tile: tiles.find((tile) => tile.x === at.village.x && tile.y === at.village.y), etag: String(res.headers.etag), status: res.statusCode };
}

describe('a new player', () => {
  it('cannot be attacked or raided for 72 hours (409 naming the end), and nothing changes', async () => {
    const joinedAt = t.clock.now().getTime();
    const rookie = await joined('new');
    const veteran = await veteranNear(rookie);
    const endsAt = joinedAt + 72 * HOUR;
    expect(await protectedUntil(rookie)).toBe(iso(endsAt));
    for (const movementType of ['attack', 'raid']) {
      const refused = await send(t, veteran.player, order(veteran, rookie, movementType));
      expect([refused.status, refused.body.error]).toEqual([409, protectionRefusal(endsAt)]);
    }
    expect(protectionRefusal(endsAt)).toBe(`Under beginner protection until ${iso(endsAt).slice(0, 10)} ${iso(endsAt).slice(11, 16)} UTC`);
    // Nothing left home, nothing on the road, and the veteran's own standing is untouched.
    expect(unitsAtHome(await overview(t, veteran.player, veteran.village.id))).toEqual({ berserker: 20 });
    expect(await t.database.db.select().from(movements).where(eq(movements.ownerId, veteran.player.user.id))).toEqual([]);

    // A millisecond before the end it still holds; at the end the attack goes.
    t.clock.set(endsAt - 1);
    expect((await send(t, veteran.player, order(veteran, rookie, 'raid'))).status).toBe(409);
    t.clock.set(endsAt);
    expect(await protectedUntil(rookie)).toBeNull();
    expect((await send(t, veteran.player, order(veteran, rookie, 'attack'))).status).toBe(201);
  });

  it('can be reinforced by an ally and sent resources while protected', async () => {
    const rookie = await joined('new');
    const friend = await veteranNear(rookie, { huscarl: 10 });
    const now = t.clock.now();
    const [alliance] = await t.database.db.insert(alliances).values({ name: 'Young Shields', tag: `YS${row}`, description: 'Together.', foundedAt: now }).returning();
    await t.database.db.insert(allianceMembers).values([
      { allianceId: alliance.id, userId: rookie.player.user.id, role: 'leader', joinedAt: now },
      { allianceId: alliance.id, userId: friend.player.user.id, role: 'member', joinedAt: now },
    ]);
    expect(await protectedUntil(rookie)).not.toBeNull();
    const help = await send(t, friend.player, order(friend, rookie, 'reinforce', { huscarl: 10 }));
    expect(help.status).toBe(201);

    await setBuildingLevel(t.database.db, { villageId: friend.village.id, type: 'marketplace', level: 1 }, t.clock.now());
    const shipment = await call(friend.player, 'POST', `/api/villages/${friend.village.id}/market/shipments`, {
      x: rookie.village.x,
      y: rookie.village.y,
      resources: { timber: 100, stone: 0, iron: 0, mead: 0 },
    });
    expect(shipment.status, JSON.stringify(shipment.body)).toBe(201);
  });

  it('loses it the moment they attack or raid someone, and nobody else does', async () => {
    const rookie = await joined('new');
    const bystander = await joined('new');
    const veteran = await veteranNear(rookie);
    await station(t, rookie.village.id, { berserker: 5 });
    expect(await protectedUntil(rookie)).not.toBeNull();
    t.clock.advance(HOUR);
    const strike = await send(t, rookie.player, order(rookie, veteran, 'raid'));
    expect(strike.status).toBe(201);
    expect(await protectedUntil(rookie)).toBeNull();
    // The veteran may answer at once; the bystander, who attacked nobody, is still protected.
    expect((await send(t, veteran.player, order(veteran, rookie, 'attack'))).status).toBe(201);
    expect(await protectedUntil(bystander)).not.toBeNull();
    const refused = await send(t, veteran.player, order(veteran, bystander, 'attack'));
    expect(refused.status).toBe(409);
  });

  it('is shorter on faster worlds: 72 hours divided by the speed, at least an hour, none above speed 100', async () => {
    for (const [speed, hours] of [
      [10, 7.2],
      [100, 1],
      [1000, 0],
    ]) {
      const world = await createWorld(t.database.db, { name: `Speed ${speed}`, speed, size: 200 });
      const joinedAt = t.clock.now().getTime();
      const rookie = await joined('fast', world.id);
      const veteran = await veteranNear(rookie);
      expect(await protectedUntil(rookie), `speed ${speed}`).toBe(hours === 0 ? null : iso(joinedAt + hours * HOUR));
      if (hours === 0) {
        expect((await send(t, veteran.player, order(veteran, rookie, 'raid'))).status).toBe(201);
        continue;
      }
      expect((await send(t, veteran.player, order(veteran, rookie, 'raid'))).status).toBe(409);
      t.clock.set(joinedAt + hours * HOUR);
      expect((await send(t, veteran.player, order(veteran, rookie, 'raid'))).status).toBe(201);
    }
  });

  it('never shields an abandoned village', async () => {
    const rookie = await joined('gone');
    const veteran = await veteranNear(rookie);
    // What deleting the player's account leaves: the village without an owner.
    await t.database.db.update(villages).set({ ownerId: null }).where(eq(villages.id, rookie.village.id));
    expect((await send(t, veteran.player, order(veteran, rookie, 'raid'))).status).toBe(201);
  });
});

describe('the shield on the map', () => {
  it('shows on the area, the village details and search while it holds, and is gone at its instant under a new ETag', async () => {
    const joinedAt = t.clock.now().getTime();
    const rookie = await joined('map');
    const viewer = await veteranNear(rookie);
    const endsAt = iso(joinedAt + 72 * HOUR);
    const seen = await tileOf(viewer, rookie);
    expect(seen.tile?.village).toMatchObject({ id: rookie.village.id, protectedUntil: endsAt });
    expect((await tileOf(viewer, viewer)).tile?.village?.protectedUntil).toBeUndefined();
    const details = await call<Schema<'VillageDetails'>>(viewer.player, 'GET', `/api/map/village/${rookie.village.id}`);
    expect(details.body.tile.village?.protectedUntil).toBe(endsAt);
    const found = await call<Schema<'MapSearchResults'>>(viewer.player, 'GET', `/api/map/search/${rookie.village.worldId}?q=${encodeURIComponent(`${rookie.village.x}|${rookie.village.y}`)}`);
    expect(found.body.results[0]).toMatchObject({ villageId: rookie.village.id, protectedUntil: endsAt });

    // Until the end the reply is the cached one (304); at the end its bytes change, and they are the uncached reply's.
    t.clock.set(joinedAt + 72 * HOUR - 1);
    const area = `/api/map/area/${rookie.village.worldId}/${rookie.village.x}/${rookie.village.y}/2`;
    expect((await t.app.inject({ method: 'GET', url: area, headers: { ...viewer.player.auth, 'if-none-match': seen.etag } })).statusCode).toBe(304);
    t.clock.set(joinedAt + 72 * HOUR);
    const after = await t.app.inject({ method: 'GET', url: area, headers: { ...viewer.player.auth, 'if-none-match': seen.etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(seen.etag);
    expect(after.body).toBe(await mapAreaJson(t.database.db, { worldId: rookie.village.worldId, x: rookie.village.x, y: rookie.village.y, radius: 2 }, t.clock.now()));
    expect((await tileOf(viewer, rookie)).tile?.village?.protectedUntil).toBeUndefined();
    expect((await call<Schema<'VillageDetails'>>(viewer.player, 'GET', `/api/map/village/${rookie.village.id}`)).body.tile.village?.protectedUntil).toBeUndefined();
  });

  it('is gone from the very next area after its owner attacks, though no village changed', async () => {
    const rookie = await joined('map');
    const veteran = await veteranNear(rookie);
    await station(t, rookie.village.id, { berserker: 5 });
    const before = await tileOf(veteran, rookie);
    expect(before.tile?.village?.protectedUntil).toBeDefined();
    expect((await send(t, rookie.player, order(rookie, veteran, 'attack'))).status).toBe(201);
    const after = await tileOf(veteran, rookie);
    expect(after.etag).not.toBe(before.etag);
    expect(after.tile?.village?.protectedUntil).toBeUndefined();
  });

  it('is written by the cache byte for byte as the uncached reply, at every instant', async () => {
    const world = await createWorld(t.database.db, { name: 'Shield Fjord', size: 40, seed: 77 });
    const cache = new MapAreaCache();
    const start = t.clock.now().getTime();
    // Players joining an hour apart around the centre, so their shields end an hour apart.
    for (let i = 0; i < 6; i++) {
      const side = await newVillage(t, world.id, 'shf');
      await placeAt(t, side.village.id, -10 + 4 * i, (i % 3) * 5);
      t.clock.advance(HOUR);
    }
    const shields = (json: string) => (json.match(/protectedUntil/g) ?? []).length;
    // The six shields end at 72 to 77 hours; time only moves forward, as the cache expects.
    for (const [hours, shown] of [
      [1, 6],
      [73, 4],
      [74.5, 3],
      [76, 1],
      [100, 0],
    ]) {
      t.clock.set(start + hours * HOUR);
      for (const query of [
        { worldId: world.id, x: 0, y: 0, radius: 12 },
        { worldId: world.id, x: -8, y: 4, radius: 5 },
      ]) {
        const cached = await cache.area(t.database.db, query, t.clock.now());
        expect(cached.json, `${hours} h`).toBe(await mapAreaJson(t.database.db, query, t.clock.now()));
        if (query.radius === 12) expect(shields(cached.json), `${hours} h`).toBe(shown);
      }
    }
  });
});
