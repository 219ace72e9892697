// Oases through the API with a fake clock: a raid clears the animals, an attack led by a hero annexes, production gains the bonus, another village takes it over; the map and the nearby list tell the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { requests, startTestApp, type TestApp } from './harness';
import { HOUR, MINUTE, newVillage, type MadeVillage, type Player } from './village-helpers';
import { movementsOf, placeAt, reports, station } from './army-helpers';
import type { Schema } from '../../src/contract';
import { movements, oases, worlds } from '../../src/server/db/schema';
import { sweepDueOasisArrivals } from '../../src/server/oases/oases';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { codeOasisBonus, terrainCodes } from '../../src/server/map/terrain';
import { RICH_OASIS_CAP, SMALL_OASIS_CAP, animalCap } from '../../src/rules/oases';
import type { OasisBonus } from '../../src/rules/terrain';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

/** An oasis far from the world's centre (where joining players settle), with its bonus. */
async function farOasis(village: MadeVillage): Promise<{ x: number; y: number; bonus: OasisBonus }> {
  const [world] = await t.database.db.select({ seed: worlds.seed }).from(worlds).where(eq(worlds.id, village.worldId));
  const codes = terrainCodes(world!.seed);
  // Row by row from y = -60 (the world's seed is random: one row of 60 tiles now and then has no oasis).
  for (const y of [-60, -54, -66, -48, -72, -42, -78]) {
    for (let x = 60; x < 120; x++) {
      const bonus = codeOasisBonus(codes.at(x, y));
      if (bonus) return { x, y, bonus };
    }
  }
  throw new Error('no oasis on seven rows of 60 tiles');
}

/** A player whose village stands at (x, y) with a longhouse of `longhouse`, 300 berserkers and a hero; returns the hero's id. */
async function warlord(prefix: string, at: { x: number; y: number }, longhouse: number): Promise<{ player: Player; village: MadeVillage; heroId: string }> {
  const made = await newVillage(t, undefined, prefix);
  const id = made.village.id;
  await placeAt(t, id, at.x, at.y);
  for (const [type, level] of [['warehouse', 20], ['granary', 20], ['longhouse', longhouse]] as const) {
    await setBuildingLevel(t.database.db, { villageId: id, type, level }, t.clock.now());
  }
  await grantToPlayer(t.database.db, made.player.body.email, { timber: 50_000, stone: 50_000, iron: 50_000, mead: 50_000 }, t.clock.now());
  const hero = await call<{ hero: { id: string } }>(made.player, 'POST', '/api/heroes/recruit', { villageId: id, heroType: 'warrior' });
  expect(hero.status).toBe(201);
  await station(t, id, { berserker: 300 });
  return { ...made, heroId: hero.body.hero.id };
}

const sendTo = (player: Player, body: Record<string, unknown>) => call<{ movement: Schema<'Movement'> }>(player, 'POST', '/api/game/send-troops', body);
const productionOf = async (player: Player, villageId: string) =>
  (await call<Schema<'Production'>>(player, 'GET', `/api/map/village/${villageId}/production`)).body;
const detailsOf = async (player: Player, village: MadeVillage, at: { x: number; y: number }) =>
  (await call<Schema<'OasisDetails'>>(player, 'GET', `/api/map/oasis/${village.worldId}/${at.x}/${at.y}`)).body;

/** Lets the armies arrive (2 tiles take a berserker 17 minutes) and reads the reports (which applies the battles due), newest first. */
async function afterMarch(player: Player, minutes = 25): Promise<Schema<'BattleReport'>[]> {
  t.clock.advance(minutes * MINUTE);
  return (await reports(t, player)).battles;
}

describe('oases', () => {
  it('are cleared by a raid, annexed by an attack led by a hero, raise production, and are taken over', async () => {
    const probe = await newVillage(t, undefined, 'probe');
    const oasis = await farOasis(probe.village);
    const cap = animalCap(oasis.bonus);
    expect([SMALL_OASIS_CAP, RICH_OASIS_CAP]).toContainEqual(cap);
    const a = await warlord('oa', { x: oasis.x + 2, y: oasis.y }, 10);
    const b = await warlord('ob', { x: oasis.x - 2, y: oasis.y + 1 }, 10);

    // A free oasis nobody marched to is full; the nearby list calls it unclaimed.
    expect(await detailsOf(a.player, a.village, oasis)).toMatchObject({ holder: null, animals: cap, maxAnimals: cap });
    const nearby = (await call<Schema<'OasisList'>>(a.player, 'GET', `/api/map/village/${a.village.id}/oases?maxDistance=3`)).body.oases;
    expect(nearby.find((o) => o.x === oasis.x && o.y === oasis.y)?.claimedByVillageId).toBeNull();
    const before = await productionOf(a.player, a.village.id);

    // Two targets or none: a clear 400. A raid to a tile that is no oasis: 404.
    expect((await sendTo(a.player, { fromVillageId: a.village.id, toVillageId: b.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 1 }, movementType: 'raid' })).status).toBe(400);
    expect((await sendTo(a.player, { fromVillageId: a.village.id, units: { berserker: 1 }, movementType: 'raid' })).status).toBe(400);
    const aimed = await sendTo(a.player, { fromVillageId: a.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 1 }, movementType: 'attack', catapultTarget: 'granary' });
    expect(aimed).toMatchObject({ status: 400, body: { error: 'An oasis has no buildings for catapults to aim at' } });
    expect((await sendTo(a.player, { fromVillageId: a.village.id, toOasis: { x: oasis.x + 1, y: oasis.y + 1 }, units: { berserker: 1 }, movementType: 'raid' })).status).toBe(
      codeOasisBonus(terrainCodes((await t.database.db.select({ seed: worlds.seed }).from(worlds).where(eq(worlds.id, a.village.worldId)))[0]!.seed).at(oasis.x + 1, oasis.y + 1)) ? 201 : 404,
    );
    const wrongKind = await sendTo(a.player, { fromVillageId: a.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 1 }, movementType: "reinforce" });
    expect([wrongKind.status, wrongKind.body.error]).toEqual([409, "Only an attack or a raid marches to an oasis"]);

    // The raid: it marches to the "Oasis" at (x|y), wins, loots nothing and leaves no animals.
    const raid = await sendTo(a.player, { fromVillageId: a.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 100 }, movementType: 'raid' });
    expect(raid.status).toBe(201);
    expect(raid.body.movement.toVillage).toMatchObject({ name: 'Oasis', x: oasis.x, y: oasis.y });
    const [raidReport] = await afterMarch(a.player);
    expect(raidReport).toMatchObject({
      type: 'raid',
      winner: 'attacker',
      perspective: 'attacker',
      defender: { user: null, village: { name: 'Oasis' } },
      loot: { timber: 0, stone: 0, iron: 0, mead: 0 },
      oasis: { x: oasis.x, y: oasis.y, animals: cap, animalLosses: cap, annexed: false, notAnnexed: null },
    });
    expect((await detailsOf(a.player, a.village, oasis)).animals).toEqual({});
    // The army walks home from the oasis.
    const home = (await movementsOf(t, a.player)).find((m) => m.type === 'return');
    expect(home?.fromVillage.name).toBe('Oasis');

    // An attack without a hero does not annex; the report says why.
    await sendTo(a.player, { fromVillageId: a.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 10 }, movementType: 'attack' });
    const [plain] = await afterMarch(a.player);
    expect(plain?.oasis).toMatchObject({ annexed: false, notAnnexed: 'A hero must lead the attack to annex an oasis' });

    // With the hero: annexed. The village's production gains the oasis's bonus from then on.
    await sendTo(a.player, { fromVillageId: a.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 50 }, movementType: 'attack', heroId: a.heroId });
    const [annexing] = await afterMarch(a.player);
    expect(annexing?.oasis).toMatchObject({ annexed: true, takenFrom: null });
    const held = await productionOf(a.player, a.village.id);
    for (const [resource, percent] of Object.entries(oasis.bonus)) {
      expect(held.bonusPercent[resource as keyof OasisBonus], resource).toBe(before.bonusPercent[resource as keyof OasisBonus] + percent);
    }
    const details = await detailsOf(b.player, b.village, oasis);
    expect(details.holder).toMatchObject({ villageId: a.village.id, villageName: a.village.name, owner: { username: a.player.user.username } });
    const claimed = (await call<Schema<'OasisList'>>(a.player, 'GET', `/api/map/village/${a.village.id}/oases?maxDistance=3`)).body.oases;
    expect(claimed.find((o) => o.x === oasis.x && o.y === oasis.y)?.claimedByVillageId).toBe(a.village.id);
    // The map's area (served from its cache) shows the holder on the oasis tile.
    const area = (await call<Schema<'MapArea'>>(b.player, 'GET', `/api/map/area/${a.village.worldId}/${oasis.x}/${oasis.y}/2`)).body;
    expect(area.tiles.find((tile) => tile.x === oasis.x && tile.y === oasis.y)?.oasis?.holder).toMatchObject({ villageId: a.village.id, owner: { username: a.player.user.username } });

    // Held, it grows no animals back; a day later B's hero takes it over the same way.
    t.clock.advance(24 * HOUR);
    expect((await detailsOf(a.player, a.village, oasis)).animals).toEqual({});
    const bBefore = await productionOf(b.player, b.village.id);
    await sendTo(b.player, { fromVillageId: b.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 50 }, movementType: 'attack', heroId: b.heroId });
    const [takeover] = await afterMarch(b.player);
    expect(takeover?.oasis).toMatchObject({ annexed: true, takenFrom: a.village.name });
    const bAfter = await productionOf(b.player, b.village.id);
    const aAfter = await productionOf(a.player, a.village.id);
    for (const [resource, percent] of Object.entries(oasis.bonus)) {
      const r = resource as keyof OasisBonus;
      expect(bAfter.bonusPercent[r], resource).toBe(bBefore.bonusPercent[r] + percent);
      expect(aAfter.bonusPercent[r], resource).toBe(before.bonusPercent[r]);
    }
    expect((await detailsOf(a.player, a.village, oasis)).holder?.villageId).toBe(b.village.id);
    const areaAfter = (await call<Schema<'MapArea'>>(a.player, 'GET', `/api/map/area/${a.village.worldId}/${oasis.x}/${oasis.y}/2`)).body;
    expect(areaAfter.tiles.find((tile) => tile.x === oasis.x && tile.y === oasis.y)?.oasis?.holder.villageId).toBe(b.village.id);
    // The oasis's battles are the attacker's alone: B's reports do not hold A's battles.
    expect((await reports(t, b.player)).battles).toHaveLength(1);
  });

  it('applies an oasis battle exactly once when sweeps and a read race for it', async () => {
    const probe = await newVillage(t, undefined, 'probe3');
    const oasis = await farOasis(probe.village);
    const c = await warlord('oc', { x: oasis.x + 1, y: oasis.y + 2 }, 0);
    const sent = await sendTo(c.player, { fromVillageId: c.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 20 }, movementType: 'raid' });
    expect(sent.status).toBe(201);
    t.clock.advance(25 * MINUTE);
    const now = t.clock.now();
    const applied = await Promise.all([sweepDueOasisArrivals(t.database.db, now), sweepDueOasisArrivals(t.database.db, now), reports(t, c.player)]);
    expect(applied[0] + applied[1]).toBeLessThanOrEqual(1);
    expect((await reports(t, c.player)).battles).toHaveLength(1);
    const homeward = await t.database.db.select().from(movements).where(and(eq(movements.ownerId, c.player.user.id), eq(movements.type, 'return')));
    expect(homeward).toHaveLength(1);
  });

  it('refuses to annex without a longhouse slot, and with a village too far', async () => {
    const probe = await newVillage(t, undefined, 'probe2');
    const oasis = await farOasis(probe.village);
    const far = await warlord('of', { x: oasis.x + 3, y: oasis.y - 3 }, 10);
    const low = await warlord('ol', { x: oasis.x, y: oasis.y - 2 }, 9);
    await t.database.db.update(oases).set({ animals: {} }).where(eq(oases.x, oasis.x));
    for (const side of [far, low]) {
      const sent = await sendTo(side.player, { fromVillageId: side.village.id, toOasis: { x: oasis.x, y: oasis.y }, units: { berserker: 50 }, movementType: 'attack', heroId: side.heroId });
      expect([sent.status, sent.body.error]).toEqual([201, undefined]);
    }
    const [farReport] = await afterMarch(far.player, 60);
    const [lowReport] = await afterMarch(low.player);
    expect(farReport?.oasis?.notAnnexed).toBe('The oasis is more than 3 tiles from the village');
    expect(lowReport?.oasis?.notAnnexed).toMatch(/Longhouse of level 10/);
  });
});
