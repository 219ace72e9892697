// Figures in the player's language: English exactly as src/rules/format.ts writes it (the specification's), German with
// its own separators and units; dates through Intl in the language.
import { describe, expect, it } from 'vitest';
import * as english from '../../rules/format';
import { i18n } from './index';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDistance,
  formatDuration,
  formatInteger,
  formatNumber,
  formatPercent,
  formatRate,
  formatTime,
  formatTimeLeft,
  formatWhole,
} from './format';

const NUMBERS = [0, 7, 42.9, 999, 1000, 1001, 1500, 1999, 12_345, 999_999, 1_000_000, 1_250_000, 35_500_000, -1500, -12, -0.4, Number.NaN];
const SECONDS = [0, 5, 5.9, 59, 60, 65, 3600, 3725, 90_061, 200_000, -30, Number.POSITIVE_INFINITY];

describe('in English', () => {
  it('writes what the rules write, figure for figure', () => {
    for (const n of NUMBERS) expect(formatNumber(n), String(n)).toBe(english.formatNumber(n));
    for (const s of SECONDS) {
      expect(formatDuration(s), String(s)).toBe(english.formatDuration(s));
      expect(formatTimeLeft(s), String(s)).toBe(english.formatTimeLeft(s));
    }
    for (const d of [0, 7.06, 12, 141.42]) expect(formatDistance(d)).toBe(english.formatDistance(d));
    expect(formatRate(1234)).toBe('+1.2K/h');
    expect(formatRate(-3)).toBe('-3/h');
  });

  it('groups whole numbers and writes dates in English', () => {
    expect(formatInteger(12_345.9)).toBe('12,345');
    expect(formatDecimal(2.25, 1)).toBe('2.3');
    expect(formatPercent(70)).toBe('70%');
    expect(formatDate('2026-03-12T14:05:00Z')).toMatch(/Mar 1[23], 2026/);
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('whole figures', () => {
  it('are written as Intl writes them in every locale of the two languages, without building an Intl formatter', () => {
    const figures = [0, -0, 5, 59, 999, 1000, 12_345, 2.5, -2.5, 0.4, -0.4, -12, 1e21 - 1];
    for (const locale of ['en', 'en-US', 'en-GB', 'en-IN', 'de', 'de-DE', 'de-CH', 'de-AT']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
      for (const n of figures) expect(formatWhole(n), `${locale} ${n}`).toBe(intl.format(Math.floor(n)));
    }
    for (const [seconds, text] of [[3725, '1h 2m 5s'], [65, '1m 5s'], [5, '5s']] as const) expect(formatDuration(seconds)).toBe(text);
  });
});

describe('in German', () => {
  it('uses German separators and units', async () => {
    await i18n.changeLanguage('de');
    expect(formatNumber(1500)).toBe('1,5 Tsd.');
    expect(formatNumber(1_250_000)).toBe('1,2 Mio.');
    expect(formatNumber(-1500)).toBe('-1,5 Tsd.');
    expect(formatNumber(999)).toBe('999');
    expect(formatInteger(12_345)).toBe('12.345');
    expect(formatDistance(7.06)).toBe('7,1');
    expect(formatDuration(3725)).toBe('1 Std. 2 Min. 5 Sek.');
    expect(formatDuration(5)).toBe('5 Sek.');
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600)).toBe('2 T. 3 Std.');
    expect(formatTimeLeft(30)).toBe('<1 Min.');
    expect(formatRate(8)).toBe('+8/Std.');
    expect(formatPercent(70)).toBe('70\u00a0%');
    expect(formatDate('2026-03-12T12:00:00Z')).toBe('12. März 2026');
    expect(formatTime(new Date(2026, 2, 12, 14, 5))).toBe('14:05');
  });
});
