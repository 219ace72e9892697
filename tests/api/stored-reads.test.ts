// The stored reads (one call for a village and all its settling needs, one for the next arrival with its village, one for a session's user) give exactly the rows Drizzle's own queries give, and see a change made a moment before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { allianceMembers, buildings, movements, trainingOrders, units, users, villages, wonders, worldEvents, worlds } from '../../src/server/db/schema';
import { hashToken, userForToken } from '../../src/server/accounts/sessions';
import { loadWholeVillage, lockNextArrival, lockWholeVillage } from '../../src/server/village/load';
import { startTestApp, type TestApp } from './harness';
import { HOUR, giveEmbassy, newVillage, overview, production } from './village-helpers';
import { idOf, type VillageId } from '../../src/rules/ids';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A village with something in every part: barracks and a training order, a wonder under way, an alliance, a world event that ran. */
async function busyVillage() {
  const { player, village } = await newVillage(t, undefined, 'sr');
  const db = t.database.db;
  const now = t.clock.now();
  await db.insert(buildings).values({ villageId: village.id, slot: 20, type: 'barracks', level: 3, updatedAt: now });
  const trained = await t.app.inject({ method: 'POST', url: `/api/villages/${village.id}/units`, headers: player.auth, payload: { unitType: 'bondi', count: 2 } });
  expect(trained.statusCode).toBe(201);
  await giveEmbassy(t, player);
  const founded = await t.app.inject({ method: 'POST', url: '/api/alliances/create', headers: player.auth, payload: { name: 'Stored Clan', tag: 'STRD', description: 'x', isPublic: true } });
  expect(founded.statusCode).toBe(201);
  await db.insert(wonders).values({
    worldId: village.worldId,
    type: 'yggdrasil',
    name: 'The Ash',
    villageId: village.id,
    ownerId: player.user.id,
    level: 2,
    status: 'under_construction',
    investedTimber: 12.5,
    constructionFinishesAt: new Date(now.getTime() + HOUR),
    levelHistory: [now.getTime() - 2 * HOUR, now.getTime() - HOUR],
    createdAt: now,
  });
  await db.insert(worldEvents).values({
    worldId: village.worldId,
    name: 'Harvest',
    kind: 'production_bonus',
    percent: 25,
    startsAt: new Date(now.getTime() - 3 * HOUR),
    endsAt: new Date(now.getTime() + 3 * HOUR),
    active: true,
    periods: [[now.getTime() - HOUR, null]],
    createdAt: now,
  });
  // A starvation on record: a timestamp and unit counts in JSON, read back like every other column.
  await db.update(villages).set({ starvedAt: new Date(now.getTime() - HOUR), starvedUnits: { bondi: 4, catapult: 1 } }).where(eq(villages.id, village.id));
  return { player, village };
}

describe('stored reads', () => {
  it('read a village, its parts and its environment exactly as Drizzle reads the tables, with or without the lock', async () => {
    const { village } = await busyVillage();
    const db = t.database.db;
    const [row] = await db.select().from(villages).where(eq(villages.id, village.id));
    expect(row).toMatchObject({ starvedAt: new Date(t.clock.now().getTime() - HOUR), starvedUnits: { bondi: 4, catapult: 1 } });
    const expected = {
      village: row,
      parts: {
        buildings: await db.select().from(buildings).where(eq(buildings.villageId, village.id)).orderBy(asc(buildings.slot)),
        units: await db.select().from(units).where(eq(units.villageId, village.id)),
        orders: await db.select().from(trainingOrders).where(eq(trainingOrders.villageId, village.id)).orderBy(asc(trainingOrders.startedAt), asc(trainingOrders.id)),
      },
    };
    const [membership] = await db.select().from(allianceMembers).where(eq(allianceMembers.userId, row.ownerId!));
    const [wonder] = await db.select().from(wonders).where(eq(wonders.villageId, village.id));
    const events = await db.select().from(worldEvents).where(eq(worldEvents.worldId, village.worldId));
    expect(expected.parts.orders).toHaveLength(1);

    const loaded = await loadWholeVillage(db, village.id);
    const locked = await db.transaction((tx) => lockWholeVillage(tx, village.id));
    for (const read of [loaded, locked]) {
      expect(read).toMatchObject({ ...expected, worldStatus: 'online', nextArrivalAt: null });
      expect(read!.parts.units).toEqual(expected.parts.units);
      expect(read!.env.wonders).toEqual([{ wonder: expect.objectContaining(wonder), allianceId: membership.allianceId, joinedAt: membership.joinedAt }]);
      expect(read!.env.memberships).toEqual([{ userId: row.ownerId, allianceId: membership.allianceId, joinedAt: membership.joinedAt }]);
      expect(read!.env.events).toEqual(events);
    }
    const nowhere = idOf<VillageId>('00000000-0000-4000-8000-000000000000');
    expect(await loadWholeVillage(db, nowhere)).toBeNull();
    expect(await db.transaction((tx) => lockWholeVillage(tx, nowhere))).toBeNull();
  });

  it('find the earliest due arrival, lock its village and read it as the locked read does; none before it is due or after its world ended', async () => {
    const { player, village } = await newVillage(t, undefined, 'na');
    const db = t.database.db;
    const now = t.clock.now();
    expect(await db.transaction((tx) => lockNextArrival(tx, now))).toBeNull();
    const arrivesAt = new Date(now.getTime() - 1_000);
    const later = new Date(now.getTime() - 500);
    const march = { worldId: village.worldId, type: 'reinforce' as const, ownerId: player.user.id, fromVillageId: village.id, toVillageId: village.id, units: { bondi: 1 }, departedAt: new Date(now.getTime() - HOUR) };
    await db.insert(movements).values([{ ...march, arrivesAt: later }, { ...march, arrivesAt }]);
    const found = await db.transaction(async (tx) => ({ next: await lockNextArrival(tx, now), locked: await lockWholeVillage(tx, village.id) }));
    expect(found.next?.arrivesAt).toEqual(arrivesAt);
    expect(found.next?.loaded).toEqual(found.locked);
    expect(found.locked?.nextArrivalAt).toEqual(arrivesAt);
    expect(await db.transaction((tx) => lockNextArrival(tx, new Date(arrivesAt.getTime() - 1)))).toBeNull();
    // An army still on the way when its world ended never arrives.
    await db.update(worlds).set({ endsAt: new Date(arrivesAt.getTime() - 1) }).where(eq(worlds.id, village.worldId));
    try {
      expect(await db.transaction((tx) => lockNextArrival(tx, now))).toBeNull();
    } finally {
      await db.update(worlds).set({ endsAt: null }).where(eq(worlds.id, village.worldId));
      await db.delete(movements).where(eq(movements.toVillageId, village.id));
    }
  });

  it('read a session user as Drizzle reads the users row, and nobody for an expired or unknown token', async () => {
    const { player } = await newVillage(t, undefined, 'su');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.user.id));
    expect(await userForToken(t.database.db, player.token, t.clock.now())).toEqual(row);
    expect(await userForToken(t.database.db, player.token, new Date(t.clock.now().getTime() + 400 * 24 * HOUR))).toBeNull();
    expect(await userForToken(t.database.db, `${player.token}x`, t.clock.now())).toBeNull();
    expect(hashToken(player.token)).toHaveLength(64);
  });

  it('see a world event switched on a moment before: the next read of a village earns its bonus', async () => {
    const { player, village } = await newVillage(t, undefined, 'ev');
    const before = production(await overview(t, player, village.id));
    const now = t.clock.now().getTime();
    await t.database.db.insert(worldEvents).values({
      worldId: village.worldId,
      name: 'Feast',
      kind: 'production_bonus',
      percent: 50,
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
      active: true,
      periods: [[now, null]],
      createdAt: new Date(now),
    });
    const after = production(await overview(t, player, village.id));
    expect(after.timber).toBeGreaterThan(before.timber);
  });
});
