// The smithy through the API with a fake clock: reading it, starting research and its refusals, one research at a time under a race, and levels changing a battle by exactly the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../src/contract';
import { requests, startTestApp, type TestApp } from './harness';
import { amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import { desc, eq } from 'drizzle-orm';
import { battleReports, stationedTroops } from '../../src/server/db/schema';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { LOSS_EXPONENT } from '../../src/rules/combat';
import { researchCost, researchSeconds, smithyFactor } from '../../src/rules/smithy';

type SmithyJson = Schema<'Smithy'>;

let t: TestApp;
const { call } = requests(() => t);
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

/** A player with a village whose blacksmith stands at `blacksmith` (0: none), with stock to research. */
async function smith(blacksmith: number, prefix = 'smith'): Promise<Side> {
  const side = await newVillage(t, undefined, prefix);
  const now = t.clock.now();
  for (const type of ['warehouse', 'granary']) await setBuildingLevel(t.database.db, { villageId: side.village.id, type, level: 10 }, now);
  if (blacksmith > 0) await setBuildingLevel(t.database.db, { villageId: side.village.id, type: 'blacksmith', level: blacksmith }, now);
  await grantToPlayer(t.database.db, side.player.body.email, { timber: 5000, stone: 5000, iron: 5000, mead: 5000 }, now);
  return side;
}

const smithyOf = (side: Side) => call<SmithyJson>(side.player, 'GET', `/api/villages/${side.village.id}/smithy`);
const research = (side: Side, unitType: string, track: string) =>
  call<SmithyJson>(side.player, 'POST', `/api/villages/${side.village.id}/smithy/research`, { unitType, track });

/** Researches the next levels of a track one after another, the clock moved to each one's end. */
async function researchLevels(side: Side, unitType: string, track: string, levels: number): Promise<void> {
  for (let i = 0; i < levels; i++) {
    const started = await research(side, unitType, track);
    expect(started.status, started.body.error).toBe(201);
    t.clock.set(new Date(started.body.research!.finishesAt).getTime());
  }
}

describe('the smithy', () => {
  it('lists every unit type but the jarl at level 0 with the next level’s cost, time and whether it can start', async () => {
    const side = await smith(3);
    const { status, body } = await smithyOf(side);
    expect(status).toBe(200);
    expect(body).toMatchObject({ villageId: side.village.id, blacksmithLevel: 3, maxLevel: 3, bonusPerLevel: 1.015, research: null });
    expect(body.unitTypes.map((u) => u.unitType)).not.toContain('jarl');
    expect(body.unitTypes).toHaveLength(10);
    const bondi = body.unitTypes.find((u) => u.unitType === 'bondi')!;
    expect(bondi.attack).toEqual({ level: 0, next: { level: 1, cost: researchCost('bondi', 1), researchTime: researchSeconds('bondi', 1), refusal: null } });

    const none = await smithyOf(await smith(0, 'nosmith'));
    expect(none.body.unitTypes[0].attack.next?.refusal).toBe('Research needs a Blacksmith of level 1 or more');
  });

  it('starts a research: paid at once, running with a countdown, the level in force from its end on', async () => {
    const side = await smith(2);
    const before = amounts(await overview(t, side.player, side.village.id));
    const started = await research(side, 'huscarl', 'defense');
    expect(started.status).toBe(201);
    const seconds = researchSeconds('huscarl', 1);
    expect(started.body.research).toMatchObject({ unitType: 'huscarl', track: 'defense', level: 1, remainingTime: seconds });
    const cost = researchCost('huscarl', 1);
    expect(amounts(await overview(t, side.player, side.village.id))).toEqual({
      timber: before.timber - cost.timber,
      stone: before.stone - cost.stone,
      iron: before.iron - cost.iron,
      mead: before.mead - cost.mead,
    });
    const huscarl = (view: SmithyJson) => view.unitTypes.find((u) => u.unitType === 'huscarl')!;
    // Running: not in force yet, the next level is 2, and nothing else may start.
    expect(huscarl(started.body).defense.level).toBe(0);
    expect(huscarl(started.body).defense.next?.level).toBe(2);
    expect(huscarl(started.body).attack.next?.refusal).toBe('The blacksmith is already researching: one research at a time');

    t.clock.advance(seconds * 1000 - 1000);
    expect((await smithyOf(side)).body.research?.remainingTime).toBe(1);
    t.clock.advance(1000);
    const done = (await smithyOf(side)).body;
    expect(done.research).toBeNull();
    expect(huscarl(done).defense).toMatchObject({ level: 1, next: { level: 2, refusal: null } });
  });

  it('refuses clearly: no blacksmith, the jarl, the blacksmith’s cap, a running research, too little stock, an unknown type', async () => {
    const without = await smith(0, 'nosmith');
    expect(await research(without, 'bondi', 'attack')).toMatchObject({ status: 409, body: { error: 'Research needs a Blacksmith of level 1 or more' } });

    const side = await smith(1);
    expect(await research(side, 'jarl', 'attack')).toMatchObject({ status: 400, body: { error: 'The Jarl cannot be improved in the blacksmith' } });
    expect((await research(side, 'dragon', 'attack')).status).toBe(400);
    expect((await research(side, 'bondi', 'speed')).status).toBe(400);

    const started = await research(side, 'bondi', 'attack');
    expect(started.status).toBe(201);
    expect(await research(side, 'berserker', 'defense')).toMatchObject({ status: 409, body: { error: 'The blacksmith is already researching: one research at a time' } });
    t.clock.set(new Date(started.body.research!.finishesAt).getTime());
    expect(await research(side, 'bondi', 'attack')).toMatchObject({ status: 409, body: { error: 'Bondi attack level 2 needs a Blacksmith of level 2' } });

    // A drakkar's research costs more than the stock holds: refused, nothing paid.
    const poor = await newVillage(t, undefined, 'poor');
    await setBuildingLevel(t.database.db, { villageId: poor.village.id, type: 'blacksmith', level: 1 }, t.clock.now());
    const before = amounts(await overview(t, poor.player, poor.village.id));
    expect(await research(poor, 'drakkar', 'attack')).toMatchObject({ status: 409, body: { error: 'Not enough resources' } });
    expect(amounts(await overview(t, poor.player, poor.village.id))).toEqual(before);
    expect((await smithyOf(poor)).body.research).toBeNull();
  });

  it('starts one research and charges once when many requests race', async () => {
    const side = await smith(5);
    const before = amounts(await overview(t, side.player, side.village.id));
    const tracks = ['bondi', 'huscarl', 'berserker', 'shieldmaiden', 'bondi', 'viking_raider'];
    const replies = await Promise.all(tracks.map((type) => research(side, type, 'attack')));
    const started = replies.filter((r) => r.status === 201);
    expect(started).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(5).fill('The blacksmith is already researching: one research at a time'));
    const type = started[0].body.research!.unitType;
    const cost = researchCost(type, 1);
    const after = amounts(await overview(t, side.player, side.village.id));
    expect(before.timber - after.timber).toBe(cost.timber);
    expect(before.iron - after.iron).toBe(cost.iron);
  });
});

describe('smithy levels in battle', () => {
  /** An attacker three tiles from a defender, both past beginner protection, with blacksmiths at level 5. */
  async function neighbours(): Promise<{ attacker: Side; defender: Side }> {
    spot += 1;
    const attacker = await smith(5, 'att');
    const defender = await smith(5, 'def');
    await placeAt(t, defender.village.id, -150 + spot * 7, -150);
    await placeAt(t, attacker.village.id, -150 + spot * 7, -147);
    await joinedLongAgo(t, attacker.player, defender.player);
    return { attacker, defender };
  }

  /** 100 raiders (6,000 attack) against 203 bondi (6,090 defence against infantry): the armies set just before they fight. */
  async function fight({ attacker, defender }: { attacker: Side; defender: Side }) {
    await station(t, attacker.village.id, { viking_raider: 100 });
    await station(t, defender.village.id, { bondi: 203 });
    const sent = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { viking_raider: 100 }, movementType: 'attack' });
    expect(sent.status).toBe(201);
    t.clock.set(new Date(sent.body.movement.arrivesAt).getTime());
    return reportOf(attacker);
  }

  /**
   * The attacker's last battle as stored, once a read of its village has applied it (the stored row, not the reply:
   * what a battle decides is the test's subject, the report's shape is the battle tests').
   */
  async function reportOf(attacker: Side) {
    await overview(t, attacker.player, attacker.village.id);
    await call(attacker.player, 'GET', '/api/game/movements');
    const [row] = await t.database.db.select().from(battleReports).where(eq(battleReports.attackerId, attacker.player.user.id)).orderBy(desc(battleReports.occurredAt)).limit(1);
    if (!row) throw new Error('no battle was fought');
    return { winner: row.winner, occurredAt: row.occurredAt.toISOString(), attacker: { losses: row.attackerLosses }, defender: { losses: row.defenderLosses } };
  }

  const share = (weaker: number, stronger: number) => (weaker / stronger) ** LOSS_EXPONENT;

  it('without levels the defence holds; attack level 2 turns the battle; defence level 2 turns it back, losses exactly by the rule', async () => {
    // 6,000 against 6,090: the defender wins and loses (6,000 / 6,090)^1.5 of its bondi.
    const plain = await fight(await neighbours());
    expect(plain.winner).toBe('defender');
    expect(plain.attacker.losses).toEqual({ viking_raider: 100 });
    expect(plain.defender.losses).toEqual({ bondi: Math.round(203 * share(6000, 6090)) });

    // The attacker's village researched raider attack to level 2: 6,000 * 1.015^2 = 6,181.35 beats 6,090.
    const sides = await neighbours();
    await researchLevels(sides.attacker, 'viking_raider', 'attack', 2);
    const attack = 6000 * smithyFactor(2);
    const upgraded = await fight(sides);
    expect(upgraded.winner).toBe('attacker');
    expect(upgraded.attacker.losses).toEqual({ viking_raider: Math.round(100 * share(6090, attack)) });
    expect(upgraded.defender.losses).toEqual({ bondi: 203 });

    // The defender's village researches bondi defence to level 2 as well: 6,090 * 1.015^2 = 6,274.1 holds against 6,181.35.
    await researchLevels(sides.defender, 'bondi', 'defense', 2);
    const defense = 6090 * smithyFactor(2);
    const both = await fight(sides);
    expect(both.winner).toBe('defender');
    expect(both.attacker.losses).toEqual({ viking_raider: 100 });
    expect(both.defender.losses).toEqual({ bondi: Math.round(203 * share(attack, defense)) });
  });

  it('a level still being researched when the army arrives does not count', async () => {
    const sides = await neighbours();
    const started = await research(sides.attacker, 'viking_raider', 'attack');
    expect(started.status).toBe(201);
    // The march (20 minutes) ends before the research (36 minutes 40 seconds).
    const report = await fight(sides);
    expect(new Date(report.occurredAt).getTime()).toBeLessThan(new Date(started.body.research!.finishesAt).getTime());
    expect(report.winner).toBe('defender');
  });

  it('stationed troops fight with the levels of their own home village, not the defended village’s', async () => {
    const sides = await neighbours();
    const friend = await smith(5, 'friend');
    await researchLevels(friend, 'huscarl', 'defense', 3);
    // The defended village's own huscarl level is higher, and must not count for the friend's huscarls.
    await researchLevels(sides.defender, 'huscarl', 'defense', 5);
    await station(t, sides.attacker.village.id, { viking_raider: 100 });
    await station(t, sides.defender.village.id, { bondi: 100 });
    await t.database.db
      .insert(stationedTroops)
      .values({ villageId: sides.defender.village.id, ownerId: friend.player.user.id, homeVillageId: friend.village.id, units: { huscarl: 40 }, arrivedAt: t.clock.now() });
    const sent = await send(t, sides.attacker.player, { fromVillageId: sides.attacker.village.id, toVillageId: sides.defender.village.id, units: { viking_raider: 100 }, movementType: 'attack' });
    t.clock.set(new Date(sent.body.movement.arrivesAt).getTime());
    const report = await reportOf(sides.attacker);
    // 3,000 (bondi, no level) + 3,200 * 1.015^3 (the friend's huscarls) against 6,000.
    const defense = 3000 + 3200 * smithyFactor(3);
    expect(report.winner).toBe('defender');
    expect(report.defender.losses).toEqual({ bondi: Math.round(100 * share(6000, defense)), huscarl: Math.round(40 * share(6000, defense)) });
  });
});
