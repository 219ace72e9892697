// Barbarian villages through the API with a fake clock: a new world's and each new capital's, growth (exactly once, cheap after
// months idle), raiding them for loot, conquering one with jarls, and an abandoned village turning barbarian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { HOUR, amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { movementsOf, reports, send, station } from './army-helpers';
import { buildings, units, villages } from '../../src/server/db/schema';
import { OPERATOR } from '../../src/server/operators/audit';
import { createWorldAs } from '../../src/server/operators/gamemaster';
import { deleteUser } from '../../src/server/operators/admin';
import { sweepDueArrivals, sweepDueVillages } from '../../src/server/sweeper';
import { settleAndStore } from '../../src/server/village/villages';
import { loadVillageHead } from '../../src/server/village/store';
import { settleMetrics } from '../../src/rules/village-timeline';
import {
  BARBARIAN_BUILDINGS,
  BARBARIAN_STOCK_EACH,
  BARBARIAN_VILLAGE_NAME,
  BARBARIANS_NEAR_CAPITAL,
  GROWTH_HOURS,
  NEIGHBOURHOOD_RADIUS,
  OASES_NEAR_CAPITAL,
  barbarianSize,
  barbarianTroopTarget,
  worldBarbarianCount,
} from '../../src/rules/barbarians';
import { RESOURCE_TYPES } from '../../src/rules/resources';
import { distance } from '../../src/rules/world';
import { idOf, type VillageId, type WorldId } from '../../src/rules/ids';
import type { Schema } from '../../src/contract';

let t: TestApp;
let world: WorldId;
beforeAll(async () => {
  t = await startTestApp();
  // The service the CLI's create-world runs.
  const made = await createWorldAs(t.database.db, OPERATOR, { name: 'Wildlands', speed: 1 }, t.clock.now());
  world = idOf<WorldId>(made.world.id);
});
afterAll(async () => {
  await t.close();
});

async function area(player: Player, x: number, y: number, radius: number): Promise<Schema<'MapArea'>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/map/area/${world}/${x}/${y}/${radius}`, headers: player.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The barbarian villages of the world, nearest to `from` first. */
async function barbariansBy(from: { x: number; y: number }) {
  const rows = await t.database.db.select().from(villages).where(and(eq(villages.worldId, world), isNull(villages.ownerId)));
  return rows.sort((a, b) => distance(a.x, a.y, from.x, from.y) - distance(b.x, b.y, from.x, from.y));
}

async function levels(villageId: VillageId): Promise<number> {
  return barbarianSize(await t.database.db.select().from(buildings).where(eq(buildings.villageId, villageId)));
}

async function troops(villageId: VillageId): Promise<Record<string, number>> {
  const rows = await t.database.db.select().from(units).where(eq(units.villageId, villageId));
  return Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.type, r.count]));
}

/** Settles one village to now under its lock, as an action or a battle there would (the sweeper would settle every due one). */
async function settleAlone(villageId: VillageId): Promise<void> {
  await t.database.db.transaction(async (tx) => settleAndStore(tx, (await loadVillageHead(tx, villageId, t.clock.now(), true))!, t.clock.now()));
}

describe('a fresh world made with create-world', () => {
  let players: { player: Player; village: MadeVillage }[] = [];

  it('starts with one barbarian village per 1200 tiles, each with the rules’ buildings, troops and stock', async () => {
    const all = await barbariansBy({ x: 0, y: 0 });
    expect(all).toHaveLength(worldBarbarianCount(200));
    const [first] = all;
    expect(first).toMatchObject({ name: BARBARIAN_VILLAGE_NAME, isCapital: false, loyalty: 100, timber: BARBARIAN_STOCK_EACH, mead: BARBARIAN_STOCK_EACH });
    expect(first.growsAt?.getTime()).toBe(t.clock.now().getTime() + GROWTH_HOURS * HOUR);
    expect(first.nextEventAt).toEqual(first.growsAt);
    expect(await levels(first.id)).toBe(barbarianSize(BARBARIAN_BUILDINGS));
    expect(await troops(first.id)).toEqual(barbarianTroopTarget(BARBARIAN_BUILDINGS));
  });

  it('gives every new capital at least three barbarian villages and two oases within 10 tiles (counted on the map)', async () => {
    const before = (await barbariansBy({ x: 0, y: 0 })).length;
    players = [];
    for (let i = 0; i < 8; i++) players.push(await newVillage(t, world, 'wild'));
    for (const { player, village } of players) {
      const near = (await area(player, village.x, village.y, NEIGHBOURHOOD_RADIUS)).tiles.filter((tile) => (tile.distance ?? Infinity) <= NEIGHBOURHOOD_RADIUS);
      const barbarians = near.filter((tile) => tile.type === 'village' && tile.village?.owner === null);
      const oases = near.filter((tile) => tile.type === 'oasis');
      expect(barbarians.length, `barbarians near (${village.x}|${village.y})`).toBeGreaterThanOrEqual(BARBARIANS_NEAR_CAPITAL);
      expect(oases.length, `oases near (${village.x}|${village.y})`).toBeGreaterThanOrEqual(OASES_NEAR_CAPITAL);
      // None stands on top of the capital or closer than villages may.
      for (const b of barbarians) expect(distance(b.x, b.y, village.x, village.y)).toBeGreaterThanOrEqual(3);
    }
    // More were founded as players joined, since the world's own rarely stand three to a capital.
    expect((await barbariansBy({ x: 0, y: 0 })).length).toBeGreaterThan(before);
    // Barbarians are nobody: the world counts its eight players.
    const res = await t.app.inject({ method: 'GET', url: `/api/worlds/${world}`, headers: players[0].player.auth });
    expect(res.json().world.players).toBe(8);
  });

  it('shows them on the map without an owner, with their population', async () => {
    const { player, village } = players[0];
    const [nearest] = await barbariansBy(village);
    const tile = (await area(player, nearest.x, nearest.y, 1)).tiles.find((x) => x.x === nearest.x && x.y === nearest.y)!;
    expect(tile).toMatchObject({ type: 'village', village: { id: nearest.id, name: nearest.name, owner: null, isCapital: false } });
    expect(tile.village!.population).toBeGreaterThan(0);
  });
});

describe('barbarian growth', () => {
  it('raises one level every 6 hours at speed 1, while the map shows the new population at once', async () => {
    const { player, village } = await newVillage(t, world, 'grow');
    const [nearest] = await barbariansBy(village);
    const size = await levels(nearest.id);
    const population = async () =>
      (await area(player, nearest.x, nearest.y, 1)).tiles.find((x) => x.x === nearest.x && x.y === nearest.y)!.village!.population;
    const before = await population();
    t.clock.set(nearest.growsAt!.getTime() - 1);
    await sweepDueVillages(t.database.db, t.clock.now());
    expect(await levels(nearest.id)).toBe(size);
    t.clock.set(nearest.growsAt!.getTime());
    await sweepDueVillages(t.database.db, t.clock.now());
    expect(await levels(nearest.id)).toBe(size + 1);
    // The cached area learns of it through the chunk versions: a timber camp adds 2 inhabitants.
    expect(await population()).toBe(before + 2);
    const [row] = await t.database.db.select().from(villages).where(eq(villages.id, nearest.id));
    expect(row.growsAt?.getTime()).toBe(nearest.growsAt!.getTime() + GROWTH_HOURS * HOUR);
    expect(row.nextEventAt).toEqual(row.growsAt);
  });

  it('is applied exactly once when two sweeps race, and reaches its caps after months idle in a bounded number of steps', async () => {
    const [far] = await barbariansBy({ x: -190, y: -190 });
    const size = await levels(far.id);
    t.clock.set(far.growsAt!.getTime() + 2 * GROWTH_HOURS * HOUR);
    await Promise.all([sweepDueVillages(t.database.db, t.clock.now()), sweepDueVillages(t.database.db, t.clock.now())]);
    // Due at growsAt, +6 h and +12 h: three levels, not six.
    expect(await levels(far.id)).toBe(size + 3);
    const settles = settleMetrics.settles;

    // A year on, the village alone is settled (as a battle there would): it grows all the way to its caps at once.
    t.clock.set(t.clock.now().getTime() + 365 * 24 * HOUR);
    await settleAlone(far.id);
    expect(await levels(far.id)).toBe(220);
    expect(await troops(far.id)).toEqual({ bondi: 88, shieldmaiden: 44 });
    const [row] = await t.database.db.select().from(villages).where(eq(villages.id, far.id));
    // Fully grown: nothing more is planned, and the sweeper leaves it alone.
    expect(row.growsAt).toBeNull();
    expect(row.nextEventAt).toBeNull();
    // A year at one step per 6 hours would be 1460 settles; growth stops at its caps, 187 steps from founding.
    expect(settleMetrics.settles - settles).toBeLessThanOrEqual(2 * 200);
  });
});

describe('raiding and conquering a barbarian village', () => {
  it('a raid wins against its troops and brings its stock home as loot', async () => {
    const { player, village } = await newVillage(t, world, 'raid');
    const [target] = await barbariansBy(village);
    await station(t, village.id, { berserker: 100 });
    const sent = await send(t, player, { fromVillageId: village.id, toVillageId: target.id, units: { berserker: 100 }, movementType: 'raid' });
    expect(sent.status).toBe(201);
    // Its stock a second before the raid lands (settled then, so what it produced while idle is counted).
    const arrival = new Date(sent.body.movement.arrivesAt).getTime();
    t.clock.set(arrival - 1000);
    await settleAlone(target.id);
    const [before] = await t.database.db.select().from(villages).where(eq(villages.id, target.id));
    t.clock.set(arrival);
    await sweepDueArrivals(t.database.db, t.clock.now());
    const report = (await reports(t, player)).battles[0];
    expect(report).toMatchObject({ type: 'raid', winner: 'attacker', villageConquered: false, defender: { user: null, village: { id: target.id } } });
    expect(report.defender.units).toMatchObject({ bondi: expect.any(Number) });
    const loot = RESOURCE_TYPES.reduce((sum, r) => sum + report.loot[r], 0);
    expect(loot).toBeGreaterThan(0);
    const [after] = await t.database.db.select().from(villages).where(eq(villages.id, target.id));
    // What was taken left its stores: one more second of production (well under one unit) is all that came in.
    for (const r of RESOURCE_TYPES) expect(Math.abs(after[r] - (before[r] - report.loot[r]))).toBeLessThan(1);
    // The loot marches home with the survivors and lands in the raider's stores.
    const home = (await movementsOf(t, player)).find((m) => m.type === 'return')!;
    expect(home.loot).toEqual(report.loot);
    const stock = amounts(await overview(t, player, village.id));
    t.clock.set(new Date(home.arrivesAt).getTime());
    const back = amounts(await overview(t, player, village.id));
    expect(RESOURCE_TYPES.reduce((sum, r) => sum + back[r] - stock[r], 0)).toBeGreaterThan(0);
  });

  it('jarls conquer it: it becomes the attacker’s village and stops growing', async () => {
    const { player, village } = await newVillage(t, world, 'jarl');
    const [target] = await barbariansBy(village);
    // Six jarls take 120 to 180 loyalty points (a barbarian village holds 100), with enough berserkers that none falls.
    await station(t, village.id, { berserker: 400, jarl: 6 });
    const sent = await send(t, player, { fromVillageId: village.id, toVillageId: target.id, units: { berserker: 400, jarl: 6 }, movementType: 'attack' });
    expect(sent.status).toBe(201);
    t.clock.set(new Date(sent.body.movement.arrivesAt).getTime());
    await sweepDueArrivals(t.database.db, t.clock.now());
    const report = (await reports(t, player)).battles[0];
    expect(report).toMatchObject({ type: 'attack', winner: 'attacker', villageConquered: true, defender: { user: null, village: { id: target.id } } });
    const [row] = await t.database.db.select().from(villages).where(eq(villages.id, target.id));
    expect(row).toMatchObject({ ownerId: player.user.id, isCapital: false, growsAt: null });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/villages', headers: player.auth })).json().villages.map((v: { id: string }) => v.id);
    expect(mine).toContain(target.id);
    const tile = (await area(player, target.x, target.y, 1)).tiles.find((x) => x.x === target.x && x.y === target.y)!;
    expect(tile.village?.owner).toEqual({ id: player.user.id, username: player.user.username });
    // It no longer grows: a day later its levels are what they were.
    const size = await levels(target.id);
    t.clock.set(t.clock.now().getTime() + 24 * HOUR);
    await settleAlone(target.id);
    expect(await levels(target.id)).toBe(size);
  });
});

describe('an abandoned village', () => {
  it('turns barbarian when its player’s account is deleted, and starts growing', async () => {
    const { player, village } = await newVillage(t, world, 'gone');
    const sizeBefore = await levels(village.id);
    await deleteUser(t.database.db, OPERATOR, { userId: player.user.id, confirmUsername: player.user.username }, t.clock.now());
    await sweepDueVillages(t.database.db, t.clock.now());
    const [row] = await t.database.db.select().from(villages).where(eq(villages.id, village.id));
    expect(row).toMatchObject({ ownerId: null, isCapital: false });
    expect(row.growsAt?.getTime()).toBe(t.clock.now().getTime() + GROWTH_HOURS * HOUR);
    t.clock.set(row.growsAt!.getTime());
    await sweepDueVillages(t.database.db, t.clock.now());
    expect(await levels(village.id)).toBe(sizeBefore + 1);
  });
});
