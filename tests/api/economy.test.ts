// Village economy API: production over time, mead upkeep and starvation, upgrades, construction and training from start to
// finish (by the sweeper and by plain reads), refusals, ownership, atomic spending, and the cost of reading an idle village.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newPlayer, registerPlayer, startTestApp, type TestApp } from './harness';
import {
  DAY,
  HOUR,
  MINUTE,
  amounts,
  expectSchema,
  newVillage,
  overview,
  production,
  type BuildingJson,
  type Player,
  type UnitJson,
  type VillageJson,
} from './village-helpers';
import { buildings, trainingOrders, units, villages } from '../../src/server/db/schema';
import { sweepDueVillages } from '../../src/server/sweeper';
import { settleMetrics } from '../../src/rules/village-timeline';
import { BUILDING_MESSAGES, buildTimeSeconds, buildingCost } from '../../src/rules/buildings';
import { fieldProduction, population, storageCapacity } from '../../src/rules/economy';
import { UNITS, trainingTimeSeconds } from '../../src/rules/units';
import { STARTING_RESOURCES as START } from '../../src/rules/resources';
import { idOf, type VillageId } from '../../src/rules/ids';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const GREAT_HALL_POP = population([{ type: 'great_hall', level: 1 }]);
/** A fresh village: 4 timber, 4 stone, 4 iron and 6 mead fields at level 0. */
const FRESH = {
  timber: 4 * fieldProduction(0),
  stone: 4 * fieldProduction(0),
  iron: 4 * fieldProduction(0),
  mead: 6 * fieldProduction(0) - GREAT_HALL_POP,
};

async function buildingIn(villageId: VillageId, slot: number) {
  const [row] = await t.database.db
    .select()
    .from(buildings)
    .where(and(eq(buildings.villageId, villageId), eq(buildings.slot, slot)));
  return row;
}

async function villageRow(villageId: VillageId) {
  const [row] = await t.database.db.select().from(villages).where(eq(villages.id, villageId));
  return row;
}

/** Sets the stored stock (as of now) directly, as an operator would. */
async function setStock(villageId: VillageId, stock: Partial<Record<'timber' | 'stone' | 'iron' | 'mead', number>>) {
  await t.database.db
    .update(villages)
    .set({ ...stock, resourcesAt: t.clock.now() })
    .where(eq(villages.id, villageId));
}

async function addBarracks(villageId: VillageId, level = 1) {
  await t.database.db.insert(buildings).values({ villageId, slot: 20, type: 'barracks', level, updatedAt: t.clock.now() });
}

function upgrade(player: Player, villageId: string, buildingId: string) {
  return t.app.inject({ method: 'PUT', url: `/api/villages/${villageId}/buildings/${buildingId}/upgrade`, headers: player.auth });
}

function train(player: Player, villageId: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/villages/${villageId}/units`, headers: player.auth, payload });
}

function construct(player: Player, villageId: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/villages/${villageId}/buildings`, headers: player.auth, payload });
}

describe('production over time', () => {
  it('adds exactly the hourly rates, then stops at the store capacity', async () => {
    const { player, village } = await newVillage(t);
    const start = await overview(t, player, village.id);
    expect(production(start)).toEqual(FRESH);
    expect(start.resources.map((r) => r.capacity)).toEqual([800, 800, 800, 800]);

    t.clock.advance(HOUR);
    expect(amounts(await overview(t, player, village.id))).toEqual({
      timber: START + FRESH.timber,
      stone: START + FRESH.stone,
      iron: START + FRESH.iron,
      mead: START + FRESH.mead,
    });

    t.clock.advance(2.5 * HOUR);
    const later = await overview(t, player, village.id);
    expect(amounts(later)).toEqual({
      timber: Math.floor(START + 3.5 * FRESH.timber),
      stone: Math.floor(START + 3.5 * FRESH.stone),
      iron: Math.floor(START + 3.5 * FRESH.iron),
      mead: Math.min(800, Math.floor(START + 3.5 * FRESH.mead)),
    });
    expect(later.serverTime).toBe(t.clock.now().toISOString());

    // Eight an hour from the start: full after about 40 hours.
    t.clock.advance(60 * HOUR);
    expect(amounts(await overview(t, player, village.id))).toEqual({ timber: 800, stone: 800, iron: 800, mead: 800 });
  });

  it('reports the production breakdown and the fields', async () => {
    const { player, village } = await newVillage(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/map/village/${village.id}/production`, headers: player.auth });
    expect(res.statusCode).toBe(200);
    expectSchema('Production', res.json());
    expect(res.json()).toEqual({
      villageId: village.id,
      base: { ...FRESH, mead: 6 * fieldProduction(0) },
      bonusPercent: { timber: 0, stone: 0, iron: 0, mead: 0 },
      gross: { ...FRESH, mead: 6 * fieldProduction(0) },
      consumption: { population: GREAT_HALL_POP, unitUpkeep: 0 },
      net: FRESH,
      capacity: { warehouse: 800, granary: 800 },
    });
    const fields = await t.app.inject({ method: 'GET', url: `/api/map/village/${village.id}/fields`, headers: player.auth });
    expect(fields.statusCode).toBe(200);
    expectSchema('FieldList', fields.json());
    const list = fields.json().fields as { slot: number; type: string; resourceType: string; production: number }[];
    expect(list.map((f) => f.slot)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(list[0]).toMatchObject({ type: 'timber_camp', resourceType: 'timber', production: fieldProduction(0), level: 0, isUpgrading: false, remainingTime: null });
    expect(list[17]).toMatchObject({ type: 'mead_hall', resourceType: 'mead' });
  });
});

describe('mead', () => {
  it('is eaten by unit upkeep: the net mead rate drops and the stock follows it', async () => {
    const { player, village } = await newVillage(t);
    await t.database.db.insert(units).values({ villageId: village.id, type: 'bondi', count: 5 });
    await setStock(village.id, { mead: 100 });
    const view = await overview(t, player, village.id);
    expect(production(view).mead).toBe(FRESH.mead - 5 * UNITS.bondi.upkeep);
    expect(view.statistics).toEqual({ militaryPower: 5 * UNITS.bondi.attack, defenseBonus: 0, totalUpkeep: 5 * UNITS.bondi.upkeep });
    expect(view.units).toEqual([expect.objectContaining({ type: 'bondi', count: 5, isTraining: false, remainingTime: null })]);
    t.clock.advance(2 * HOUR);
    expect(amounts(await overview(t, player, village.id)).mead).toBe(100 + 2 * (FRESH.mead - 5));
  });

  it('starves units once the granary is empty, until the net is no longer negative', async () => {
    const { player, village } = await newVillage(t);
    // 20 bondi eat 20 an hour against a net of 10: -10 an hour drains 5 mead in half an hour.
    await t.database.db.insert(units).values({ villageId: village.id, type: 'bondi', count: 20 });
    await setStock(village.id, { mead: 5 });
    const before = await overview(t, player, village.id);
    expect(production(before).mead).toBe(FRESH.mead - 20);
    t.clock.advance(3 * HOUR);
    const after = await overview(t, player, village.id);
    expect(after.units.find((u) => u.type === 'bondi')?.count).toBe(20 - (20 - FRESH.mead));
    expect(production(after).mead).toBe(0);
    expect(amounts(after).mead).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(units)
      .where(and(eq(units.villageId, village.id), eq(units.type, 'bondi')));
    expect(row.count).toBe(FRESH.mead);
  });
});

describe('upgrading a building', () => {
  it('runs from start to finish through the sweeper', async () => {
    // The world's barbarian villages grow every 6 hours: those due since earlier tests moved the clock are settled first,
    // so the sweeps counted below find only this village (no barbarian's next step falls within its upgrade).
    await sweepDueVillages(t.database.db, t.clock.now());
    const { player, village } = await newVillage(t);
    const field = await buildingIn(village.id, 1);
    const started = t.clock.now().getTime();
    const res = await upgrade(player, village.id, field.id);
    expect(res.statusCode).toBe(200);
    expectSchema('BuildingResponse', res.json());
    const seconds = buildTimeSeconds('timber_camp', 1, 1);
    const cost = buildingCost('timber_camp', 1);
    expect(res.json().building).toEqual({
      id: field.id,
      type: 'timber_camp',
      level: 0,
      slot: 1,
      isUpgrading: true,
      remainingTime: seconds,
      upgradeFinishesAt: new Date(started + seconds * 1000).toISOString(),
      updatedAt: new Date(started).toISOString(),
    });
    expect((await villageRow(village.id)).nextEventAt?.getTime()).toBe(started + seconds * 1000);
    const paid = await overview(t, player, village.id);
    expect(amounts(paid)).toEqual({ timber: START - cost.timber, stone: START - cost.stone, iron: START - cost.iron, mead: START - cost.mead });
    expect(paid.constructionQueue).toEqual([
      { buildingId: field.id, buildingType: 'timber_camp', slot: 1, targetLevel: 1, finishesAt: new Date(started + seconds * 1000).toISOString(), remainingTime: seconds },
    ]);

    t.clock.advance(seconds * 1000 - 1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBe(0);
    expect((await buildingIn(village.id, 1)).level).toBe(0);
    t.clock.advance(1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBe(1);
    const done = await buildingIn(village.id, 1);
    expect(done).toMatchObject({ level: 1, upgradeFinishesAt: null, upgradeStartedAt: null });
    const row = await villageRow(village.id);
    expect(row.nextEventAt).toBeNull();
    expect(row.resourcesAt.getTime()).toBe(started + seconds * 1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBe(0);

    // From the finish on, the camp at level 1 produces, and its two inhabitants eat.
    t.clock.advance(HOUR);
    const view = await overview(t, player, village.id);
    const partHour = seconds / 3600;
    const timberRate = 3 * fieldProduction(0) + fieldProduction(1);
    const meadRate = FRESH.mead - population([{ type: 'timber_camp', level: 1 }]);
    expect(production(view)).toMatchObject({ timber: timberRate, mead: meadRate });
    expect(amounts(view)).toMatchObject({
      timber: Math.floor(START - cost.timber + FRESH.timber * partHour + timberRate),
      mead: Math.floor(START - cost.mead + FRESH.mead * partHour + meadRate),
    });
    expect(view.village.population).toBe(GREAT_HALL_POP + population([{ type: 'timber_camp', level: 1 }]));
  });

  it('finishes on a plain read too, and the read stores it', async () => {
    const { player, village } = await newVillage(t);
    const quarry = await buildingIn(village.id, 5);
    expect((await upgrade(player, village.id, quarry.id)).statusCode).toBe(200);
    const seconds = buildTimeSeconds('stone_quarry', 1, 1);
    t.clock.advance(100_000);
    const midway = await overview(t, player, village.id);
    expect(midway.buildings.find((b) => b.slot === 5)).toMatchObject({ level: 0, isUpgrading: true, remainingTime: seconds - 100 });
    t.clock.advance(seconds * 1000 - 100_000 + 5 * MINUTE);
    const view = await overview(t, player, village.id);
    expect(view.buildings.find((b) => b.slot === 5)).toMatchObject({ level: 1, isUpgrading: false, remainingTime: null, upgradeFinishesAt: null });
    expect(view.constructionQueue).toEqual([]);
    expect((await buildingIn(village.id, 5)).level).toBe(1);
    expect((await villageRow(village.id)).nextEventAt).toBeNull();
    // The next upgrade may start now and costs the next level.
    const again = await upgrade(player, village.id, quarry.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().building).toMatchObject({ level: 1, isUpgrading: true, remainingTime: buildTimeSeconds('stone_quarry', 2, 1) });
  });

  it('refuses at level 30, while the building upgrades, and while another construction runs', async () => {
    const { player, village } = await newVillage(t);
    const top = await buildingIn(village.id, 1);
    await t.database.db.update(buildings).set({ level: 30 }).where(eq(buildings.id, top.id));
    const maxed = await upgrade(player, village.id, top.id);
    expect(maxed.statusCode).toBe(409);
    expect(maxed.json().error).toBe(BUILDING_MESSAGES.maxLevel);

    const second = await buildingIn(village.id, 2);
    expect((await upgrade(player, village.id, second.id)).statusCode).toBe(200);
    const twice = await upgrade(player, village.id, second.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(BUILDING_MESSAGES.alreadyUpgrading);
    const third = await buildingIn(village.id, 3);
    const busy = await upgrade(player, village.id, third.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe(BUILDING_MESSAGES.constructionBusy);
    const build = await construct(player, village.id, { buildingType: 'embassy', slot: 21 });
    expect(build.statusCode).toBe(409);
    expect(build.json().error).toBe(BUILDING_MESSAGES.constructionBusy);

    const unknown = await upgrade(player, village.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses with 409 when the village cannot pay, and changes nothing', async () => {
    const { player, village } = await newVillage(t);
    await addBarracks(village.id);
    await setStock(village.id, { timber: 10 });
    const field = await buildingIn(village.id, 1);
    const villageBefore = await villageRow(village.id);
    const buildingsBefore = await t.database.db.select().from(buildings).where(eq(buildings.villageId, village.id));
    const res = await upgrade(player, village.id, field.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Not enough resources');
    expect(res.json().code).toBe('not_enough_resources');
    expect(res.json().details).toEqual([
      { field: 'timber', message: expect.stringContaining('timber'), code: 'resource_short', params: { resource: 'timber', amount: expect.any(Number), have: 10 } },
    ]);
    const trained = await train(player, village.id, { unitType: 'bondi' });
    expect(trained.statusCode).toBe(409);
    expect(await villageRow(village.id)).toEqual(villageBefore);
    expect(await t.database.db.select().from(buildings).where(eq(buildings.villageId, village.id))).toEqual(buildingsBefore);
  });
});

describe('constructing a building', () => {
  it('builds level 1 of an inner building in a free slot and refuses what the rules forbid', async () => {
    const { player, village } = await newVillage(t);
    const started = t.clock.now().getTime();
    const res = await construct(player, village.id, { buildingType: 'warehouse', slot: 20 });
    expect(res.statusCode).toBe(201);
    expectSchema('BuildingResponse', res.json());
    const seconds = buildTimeSeconds('warehouse', 1, 1);
    expect(res.json().building).toMatchObject({ type: 'warehouse', slot: 20, level: 0, isUpgrading: true, remainingTime: seconds });
    const cost = buildingCost('warehouse', 1);
    expect(amounts(await overview(t, player, village.id)).timber).toBe(START - cost.timber);

    t.clock.advance(seconds * 1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await buildingIn(village.id, 20)).level).toBe(1);
    const view = await overview(t, player, village.id);
    expect(view.buildings.find((b) => b.slot === 20)).toMatchObject({ type: 'warehouse', level: 1, isUpgrading: false });
    expect(view.resources.map((r) => r.capacity)).toEqual([storageCapacity(1), storageCapacity(1), storageCapacity(1), 800]);
    expect(t.clock.now().getTime() - started).toBe(seconds * 1000);

    const taken = await construct(player, village.id, { buildingType: 'granary', slot: 20 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(BUILDING_MESSAGES.slotTaken);
    const shipyard = await construct(player, village.id, { buildingType: 'shipyard', slot: 22 });
    expect(shipyard.statusCode).toBe(409);
    expect(shipyard.json().error).toBe('Requires Great Hall level 5');
    const hall = await construct(player, village.id, { buildingType: 'great_hall', slot: 23 });
    expect(hall.statusCode).toBe(409);
    expect(hall.json().error).toBe('This village already has a Great Hall');
    // Stores may be built more than once.
    const second = await construct(player, village.id, { buildingType: 'warehouse', slot: 24 });
    expect(second.statusCode).toBe(201);

    const list = await t.app.inject({ method: 'GET', url: `/api/map/village/${village.id}/buildings`, headers: player.auth });
    expect(list.statusCode).toBe(200);
    expectSchema('BuildingList', list.json());
    expect((list.json().buildings as BuildingJson[]).map((b) => b.slot)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 24]);
    expect(list.json().constructionQueue).toHaveLength(1);
  });

  it('answers 400 to bad bodies', async () => {
    const { player, village } = await newVillage(t);
    const bodies = [
      { buildingType: 'castle', slot: 20 },
      { buildingType: 'warehouse', slot: 5 },
      { buildingType: 'warehouse', slot: 41 },
      { buildingType: 'warehouse' },
      { buildingType: 'warehouse', slot: 20, extra: true },
      { buildingType: 'timber_camp', slot: 20 },
    ];
    for (const body of bodies) {
      const res = await construct(player, village.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    for (const body of [{ unitType: 'bondi', count: 0 }, { unitType: 'dragon' }, { unitType: 'bondi', count: 1.5 }, {}]) {
      const res = await train(player, village.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const cost = await t.app.inject({ method: 'GET', url: '/api/villages/building-costs/castle/1', headers: player.auth });
    expect(cost.statusCode).toBe(400);
    const level = await t.app.inject({ method: 'GET', url: '/api/villages/building-costs/warehouse/31', headers: player.auth });
    expect(level.statusCode).toBe(400);
    expect(amounts(await overview(t, player, village.id))).toEqual({ timber: START, stone: START, iron: START, mead: START });
  });
});

describe('GET /api/villages/building-costs/{type}/{level}', () => {
  it('quotes cost and time at world speed 1 and great hall 1', async () => {
    const player = await registerPlayer(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/villages/building-costs/barracks/3', headers: player.auth });
    expect(res.statusCode).toBe(200);
    expectSchema('BuildingCost', res.json());
    expect(res.json()).toEqual({ buildingType: 'barracks', level: 3, cost: buildingCost('barracks', 3), buildTime: buildTimeSeconds('barracks', 3, 1, 1) });
  });
});

describe('training units', () => {
  it('needs the training building', async () => {
    const { player, village } = await newVillage(t);
    const res = await train(player, village.id, { unitType: 'bondi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Barracks/);
  });

  it('trains an order from start to finish, units arriving one by one, orders one after another', async () => {
    const { player, village } = await newVillage(t);
    await addBarracks(village.id);
    const start = t.clock.now().getTime();
    const before = await overview(t, player, village.id);
    expect(before.availableUnitTypes.map((u) => u.type)).toEqual(['bondi', 'viking_raider', 'berserker', 'shieldmaiden', 'huscarl']);
    const each = trainingTimeSeconds('bondi', 1, 1);
    expect(before.availableUnitTypes[0]).toEqual({ type: 'bondi', trainingTime: each, cost: UNITS.bondi.cost, canTrain: true });

    const res = await train(player, village.id, { unitType: 'bondi', count: 3 });
    expect(res.statusCode).toBe(201);
    expectSchema('UnitResponse', res.json());
    const unit = res.json().unit as UnitJson;
    expect(unit).toMatchObject({ type: 'bondi', count: 0, isTraining: true, remainingTime: each });
    expect(unit.trainingQueue).toEqual([
      {
        id: expect.any(String),
        unitType: 'bondi',
        count: 3,
        unitTrainingTime: each,
        nextUnitFinishesAt: new Date(start + each * 1000).toISOString(),
        finishesAt: new Date(start + 3 * each * 1000).toISOString(),
        remainingTime: 3 * each,
      },
    ]);
    const paid = await overview(t, player, village.id);
    expect(amounts(paid)).toEqual({
      timber: START - 3 * UNITS.bondi.cost.timber,
      stone: START - 3 * UNITS.bondi.cost.stone,
      iron: START - 3 * UNITS.bondi.cost.iron,
      mead: START - 3 * UNITS.bondi.cost.mead,
    });
    // A second order (count defaults to 1) waits for the first.
    const raider = await train(player, village.id, { unitType: 'viking_raider' });
    expect(raider.statusCode).toBe(201);
    const raiderEach = trainingTimeSeconds('viking_raider', 1, 1);
    expect(raider.json().unit.trainingQueue[0]).toMatchObject({
      count: 1,
      nextUnitFinishesAt: new Date(start + (3 * each + raiderEach) * 1000).toISOString(),
      remainingTime: 3 * each + raiderEach,
    });
    expect((await villageRow(village.id)).nextEventAt?.getTime()).toBe(start + each * 1000);

    const bondi = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/map/village/${village.id}/units`, headers: player.auth });
      expect(res.statusCode).toBe(200);
      expectSchema('UnitList', res.json());
      return (res.json().units as UnitJson[]).find((u) => u.type === 'bondi')!;
    };
    t.clock.advance(each * 1000 - 1000);
    expect(await bondi()).toMatchObject({ count: 0, isTraining: true, remainingTime: 1 });
    t.clock.advance(1000);
    expect(await bondi()).toMatchObject({ count: 1, isTraining: true, remainingTime: each });
    expect((await bondi()).trainingQueue?.[0]).toMatchObject({ count: 2, remainingTime: 2 * each });
    t.clock.advance(each * 1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(units)
      .where(and(eq(units.villageId, village.id), eq(units.type, 'bondi')));
    expect(row.count).toBe(2);
    t.clock.advance(each * 1000);
    expect(await bondi()).toMatchObject({ count: 3, isTraining: false, remainingTime: null, trainingQueue: [] });

    t.clock.advance(raiderEach * 1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(trainingOrders).where(eq(trainingOrders.villageId, village.id))).toEqual([]);
    expect((await villageRow(village.id)).nextEventAt).toBeNull();
    const view = await overview(t, player, village.id);
    expect(view.units.map((u) => [u.type, u.count])).toEqual([
      ['bondi', 3],
      ['viking_raider', 1],
    ]);
    expect(view.statistics).toMatchObject({
      militaryPower: 3 * UNITS.bondi.attack + UNITS.viking_raider.attack,
      totalUpkeep: 3 * UNITS.bondi.upkeep + UNITS.viking_raider.upkeep,
    });
  });

  it('settles a whole order left unread for hours in one read, every unit in place', async () => {
    const { player, village } = await newVillage(t);
    await addBarracks(village.id, 5);
    await setStock(village.id, { timber: 800, stone: 800, iron: 800, mead: 800 });
    const res = await train(player, village.id, { unitType: 'bondi', count: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json().unit.trainingQueue[0].unitTrainingTime).toBe(trainingTimeSeconds('bondi', 5, 1));
    t.clock.advance(6 * HOUR);
    const view = await overview(t, player, village.id);
    expect(view.units).toEqual([expect.objectContaining({ type: 'bondi', count: 10, isTraining: false })]);
    expect(await t.database.db.select().from(trainingOrders).where(eq(trainingOrders.villageId, village.id))).toEqual([]);
  });
});

describe('ownership', () => {
  it("answers 403 for another player's village and 404 for an unknown one", async () => {
    const { player, village } = await newVillage(t);
    const stranger = await registerPlayer(t.app, newPlayer('thief'));
    const field = await buildingIn(village.id, 1);
    const calls = [
      { method: 'GET' as const, url: `/api/map/village/${village.id}/overview` },
      { method: 'GET' as const, url: `/api/map/village/${village.id}/buildings` },
      { method: 'GET' as const, url: `/api/map/village/${village.id}/units` },
      { method: 'GET' as const, url: `/api/map/village/${village.id}/fields` },
      { method: 'GET' as const, url: `/api/map/village/${village.id}/production` },
      { method: 'PUT' as const, url: `/api/map/village/${village.id}/rename`, payload: { name: 'Mine now' } },
      { method: 'PUT' as const, url: `/api/villages/${village.id}/buildings/${field.id}/upgrade` },
      { method: 'POST' as const, url: `/api/villages/${village.id}/buildings`, payload: { buildingType: 'embassy', slot: 21 } },
      { method: 'POST' as const, url: `/api/villages/${village.id}/units`, payload: { unitType: 'bondi' } },
    ];
    for (const call of calls) {
      const foreign = await t.app.inject({ ...call, headers: stranger.auth });
      expect(foreign.statusCode, call.url).toBe(403);
      expect(foreign.json().error).toBe('This village is not yours');
      const unknown = await t.app.inject({ ...call, url: call.url.replace(village.id, '00000000-0000-4000-8000-000000000000'), headers: player.auth });
      expect(unknown.statusCode, call.url).toBe(404);
    }
    expect((await overview(t, player, village.id)).village.name).toBe(village.name);
  });
});

describe('PUT /api/map/village/{id}/rename', () => {
  it('renames with the name trimmed, accepts the same name again and refuses a blank one', async () => {
    const { player, village } = await newVillage(t);
    const rename = (name: string) => t.app.inject({ method: 'PUT', url: `/api/map/village/${village.id}/rename`, headers: player.auth, payload: { name } });
    const res = await rename('  Hedeby  ');
    expect(res.statusCode).toBe(200);
    expectSchema('VillageResponse', res.json());
    expect(res.json().village).toMatchObject({ id: village.id, name: 'Hedeby' });
    expect((await rename('Hedeby')).statusCode).toBe(200);
    expect((await rename('   ')).statusCode).toBe(400);
    expect((await rename('')).statusCode).toBe(400);
    expect((await rename('x'.repeat(31))).statusCode).toBe(400);
    expect((await villageRow(village.id)).name).toBe('Hedeby');
  });
});

describe('spending is atomic', () => {
  it('lets exactly one of fifty parallel upgrades through when the village can afford one', async () => {
    const { player, village } = await newVillage(t);
    const cost = buildingCost('timber_camp', 1);
    await setStock(village.id, cost);
    const camps = await Promise.all([1, 2, 3, 4].map((slot) => buildingIn(village.id, slot)));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => upgrade(player, village.id, camps[i % 4].id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const row = await villageRow(village.id);
    expect([row.timber, row.stone, row.iron, row.mead]).toEqual([0, 0, 0, 0]);
    const upgrading = (await t.database.db.select().from(buildings).where(eq(buildings.villageId, village.id))).filter((b) => b.upgradeFinishesAt);
    expect(upgrading).toHaveLength(1);
  });

  it('lets exactly one of fifty parallel training orders through when the village can afford one unit', async () => {
    const { player, village } = await newVillage(t);
    await addBarracks(village.id);
    await setStock(village.id, UNITS.bondi.cost);
    const results = await Promise.all(Array.from({ length: 50 }, () => train(player, village.id, { unitType: 'bondi' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe('Not enough resources');
    const orders = await t.database.db.select().from(trainingOrders).where(eq(trainingOrders.villageId, village.id));
    expect(orders.map((o) => o.count)).toEqual([1]);
    const row = await villageRow(village.id);
    expect([row.timber, row.stone, row.iron, row.mead]).toEqual([0, 0, 0, 0]);
  });
});

describe('the sweeper', () => {
  it('never settles a village twice when two sweeps run at once', async () => {
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => newVillage(t)));
    for (const { player, village } of players) {
      expect((await upgrade(player, village.id, (await buildingIn(village.id, 13)).id)).statusCode).toBe(200);
    }
    t.clock.advance(buildTimeSeconds('mead_hall', 1, 1) * 1000);
    const now = t.clock.now();
    // Villages of earlier tests may fall due as well: count every village due, not just these five.
    const due = (await t.database.db.select({ at: villages.nextEventAt }).from(villages)).filter((v) => v.at && v.at <= now).length;
    expect(due).toBeGreaterThanOrEqual(5);
    const [a, b] = await Promise.all([sweepDueVillages(t.database.db, now, 2), sweepDueVillages(t.database.db, now, 2)]);
    expect(a + b).toBe(due);
    for (const { village } of players) expect((await buildingIn(village.id, 13)).level).toBe(1);
  });

  it('runs in the background when the app is configured with an interval, and stops with the app', async () => {
    const other = await startTestApp({ sweepIntervalMs: 10 });
    try {
      const player = await registerPlayer(other.app);
      const [world] = (await other.app.inject({ method: 'GET', url: '/api/worlds', headers: player.auth })).json().worlds;
      const join = await other.app.inject({ method: 'POST', url: `/api/worlds/${world.id}/join`, headers: player.auth });
      const village = join.json().village as VillageJson;
      const [field] = await other.database.db
        .select()
        .from(buildings)
        .where(and(eq(buildings.villageId, idOf<VillageId>(village.id)), eq(buildings.slot, 1)));
      await other.app.inject({ method: 'PUT', url: `/api/villages/${village.id}/buildings/${field.id}/upgrade`, headers: player.auth });
      other.clock.advance(buildTimeSeconds('timber_camp', 1, 1) * 1000);
      let level = 0;
      for (let i = 0; i < 200 && level === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        [{ level }] = await other.database.db.select({ level: buildings.level }).from(buildings).where(eq(buildings.id, field.id));
      }
      expect(level).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('the cost of a read', () => {
  /** Queries and settle steps spent by one overview read (after a fresh login: sessions last 30 days). */
  async function measuredRead(player: Player, villageId: string) {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: player.body.email, password: player.body.password } });
    expect(login.statusCode).toBe(200);
    player = { ...player, auth: { authorization: `Bearer ${login.json().token}` } };
    const queries = t.queryCount();
    const steps = settleMetrics.steps;
    const view = await overview(t, player, villageId);
    return { queries: t.queryCount() - queries, steps: settleMetrics.steps - steps, view };
  }

  it('is the same for a village idle a month as for one idle a minute', async () => {
    const a = await newVillage(t);
    const b = await newVillage(t);
    await overview(t, a.player, a.village.id);
    await overview(t, b.player, b.village.id);
    t.clock.advance(MINUTE);
    const minute = await measuredRead(a.player, a.village.id);
    t.clock.advance(30 * DAY);
    const month = await measuredRead(b.player, b.village.id);
    expect(month.steps).toBe(minute.steps);
    expect(month.queries).toBe(minute.queries);
    expect(minute.steps).toBe(0);
    expect(amounts(month.view)).toEqual({ timber: 800, stone: 800, iron: 800, mead: 800 });
  });

  it('grows with the events due, not with the time elapsed', async () => {
    const a = await newVillage(t);
    const b = await newVillage(t);
    for (const v of [a, b]) expect((await upgrade(v.player, v.village.id, (await buildingIn(v.village.id, 9)).id)).statusCode).toBe(200);
    t.clock.advance(buildTimeSeconds('iron_mine', 1, 1) * 1000 + MINUTE);
    const minute = await measuredRead(a.player, a.village.id);
    t.clock.advance(30 * DAY);
    const month = await measuredRead(b.player, b.village.id);
    // One event (the finished mine), settled in memory and once more under the row lock to store it.
    expect(minute.steps).toBe(2);
    expect(month.steps).toBe(minute.steps);
    expect(month.queries).toBe(minute.queries);
    expect(month.view.buildings.find((b) => b.slot === 9)?.level).toBe(1);
  });
});
