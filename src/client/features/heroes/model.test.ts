import { describe, expect, it } from 'vitest';
import { experienceBar, heroStatus, maxHeroes, recruitAnswer, recruitBlock, showsLevelUp } from './model';

const COST = { cost: { timber: 500, stone: 400, iron: 600, mead: 300 }, maxHeroes: 5, canRecruit: true, currentHeroes: 0, reason: null };

describe('heroes model', () => {
  it('puts a mission before readiness: on mission, ready for action, resting', () => {
    expect(heroStatus({ isOnMission: true, isActive: true })).toBe('on mission');
    expect(heroStatus({ isOnMission: false, isActive: true })).toBe('ready for action');
    expect(heroStatus({ isOnMission: false, isActive: false })).toBe('resting');
  });

  it('shows Level Up from floor(100 x 1.1^level) experience, below level 100', () => {
    expect(showsLevelUp({ level: 0, experience: 100 })).toBe(true);
    expect(showsLevelUp({ level: 3, experience: 132 })).toBe(false);
    expect(showsLevelUp({ level: 3, experience: 133 })).toBe(true);
    expect(showsLevelUp({ level: 100, experience: Number.MAX_SAFE_INTEGER })).toBe(false);
  });

  it('fills the experience bar towards the threshold, and full at the cap', () => {
    expect(experienceBar({ level: 1, experience: 55 })).toEqual({ value: 55, max: 110, text: '55 / 110' });
    expect(experienceBar({ level: 1, experience: 300 })).toEqual({ value: 110, max: 110, text: '300 / 110' });
    expect(experienceBar({ level: 100, experience: 5 })).toEqual({ value: 1, max: 1, text: 'Maximum level' });
  });

  it("takes the server's maximum, else 5", () => {
    expect(maxHeroes({ maxHeroes: 7 })).toBe(7);
    expect(maxHeroes({ maxHeroes: 0 })).toBe(5);
    expect(maxHeroes(null)).toBe(5);
  });

  it("blocks recruiting without a village, while the price is read, or with the server's reason", () => {
    expect(recruitBlock(COST, false)).toBe('Found a village first');
    expect(recruitBlock(null, true)).toMatch(/Loading/);
    expect(recruitBlock(COST, true)).toBeNull();
    expect(recruitBlock({ ...COST, canRecruit: false, reason: 'You already lead 5 heroes, the most a chieftain can' }, true)).toBe(
      'You already lead 5 heroes, the most a chieftain can',
    );
    expect(recruitBlock({ ...COST, canRecruit: false, reason: null }, true)).toBe('Recruiting is not possible right now');
  });

  it('reads the name prompt: cancel, blank for a saga name, a trimmed name, or a refusal', () => {
    expect(recruitAnswer(null)).toEqual({ kind: 'cancel' });
    expect(recruitAnswer('  ')).toEqual({ kind: 'recruit' });
    expect(recruitAnswer(' Ragnar Lothbrok ')).toEqual({ kind: 'recruit', customName: 'Ragnar Lothbrok' });
    expect(recruitAnswer('x'.repeat(30))).toEqual({ kind: 'recruit', customName: 'x'.repeat(30) });
    expect(recruitAnswer('x'.repeat(31))).toEqual({ kind: 'invalid', message: 'Hero names are at most 30 characters' });
    expect(recruitAnswer('Bad\u202Ename').kind).toBe('invalid');
  });
});
