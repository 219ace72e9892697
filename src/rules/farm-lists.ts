// Farm lists: saved raids from one village, a unit template per target, sent together row by row.
import { shortfallRefusal } from './combat';
import { unitCount, type UnitCounts } from './units';

/** How many lists a player keeps, and how many targets a list holds. */
export const MAX_FARM_LISTS = 10;
export const MAX_FARM_TARGETS = 100;

/** Why a row cannot be sent with the units at home (what is left after the rows before it), or null. */
export function rowShortfall(template: UnitCounts, atHome: UnitCounts): string | null {
  if (unitCount(template) === 0) return 'The row has no units';
  return shortfallRefusal(atHome, template);
}
