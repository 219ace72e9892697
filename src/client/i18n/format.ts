// Numbers, dates, times and durations in the player's language: Intl writes the figures (1,5 and 12.345 in German),
// the language's `common:format.*` texts give the units around them (K, h m s). Same rounding as src/rules/format.ts,
// whose English these reproduce exactly.
import { useTranslation } from 'react-i18next';
import { currentLanguage, formattingLocale, i18n } from './index';
import type { Language } from './languages';

type NumberOptions = Intl.NumberFormatOptions;
type DateOptions = Intl.DateTimeFormatOptions;

// Intl formatters are costly to build and the top bar formats every second: one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(options: NumberOptions): Intl.NumberFormat {
  const locale = formattingLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(options: DateOptions): Intl.DateTimeFormat {
  const locale = formattingLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * A whole figure of a format's text ('5' in '5s'): no grouping, so '1h' never reads '1.000h'. Without Intl: every
 * locale of the game's languages writes such a figure in Latin digits with a hyphen-minus, as String does (format.test
 * holds the two equal), and the first Intl formatter a page builds costs tens of milliseconds while the engine loads
 * its number data: on the first render of the village page, where a new player's stocks and countdowns need nothing else.
 */
function whole(n: number): string {
  // Intl rounds half away from zero and keeps the sign of a negative that rounds to 0 ('-0'); String writes an
  // exponent from 1e21, which no stock or countdown reaches.
  const rounded = Math.sign(n) * Math.round(Math.abs(n));
  if (Math.abs(rounded) >= 1e21) return numberFormat({ maximumFractionDigits: 0, useGrouping: false }).format(n);
  return Object.is(rounded, -0) ? '-0' : String(rounded);
}

function oneDecimal(n: number): string {
  return numberFormat({ maximumFractionDigits: 1, useGrouping: false }).format(n);
}

/** A format text of `common` (format.hms, format.thousands, ...) with its figures. */
function formatText(key: string, values: Record<string, string>): string {
  return i18n.t(`common:format.${key}`, values);
}

/**
 * A stock or figure in short: 1,000 and above in thousands with one decimal ('1.5K', German '1,5 Tsd.'), 1,000,000 and
 * above in millions; rounded down, so a shown stock is never more than what is held; a trailing '.0' is dropped.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return whole(0);
  const size = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (size >= 1_000_000) return sign + formatText('millions', { value: oneDecimal(Math.floor(size / 100_000) / 10) });
  if (size >= 1_000) return sign + formatText('thousands', { value: oneDecimal(Math.floor(size / 100) / 10) });
  const units = Math.floor(size);
  return units === 0 ? whole(0) : sign + whole(units);
}

/** A whole number in full, grouped as the language groups it: '12,345' (German '12.345'). Rounded down. */
export function formatInteger(n: number): string {
  return numberFormat({ maximumFractionDigits: 0 }).format(Number.isFinite(n) ? Math.trunc(n) : 0);
}

/** A whole number without grouping, rounded down: an exact stock in a tooltip ('6238'). */
export function formatWhole(n: number): string {
  return whole(Number.isFinite(n) ? Math.floor(n) : 0);
}

/** A number with up to `digits` decimals ('2.5', German '2,5'), at least `minDigits` of them ('1.0'), grouped. */
export function formatDecimal(n: number, digits = 1, minDigits = 0): string {
  return numberFormat({ minimumFractionDigits: minDigits, maximumFractionDigits: digits }).format(Number.isFinite(n) ? n : 0);
}

/** A share as a percentage of 100 ('70%', German '70 %'); `percent` is already 0-100. */
export function formatPercent(percent: number, digits = 0): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: digits }).format((Number.isFinite(percent) ? percent : 0) / 100);
}

/** '+8/h', '-3/h', '+1.2K/h' (German '+1,2 Tsd./h'). */
export function formatRate(perHour: number): string {
  return formatText('rate', { value: `${perHour >= 0 ? '+' : ''}${formatNumber(perHour)}` });
}

/** Map distances to one decimal: '12.0' (German '12,0'). */
export function formatDistance(distance: number): string {
  return numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(Number.isFinite(distance) ? distance : 0);
}

/**
 * A countdown: 'h m s' from the largest non-zero unit, every smaller one kept so it does not change shape ('1h 0m 5s',
 * '1m 5s', '5s'; German '1 Std. 0 Min. 5 Sek.'); days as hours; zero, negative and broken input give '0s'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return formatText('hms', { h: whole(h), m: whole(m), s: whole(s) });
  if (m > 0) return formatText('ms', { m: whole(m), s: whole(s) });
  return formatText('s', { s: whole(s) });
}

/** Time left, coarser than a countdown: '2d 3h' from a day, '5h 12m' from an hour, else '42m'; '<1m' under a minute. */
export function formatTimeLeft(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (d > 0) return formatText('dh', { d: whole(d), h: whole(h) });
  if (h > 0) return formatText('hm', { h: whole(h), m: whole(m) });
  if (m === 0 && total > 0) return formatText('underMinute', {});
  return formatText('m', { m: whole(m) });
}

type Instant = string | number | Date | null | undefined;

function instantOf(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What shows for a missing or broken date: a dash, never an error. */
const NO_DATE = '—';

/** '12 Mar 2026' as the player's locale writes it (German '12. März 2026'). */
export function formatDate(value: Instant): string {
  const date = instantOf(value);
  return date ? dateFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(date) : NO_DATE;
}

/** '12 Mar 2026, 14:05' as the player's locale writes it. */
export function formatDateTime(value: Instant): string {
  const date = instantOf(value);
  return date ? dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date) : NO_DATE;
}

/** '14:05' (English '02:05 PM') as the player's locale writes it. */
export function formatTime(value: Instant): string {
  const date = instantOf(value);
  return date ? dateFormat({ hour: '2-digit', minute: '2-digit' }).format(date) : NO_DATE;
}

/** '14:05:09' with seconds (an arrival to the second). */
export function formatTimeWithSeconds(value: Instant): string {
  const date = instantOf(value);
  return date ? dateFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date) : NO_DATE;
}

/** 'timber, stone and iron' (German 'Holz, Stein und Eisen'): a list joined as the language joins one. */
export function formatList(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(formattingLocale(), { style: 'long', type }).format(items);
}

/**
 * The language shown now, re-rendering the component when the player switches: a component that only formats
 * (no t()) calls this so its figures follow the switch.
 */
export function useLanguage(): Language {
  useTranslation();
  return currentLanguage();
}
