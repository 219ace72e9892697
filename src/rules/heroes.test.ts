// Pins the hero formulas: experience, stats, rarity, recruitment and power.
import { describe, it, expect } from 'vitest';
import {
  DEFAULT_MAX_HEROES,
  HERO_LEVEL_CAP,
  HERO_TYPES,
  HERO_TYPE_INFO,
  battleExperience,
  canLevelUp,
  canRecruit,
  experienceForNextLevel,
  levelUpProgress,
  levelUpStats,
  recruitmentCost,
  rollRarity,
  startingStats,
  totalPower,
} from './heroes';

describe('hero types', () => {
  it('has the five types with their primary stats', () => {
    expect(HERO_TYPES.map((t) => HERO_TYPE_INFO[t].primaryStat)).toEqual(['attack', 'defense', 'speed', 'leadership', 'experience']);
    expect(HERO_TYPE_INFO.skald.specialAbility).toContain('+25%');
    for (const type of HERO_TYPES) {
      const info = HERO_TYPE_INFO[type];
      expect(info.name.length).toBeGreaterThan(0);
      expect(info.icon.length).toBeGreaterThan(0);
      expect(info.description.length).toBeGreaterThan(0);
    }
  });
});

describe('experience and levels', () => {
  it('needs floor(100 * 1.1^level) for the next level', () => {
    expect(experienceForNextLevel(0)).toBe(100);
    expect(experienceForNextLevel(1)).toBe(110);
    expect(experienceForNextLevel(2)).toBe(121);
    expect(experienceForNextLevel(3)).toBe(133);
    expect(experienceForNextLevel(10)).toBe(259);
    expect(experienceForNextLevel(50)).toBe(11739);
  });

  it('levels up only at the threshold and below the cap', () => {
    expect(HERO_LEVEL_CAP).toBe(100);
    expect(canLevelUp({ level: 1, experience: 109 })).toBe(false);
    expect(canLevelUp({ level: 1, experience: 110 })).toBe(true);
    expect(canLevelUp({ level: 100, experience: 10 ** 9 })).toBe(false);
    expect(canLevelUp({ level: 99, experience: 10 ** 9 })).toBe(true);
  });

  it('spends the threshold and carries the rest over', () => {
    expect(levelUpProgress({ level: 1, experience: 150 })).toEqual({ level: 2, experience: 40 });
    expect(levelUpProgress({ level: 1, experience: 50 })).toEqual({ level: 1, experience: 50 });
  });

  it('adds 2 to each stat and 5 to the primary one', () => {
    const stats = { attack: 20, defense: 10, speed: 10, leadership: 10 };
    expect(levelUpStats(stats, 'warrior')).toEqual({ attack: 25, defense: 12, speed: 12, leadership: 12 });
    expect(levelUpStats(stats, 'skald')).toEqual({ attack: 22, defense: 12, speed: 12, leadership: 12 });
  });
});

describe('recruitment', () => {
  it('costs the base times (1 + heroes owned)', () => {
    expect(recruitmentCost(0)).toEqual({ timber: 500, stone: 400, iron: 600, mead: 300 });
    expect(recruitmentCost(2)).toEqual({ timber: 1500, stone: 1200, iron: 1800, mead: 900 });
  });

  it('stops at the maximum or without the resources', () => {
    const rich = { timber: 10_000, stone: 10_000, iron: 10_000, mead: 10_000 };
    expect(DEFAULT_MAX_HEROES).toBe(5);
    expect(canRecruit(4, rich)).toBe(true);
    expect(canRecruit(5, rich)).toBe(false);
    expect(canRecruit(0, { timber: 500, stone: 400, iron: 600, mead: 299 })).toBe(false);
    expect(canRecruit(0, { timber: 500, stone: 400, iron: 600, mead: 300 })).toBe(true);
  });

  it('draws rarity by 50/25/15/8/2 percent', () => {
    const at = (value: number) => rollRarity(() => value);
    expect(at(0)).toBe('common');
    expect(at(0.4999)).toBe('common');
    expect(at(0.5)).toBe('uncommon');
    expect(at(0.7499)).toBe('uncommon');
    expect(at(0.75)).toBe('rare');
    expect(at(0.8999)).toBe('rare');
    expect(at(0.9)).toBe('epic');
    expect(at(0.9799)).toBe('epic');
    expect(at(0.98)).toBe('legendary');
    expect(at(0.999999)).toBe('legendary');
  });

  it('starts stats at 10 plus 5 per rarity step, primary doubled', () => {
    expect(startingStats('warrior', 'common')).toEqual({ attack: 20, defense: 10, speed: 10, leadership: 10 });
    expect(startingStats('guardian', 'rare')).toEqual({ attack: 20, defense: 40, speed: 20, leadership: 20 });
    expect(startingStats('chieftain', 'legendary')).toEqual({ attack: 30, defense: 30, speed: 30, leadership: 60 });
    expect(startingStats('skald', 'uncommon')).toEqual({ attack: 15, defense: 15, speed: 15, leadership: 15 });
  });
});

describe('power and battle experience', () => {
  it('multiplies the stat sum by the level', () => {
    expect(totalPower({ attack: 20, defense: 10, speed: 10, leadership: 10, level: 3 })).toBe(150);
  });

  it('gives the killed upkeep as experience, +25% for a skald', () => {
    expect(battleExperience('warrior', 37)).toBe(37);
    expect(battleExperience('skald', 37)).toBe(46);
  });
});
