// Night truce worlds through the API with a fake clock: a `refuse` world refuses an attack, raid or scouting mission that
// would land in the window (and lets one landing outside it go, and reinforcements always), a `defence_bonus` world fights
// with the bonus exactly as the rule says, the world carries its truce, and creating a world refuses a bad truce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { newPlayer, registerPlayer, requests, startTestApp, type TestApp } from './harness';
import { MINUTE, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, movementsOf, placeAt, reports, send, station } from './army-helpers';
import { allianceMembers, alliances, users, worlds } from '../../src/server/db/schema';
import { changingAccounts } from '../../src/server/accounts/session-cache';
import { createWorld } from '../../src/server/operators/world-admin';
import { planBattle } from '../../src/rules/battle';
import { mapResources } from '../../src/rules/resources';
import { marchSeconds } from '../../src/rules/movements';
import { truceDefenceBonus, truceRefusal, type NightTruce } from '../../src/rules/night-truce';
import { idOf, type WorldId } from '../../src/rules/ids';

let t: TestApp;
let gm: Player;
const { call } = requests(() => t);
beforeAll(async () => {
  t = await startTestApp();
  gm = await registerPlayer(t.app, newPlayer('gm'));
  await changingAccounts(t.database.db, t.database.db.update(users).set({ role: 'gamemaster' }).where(eq(users.id, gm.user.id)));
});
afterAll(async () => {
  await t.close();
});

interface Side {
  player: Player;
  village: MadeVillage;
}

/** A world made by the game master's page with this truce. */
async function worldWith(name: string, truce: NightTruce): Promise<WorldId> {
  const made = await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name, speed: 1, size: 200, truce });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.world.truce).toEqual(truce);
  return idOf<WorldId>(made.body.world.id);
}

let spot = 0;
/** An attacker and a defender two tiles apart in the world, both past beginner protection, the attacker with an army. */
async function neighbours(world: WorldId, army: Record<string, number>): Promise<{ attacker: Side; defender: Side }> {
  spot += 1;
  const attacker = await newVillage(t, world, 'atk');
  const defender = await newVillage(t, world, 'def');
  const x = -150 + spot * 6;
  await placeAt(t, attacker.village.id, x, -150);
  await placeAt(t, defender.village.id, x + 2, -150);
  await joinedLongAgo(t, attacker.player, defender.player);
  await station(t, attacker.village.id, army);
  return {
    attacker: { ...attacker, village: { ...attacker.village, x, y: -150 } },
    defender: { ...defender, village: { ...defender.village, x: x + 2, y: -150 } },
  };
}

const order = (from: Side, to: Side, movementType: string, units: Record<string, number>) => ({
  fromVillageId: from.village.id,
  toVillageId: to.village.id,
  units,
  movementType,
});

/** When an army of `units` sent now from `from` to `to` lands, by the rule the server marches by. */
const landing = (from: Side, to: Side, units: Record<string, number>) => t.clock.now().getTime() + marchSeconds(from.village, to.village, units, { worldSpeed: 1, speedBonusPercent: 0 })! * 1000;

describe('a world whose night truce refuses attacks', () => {
  const truce: NightTruce = { startHour: 1, endHour: 7, timeZone: 'Europe/Oslo', mode: 'refuse', bonusPercent: 50 };
  let world: WorldId;
  beforeAll(async () => {
    world = await worldWith('Quiet Nights', truce);
  });

  it('refuses an attack, a raid or scouts landing between the local hours, and lets one landing outside go', async () => {
    // Armies are set after the clock moves, so nobody starves on the way there.
    t.clock.set(Date.parse('2026-01-05T05:30:00Z'));
    const { attacker, defender } = await neighbours(world, { berserker: 20, viking_raider: 5 });
    const berserkers = { berserker: 5 };
    // 2 tiles at berserker pace: 17 minutes. Oslo is UTC+1 in winter: 01:00 to 07:00 there is 00:00 to 06:00 UTC.
    const inside = landing(attacker, defender, berserkers);
    expect(new Date(inside).toISOString()).toBe('2026-01-05T05:47:09.000Z');
    const refusal = truceRefusal(truce, inside)!;
    expect(refusal).toBe('Night truce: no attack may land between 01:00 to 07:00 (Europe/Oslo); this one would arrive in it');
    for (const [movementType, units] of [
      ['attack', berserkers],
      ['raid', berserkers],
      ['scout', { viking_raider: 2 }],
    ] as const) {
      const refused = await send(t, attacker.player, order(attacker, defender, movementType, units));
      expect([movementType, refused.status, refused.body.error]).toEqual([movementType, 409, refusal]);
    }
    // Nothing left home.
    expect(await movementsOf(t, attacker.player)).toEqual([]);
    const home = (await overview(t, attacker.player, attacker.village.id)).units.find((u) => u.type === 'berserker');
    expect(home?.count).toBe(20);

    // Sent 13 minutes later, it lands at 06:00:09 UTC, 07:00 in Oslo: after the truce.
    t.clock.set(Date.parse('2026-01-05T05:43:00Z'));
    expect(truceRefusal(truce, landing(attacker, defender, berserkers))).toBeNull();
    expect((await send(t, attacker.player, order(attacker, defender, 'attack', berserkers))).status).toBe(201);
  });

  it('lets reinforcements land in the window', async () => {
    t.clock.set(Date.parse('2026-01-06T02:00:00Z'));
    const { attacker: friend, defender: ally } = await neighbours(world, { huscarl: 10 });
    const at = t.clock.now();
    const [alliance] = await t.database.db.insert(alliances).values({ name: 'Night Watch', tag: 'NW', description: 'Awake.', foundedAt: at }).returning();
    await t.database.db.insert(allianceMembers).values([
      { allianceId: alliance!.id, userId: friend.player.user.id, role: 'leader', joinedAt: at },
      { allianceId: alliance!.id, userId: ally.player.user.id, role: 'member', joinedAt: at },
    ]);
    expect(truceRefusal(truce, landing(friend, ally, { huscarl: 10 }))).not.toBeNull();
    expect((await send(t, friend.player, order(friend, ally, 'reinforce', { huscarl: 10 }))).status).toBe(201);
  });
});

describe('a world whose night truce raises the defence', () => {
  const truce: NightTruce = { startHour: 22, endHour: 6, timeZone: 'UTC', mode: 'defence_bonus', bonusPercent: 50 };
  let world: WorldId;
  beforeAll(async () => {
    world = await worldWith('Watchful Nights', truce);
  });

  /** A raid of 100 Viking Raiders on 150 Bondi sent at `sentAt`; answers the attacker's report and when it landed. */
  async function raidAt(sentAt: string) {
    t.clock.set(Date.parse(sentAt));
    const { attacker, defender } = await neighbours(world, { viking_raider: 100 });
    await station(t, defender.village.id, { bondi: 150 });
    const landsAt = landing(attacker, defender, { viking_raider: 100 });
    expect((await send(t, attacker.player, order(attacker, defender, 'raid', { viking_raider: 100 }))).status).toBe(201);
    t.clock.set(landsAt + MINUTE);
    const [report] = (await reports(t, attacker.player)).battles;
    expect(report).toBeDefined();
    return { report: report!, landsAt };
  }

  /** The same raid as the rule plans it, with the truce's bonus at its landing. */
  function planned(landsAt: number) {
    return planBattle({
      kind: 'raid',
      attackerId: 'attacker',
      attackers: { viking_raider: 100 },
      attackerHero: null,
      combatBonusPercent: 0,
      allianceDefenseBonusPercent: 0,
      truceDefenceBonusPercent: truceDefenceBonus(truce, landsAt),
      at: landsAt,
      worldSpeed: 1,
      random: () => 0,
      village: { ownerId: 'defender', units: { bondi: 150 }, stationed: [], wallLevel: 0, loyalty: 100, isCapital: true, stock: mapResources(() => 500), heroesAtHome: [] },
    });
  }

  it('fights a battle landing in the window with the bonus, exactly as the rule plans it', async () => {
    // 6,000 attack against 150 Bondi (4,500) raised by half (6,750): the defender holds.
    const { report, landsAt } = await raidAt('2026-01-07T23:00:00Z');
    expect(truceDefenceBonus(truce, landsAt)).toBe(50);
    const plan = planned(landsAt);
    expect(plan.winner).toBe('defender');
    expect(report.winner).toBe('defender');
    expect(report.attacker.losses).toEqual(plan.report.attackerLosses);
    expect(report.defender.losses).toEqual(plan.report.defenderLosses);
    expect(report.attacker.losses).toEqual({ viking_raider: 84 });
  });

  it('fights one landing outside it without', async () => {
    const { report, landsAt } = await raidAt('2026-01-08T12:00:00Z');
    expect(truceDefenceBonus(truce, landsAt)).toBe(0);
    const plan = planned(landsAt);
    expect(report.winner).toBe('attacker');
    expect(report.attacker.losses).toEqual(plan.report.attackerLosses);
    expect(report.defender.losses).toEqual(plan.report.defenderLosses);
    expect(report.attacker.losses).toEqual({ viking_raider: 65 });
  });

  it('lets attacks be sent into the window', async () => {
    t.clock.set(Date.parse('2026-01-09T02:00:00Z'));
    const { attacker, defender } = await neighbours(world, { berserker: 5 });
    expect((await send(t, attacker.player, order(attacker, defender, 'attack', { berserker: 5 }))).status).toBe(201);
  });
});

describe('creating a truce world', () => {
  it('is refused with the rule’s words for a truce it cannot keep, and nothing is made', async () => {
    const before = (await t.database.db.select({ id: worlds.id }).from(worlds)).length;
    for (const [truce, error] of [
      [{ startHour: 3, endHour: 3, timeZone: 'UTC', mode: 'refuse', bonusPercent: 50 }, 'A truce must start and end at different hours'],
      [{ startHour: 0, endHour: 8, timeZone: 'Mars/Olympus', mode: 'refuse', bonusPercent: 50 }, 'Unknown time zone Mars/Olympus'],
    ] as const) {
      const refused = await call(gm, 'POST', '/api/gamemaster/worlds', { name: `Broken ${error.length}`, speed: 1, truce });
      expect([refused.status, refused.body.error]).toEqual([400, error]);
    }
    // Out of the contract's range: refused before the service.
    expect((await call(gm, 'POST', '/api/gamemaster/worlds', { name: 'Broken hours', truce: { startHour: 0, endHour: 24, timeZone: 'UTC', mode: 'refuse', bonusPercent: 5 } })).status).toBe(400);
    await expect(createWorld(t.database.db, { name: 'Broken bonus', truce: { startHour: 0, endHour: 8, timeZone: 'UTC', mode: 'defence_bonus', bonusPercent: 0 } })).rejects.toThrow(
      'The defence bonus runs from 1 to 500 percent',
    );
    expect((await t.database.db.select({ id: worlds.id }).from(worlds)).length).toBe(before);
  });

  it('shows the truce with the world, and none for a world without one', async () => {
    const listed = await call<{ worlds: Schema<'World'>[] }>(gm, 'GET', '/api/worlds');
    expect(listed.body.worlds.find((w) => w.name === 'Midgard')?.truce).toBeNull();
    expect(listed.body.worlds.find((w) => w.name === 'Quiet Nights')?.truce).toMatchObject({ mode: 'refuse', timeZone: 'Europe/Oslo' });
  });
});
