import { describe, expect, it } from 'vitest';
import { defaultEnd, endRefusal, endWindow, fromLocalInputText, localInputText } from './model';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const span = { minMs: 2 * DAY, maxMs: 14 * DAY };

describe('choosing when a vacation ends', () => {
  it('offers the window of the world, and first the shortest vacation and a quarter of an hour, on a whole minute', () => {
    const now = Date.UTC(2026, 2, 10, 9, 0, 30);
    const window = endWindow(span, now);
    expect(window).toEqual({ earliest: now + 2 * DAY, latest: now + 14 * DAY });
    expect(new Date(defaultEnd(window)).toISOString()).toBe('2026-03-12T09:16:00.000Z');
    // Never past the longest, on a world where both are the same.
    expect(defaultEnd(endWindow({ minMs: 2 * HOUR, maxMs: 2 * HOUR }, now))).toBe(now + 2 * HOUR);
  });

  it('refuses an end outside the window in the rule’s words, and none at all', () => {
    const now = Date.UTC(2026, 2, 10, 9);
    expect(endRefusal(now + DAY, span, now)).toBe('A vacation lasts at least 2 days on this world');
    expect(endRefusal(now + 15 * DAY, span, now)).toBe('A vacation lasts at most 14 days on this world');
    expect(endRefusal(now + 3 * DAY, span, now)).toBeNull();
    expect(endRefusal(null, span, now)).toBe('Choose when the vacation ends');
  });

  it('reads and writes the picker’s local date and time', () => {
    const at = new Date(2026, 2, 12, 18, 5).getTime();
    expect(localInputText(at)).toBe('2026-03-12T18:05');
    expect(fromLocalInputText('2026-03-12T18:05')).toBe(at);
    expect(fromLocalInputText('')).toBeNull();
    expect(fromLocalInputText('tomorrow')).toBeNull();
  });
});
