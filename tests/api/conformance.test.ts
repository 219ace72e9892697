// What an outside conformance fuzzer found, pinned: huge page numbers, bodies of the wrong JSON type, a wrong method on a known path, and cache headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, villages, worlds } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { changingAccounts } from '../../src/server/accounts/session-cache';
import { newVillage, worldId, type MadeVillage, type Player } from './village-helpers';

let t: TestApp;
let me: { player: Player; village: MadeVillage };
let admin: { player: Player; village: MadeVillage };

beforeAll(async () => {
  t = await startTestApp();
  me = await newVillage(t);
  admin = await newVillage(t, undefined, 'admin');
  // Heard like any change to an account (on PostgreSQL the notice arrives a moment after the commit).
  await changingAccounts(t.database.db, t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.player.user.id)));
});
afterAll(async () => {
  await t.close();
});

describe('paged lists', () => {
  const paged = ['/api/game/battles', '/api/admin/users/search', '/api/admin/audit'];

  it('refuse a page number past the largest page with 400, never a 500 from the database', async () => {
    for (const path of paged) {
      for (const page of ['92233720368547759', '9007199254740993', '10001']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?page=${page}&limit=100`, headers: admin.player.auth });
        expect(res.statusCode, `${path} page ${page}`).toBe(400);
        expect(res.json().error).toMatch(/page/);
      }
    }
  });

  it('answer the largest page, past the last row, with an empty page', async () => {
    const battles = await t.app.inject({ method: 'GET', url: '/api/game/battles?page=10000&limit=100', headers: me.player.auth });
    expect(battles.statusCode).toBe(200);
    expect(battles.json()).toMatchObject({ battles: [], page: 10000, limit: 100 });
    const players = await t.app.inject({ method: 'GET', url: '/api/admin/users/search?page=10000&limit=100', headers: admin.player.auth });
    expect(players.statusCode).toBe(200);
    expect(players.json()).toMatchObject({ users: [], page: 10000, total: 2 });
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?page=10000', headers: admin.player.auth });
    expect([audit.statusCode, audit.json().entries]).toEqual([200, []]);
  });
});

describe('request bodies are JSON and are not converted', () => {
  it('refuse a village name given as false, and keep the name', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/map/village/${me.village.id}/rename`, headers: me.player.auth, payload: { name: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid request: name must be string',
      code: 'invalid_request',
      params: { reason: 'name must be string' },
      details: [{ field: 'name', message: 'name must be string', code: 'field_wrong_type', params: { field: 'name', type: 'string' } }],
    });
    const [row] = await t.database.db.select({ name: villages.name }).from(villages).where(eq(villages.id, me.village.id));
    expect(row.name).toBe(me.village.name);
  });

  it('refuse an alliance whose isPublic is null, and found none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/alliances/create',
      headers: me.player.auth,
      payload: { name: 'Sons of Null', tag: 'NULL', description: 'Typed badly', isPublic: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('isPublic must be boolean');
    expect((await t.app.inject({ method: 'GET', url: '/api/alliances/my-alliance', headers: me.player.auth })).json().alliance).toBeNull();
  });

  it('refuse a world named by the number 0', async () => {
    const before = await t.database.db.select({ id: worlds.id }).from(worlds);
    const res = await t.app.inject({ method: 'POST', url: '/api/gamemaster/worlds', headers: admin.player.auth, payload: { name: 0 } });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select({ id: worlds.id }).from(worlds)).toHaveLength(before.length);
  });

  it('refuse a unit count given as true or as text', async () => {
    for (const count of [true, '3']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/villages/${me.village.id}/units`, headers: me.player.auth, payload: { unitType: 'bondi', count } });
      expect(res.statusCode, String(count)).toBe(400);
      expect(res.json().error).toContain('count must be integer');
    }
  });

  it('still read path and query values, which are text, as the numbers their schemas name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/game/battles?page=2&limit=5', headers: me.player.auth });
    expect(res.json()).toMatchObject({ page: 2, limit: 5 });
  });

  it('refuse an army sent home by the player (the request names only attack, raid and reinforce)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/game/send-troops',
      headers: me.player.auth,
      payload: { fromVillageId: me.village.id, toVillageId: admin.village.id, units: { bondi: 1 }, movementType: 'return' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('movementType');
  });

  it('refuse an empty army with the contract, before the service', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/game/send-troops',
      headers: me.player.auth,
      payload: { fromVillageId: me.village.id, toVillageId: admin.village.id, units: {}, movementType: 'raid' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('units');
  });
});

describe('a known path asked with a method it does not offer', () => {
  it('answers 405 with the methods it does offer', async () => {
    const worldsList = await t.app.inject({ method: 'DELETE', url: '/api/worlds', headers: me.player.auth });
    expect(worldsList.statusCode).toBe(405);
    expect(worldsList.headers.allow).toBe('GET, HEAD');
    expect(worldsList.json().error).toContain('DELETE is not allowed here');
    const rename = await t.app.inject({ method: 'POST', url: `/api/map/village/${me.village.id}/rename`, headers: me.player.auth, payload: {} });
    expect([rename.statusCode, rename.headers.allow]).toEqual([405, 'PUT']);
  });

  it('while an unknown path is still a 404', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/worlds/a/b/c' })).statusCode).toBe(404);
  });
});

describe('cache headers of API replies', () => {
  it('keep a player’s data out of every cache', async () => {
    for (const url of [`/api/map/village/${me.village.id}/overview`, '/api/auth/me', '/api/game/battles']) {
      const res = await t.app.inject({ method: 'GET', url, headers: me.player.auth });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: me.player.auth });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([403, 'no-store']);
  });

  it('let the map area be kept and revalidated by its ETag, by this browser only', async () => {
    const url = `/api/map/area/${await worldId(t)}/0/0/5`;
    const first = await t.app.inject({ method: 'GET', url, headers: me.player.auth });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { ...me.player.auth, 'if-none-match': String(first.headers.etag) } });
    expect([again.statusCode, again.headers['cache-control']]).toEqual([304, 'private, no-cache']);
  });
});
