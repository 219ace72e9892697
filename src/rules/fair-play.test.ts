import { describe, expect, it } from 'vitest';
import { PUSHING_DAILY_LIMIT, linkedAttackRefusal, pushingLimited, pushingRefusal } from './fair-play';

describe('pushing protection', () => {
  it('holds flagged and confirmed pairs, and any transfer to a player five times larger', () => {
    expect(pushingLimited({ linkStatus: 'flagged', senderPopulation: 100, receiverPopulation: 100 })).toBe(true);
    expect(pushingLimited({ linkStatus: 'confirmed', senderPopulation: 100, receiverPopulation: 100 })).toBe(true);
    expect(pushingLimited({ linkStatus: 'cleared', senderPopulation: 100, receiverPopulation: 100 })).toBe(false);
    expect(pushingLimited({ linkStatus: null, senderPopulation: 100, receiverPopulation: 499 })).toBe(false);
    expect(pushingLimited({ linkStatus: null, senderPopulation: 100, receiverPopulation: 500 })).toBe(true);
  });

  it('lets a day’s limit through and refuses beyond it, saying what is left', () => {
    expect(pushingRefusal(true, { sentToday: 0, amount: PUSHING_DAILY_LIMIT })).toBeNull();
    expect(pushingRefusal(true, { sentToday: 9_000, amount: 2_000 })).toBe('Fair play: you may pass this player at most 10,000 resources a day (1,000 left today)');
    expect(pushingRefusal(false, { sentToday: 50_000, amount: 50_000 })).toBeNull();
  });

  it('keeps flagged accounts from attacking each other until a game master clears them', () => {
    expect(linkedAttackRefusal('flagged')).toBe('Fair play: accounts flagged as played together may not attack each other');
    expect(linkedAttackRefusal('cleared')).toBeNull();
    expect(linkedAttackRefusal(null)).toBeNull();
  });
});
