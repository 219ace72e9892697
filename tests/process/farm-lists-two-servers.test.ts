// Two server processes on one PostgreSQL: a farm list sent twice with one key at the same instant, once through each process, sends each row once and both answer the same reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { jsonCall as call, TwinServers } from '../support/twin-servers';
import type { Database } from '../../src/server/db/open';
import { movements, units, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { idOf, type VillageId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;
const TARGETS = 3;
const ROUNDS = 6;

describe.skipIf(!url)('a farm list sent through two server processes', () => {
  const twins = new TwinServers();
  const { bases } = twins;
  let database: Database;

  beforeAll(async () => {
    await twins.start(url!);
    database = twins.database;
  });
  afterAll(() => twins.stop());

  it('sends each row once when the same key arrives at both processes at once', async () => {
    const world = await createWorld(database.db, { name: 'Twin Farms', speed: 1 });
    const registered = await call<{ token: string }>(bases[0], 'POST', '/api/auth/register', undefined, { username: 'farmtwin', email: 'farmtwin@example.com', password: 'Valhalla#2026' });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const token = registered.json.token;
    const joined = await call<{ village: { id: string; x: number; y: number } }>(bases[1], 'POST', `/api/worlds/${world.id}/join`, token);
    expect(joined.status, JSON.stringify(joined.json)).toBe(201);
    const home = joined.json.village;
    const raider = idOf<VillageId>(home.id);
    await database.db.delete(units).where(and(eq(units.villageId, raider), eq(units.type, 'bondi')));
    await database.db.insert(units).values({ villageId: raider, type: 'bondi', count: TARGETS * ROUNDS });
    await database.db.update(villages).set({ resourcesAt: new Date() }).where(eq(villages.id, raider));
    // The barbarian villages the world founded around the new capital are the targets.
    const camps = await database.db.select({ x: villages.x, y: villages.y }).from(villages).where(and(eq(villages.worldId, world.id), isNull(villages.ownerId)));
    const nearest = camps.sort((a, b) => Math.hypot(a.x - home.x, a.y - home.y) - Math.hypot(b.x - home.x, b.y - home.y)).slice(0, TARGETS);
    expect(nearest).toHaveLength(TARGETS);

    const made = await call<{ list: { id: string } }>(bases[0], 'POST', '/api/farm-lists', token, { name: 'Twin farms', villageId: raider });
    expect(made.status).toBe(201);
    const listId = made.json.list.id;
    for (const [i, camp] of nearest.entries()) {
      const added = await call(bases[i % 2], 'POST', `/api/farm-lists/${listId}/targets`, token, { x: camp.x, y: camp.y, units: { bondi: 1 } });
      expect(added.status).toBe(201);
    }

    for (let round = 0; round < ROUNDS; round++) {
      const key = `twin-round-${round}`;
      const replies = await Promise.all(bases.map((base) => call<{ results: { sent: boolean }[] }>(base, 'POST', `/api/farm-lists/${listId}/send`, token, { key })));
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(replies[1].json).toEqual(replies[0].json);
      expect(replies[0].json.results.map((r) => r.sent)).toEqual(Array(TARGETS).fill(true));
      const raids = await database.db.select().from(movements).where(and(eq(movements.fromVillageId, raider), eq(movements.type, 'raid')));
      expect(raids).toHaveLength(TARGETS * (round + 1));
    }
  });
});
