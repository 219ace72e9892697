// Pins when a world has ended, the instant its villages stop at, the end dates a game master may set and the words of a closed world.
import { describe, expect, it } from 'vitest';
import { END_DATE_MAX_AHEAD_MS, endDateRefusal, endingSummary, settleLimit, worldEndedRefusal, worldHasEnded, type WorldEnding } from './world-rounds';

const now = Date.UTC(2026, 0, 1, 12);
const keepers = { name: 'Tree Keepers', tag: 'YGG' };

describe('the end of a world', () => {
  it('comes at its end instant, not a millisecond before, and never without one', () => {
    expect(worldHasEnded(null, now)).toBe(false);
    expect(worldHasEnded(now + 1, now)).toBe(false);
    expect(worldHasEnded(now, now)).toBe(true);
    expect(worldHasEnded(now - 1, now)).toBe(true);
  });

  it('stops time there: nothing is settled past it', () => {
    expect(settleLimit(null, now)).toBe(now);
    expect(settleLimit(now + 5000, now)).toBe(now);
    expect(settleLimit(now - 5000, now)).toBe(now - 5000);
    expect(settleLimit(now, now)).toBe(now);
  });
});

describe('end dates', () => {
  it('lie ahead, within ten years', () => {
    expect(endDateRefusal(now + 60_000, now)).toBeNull();
    expect(endDateRefusal(now + END_DATE_MAX_AHEAD_MS, now)).toBeNull();
    expect(endDateRefusal(now, now)).toBe('The end date must lie in the future');
    expect(endDateRefusal(now - 1, now)).toBe('The end date must lie in the future');
    expect(endDateRefusal(now + END_DATE_MAX_AHEAD_MS + 1, now)).toBe('The end date must lie within ten years');
    expect(endDateRefusal(Number.NaN, now)).toBe('Choose when the world ends');
  });
});

describe('the words of a closed world', () => {
  const won: WorldEnding = { reason: 'victory', winner: keepers, victory: { kind: 'wonder_victory', wonderType: 'yggdrasil', username: 'ragnar' } };

  it('name the winning alliance and the wonder, and send the player to the world list', () => {
    expect(worldEndedRefusal(won)).toBe('This world has ended: Tree Keepers [YGG] won by completing Yggdrasil. Join the new world from the world list.');
    expect(endingSummary({ ...won, victory: { kind: 'multiple_wonders_victory', wonderType: 'valhalla', username: 'ragnar' } })).toBe(
      'Tree Keepers [YGG] won by completing three wonders',
    );
  });

  it('name the builder when no alliance won', () => {
    expect(endingSummary({ ...won, winner: null })).toBe('ragnar won by completing Yggdrasil');
  });

  it('name the alliance leading the rankings at an end date, if any', () => {
    expect(endingSummary({ reason: 'end_date', winner: keepers, victory: null })).toBe('its end date came with Tree Keepers [YGG] leading the alliance rankings');
    expect(endingSummary({ reason: 'end_date', winner: null, victory: null })).toBe('its end date came');
  });

  it('say the standing is being counted between the end date and the close', () => {
    expect(worldEndedRefusal(null)).toBe('This world has ended: its end date has come and its final standing is being counted. Join the new world from the world list.');
  });
});
