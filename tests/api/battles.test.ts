// Armies and battles through the API with a fake clock: sending, winning and looting, losing, raids, reinforcements, rams, jarls, arrival order, the sweeper and exactly-once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { amounts, giveEmbassy, newVillage, overview, type MadeVillage, type Player, type VillageJson } from './village-helpers';
import { joinedLongAgo, movementsOf, placeAt, reports, send, station, unitsAtHome } from './army-helpers';
import { battleReports, heroes, movements, villages } from '../../src/server/db/schema';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { applyArrivalsAsTheyLand, sweepDueArrivals } from '../../src/server/sweeper';
import { marchSeconds } from '../../src/rules/movements';
import { LOSS_EXPONENT } from '../../src/rules/combat';
import { UNITS } from '../../src/rules/units';
import { RESOURCE_TYPES } from '../../src/rules/resources';
import { idOf, type MovementId } from '../../src/rules/ids';

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

/** Two neighbours three tiles apart, each somewhere of their own on the map, both past beginner protection. */
async function neighbours(world?: string): Promise<{ attacker: Side; defender: Side }> {
  spot += 1;
  const attacker = await newVillage(t, world, 'att');
  const defender = await newVillage(t, world, 'def');
  await placeAt(t, defender.village.id, -150 + spot * 7, 150);
  await placeAt(t, attacker.village.id, -150 + spot * 7, 153);
  await joinedLongAgo(t, attacker.player, defender.player);
  return { attacker, defender };
}

const arrival = (movement: { arrivesAt: string }) => new Date(movement.arrivesAt).getTime();

describe('sending troops', () => {
  it('takes the units from home at once and says when they arrive', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 10, bondi: 5 });
    const sent = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 4, bondi: 5 }, movementType: 'attack' });
    expect(sent.status).toBe(201);
    const seconds = marchSeconds({ x: 0, y: 3 }, { x: 0, y: 0 }, { berserker: 4, bondi: 5 }, { worldSpeed: 1 })!;
    expect(seconds).toBe(Math.round((3 / UNITS.bondi.speed) * 3600));
    expect(sent.body.movement).toMatchObject({ type: 'attack', direction: 'outgoing', units: { berserker: 4, bondi: 5 }, remainingTime: seconds, loot: null });
    expect(arrival(sent.body.movement) - t.clock.now().getTime()).toBe(seconds * 1000);
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual({ berserker: 6 });
    // The defender sees it coming, without knowing what comes.
    const incoming = (await movementsOf(t, defender.player)).find((m) => m.id === sent.body.movement.id);
    expect(incoming).toMatchObject({ direction: 'incoming', units: {}, type: 'attack' });
  });

  it('refuses units the village does not have, its own village, an unknown target, no units and a return', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { bondi: 3 });
    const base = { fromVillageId: attacker.village.id, toVillageId: defender.village.id, movementType: 'attack' };
    const tooMany = await send(t, attacker.player, { ...base, units: { bondi: 4 } });
    expect([tooMany.status, tooMany.body.error]).toEqual([409, 'Not enough units at home: 4 Bondi (3 at home)']);
    const own = await send(t, attacker.player, { ...base, toVillageId: attacker.village.id, units: { bondi: 1 } });
    expect(own.status).toBe(409);
    expect((await send(t, attacker.player, { ...base, toVillageId: '00000000-0000-4000-8000-000000000000', units: { bondi: 1 } })).status).toBe(404);
    expect((await send(t, attacker.player, { ...base, units: {} })).status).toBe(400);
    expect((await send(t, attacker.player, { ...base, units: { bondi: -1 } })).status).toBe(400);
    expect((await send(t, attacker.player, { ...base, movementType: 'return', units: { bondi: 1 } })).status).toBe(400);
    expect((await send(t, defender.player, { ...base, units: { bondi: 1 } })).status).toBe(403);
    const reinforceEnemy = await send(t, attacker.player, { ...base, movementType: 'reinforce', units: { bondi: 1 } });
    expect(reinforceEnemy.status).toBe(409);
    // Nothing left home.
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual({ bondi: 3 });
  });

  it('never sends the same unit twice when orders arrive at once', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { bondi: 10 });
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { bondi: 3 }, movementType: 'raid' })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual({ bondi: 1 });
    const away = await t.database.db.select().from(movements).where(eq(movements.fromVillageId, attacker.village.id));
    expect(away.reduce((sum, m) => sum + (m.units.bondi ?? 0), 0)).toBe(9);
  });
});

describe('battles', () => {
  it('an attack that wins kills the defenders, loots what the village holds and brings it home', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 100 });
    await station(t, defender.village.id, { bondi: 10 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 100 }, movementType: 'attack' })).body.movement;
    t.clock.set(arrival(sent) - 1);
    const stockBefore = amounts(await overview(t, defender.player, defender.village.id));
    t.clock.set(arrival(sent));
    const after = await overview(t, defender.player, defender.village.id);
    expect(unitsAtHome(after)).toEqual({});
    const page = await reports(t, defender.player);
    const report = page.battles[0];
    // 9000 attack against 300 defence: the winner loses (300 / 9000)^1.5 of its army.
    const share = (300 / 9000) ** LOSS_EXPONENT;
    expect(report).toMatchObject({
      type: 'attack',
      winner: 'attacker',
      perspective: 'defender',
      read: false,
      attacker: { units: { berserker: 100 }, losses: Math.round(100 * share) > 0 ? { berserker: Math.round(100 * share) } : {} },
      defender: { units: { bondi: 10 }, losses: { bondi: 10 } },
      wallDamage: 0,
      loyaltyChange: 0,
      villageConquered: false,
    });
    // Survivors carry far more than the village holds: it is emptied (what it holds one millisecond later).
    const survivors = 100 - Math.round(100 * share);
    expect(survivors * UNITS.berserker.carry).toBeGreaterThan(RESOURCE_TYPES.reduce((s, r) => s + stockBefore[r], 0));
    for (const r of RESOURCE_TYPES) expect(report.loot[r], r).toBeGreaterThanOrEqual(stockBefore[r]);
    for (const r of RESOURCE_TYPES) expect(amounts(after)[r], r).toBe(0);
    expect(page.unread).toBeGreaterThanOrEqual(1);

    // The army comes home three tiles later, loot and all.
    const home = (await movementsOf(t, attacker.player)).find((m) => m.type === 'return')!;
    expect(home).toMatchObject({ direction: 'outgoing', units: { berserker: survivors }, loot: report.loot });
    const stockHome = amounts(await overview(t, attacker.player, attacker.village.id));
    t.clock.set(arrival(home));
    const back = await overview(t, attacker.player, attacker.village.id);
    expect(unitsAtHome(back)).toEqual({ berserker: survivors });
    for (const r of RESOURCE_TYPES) expect(amounts(back)[r], r).toBe(Math.min(back.resources.find((x) => x.type === r)!.capacity, stockHome[r] + report.loot[r]));
    expect((await reports(t, attacker.player)).battles[0]).toMatchObject({ perspective: 'attacker', winner: 'attacker' });
  });

  it('an army home from a battle resolved late joins its village as it stands, and its record says when', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 20 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 20 }, movementType: 'attack' })).body.movement;
    const trip = arrival(sent) - new Date(sent.departedAt).getTime();
    // Nobody settles the target (no sweeper here): the battle waits. Well after the army's return would be due, the
    // home village is stored at that instant by an order (a read stores nothing), without the army: no return exists yet.
    const late = arrival(sent) + trip + 5_000;
    t.clock.set(late);
    const field = (await overview(t, attacker.player, attacker.village.id)).buildings.find((b) => b.type === 'timber_camp')!;
    const upgraded = await t.app.inject({ method: 'PUT', url: `/api/villages/${attacker.village.id}/buildings/${field.id}/upgrade`, headers: attacker.player.auth });
    expect(upgraded.statusCode).toBe(200);
    const [stored] = await t.database.db.select({ resourcesAt: villages.resourcesAt }).from(villages).where(eq(villages.id, attacker.village.id));
    expect(stored.resourcesAt.getTime()).toBe(late);
    // The battle is fought now, at its arrival instant; the survivors' return is due in the past.
    await overview(t, defender.player, defender.village.id);
    const [home] = await t.database.db.select().from(movements).where(and(eq(movements.fromVillageId, defender.village.id), eq(movements.type, 'return')));
    expect(home.arrivesAt.getTime()).toBe(arrival(sent) + trip);
    expect(home.resolvedAt).toBeNull();
    // They join the village as it stands (it cannot be settled backwards), and the record says when they took effect.
    expect(unitsAtHome(await overview(t, attacker.player, attacker.village.id))).toEqual(home.units);
    const [after] = await t.database.db.select({ resolvedAt: movements.resolvedAt }).from(movements).where(eq(movements.id, home.id));
    expect(after.resolvedAt?.getTime()).toBe(late);
  });

  it('an attack that loses falls to the last one, and the defender loses the winner’s share', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { bondi: 50 });
    await station(t, defender.village.id, { huscarl: 30 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { bondi: 50 }, movementType: 'attack' })).body.movement;
    t.clock.set(arrival(sent));
    // 1000 attack against 30 x 80 = 2400 defence.
    const share = (1000 / 2400) ** LOSS_EXPONENT;
    expect(unitsAtHome(await overview(t, defender.player, defender.village.id))).toEqual({ huscarl: 30 - Math.round(30 * share) });
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report).toMatchObject({ winner: 'defender', attacker: { losses: { bondi: 50 } }, loot: { timber: 0, stone: 0, iron: 0, mead: 0 } });
    expect((await movementsOf(t, attacker.player)).filter((m) => m.type === 'return')).toEqual([]);
  });

  it('a raid costs both sides the winner’s share and takes loot home', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { viking_raider: 40 });
    await station(t, defender.village.id, { bondi: 20 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { viking_raider: 40 }, movementType: 'raid' })).body.movement;
    t.clock.set(arrival(sent));
    // 2400 attack against 20 x 30 = 600 defence: both lose (600 / 2400)^1.5 = 12.5%.
    expect(unitsAtHome(await overview(t, defender.player, defender.village.id))).toEqual({ bondi: 20 - Math.round(20 * 0.125) });
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report).toMatchObject({ type: 'raid', winner: 'attacker', attacker: { losses: { viking_raider: 5 } }, defender: { losses: { bondi: 3 } } });
    expect(RESOURCE_TYPES.reduce((s, r) => s + report.loot[r], 0)).toBeGreaterThan(0);
  });

  it('reinforcements stand in an ally’s village and defend it, and march home when recalled', async () => {
    const { attacker, defender } = await neighbours();
    const ally = await newVillage(t, undefined, 'ally');
    // Founding needs an embassy at level 3, joining one at level 1.
    await giveEmbassy(t, defender.player);
    await giveEmbassy(t, ally.player, 1);
    await placeAt(t, ally.village.id, defender.village.x, defender.village.y - 4);
    const created = await t.app.inject({ method: 'POST', url: '/api/alliances/create', headers: defender.player.auth, payload: { name: 'Shield Wall', tag: `SW${spot}`, description: 'Together.', isPublic: true } });
    expect(created.statusCode).toBe(201);
    const invitation = (await t.app.inject({ method: 'POST', url: '/api/alliances/invitations', headers: defender.player.auth, payload: { username: ally.player.user.username } })).json();
    await t.app.inject({ method: 'POST', url: `/api/alliances/invitations/${invitation.invitation.id}/accept`, headers: ally.player.auth });
    await station(t, ally.village.id, { huscarl: 50 });
    const help = (await send(t, ally.player, { fromVillageId: ally.village.id, toVillageId: defender.village.id, units: { huscarl: 50 }, movementType: 'reinforce' })).body.movement;
    t.clock.set(arrival(help));
    const stationed = (await t.app.inject({ method: 'GET', url: '/api/game/stationed', headers: defender.player.auth })).json();
    expect(stationed.guests).toHaveLength(1);
    expect(stationed.guests[0]).toMatchObject({ owner: { id: ally.player.user.id }, units: { huscarl: 50 } });

    await station(t, attacker.village.id, { berserker: 30 });
    const attack = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 30 }, movementType: 'attack' })).body.movement;
    t.clock.set(arrival(attack));
    await overview(t, defender.player, defender.village.id);
    const report = (await reports(t, defender.player)).battles[0];
    // 2700 attack against 50 x 80 = 4000 defence: the huscarls hold and lose (2700 / 4000)^1.5.
    const lost = Math.round(50 * (2700 / 4000) ** LOSS_EXPONENT);
    expect(report).toMatchObject({ winner: 'defender', defender: { units: { huscarl: 50 }, losses: { huscarl: lost } }, attacker: { losses: { berserker: 30 } } });
    const abroad = (await t.app.inject({ method: 'GET', url: '/api/game/stationed', headers: ally.player.auth })).json().abroad;
    expect(abroad[0].units).toEqual({ huscarl: 50 - lost });
    const recalled = await t.app.inject({ method: 'POST', url: `/api/game/stationed/${abroad[0].id}/recall`, headers: ally.player.auth });
    expect(recalled.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/game/stationed/${abroad[0].id}/recall`, headers: ally.player.auth })).statusCode).toBe(404);
    t.clock.set(arrival(recalled.json().movement));
    expect(unitsAtHome(await overview(t, ally.player, ally.village.id))).toEqual({ huscarl: 50 - lost });
  });

  it('rams that survive knock the wall down', async () => {
    const { attacker, defender } = await neighbours();
    await setBuildingLevel(t.database.db, { villageId: defender.village.id, type: 'wall', level: 5 }, t.clock.now());
    await station(t, attacker.village.id, { berserker: 100, battering_ram: 8 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 100, battering_ram: 8 }, movementType: 'attack' })).body.movement;
    t.clock.set(arrival(sent));
    const view = await overview(t, defender.player, defender.village.id);
    const report = (await reports(t, defender.player)).battles[0];
    expect(report.winner).toBe('attacker');
    expect(report.wallDamage).toBe(4);
    expect(view.buildings.find((b) => b.type === 'wall')?.level).toBe(1);
  });

  it('a jarl takes a village whose loyalty falls to zero', async () => {
    const { attacker, defender } = await neighbours();
    await t.database.db.update(villages).set({ isCapital: false, loyalty: 15 }).where(eq(villages.id, defender.village.id));
    await station(t, attacker.village.id, { berserker: 50, jarl: 1 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 50, jarl: 1 }, movementType: 'attack' })).body.movement;
    t.clock.set(arrival(sent));
    await sweepDueArrivals(t.database.db, t.clock.now());
    const report = (await reports(t, attacker.player)).battles[0];
    expect(report).toMatchObject({ winner: 'attacker', villageConquered: true });
    expect(report.loyaltyChange).toBeLessThan(0);
    const [row] = await t.database.db.select().from(villages).where(eq(villages.id, defender.village.id));
    expect(row.ownerId).toBe(attacker.player.user.id);
    expect(row.isCapital).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/villages/${defender.village.id}`, headers: defender.player.auth })).statusCode).toBe(403);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/villages', headers: attacker.player.auth })).json().villages.map((v: VillageJson) => v.id);
    expect(mine).toContain(defender.village.id);
    // The jarl stays to rule; the others go home.
    expect((await movementsOf(t, attacker.player)).find((m) => m.type === 'return')?.units).toEqual({ berserker: 50 - (report.attacker.losses.berserker ?? 0) });
  });

  it('a capital cannot be taken', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 50, jarl: 3 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 50, jarl: 3 }, movementType: 'attack' })).body.movement;
    t.clock.set(arrival(sent));
    await overview(t, defender.player, defender.village.id);
    expect((await reports(t, defender.player)).battles[0]).toMatchObject({ loyaltyChange: 0, villageConquered: false });
  });

  it('a hero leading an attack adds its attack and learns from the enemies it kills', async () => {
    const { attacker, defender } = await neighbours();
    const [hero] = await t.database.db
      .insert(heroes)
      .values({ userId: attacker.player.user.id, villageId: attacker.village.id, name: 'Ivar', type: 'warrior', rarity: 'common', attack: 20, defense: 10, speed: 10, leadership: 10, createdAt: t.clock.now() })
      .returning();
    await station(t, attacker.village.id, { berserker: 20 });
    await station(t, defender.village.id, { bondi: 10 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 20 }, movementType: 'attack', heroId: hero.id })).body.movement;
    expect((await t.database.db.select().from(heroes).where(eq(heroes.id, hero.id)))[0].onMission).toBe(true);
    const again = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 1 }, movementType: 'attack', heroId: hero.id });
    expect(again.status).toBe(409);
    t.clock.set(arrival(sent));
    await overview(t, defender.player, defender.village.id);
    const [after] = await t.database.db.select().from(heroes).where(eq(heroes.id, hero.id));
    // Ten bondi killed, upkeep 1 each.
    expect(after).toMatchObject({ experience: 10, victories: 1, onMission: true });
    const home = (await movementsOf(t, attacker.player)).find((m) => m.type === 'return')!;
    t.clock.set(arrival(home));
    await overview(t, attacker.player, attacker.village.id);
    expect((await t.database.db.select().from(heroes).where(eq(heroes.id, hero.id)))[0].onMission).toBe(false);
  });
});

describe('time across villages', () => {
  it('a unit finished one second before the attack lands defends; one finished a second after does not', async () => {
    const world = (await createWorld(t.database.db, { name: `Fast ${Date.now()}`, speed: 90 })).id;
    const { attacker, defender } = await neighbours(world);
    await setBuildingLevel(t.database.db, { villageId: defender.village.id, type: 'barracks', level: 1 }, t.clock.now());
    await station(t, attacker.village.id, { berserker: 5 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 5 }, movementType: 'attack' })).body.movement;
    // Bondi take 180 s / 90 = 2 s each: ordered 3 s before the attack, one stands at -1 s, the next at +1 s.
    t.clock.set(arrival(sent) - 3000);
    const trained = await t.app.inject({ method: 'POST', url: `/api/villages/${defender.village.id}/units`, headers: defender.player.auth, payload: { unitType: 'bondi', count: 2 } });
    expect(trained.statusCode).toBe(201);
    t.clock.set(arrival(sent) + 5000);
    const view = await overview(t, defender.player, defender.village.id);
    const report = (await reports(t, defender.player)).battles[0];
    expect(report.defender.units).toEqual({ bondi: 1 });
    // 450 attack against 30: the one defender falls; the second bondi, a second late, stands.
    expect(report.defender.losses).toEqual({ bondi: 1 });
    expect(unitsAtHome(view)).toEqual({ bondi: 1 });
  });

  it('is fought by the sweeper while nobody reads', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 10 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 10 }, movementType: 'raid' })).body.movement;
    t.clock.set(arrival(sent) + 60_000);
    expect(await sweepDueArrivals(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(movements).where(eq(movements.id, idOf<MovementId>(sent.id)));
    // Fought at its arrival instant, though the sweep came a minute later.
    expect(row.resolvedAt?.getTime()).toBe(arrival(sent));
    const written = await t.database.db.select().from(battleReports).where(eq(battleReports.defenderId, defender.player.user.id));
    expect(written.map((r) => r.occurredAt.getTime())).toEqual([arrival(sent)]);
  });

  it('is applied exactly once when two sweeps and a read race for it', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 10 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 10 }, movementType: 'raid' })).body.movement;
    t.clock.set(arrival(sent) + 1000);
    await Promise.all([sweepDueArrivals(t.database.db, t.clock.now()), sweepDueArrivals(t.database.db, t.clock.now()), overview(t, defender.player, defender.village.id)]);
    const written = await t.database.db.select().from(battleReports).where(eq(battleReports.defenderId, defender.player.user.id));
    expect(written).toHaveLength(1);
    const returns = await t.database.db.select().from(movements).where(eq(movements.toVillageId, attacker.village.id));
    expect(returns).toHaveLength(1);
  });
});

describe('armies landing', () => {
  it('are applied when they land, not at the next sweep: with sweeps 10 s apart, a raid is fought within moments of its instant', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 10 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 10 }, movementType: 'raid' })).body.movement;
    // The loop's clock runs in real time from 800 ms before the raid lands.
    const started = Date.now();
    const clock = { now: () => new Date(arrival(sent) - 800 + (Date.now() - started)) };
    const errors: unknown[] = [];
    const loop = applyArrivalsAsTheyLand({ db: t.database.db, clock }, { intervalMs: 10_000, workers: 1 }, (error) => errors.push(error));
    let foughtAfter: number | null = null;
    try {
      while (foughtAfter === null && Date.now() - started < 8_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [row] = await t.database.db.select({ resolvedAt: movements.resolvedAt }).from(movements).where(eq(movements.id, idOf<MovementId>(sent.id)));
        if (row?.resolvedAt) foughtAfter = Date.now() - started - 800;
      }
    } finally {
      await loop.stop();
    }
    expect(errors).toEqual([]);
    expect(foughtAfter).not.toBeNull();
    // Far sooner than the interval: the loop slept until the raid's instant (the rest is this machine's pace).
    expect(foughtAfter!).toBeLessThan(3_000);
    const written = await t.database.db.select().from(battleReports).where(eq(battleReports.defenderId, defender.player.user.id));
    expect(written.map((r) => r.occurredAt.getTime())).toEqual([arrival(sent)]);
  });
  it('drain a backlog larger than the workers: the look ahead reads only the first few, the workers take them all', async () => {
    const raids = [];
    for (let i = 0; i < 5; i++) {
      const { attacker, defender } = await neighbours();
      await station(t, attacker.village.id, { berserker: 5 });
      raids.push((await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 5 }, movementType: 'raid' })).body.movement);
    }
    const last = Math.max(...raids.map(arrival));
    const clock = { now: () => new Date(last + 1000) };
    const errors: unknown[] = [];
    const loop = applyArrivalsAsTheyLand({ db: t.database.db, clock }, { intervalMs: 10_000, workers: 2 }, (error) => errors.push(error));
    const ids = raids.map((raid) => idOf<MovementId>(raid.id));
    const unresolved = async () => (await t.database.db.select({ id: movements.id }).from(movements).where(and(inArray(movements.id, ids), isNull(movements.resolvedAt)))).length;
    const started = Date.now();
    try {
      while ((await unresolved()) > 0 && Date.now() - started < 8_000) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await loop.stop();
    }
    expect(errors).toEqual([]);
    // Five due with two workers: all fought well before the loop's 10 s interval would have looked again.
    expect(await unresolved()).toBe(0);
  });
  it('cost a bounded number of statements each: a battle takes its locks and reads its whole field in one', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { berserker: 20 });
    await station(t, defender.village.id, { bondi: 5 });
    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 20 }, movementType: 'attack' })).body.movement;
    const before = t.queryCount();
    expect(await sweepDueArrivals(t.database.db, new Date(arrival(sent)))).toBe(1);
    // The arrival found with its village locked and read (one stored read), the claim; the field; the battle's writes
    // (the report, the march home, the winner's quest event, the alerts, the combat points, the notices) as one
    // statement; the village and its units stored as one; and the look for the next. Seven when the arrival was found
    // apart, thirteen when each write went alone, nine more before the field was read at once.
    expect(t.queryCount() - before).toBeLessThanOrEqual(6);
    const [report] = await t.database.db.select().from(battleReports).where(eq(battleReports.defenderId, defender.player.user.id));
    expect(report).toMatchObject({ winner: 'attacker', attackerName: attacker.player.user.username, defenderName: defender.player.user.username });
  });
});

describe('reports and figures', () => {
  it('are paged newest first, marked read one by one, and counted', async () => {
    const { attacker, defender } = await neighbours();
    await station(t, attacker.village.id, { bondi: 30 });
    for (let i = 0; i < 3; i++) {
      const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { bondi: 1 }, movementType: 'raid' })).body.movement;
      t.clock.set(arrival(sent));
      await overview(t, defender.player, defender.village.id);
    }
    const page = await reports(t, defender.player);
    const theirs = page.battles.filter((b) => b.attacker.village.id === attacker.village.id);
    expect(theirs).toHaveLength(3);
    expect(theirs.map((b) => b.occurredAt)).toEqual([...theirs.map((b) => b.occurredAt)].sort().reverse());
    const marked = await t.app.inject({ method: 'POST', url: `/api/game/battles/${theirs[0].id}/read`, headers: defender.player.auth });
    expect(marked.statusCode).toBe(200);
    const after = await reports(t, defender.player);
    expect(after.unread).toBe(page.unread - 1);
    expect(after.battles.find((b) => b.id === theirs[0].id)?.read).toBe(true);
    const paged = await t.app.inject({ method: 'GET', url: '/api/game/battles?page=2&limit=1', headers: defender.player.auth });
    expect(paged.json()).toMatchObject({ page: 2, limit: 1, total: after.total });
    expect((await t.app.inject({ method: 'POST', url: `/api/game/battles/${theirs[0].id}/read`, headers: (await newVillage(t)).player.auth })).statusCode).toBe(404);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/game/stats', headers: defender.player.auth })).json();
    expect(stats).toMatchObject({ totalVillages: 1, battlesWon: expect.any(Number), activeMovements: 0, heroes: 0 });
    expect(stats.battlesWon + stats.battlesLost).toBe(after.total);
  });
});
