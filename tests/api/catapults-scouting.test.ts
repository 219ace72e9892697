// Catapults and scouting through the API with a fake clock: the building aimed at (or drawn) loses levels, a capital's fields keep their floor, a building at 0 is gone, the report says what was hit; scouts bring back resources and troops, meet only scouts, and are noticed only by a defender with scouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, movementsOf, placeAt, reports, send, station, unitsAtHome, type MovementJson } from './army-helpers';
import { battleReports, buildings, movements, villages } from '../../src/server/db/schema';
import { sweepDueArrivals } from '../../src/server/sweeper';
import { idOf, type MovementId, type VillageId } from '../../src/rules/ids';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { CAPITAL_FIELD_FLOOR, CATAPULT_MESSAGES } from '../../src/rules/catapults';
import { SCOUTS_ONLY } from '../../src/rules/scouting';
import type { BuildingType } from '../../src/rules/buildings';

let t: TestApp;
let spot = 0;
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

/** Two neighbours three tiles apart, past beginner protection; the defender's village is a capital only when asked. */
async function neighbours({ capital = false, protectedTarget = false } = {}): Promise<{ attacker: Side; defender: Side }> {
  spot += 1;
  const attacker = await newVillage(t, undefined, 'cat');
  const defender = await newVillage(t, undefined, 'tgt');
  await placeAt(t, defender.village.id, -150 + spot * 7, -150);
  await placeAt(t, attacker.village.id, -150 + spot * 7, -147);
  await joinedLongAgo(t, ...(protectedTarget ? [attacker.player] : [attacker.player, defender.player]));
  if (!capital) await t.database.db.update(villages).set({ isCapital: false }).where(eq(villages.id, defender.village.id));
  return { attacker, defender };
}

const arrival = (movement: { arrivesAt: string }) => new Date(movement.arrivesAt).getTime();

async function setLevel(villageId: VillageId, type: BuildingType, level: number): Promise<void> {
  await setBuildingLevel(t.database.db, { villageId, type, level }, t.clock.now());
}

/** The levels of a type's buildings in the village, highest first. */
async function levels(villageId: VillageId, type: BuildingType): Promise<number[]> {
  const rows = await t.database.db.select({ level: buildings.level }).from(buildings).where(and(eq(buildings.villageId, villageId), eq(buildings.type, type)));
  return rows.map((r) => r.level).sort((a, b) => b - a);
}

async function attackWith(attacker: Side, defender: Side, units: Record<string, number>, catapultTarget?: BuildingType): Promise<MovementJson> {
  await station(t, attacker.village.id, units);
  const sent = await send(t, attacker.player, {
    fromVillageId: attacker.village.id,
    toVillageId: defender.village.id,
    units,
    movementType: 'attack',
    ...(catapultTarget ? { catapultTarget } : {}),
  });
  expect(sent.status, sent.body.error).toBe(201);
  return sent.body.movement;
}

describe('catapults', () => {
  it('lower the building aimed at by the rules’ damage, and the report says what was hit', async () => {
    const { attacker, defender } = await neighbours();
    await setLevel(defender.village.id, 'granary', 10);
    // Unopposed, 20 catapults work fully: 10 -> 6 costs 5 + 5 + 4 + 4 = 18; 6 -> 5 would cost 3 more.
    const sent = await attackWith(attacker, defender, { bondi: 5, catapult: 20 }, 'granary');
    t.clock.set(arrival(sent));
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report).toMatchObject({ type: 'attack', winner: 'attacker', buildingHit: { type: 'granary', levelBefore: 10, levelAfter: 6 }, intel: null });
    expect(await levels(defender.village.id, 'granary')).toEqual([6]);
    // The defender reads the same hit.
    expect((await reports(t, defender.player)).battles[0].buildingHit).toEqual({ type: 'granary', levelBefore: 10, levelAfter: 6 });
  });

  it('draw a building at random when none is aimed at', async () => {
    const { attacker, defender } = await neighbours();
    await setLevel(defender.village.id, 'warehouse', 4);
    const before = await t.database.db.select().from(buildings).where(eq(buildings.villageId, defender.village.id));
    const sent = await attackWith(attacker, defender, { bondi: 5, catapult: 3 });
    t.clock.set(arrival(sent));
    const hit = (await reports(t, attacker.player)).battles[0].buildingHit;
    expect(hit).not.toBeNull();
    expect(hit!.type).not.toBe('wall');
    expect(hit!.levelAfter).toBeLessThan(hit!.levelBefore);
    // It was a building standing there at that level, and it stands at the reported level now (or is gone at 0).
    expect(before.some((b) => b.type === hit!.type && b.level === hit!.levelBefore)).toBe(true);
    const now = await levels(defender.village.id, hit!.type);
    if (hit!.levelAfter > 0) expect(now).toContain(hit!.levelAfter);
  });

  it('remove a building brought to 0, its upgrade in progress with it', async () => {
    const { attacker, defender } = await neighbours();
    await setLevel(defender.village.id, 'barracks', 2);
    const [barracks] = await t.database.db.select().from(buildings).where(and(eq(buildings.villageId, defender.village.id), eq(buildings.type, 'barracks')));
    // Being raised to level 3 until long after the attack lands.
    const now = t.clock.now().getTime();
    await t.database.db
      .update(buildings)
      .set({ upgradeStartedAt: new Date(now), upgradeFinishesAt: new Date(now + 30 * 86_400_000) })
      .where(eq(buildings.id, barracks.id));
    // 2 -> 1 -> 0 costs 1 + 1.
    const sent = await attackWith(attacker, defender, { bondi: 5, catapult: 2 }, 'barracks');
    t.clock.set(arrival(sent));
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report.buildingHit).toEqual({ type: 'barracks', levelBefore: 2, levelAfter: 0 });
    expect(await levels(defender.village.id, 'barracks')).toEqual([]);
    const view = await overview(t, defender.player, defender.village.id);
    expect(view.buildings.some((b) => b.type === 'barracks')).toBe(false);
    // Nothing of the upgrade is left: the village may build again at once.
    expect(view.buildings.some((b) => b.upgradeFinishesAt !== null)).toBe(false);
  });

  it('never take a capital’s resource fields below the floor', async () => {
    const { attacker, defender } = await neighbours({ capital: true });
    await setLevel(defender.village.id, 'timber_camp', 8);
    const sent = await attackWith(attacker, defender, { bondi: 5, catapult: 100 }, 'timber_camp');
    t.clock.set(arrival(sent));
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report.buildingHit).toEqual({ type: 'timber_camp', levelBefore: 8, levelAfter: CAPITAL_FIELD_FLOOR });
    expect((await levels(defender.village.id, 'timber_camp'))[0]).toBe(CAPITAL_FIELD_FLOOR);
  });

  it('hit nothing in a raid, and a target is refused without an attack, without catapults, or at the wall', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { bondi: 5, catapult: 2 });
    const base = { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { bondi: 5, catapult: 2 } };
    const raid = await send(t, attacker.player, { ...base, movementType: 'raid', catapultTarget: 'granary' });
    expect([raid.status, raid.body.error]).toEqual([400, CATAPULT_MESSAGES.attackOnly]);
    const wall = await send(t, attacker.player, { ...base, movementType: 'attack', catapultTarget: 'wall' });
    expect([wall.status, wall.body.error]).toEqual([400, CATAPULT_MESSAGES.notTheWall]);
    const none = await send(t, attacker.player, { ...base, units: { bondi: 5 }, movementType: 'attack', catapultTarget: 'granary' });
    expect([none.status, none.body.error]).toEqual([400, CATAPULT_MESSAGES.noCatapults]);
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual({ bondi: 5, catapult: 2 });
    // A raid with catapults fights, but its catapults hit nothing.
    const sent = (await send(t, attacker.player, { ...base, movementType: 'raid' })).body.movement;
    t.clock.set(arrival(sent));
    expect((await reports(t, attacker.player)).battles[0]).toMatchObject({ type: 'raid', buildingHit: null });
  });
});

describe('scouting', () => {
  it('brings back the target’s resources and troops, unseen by a defender without scouts', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { viking_raider: 3, bondi: 4 });
    await station(t, defender.village.id, { bondi: 30, huscarl: 5 });
    const sent = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { viking_raider: 3 }, movementType: 'scout' });
    expect(sent.status).toBe(201);
    expect(sent.body.movement).toMatchObject({ type: 'scout', units: { viking_raider: 3 } });
    // The defender sees something marching at them, not what.
    expect((await movementsOf(t, defender.player)).find((m) => m.id === sent.body.movement.id)).toMatchObject({ type: 'scout', units: {} });
    t.clock.set(arrival(sent.body.movement));
    const stock = amounts(await overview(t, defender.player, defender.village.id));
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report).toMatchObject({
      type: 'scout',
      winner: 'attacker',
      perspective: 'attacker',
      attacker: { units: { viking_raider: 3 }, losses: {} },
      defender: { units: {}, losses: {} },
      loot: { timber: 0, stone: 0, iron: 0, mead: 0 },
      buildingHit: null,
      intel: { resources: stock, troops: { bondi: 30, huscarl: 5 }, stationed: {}, defences: null },
    });
    // Nobody met them: the defender has no report, and their village is as it was.
    expect((await reports(t, defender.player)).battles.filter((b) => b.id === report.id)).toEqual([]);
    expect(unitsAtHome(await overview(t, defender.player, defender.village.id))).toEqual({ bondi: 30, huscarl: 5 });
    // The scouts walk home.
    const home = (await movementsOf(t, attacker.player)).find((m) => m.type === 'return');
    expect(home).toMatchObject({ units: { viking_raider: 3 }, loot: null });
    t.clock.set(arrival(home!));
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual({ viking_raider: 3, bondi: 4 });
  });

  it('fights only the defender’s scouts, who notice it; enough survivors see the defences', async () => {
    const { attacker, defender } = await neighbours();
    await setLevel(defender.village.id, 'wall', 2);
    await station(t, attacker.village.id, { viking_raider: 14 });
    await station(t, defender.village.id, { viking_raider: 2, bondi: 10 });
    const sent = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { viking_raider: 14 }, movementType: 'scout' });
    t.clock.set(arrival(sent.body.movement));
    // 14 scouts against 2 * 1.06 = 2.12: they lose (2.12 / 14)^1.5 = 5.9% (1 of 14), the defending scouts all fall.
    const seen = (await reports(t, attacker.player)).battles[0];
    expect(seen).toMatchObject({ type: 'scout', winner: 'attacker', attacker: { losses: { viking_raider: 1 } }, defender: { units: { viking_raider: 2 }, losses: { viking_raider: 2 } } });
    expect(seen.intel?.troops).toEqual({ bondi: 10 });
    expect(seen.intel?.defences?.wallLevel).toBe(2);
    expect(seen.intel?.defences?.buildings).toContainEqual({ type: 'wall', level: 2 });
    const noticed = (await reports(t, defender.player)).battles.find((b) => b.id === seen.id);
    expect(noticed).toMatchObject({ type: 'scout', perspective: 'defender', intel: null });
    expect(unitsAtHome(await overview(t, defender.player, defender.village.id))).toEqual({ bondi: 10 });
  });

  it('takes scouts only and no hero, and is refused on a player under beginner protection', async () => {
    const { attacker, defender } = await neighbours({ protectedTarget: true });
    await station(t, attacker.village.id, { viking_raider: 3, bondi: 2 });
    const base = { fromVillageId: attacker.village.id, toVillageId: defender.village.id, movementType: 'scout' };
    const mixed = await send(t, attacker.player, { ...base, units: { viking_raider: 3, bondi: 1 } });
    expect([mixed.status, mixed.body.error]).toEqual([400, SCOUTS_ONLY]);
    const shielded = await send(t, attacker.player, { ...base, units: { viking_raider: 3 } });
    expect(shielded.status).toBe(409);
    expect(shielded.body.error).toMatch(/^Under beginner protection until /);
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual({ viking_raider: 3, bondi: 2 });
  });

  it('is applied exactly once at its arrival instant, by the sweeper and readers racing', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { viking_raider: 12 });
    await station(t, defender.village.id, { viking_raider: 1 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { viking_raider: 12 }, movementType: 'scout' })).body.movement;
    t.clock.set(arrival(sent) + 60_000);
    await Promise.all([sweepDueArrivals(t.database.db, t.clock.now()), reports(t, attacker.player), reports(t, defender.player), overview(t, defender.player, defender.village.id)]);
    const rows = await t.database.db.select().from(battleReports).where(and(eq(battleReports.attackerId, attacker.player.user.id), eq(battleReports.type, 'scout')));
    expect(rows).toHaveLength(1);
    expect(rows[0].occurredAt.getTime()).toBe(arrival(sent));
    const [row] = await t.database.db.select().from(movements).where(eq(movements.id, idOf<MovementId>(sent.id)));
    expect(row.resolvedAt?.getTime()).toBe(arrival(sent));
    const homeward = await t.database.db.select().from(movements).where(and(eq(movements.fromVillageId, defender.village.id), eq(movements.type, 'return')));
    expect(homeward).toHaveLength(1);
  });

  it('ends the sender’s own beginner protection, as a first attack does', async () => {
    const { attacker: veteran, defender: rookie } = await neighbours({ protectedTarget: true });
    expect((await overview(t, rookie.player, rookie.village.id)).protectedUntil).not.toBeNull();
    await station(t, rookie.village.id, { viking_raider: 1 });
    const sent = await send(t, rookie.player, { fromVillageId: rookie.village.id, toVillageId: veteran.village.id, units: { viking_raider: 1 }, movementType: 'scout' });
    expect(sent.status).toBe(201);
    expect((await overview(t, rookie.player, rookie.village.id)).protectedUntil).toBeNull();
  });
});
