// How numbers, durations and distances are written for players: K and M, h m s, one decimal.
import type { Language } from './language-choice';

function trimmedOneDecimal(value: number): string {
  const text = value.toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/**
 * 1,000,000 and above: millions with one decimal and 'M'; 1,000 and above: thousands with one
 * decimal and 'K'; below: the whole number. A trailing '.0' is dropped (1000 -> '1K', 1500 -> '1.5K').
 * Values are rounded down (toward zero), so a shown stock is never more than what is held:
 * 1999 -> '1.9K', 999999 -> '999.9K', 2.7 -> '2'. Negative values keep their sign.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const size = Math.abs(n);
  let text: string;
  if (size >= 1_000_000) text = `${trimmedOneDecimal(Math.floor(size / 100_000) / 10)}M`;
  else if (size >= 1_000) text = `${trimmedOneDecimal(Math.floor(size / 100) / 10)}K`;
  else text = String(Math.floor(size));
  return text === '0' ? '0' : sign + text;
}

/**
 * 'h m s' with whole seconds rounded down: units start at the largest non-zero one and every
 * smaller unit is kept, so a countdown does not change shape ('1h 0m 5s', '1m 5s', '5s').
 * Days are shown as hours; zero, negative and non-finite input give '0s'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/**
 * Wonder time left, coarser than a countdown: '2d 3h' from one day, '5h 12m' from one hour,
 * otherwise '42m'; under a minute but not done is '<1m', done is '0m'. Parts are rounded down.
 */
export function formatTimeLeft(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m === 0 && total > 0) return '<1m';
  return `${m}m`;
}

/** Map distances are shown to one decimal (12.0, 7.1). */
export function formatDistance(distance: number): string {
  return (Number.isFinite(distance) ? distance : 0).toFixed(1);
}

/**
 * formatNumber in a language: English as formatNumber, German with a decimal comma and 'Tsd.'/'Mio.' (1500 -> '1,5 Tsd.'),
 * as the client writes it (src/client/i18n/format.ts), for the texts the server words itself.
 */
export function formatNumberIn(n: number, language: Language): string {
  const text = formatNumber(n);
  if (language === 'en') return text;
  const german = text.replace('.', ',');
  if (german.endsWith('M')) return `${german.slice(0, -1)} Mio.`;
  if (german.endsWith('K')) return `${german.slice(0, -1)} Tsd.`;
  return german;
}
