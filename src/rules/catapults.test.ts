// Pins the catapults' rules: what an order may aim at, which building they hit, how many levels fall, and their part in a battle.
import { describe, expect, it } from 'vitest';
import { planBattle, type BattleScene } from './battle';
import { mapResources } from './resources';
import type { UnitCounts } from './units';
import { BUILDING_TYPES } from './buildings';
import { CAPITAL_FIELD_FLOOR, CATAPULT_MESSAGES, CATAPULT_TARGETS, catapultHit, catapultOrderRefusal, catapultsForLevel, levelAfterStrike, type TargetBuilding } from './catapults';

const never = () => {
  throw new Error('no draw expected');
};

const village: TargetBuilding[] = [
  { id: 'f1', type: 'timber_camp', level: 6 },
  { id: 'f2', type: 'timber_camp', level: 2 },
  { id: 'gh', type: 'great_hall', level: 5 },
  { id: 'gr', type: 'granary', level: 10 },
  { id: 'w', type: 'wall', level: 8 },
];

describe('catapult damage', () => {
  it('asks more catapults of higher levels', () => {
    expect([1, 2, 3, 4, 10, 11].map(catapultsForLevel)).toEqual([1, 1, 2, 2, 5, 6]);
  });

  it('knocks levels down from the top while the work lasts, never below the floor', () => {
    // Against no defence every catapult works: 10 -> 9 costs 5, 9 -> 8 costs 5, 8 -> 7 costs 4.
    expect(levelAfterStrike({ catapults: 10, ratio: 0, level: 10, floor: 0 })).toBe(8);
    expect(levelAfterStrike({ catapults: 14, ratio: 0, level: 10, floor: 0 })).toBe(7);
    // A narrow win halves the work: 20 catapults at ratio 1 do what 10 do unopposed.
    expect(levelAfterStrike({ catapults: 20, ratio: 1, level: 10, floor: 0 })).toBe(8);
    // Level 3 down to nothing costs 2 + 1 + 1.
    expect(levelAfterStrike({ catapults: 4, ratio: 0, level: 3, floor: 0 })).toBe(0);
    expect(levelAfterStrike({ catapults: 100, ratio: 0, level: 6, floor: 3 })).toBe(3);
    expect(levelAfterStrike({ catapults: 0, ratio: 0, level: 6, floor: 0 })).toBe(6);
  });
});

describe('which building the catapults hit', () => {
  it('hits the highest building of the type aimed at', () => {
    // 6 -> 5 and 5 -> 4 cost 3 each.
    expect(catapultHit({ catapults: 6, ratio: 0, target: 'timber_camp', buildings: village, isCapital: false, random: never })).toEqual({
      id: 'f1',
      type: 'timber_camp',
      levelBefore: 6,
      levelAfter: 4,
    });
  });

  it('draws a building (never the wall) when nothing is aimed at or the aimed type is not standing', () => {
    const first = catapultHit({ catapults: 1, ratio: 0, target: null, buildings: village, isCapital: false, random: () => 0 });
    expect(first?.id).toBe('f1');
    const last = catapultHit({ catapults: 1, ratio: 0, target: 'stable', buildings: village, isCapital: false, random: () => 0.999 });
    expect(last?.id).toBe('gr');
  });

  it('keeps a capital’s resource fields at the floor and aims elsewhere when they cannot fall', () => {
    const capital = catapultHit({ catapults: 100, ratio: 0, target: 'timber_camp', buildings: village, isCapital: true, random: never });
    expect(capital).toMatchObject({ id: 'f1', levelBefore: 6, levelAfter: CAPITAL_FIELD_FLOOR });
    // The level 2 field is already below the floor: a random draw skips it.
    const low: TargetBuilding[] = [{ id: 'f2', type: 'timber_camp', level: 2 }, { id: 'gh', type: 'great_hall', level: 1 }];
    expect(catapultHit({ catapults: 5, ratio: 0, target: 'timber_camp', buildings: low, isCapital: true, random: () => 0 })).toMatchObject({ id: 'gh', levelAfter: 0 });
  });

  it('hits nothing without surviving catapults or anything that can fall', () => {
    expect(catapultHit({ catapults: 0, ratio: 0, target: null, buildings: village, isCapital: false, random: never })).toBeNull();
    expect(catapultHit({ catapults: 5, ratio: 0, target: null, buildings: [{ id: 'w', type: 'wall', level: 3 }], isCapital: false, random: never })).toBeNull();
  });
});

describe('a catapult order', () => {
  it('aims only in an attack with catapults, never at the wall', () => {
    expect(CATAPULT_TARGETS).toEqual(BUILDING_TYPES.filter((type) => type !== 'wall'));
    expect(catapultOrderRefusal('attack', { catapult: 1 }, 'granary')).toBeNull();
    expect(catapultOrderRefusal('raid', { catapult: 1 }, null)).toBeNull();
    expect(catapultOrderRefusal('raid', { catapult: 1 }, 'granary')).toBe(CATAPULT_MESSAGES.attackOnly);
    expect(catapultOrderRefusal('attack', { bondi: 1 }, 'granary')).toBe(CATAPULT_MESSAGES.noCatapults);
    expect(catapultOrderRefusal('attack', { catapult: 1 }, 'wall')).toBe(CATAPULT_MESSAGES.notTheWall);
  });
});

describe('catapults in a battle', () => {
  const scene = (kind: 'attack' | 'raid', defenders: UnitCounts): BattleScene => ({
    kind,
    attackerId: 'attacker',
    attackers: { viking_raider: 100, catapult: 20 },
    attackerHero: null,
    catapultTarget: 'granary',
    combatBonusPercent: 0,
    allianceDefenseBonusPercent: 0,
    at: 0,
    worldSpeed: 1,
    random: never,
    village: {
      ownerId: 'defender',
      units: defenders,
      stationed: [],
      wallLevel: 0,
      loyalty: 100,
      isCapital: false,
      stock: mapResources(() => 0),
      heroesAtHome: [],
      buildings: village,
    },
  });

  it('a won attack hits the target with the surviving catapults, weighed by the strength ratio, and reports it', () => {
    // Attack 100 * 60 + 20 * 75 = 7,500 against 50 bondi's 1,500: ratio 0.2, losses 0.2^1.5 = 8.9% (20 -> 18 catapults),
    // work 18 * 0.9 = 16.2: granary 10 -> 9 -> 8 -> 7 (5 + 5 + 4 = 14), 7 -> 6 would cost 4 more.
    const plan = planBattle(scene('attack', { bondi: 50 }));
    expect(plan.armyHome.units.catapult).toBe(18);
    expect(plan.buildingHit).toEqual({ id: 'gr', type: 'granary', levelBefore: 10, levelAfter: 7 });
    expect(plan.report.buildingHit).toEqual({ type: 'granary', levelBefore: 10, levelAfter: 7 });
  });

  it('does nothing in a raid or a lost attack', () => {
    expect(planBattle(scene('raid', { bondi: 50 })).buildingHit).toBeNull();
    const lost = planBattle(scene('attack', { huscarl: 200 }));
    expect(lost.winner).toBe('defender');
    expect(lost.buildingHit).toBeNull();
    expect(lost.report.buildingHit).toBeNull();
  });
});
