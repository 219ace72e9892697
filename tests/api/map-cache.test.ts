// Map areas from the cache: byte for byte the uncached reply on random areas (with an owner on vacation too), strong ETags
// with 304, and every change a village can go through (founded, renamed, conquered, abandoned, population, alliance) shows
// in the next reply.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newPlayer, registerPlayer, startTestApp, type TestApp } from './harness';
import { DAY, giveEmbassy } from './village-helpers';
import { createWorld } from '../../src/server/operators/world-admin';
import { buildings, users, villages, type WorldRow } from '../../src/server/db/schema';
import { mapAreaJson } from '../../src/server/map/area';
import { MapAreaCache } from '../../src/server/map/area-cache';
import type { PlayerId, VillageId } from '../../src/rules/ids';

type Player = Awaited<ReturnType<typeof registerPlayer>>;

let t: TestApp;
let world: WorldRow;
let owner: Player;

/** A small deterministic generator, so a failure names areas that can be asked for again. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function addVillage(ownerId: PlayerId | null, name: string, x: number, y: number) {
  const [row] = await t.database.db
    .insert(villages)
    .values({ worldId: world.id, ownerId, name, x, y, timber: 750, stone: 750, iron: 750, mead: 750, resourcesAt: t.clock.now() })
    .returning();
  return row;
}

function getArea(x: number, y: number, radius: number, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/map/area/${world.id}/${x}/${y}/${radius}`, headers: { ...owner.auth, ...headers } });
}

beforeAll(async () => {
  t = await startTestApp();
  world = await createWorld(t.database.db, { name: 'Cache Fjord', size: 60, seed: 4242 });
  owner = await registerPlayer(t.app, newPlayer('cache'));
  // Villages scattered over the world, some with buildings, some abandoned, across many chunks.
  const random = randomFrom(7);
  const taken = new Set<string>();
  for (let i = 0; taken.size < 150; i++) {
    const x = Math.floor(random() * 121) - 60;
    const y = Math.floor(random() * 121) - 60;
    if (taken.has(`${x}|${y}`)) continue;
    taken.add(`${x}|${y}`);
    const village = await addVillage(i % 7 === 0 ? null : owner.user.id, `Stead ${i}`, x, y);
    if (i % 3 === 0) await t.database.db.insert(buildings).values({ villageId: village.id, slot: 19, type: 'great_hall', level: 1 + (i % 5), updatedAt: t.clock.now() });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('cached map areas', () => {
  it('are byte for byte the uncached reply on random areas, also after changes', async () => {
    const cache = new MapAreaCache();
    const random = randomFrom(99);
    /** Compares `rounds` random areas; answers how many vacations the cached replies showed. */
    const check = async (rounds: number) => {
      let vacationsShown = 0;
      for (let i = 0; i < rounds; i++) {
        // Past the world's edge too: those tiles are unknown in both.
        const query = { worldId: world.id, x: Math.floor(random() * 161) - 80, y: Math.floor(random() * 161) - 80, radius: 1 + Math.floor(random() * 25) };
        const cached = await cache.area(t.database.db, query, t.clock.now());
        expect(cached.json, JSON.stringify(query)).toBe(await mapAreaJson(t.database.db, query, t.clock.now()));
        expect(gunzipSync(cached.body('gzip')).toString()).toBe(cached.json);
        expect(brotliDecompressSync(cached.body('br')).toString()).toBe(cached.json);
        vacationsShown += (cached.json.match(/"vacationUntil"/g) ?? []).length;
      }
      return vacationsShown;
    };
    expect(await check(40)).toBe(0);
    // The owner of most villages goes on vacation (through the API, which moves their chunks on): shown from its start in
    // both alike, and gone from both at its end, though no chunk changed then.
    const endsAt = t.clock.now().getTime() + 3 * DAY;
    const started = await t.app.inject({ method: 'POST', url: `/api/worlds/${world.id}/vacation`, headers: owner.auth, payload: { endsAt: new Date(endsAt).toISOString() } });
    expect(started.statusCode).toBe(201);
    expect(await check(30)).toBeGreaterThan(0);
    t.clock.set(endsAt);
    expect(await check(30)).toBe(0);
    // Change villages everywhere, then compare again through the same cache.
    await t.database.db.update(villages).set({ name: 'Renamed stead' }).where(eq(villages.worldId, world.id));
    await t.database.db.update(buildings).set({ level: 9 });
    await check(40);
  });

  it('answers 304 to its own ETag, and sends the cached bytes compressed', async () => {
    const first = await getArea(5, 5, 25);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await getArea(5, 5, 25);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const notModified = await getArea(5, 5, 25, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await getArea(5, 5, 25, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await getArea(5, 5, 25, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Another area never shares the tag.
    expect((await getArea(5, 6, 25)).headers.etag).not.toBe(etag);

    const gzip = await getArea(5, 5, 25, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    const br = await getArea(5, 5, 25, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const refused = await getArea(5, 5, 25, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  describe('a change to a village shows in the next reply, under a new ETag', () => {
    interface Seen {
      etag: string;
      body: string;
    }
    const AT = { x: 30, y: -30 };

    async function seen(): Promise<Seen> {
      const res = await getArea(AT.x, AT.y, 8);
      expect(res.statusCode).toBe(200);
      return { etag: String(res.headers.etag), body: res.body };
    }

    /** The area before and after `change`: the old tag no longer matches and the tile says what changed. */
    async function expectChange(change: () => Promise<void>, tileSays: (tile: Record<string, unknown> | undefined) => void) {
      const before = await seen();
      expect((await getArea(AT.x, AT.y, 8, { 'if-none-match': before.etag })).statusCode).toBe(304);
      await change();
      const res = await getArea(AT.x, AT.y, 8, { 'if-none-match': before.etag });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(before.etag);
      expect(res.body).not.toBe(before.body);
      expect(res.body).toBe(await mapAreaJson(t.database.db, { worldId: world.id, x: AT.x, y: AT.y, radius: 8 }, t.clock.now()));
      const tiles = (JSON.parse(res.body) as { tiles: (Record<string, unknown> & { x: number; y: number })[] }).tiles;
      tileSays(tiles.find((tile) => tile.x === AT.x && tile.y === AT.y));
    }

    let villageId: VillageId;
    let founder: Player;

    it('founded', async () => {
      founder = await registerPlayer(t.app, newPlayer('found'));
      await expectChange(
        async () => {
          villageId = (await addVillage(founder.user.id, 'Frostholm', AT.x, AT.y)).id;
        },
        (tile) => expect(tile).toMatchObject({ type: 'village', village: { name: 'Frostholm', owner: { username: founder.user.username }, population: 0 } }),
      );
    });

    it('renamed (through the API)', async () => {
      await expectChange(
        async () => {
          const res = await t.app.inject({ method: 'PUT', url: `/api/map/village/${villageId}/rename`, headers: founder.auth, payload: { name: 'Ice Hall' } });
          expect(res.statusCode).toBe(200);
        },
        (tile) => expect(tile).toMatchObject({ village: { name: 'Ice Hall' } }),
      );
    });

    it('population changes', async () => {
      await expectChange(
        async () => {
          await t.database.db.insert(buildings).values({ villageId, slot: 19, type: 'great_hall', level: 3, updatedAt: t.clock.now() });
        },
        (tile) => expect((tile?.village as { population: number }).population).toBeGreaterThan(0),
      );
      await expectChange(
        async () => {
          await t.database.db.update(buildings).set({ level: 4 }).where(and(eq(buildings.villageId, villageId), eq(buildings.slot, 19)));
        },
        () => {},
      );
    });

    it('joins an alliance (through the API)', async () => {
      // Founding needs an embassy: built before the area is first read, so the change seen is the alliance alone.
      await giveEmbassy(t, founder);
      await expectChange(
        async () => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/alliances/create',
            headers: founder.auth,
            payload: { name: 'Frost Kin', tag: 'FROST', description: 'Cold', isPublic: true },
          });
          expect(res.statusCode).toBe(201);
        },
        (tile) => expect(tile).toMatchObject({ village: { alliance: { tag: 'FROST', name: 'Frost Kin' } } }),
      );
    });

    it('conquered', async () => {
      // What a won conquest writes: the village changes owner.
      await expectChange(
        async () => {
          await t.database.db.update(villages).set({ ownerId: owner.user.id, isCapital: false }).where(eq(villages.id, villageId));
        },
        (tile) => expect(tile).toMatchObject({ village: { owner: { id: owner.user.id } } }),
      );
    });

    it('abandoned (its player deleted through the admin API)', async () => {
      const loser = await registerPlayer(t.app, newPlayer('gone'));
      await t.database.db.update(villages).set({ ownerId: loser.user.id }).where(eq(villages.id, villageId));
      const admin = await registerPlayer(t.app, newPlayer('adm'));
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
      await expectChange(
        async () => {
          const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${loser.user.id}`, headers: admin.auth, payload: { confirmUsername: loser.user.username } });
          expect(res.statusCode).toBeLessThan(300);
        },
        (tile) => expect(tile).toMatchObject({ type: 'village', village: { owner: null } }),
      );
    });

    it('removed', async () => {
      await expectChange(
        async () => {
          await t.database.db.delete(villages).where(eq(villages.id, villageId));
        },
        (tile) => expect(tile?.type).not.toBe('village'),
      );
    });

    it('a change elsewhere leaves the area and its tag alone', async () => {
      const before = await seen();
      await addVillage(owner.user.id, 'Far away', -50, 50);
      expect((await getArea(AT.x, AT.y, 8, { 'if-none-match': before.etag })).statusCode).toBe(304);
    });
  });
});
