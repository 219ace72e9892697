import { describe, expect, it } from 'vitest';
import { ALL_TIME, STANDINGS_EVERY_MINUTES, killPoints, pageOfRank, weekStart } from './rankings';
import { UNITS, UNIT_TYPES } from './units';

describe('killPoints', () => {
  it('is nothing for no losses', () => {
    expect(killPoints({})).toBe(0);
  });
  it("counts each unit killed at its upkeep: a jarl 4, a bondi 1, a catapult 6", () => {
    expect(killPoints({ bondi: 10 })).toBe(10);
    expect(killPoints({ jarl: 1 })).toBe(4);
    expect(killPoints({ bondi: 3, mounted_jarl: 2, catapult: 1 })).toBe(3 + 6 + 6);
  });
  it('is the sum over every unit type of the table', () => {
    const oneOfEach = Object.fromEntries(UNIT_TYPES.map((type) => [type, 1]));
    expect(killPoints(oneOfEach)).toBe(UNIT_TYPES.reduce((sum, type) => sum + UNITS[type].upkeep, 0));
  });
  it('leaves out types with zero or missing counts', () => {
    expect(killPoints({ bondi: 0, drakkar: 2 })).toBe(8);
  });
});

describe('weekStart', () => {
  const MONDAY = Date.UTC(2026, 0, 5); // Monday 5 January 2026, 00:00 UTC

  it('is Monday 00:00 UTC for any instant of that week', () => {
    expect(weekStart(MONDAY)).toBe(MONDAY);
    expect(weekStart(MONDAY + 1)).toBe(MONDAY);
    expect(weekStart(Date.UTC(2026, 0, 7, 13, 30))).toBe(MONDAY); // Wednesday
    expect(weekStart(Date.UTC(2026, 0, 11, 23, 59, 59, 999))).toBe(MONDAY); // Sunday's last millisecond
  });
  it('starts a new week at the next Monday midnight', () => {
    expect(weekStart(Date.UTC(2026, 0, 12))).toBe(Date.UTC(2026, 0, 12));
    expect(weekStart(MONDAY - 1)).toBe(Date.UTC(2025, 11, 29));
  });
  it('crosses months and years', () => {
    expect(weekStart(Date.UTC(2026, 2, 1, 12))).toBe(Date.UTC(2026, 1, 23)); // Sunday 1 March -> Monday 23 February
    expect(weekStart(Date.UTC(2027, 0, 1))).toBe(Date.UTC(2026, 11, 28)); // a Friday
  });
  it('is never the all-time row', () => {
    expect(ALL_TIME).toBe(0);
    expect(weekStart(Date.UTC(2026, 0, 7))).not.toBe(ALL_TIME);
  });
  it('is idempotent', () => {
    const at = Date.UTC(2026, 4, 20, 8);
    expect(weekStart(weekStart(at))).toBe(weekStart(at));
  });
});

describe('pageOfRank', () => {
  it('puts ranks 1..size on page 1 and the next one on page 2', () => {
    expect(pageOfRank(1, 20)).toBe(1);
    expect(pageOfRank(20, 20)).toBe(1);
    expect(pageOfRank(21, 20)).toBe(2);
    expect(pageOfRank(10_000, 100)).toBe(100);
  });
  it('is page 1 for a rank below 1', () => {
    expect(pageOfRank(0, 20)).toBe(1);
  });
});

describe('STANDINGS_EVERY_MINUTES', () => {
  it('is a positive number of minutes', () => {
    expect(STANDINGS_EVERY_MINUTES).toBeGreaterThan(0);
  });
});
