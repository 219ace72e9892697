// Farm lists: saved raids from one village, a unit template per target, sent together row by row.
import { shortfallRefusal } from './combat';
import { carryCapacity, unitCount, UNIT_TYPES, type UnitCounts } from './units';
import { characterCount, freeTextError, normaliseFreeText } from './validation';

/** How many lists a player keeps, and how many targets a list holds. */
export const MAX_FARM_LISTS = 10;
export const MAX_FARM_TARGETS = 100;

/** How long a send's key is remembered: a double click or a retry comes within it; the same key after it sends anew. */
export const SEND_KEY_KEPT_MS = 86_400_000;

/** A list's name: the contract's 40 characters. */
export const FARM_LIST_NAME_MAX_LENGTH = 40;

/** Why a row cannot be sent with the units at home (what is left after the rows before it), or null. */
export function rowShortfall(template: UnitCounts, atHome: UnitCounts): string | null {
  if (unitCount(template) === 0) return 'The row has no units';
  return shortfallRefusal(atHome, template);
}

/**
 * Each row's shortfall when rows go one after another in list order, each taking its units from what the rows before
 * left at home (as the server sends them); null for a row that would go.
 */
export function rowShortfalls(templates: readonly UnitCounts[], atHome: UnitCounts): (string | null)[] {
  const left: UnitCounts = { ...atHome };
  return templates.map((template) => {
    const short = rowShortfall(template, left);
    if (short === null) for (const type of UNIT_TYPES) left[type] = (left[type] ?? 0) - (template[type] ?? 0);
    return short;
  });
}

/** Why a list's name is refused (the same words on both sides), or undefined; the name is read normalised. */
export function farmListNameError(name: string): string | undefined {
  const text = normaliseFreeText(name);
  if (text === '') return 'Name the list';
  if (characterCount(text) > FARM_LIST_NAME_MAX_LENGTH) return `A list’s name is at most ${FARM_LIST_NAME_MAX_LENGTH} characters`;
  return freeTextError(text);
}

/** What the survivors of a raid could carry: the units sent less those lost. The loot against it tells whether the target had more. */
export function survivorsCarry(sent: UnitCounts, lost: UnitCounts): number {
  const survivors: UnitCounts = {};
  for (const type of UNIT_TYPES) survivors[type] = Math.max(0, (sent[type] ?? 0) - (lost[type] ?? 0));
  return carryCapacity(survivors);
}

/**
 * The rows a send asks for as one text, so the same key with other rows can be told apart: `*` for the whole list,
 * else the ids sorted and joined (the order and repeats of a request do not matter).
 */
export function sendFingerprint(targetIds: readonly string[] | undefined): string {
  if (targetIds === undefined) return '*';
  return [...new Set(targetIds)].sort().join(',');
}
