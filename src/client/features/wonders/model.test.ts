import { describe, expect, it } from 'vitest';
import { CONTRIBUTION, acceptsContributions, effectLines, formatPercent, victoryBanner, wonderNameAnswer } from './model';

describe('wonders model', () => {
  it('contributes a fixed 1000 timber, 1000 stone, 500 iron and 500 mead', () => {
    expect(CONTRIBUTION).toEqual({ timber: 1000, stone: 1000, iron: 500, mead: 500 });
  });

  it('takes contributions on every wonder but a completed one', () => {
    expect(acceptsContributions('planned')).toBe(true);
    expect(acceptsContributions('under_construction')).toBe(true);
    expect(acceptsContributions('completed')).toBe(false);
  });

  it('writes percents with at most two decimals', () => {
    expect(formatPercent(25)).toBe('25');
    expect(formatPercent(0.25)).toBe('0.25');
    expect(formatPercent(1 / 3)).toBe('0.33');
    expect(formatPercent(Number.NaN)).toBe('0');
  });

  it('lists the effects that are there, leaving out zeros and false flags', () => {
    expect(effectLines({ resourceBonus: 10, defenseBonus: 0, movementSpeedBonus: 20, prestigePoints: 1000, victory: true })).toEqual([
      'Resource production +10%',
      'Army movement speed +20%',
      '1000 prestige points',
      'Wins the world when completed',
    ]);
    expect(effectLines({ combatBonus: 20, victory: false, harvestFeast: 3, ravenSight: true })).toEqual(['Combat +20%', 'Harvest feast 3', 'Raven sight']);
  });

  it('names the winner: the alliance, else the player', () => {
    const winner = { worldId: 'w', achievedAt: '2026-03-01T12:00:00.000Z', user: { id: 'u', username: 'ragnar' } };
    expect(victoryBanner({ hasWinner: false, winner: null })).toBeNull();
    expect(victoryBanner({ hasWinner: true, winner: { ...winner, type: 'wonder_victory', alliance: null } })).toEqual({
      title: 'Wonder victory',
      text: 'ragnar raised Yggdrasil to its full height and won this world.',
    });
    expect(
      victoryBanner({ hasWinner: true, winner: { ...winner, type: 'multiple_wonders_victory', alliance: { id: 'a', tag: 'LOTH', name: 'Sons of Lothbrok' } } }),
    ).toEqual({ title: 'Multiple wonders victory', text: '[LOTH] Sons of Lothbrok completed three world wonders and won this world.' });
  });

  it('ignores a cancelled or empty wonder name and refuses one the server would', () => {
    expect(wonderNameAnswer(null)).toEqual({ kind: 'ignore' });
    expect(wonderNameAnswer('')).toEqual({ kind: 'ignore' });
    expect(wonderNameAnswer(' \t ')).toEqual({ kind: 'ignore' });
    expect(wonderNameAnswer(' Ash of Ages ')).toEqual({ kind: 'construct', name: 'Ash of Ages' });
    expect(wonderNameAnswer('y'.repeat(51))).toEqual({ kind: 'invalid', message: 'Wonder names are at most 50 characters' });
  });
});
