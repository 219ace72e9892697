// Pins the smithy: the bonus per level, the cap by the blacksmith, research cost and time, the refusals and the levels in force at an instant.
import { describe, expect, it } from 'vitest';
import {
  MAX_SMITHY_LEVEL,
  RESEARCHABLE_UNIT_TYPES,
  SMITHY_MESSAGES,
  levelsAt,
  researchCost,
  researchRefusal,
  researchSeconds,
  smithyCap,
  smithyFactor,
  type ResearchQuery,
} from './smithy';
import { attackPower, defensePower, resolveBattle, smithyDefenseBonus } from './combat';
import { mapResources } from './resources';

describe('the smithy bonus', () => {
  it('multiplies by 1.015 per level, compounded; level 0 changes nothing', () => {
    expect(smithyFactor(0)).toBe(1);
    expect(smithyFactor(1)).toBeCloseTo(1.015, 12);
    expect(smithyFactor(3)).toBeCloseTo(1.045678375, 9);
    expect(smithyFactor(20)).toBeCloseTo(1.346855, 6);
  });

  it('raises a unit type’s attack by its attack level only', () => {
    // 100 raiders (60 attack) at attack level 3, 10 bondi (20) at none: 6,000 * 1.015^3 + 200.
    expect(attackPower({ viking_raider: 100, bondi: 10 }, { viking_raider: 3 })).toBeCloseTo(6000 * 1.015 ** 3 + 200, 9);
    expect(attackPower({ viking_raider: 100 })).toBe(6000);
  });

  it('raises both defences of a unit type by its defence level', () => {
    // Against infantry: 50 huscarls (80) at level 2. Against cavalry: their 60.
    expect(defensePower({ huscarl: 50 }, { bondi: 1 }, { huscarl: 2 })).toBeCloseTo(4000 * 1.015 ** 2, 9);
    expect(defensePower({ huscarl: 50 }, { mounted_jarl: 1 }, { huscarl: 2 })).toBeCloseTo(3000 * 1.015 ** 2, 9);
  });

  it('each group of defenders fights with its own village’s levels', () => {
    const groups = [
      { units: { bondi: 100 }, levels: { bondi: 10 } },
      { units: { bondi: 100 }, levels: {} },
    ];
    // Only the first group's 3,000 defence rises.
    expect(smithyDefenseBonus(groups, { berserker: 1 })).toBeCloseTo(3000 * (1.015 ** 10 - 1), 9);
  });

  it('in a battle, attack levels raise the attack and defence levels the defence by exactly the factor, before wall and wonders', () => {
    const base = {
      kind: 'attack' as const,
      attackers: { viking_raider: 100 },
      defenders: { huscarl: 50 },
      heroAttack: 0,
      heroDefense: 0,
      combatBonusPercent: 10,
      allianceDefenseBonusPercent: 0,
      wallLevel: 5,
      loyalty: 100,
      isCapital: false,
      stock: mapResources(() => 0),
      random: () => 0,
    };
    const plain = resolveBattle(base);
    const upgraded = resolveBattle({ ...base, attackLevels: { viking_raider: 5 }, upgradedDefenders: [{ units: { huscarl: 50 }, levels: { huscarl: 4 } }] });
    expect(upgraded.attackPower).toBeCloseTo(plain.attackPower * 1.015 ** 5, 9);
    expect(upgraded.defensePower).toBeCloseTo(plain.defensePower * 1.015 ** 4, 9);
  });
});

describe('research', () => {
  it('is capped by the blacksmith’s level and by 20', () => {
    expect(smithyCap(0)).toBe(0);
    expect(smithyCap(7)).toBe(7);
    expect(smithyCap(25)).toBe(MAX_SMITHY_LEVEL);
  });

  it('costs the unit’s cost * 2 * 1.2^(level - 1), rounded to 5', () => {
    expect(researchCost('bondi', 1)).toEqual({ timber: 160, stone: 120, iron: 80, mead: 60 });
    // 2 * 1.2^4 = 4.1472.
    expect(researchCost('viking_raider', 5)).toEqual({ timber: 500, stone: 290, iron: 375, mead: 165 });
    expect(() => researchCost('bondi', 0)).toThrow(RangeError);
    expect(() => researchCost('bondi', 21)).toThrow(RangeError);
  });

  it('takes the unit’s training time * 2 * 1.15^(level - 1) / world speed, at least a second', () => {
    expect(researchSeconds('bondi', 1)).toBe(360);
    expect(researchSeconds('bondi', 3)).toBe(476);
    expect(researchSeconds('drakkar', 1, 10)).toBe(1200);
    expect(researchSeconds('bondi', 1, 1000)).toBe(1);
  });

  it('improves every unit type but the jarl', () => {
    expect(RESEARCHABLE_UNIT_TYPES).not.toContain('jarl');
    expect(RESEARCHABLE_UNIT_TYPES).toHaveLength(10);
  });

  it('refuses, in order: the jarl, no blacksmith, the top level, the cap, a running research', () => {
    const q = (over: Partial<ResearchQuery>): string | null =>
      researchRefusal({ type: 'bondi', track: 'attack', level: 0, blacksmithLevel: 5, busy: false, ...over });
    expect(q({})).toBeNull();
    expect(q({ type: 'jarl', blacksmithLevel: 0 })).toBe(SMITHY_MESSAGES.notResearchable('jarl'));
    expect(q({ blacksmithLevel: 0, busy: true })).toBe('Research needs a Blacksmith of level 1 or more');
    expect(q({ level: 20, blacksmithLevel: 20, busy: true })).toBe('Bondi attack is at its highest level (20)');
    expect(q({ level: 5, track: 'defense', busy: true })).toBe('Bondi defence level 6 needs a Blacksmith of level 6');
    expect(q({ level: 4, busy: true })).toBe(SMITHY_MESSAGES.busy);
  });

  it('counts a level from the instant its research finishes', () => {
    const steps = [
      { unitType: 'bondi' as const, track: 'attack' as const, level: 1, finishesAt: 1000 },
      { unitType: 'bondi' as const, track: 'attack' as const, level: 2, finishesAt: 2000 },
      { unitType: 'huscarl' as const, track: 'defense' as const, level: 1, finishesAt: 1500 },
    ];
    expect(levelsAt(steps, 999)).toEqual({ attack: {}, defense: {} });
    expect(levelsAt(steps, 1000)).toEqual({ attack: { bondi: 1 }, defense: {} });
    expect(levelsAt(steps, 2000)).toEqual({ attack: { bondi: 2 }, defense: { huscarl: 1 } });
  });
});
