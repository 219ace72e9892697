// Pure helpers of the farm lists on the army page: what the address asks to add, unit templates typed in a form, the rows
// short of units before sending, a row's last raid in words, and the key of one click's send.
import type { FarmTargetLast } from '../../api/farmLists';
import type { UnitCounts } from '../../api/army';
import { UNIT_TYPES, unitCount, type UnitType } from '../../../rules/units';
import { rowShortfalls } from '../../../rules/farm-lists';
import { formatInteger } from '../../i18n/format';

/** A target the map, a report or a profile asks to add: `?farm=12|-4`, with `units=viking_raider:20,bondi:5` when known. */
export interface FarmRequest {
  x: number;
  y: number;
  units: UnitCounts;
}

/** The most of one unit type a row sends (the contract's bound). */
const MAX_COUNT = 1_000_000;

function isUnitType(text: string): text is UnitType {
  return UNIT_TYPES.some((type) => type === text);
}

/** `bondi:5,viking_raider:20` as unit counts; unknown types and counts that are not whole positive numbers are left out. */
export function parseUnits(text: string | null): UnitCounts {
  const units: UnitCounts = {};
  for (const part of (text ?? '').split(',')) {
    const [type, count] = part.split(':');
    if (!type || !isUnitType(type) || !count || !/^\d{1,7}$/.test(count)) continue;
    const n = Number(count);
    if (n > 0 && n <= MAX_COUNT) units[type] = n;
  }
  return units;
}

/** Unit counts as the address carries them (`bondi:5,viking_raider:20`). */
export function unitsParam(units: UnitCounts): string {
  return UNIT_TYPES.filter((type) => (units[type] ?? 0) > 0)
    .map((type) => `${type}:${units[type]}`)
    .join(',');
}

/** What `?farm=x|y&units=...` asks for, or null when the address asks nothing (or not a tile of the map). */
export function parseFarmRequest(params: URLSearchParams): FarmRequest | null {
  const match = /^\s*(-?\d{1,3})\s*\|\s*(-?\d{1,3})\s*$/.exec(params.get('farm') ?? '');
  if (!match) return null;
  const x = Number(match[1]);
  const y = Number(match[2]);
  if (Math.abs(x) > 200 || Math.abs(y) > 200) return null;
  return { x, y, units: parseUnits(params.get('units')) };
}

/** Counts typed in a unit template's fields as a template: whole positive numbers, anything else none. */
export function templateFrom(counts: Readonly<Record<string, string>>): UnitCounts {
  const units: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const n = Math.floor(Number(counts[type] ?? ''));
    if (Number.isFinite(n) && n > 0) units[type] = Math.min(n, MAX_COUNT);
  }
  return units;
}

/** A template as the fields show it. */
export function countsFrom(units: UnitCounts): Record<string, string> {
  return Object.fromEntries(UNIT_TYPES.filter((type) => (units[type] ?? 0) > 0).map((type) => [type, String(units[type])]));
}

/** The unit types a template's fields offer: those at home and those the template names; every type when asked (or when there are none). */
export function templateTypes(home: UnitCounts, template: UnitCounts, all: boolean): UnitType[] {
  const offered = UNIT_TYPES.filter((type) => all || (home[type] ?? 0) > 0 || (template[type] ?? 0) > 0);
  return offered.length > 0 ? offered : [...UNIT_TYPES];
}

/** Whether a template sends anything. */
export function hasUnits(units: UnitCounts): boolean {
  return unitCount(units) > 0;
}

/**
 * Why each row would be skipped for want of units if the rows (those chosen, in list order) went now, as the server
 * counts them: each row takes its units from what the rows before it left at home. Rows not chosen are not counted.
 */
export function shortRows(rows: readonly { id: string; units: UnitCounts }[], chosen: ReadonlySet<string> | null, home: UnitCounts): Map<string, string> {
  const going = rows.filter((row) => chosen === null || chosen.has(row.id));
  const shortfalls = rowShortfalls(
    going.map((row) => row.units),
    home,
  );
  return new Map(going.flatMap((row, i) => (shortfalls[i] ? [[row.id, shortfalls[i]] as const] : [])));
}

const whole = (n: number) => formatInteger(Math.floor(n));

/** A row's last raid in words: who won, and the loot against what the survivors could carry ("1,200 / 1,600"). */
export function lastRaidText(last: FarmTargetLast): { outcome: 'Won' | 'Lost'; haul: string } {
  const loot = last.loot.timber + last.loot.stone + last.loot.iron + last.loot.mead;
  return { outcome: last.winner === 'attacker' ? 'Won' : 'Lost', haul: `${whole(loot)} / ${whole(last.carry)}` };
}

/** The key of one click's send: random, made once per click, so a double click or a retry sends once. */
export function newSendKey(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return [...random(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
