// Pins the hints: what the player's state says, most urgent first.
import { describe, expect, it } from 'vitest';
import { playerHints, type VillageForHints } from './hints';
import { sameForEach } from './resources';

const village = (overrides: Partial<VillageForHints> = {}): VillageForHints => ({
  name: 'Hall',
  amounts: sameForEach(100),
  capacity: sameForEach(800),
  netMead: 10,
  constructionRunning: true,
  hasBarracks: true,
  trainingRunning: false,
  unitsAtHome: 5,
  ...overrides,
});

describe('playerHints', () => {
  it('asks a player without a village to found one', () => {
    expect(playerHints({ villages: [], tutorial: null, pendingInvitations: 0, inAlliance: false })).toEqual([
      { title: 'Found your village', message: 'Choose a world on the Village page to found your first village.', priority: 'high', code: 'found_village', params: {} },
    ]);
  });

  it('puts a full store and hunger first, then the tutorial and idle builders, then the rest', () => {
    const hints = playerHints({
      villages: [village({ amounts: { timber: 790, stone: 100, iron: 100, mead: 10 }, netMead: -4, constructionRunning: false, hasBarracks: false })],
      tutorial: { key: 'tutorial.barracks', title: 'A Place for Warriors', hint: 'Build Barracks.' },
      pendingInvitations: 2,
      inAlliance: false,
    });
    expect(hints.map((h) => [h.priority, h.title])).toEqual([
      ['high', 'Timber store nearly full'],
      ['high', 'Your people are hungry'],
      ['medium', 'Tutorial: A Place for Warriors'],
      ['medium', 'Builders are idle'],
      ['medium', 'An alliance wants you'],
      ['low', 'No barracks yet'],
    ]);
    expect(hints[0].message).toBe('Hall: timber is at 98% of capacity. Spend it, or build a Warehouse so nothing goes to waste.');
    expect(hints[1].message).toContain('4 more mead an hour');
    expect(hints[4].message).toBe('You have 2 invitations waiting on the Alliance page.');
  });

  it('says nothing urgent about a healthy village in an alliance', () => {
    expect(playerHints({ villages: [village()], tutorial: null, pendingInvitations: 0, inAlliance: true })).toEqual([]);
  });
});
