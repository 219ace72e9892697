// Pins how numbers, durations, time left and distances are written.
import { describe, it, expect } from 'vitest';
import { formatDistance, formatDuration, formatNumber, formatNumberIn, formatTimeLeft } from './format';

describe('formatNumber', () => {
  it('writes small numbers whole, rounded down', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(42.9)).toBe('42');
  });

  it('writes thousands with K and one decimal, dropping .0', () => {
    expect(formatNumber(1000)).toBe('1K');
    expect(formatNumber(1001)).toBe('1K');
    expect(formatNumber(1500)).toBe('1.5K');
    expect(formatNumber(1999)).toBe('1.9K');
    expect(formatNumber(12_345)).toBe('12.3K');
    expect(formatNumber(999_999)).toBe('999.9K');
  });

  it('writes millions with M', () => {
    expect(formatNumber(1_000_000)).toBe('1M');
    expect(formatNumber(1_250_000)).toBe('1.2M');
    expect(formatNumber(35_500_000)).toBe('35.5M');
  });

  it('keeps the sign of negative numbers and survives bad input', () => {
    expect(formatNumber(-1500)).toBe('-1.5K');
    expect(formatNumber(-12)).toBe('-12');
    expect(formatNumber(-0.4)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0');
  });
});

describe('formatDuration', () => {
  it('writes h m s from the largest non-zero unit', () => {
    expect(formatDuration(3725)).toBe('1h 2m 5s');
    expect(formatDuration(65)).toBe('1m 5s');
    expect(formatDuration(5)).toBe('5s');
    expect(formatDuration(3600)).toBe('1h 0m 0s');
    expect(formatDuration(60)).toBe('1m 0s');
  });

  it('shows days as hours and clamps at zero', () => {
    expect(formatDuration(90_061)).toBe('25h 1m 1s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-30)).toBe('0s');
    expect(formatDuration(5.9)).toBe('5s');
  });
});

describe('formatTimeLeft', () => {
  it('uses days and hours, hours and minutes, or minutes', () => {
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600 + 59 * 60)).toBe('2d 3h');
    expect(formatTimeLeft(5 * 3600 + 12 * 60 + 30)).toBe('5h 12m');
    expect(formatTimeLeft(42 * 60 + 59)).toBe('42m');
    expect(formatTimeLeft(86_400)).toBe('1d 0h');
    expect(formatTimeLeft(3600)).toBe('1h 0m');
  });

  it('marks the last minute and the end', () => {
    expect(formatTimeLeft(30)).toBe('<1m');
    expect(formatTimeLeft(0)).toBe('0m');
    expect(formatTimeLeft(-5)).toBe('0m');
  });

  it('rounds every part down and treats a broken number as done', () => {
    expect(formatTimeLeft(23 * 3600 + 59 * 60 + 59.9)).toBe('23h 59m');
    expect(formatTimeLeft(59 * 60 + 59)).toBe('59m');
    expect(formatTimeLeft(60)).toBe('1m');
    expect(formatTimeLeft(Number.NaN)).toBe('0m');
    expect(formatTimeLeft(Number.POSITIVE_INFINITY)).toBe('0m');
  });
});

describe('formatDistance', () => {
  it('uses one decimal', () => {
    expect(formatDistance(5)).toBe('5.0');
    expect(formatDistance(Math.hypot(3, 4))).toBe('5.0');
    expect(formatDistance(Math.hypot(1, 1))).toBe('1.4');
    expect(formatDistance(Math.hypot(5, 5))).toBe('7.1');
  });
});

describe('formatNumberIn', () => {
  it('is formatNumber in English, and writes German with a decimal comma, Tsd. and Mio.', () => {
    for (const n of [0, 7, 999, 1000, 1500, 1999, 999_999, 2_500_000, -1500]) expect(formatNumberIn(n, 'en')).toBe(formatNumber(n));
    expect([7, 999, 1000, 1500, 999_999, 1_000_000, 2_500_000, -1500].map((n) => formatNumberIn(n, 'de'))).toEqual([
      '7',
      '999',
      '1 Tsd.',
      '1,5 Tsd.',
      '999,9 Tsd.',
      '1 Mio.',
      '2,5 Mio.',
      '-1,5 Tsd.',
    ]);
  });
});
