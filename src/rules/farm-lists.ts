// Farm lists: saved raids from one village, a unit template per target, sent together row by row.
import { missingUnits } from './combat';
import { UNITS, unitCount, type UnitCounts } from './units';

/** How many lists a player keeps, and how many targets a list holds. */
export const MAX_FARM_LISTS = 10;
export const MAX_FARM_TARGETS = 100;

/** The words a send and the server share for units short at home: '5 Bondi (2 at home), 1 Catapult (0 at home)'. */
export function shortfallText(template: UnitCounts, atHome: UnitCounts): string | null {
  const missing = missingUnits(atHome, template);
  return missing.length === 0 ? null : missing.map((m) => `${m.wanted} ${UNITS[m.type].name} (${m.home} at home)`).join(', ');
}

/** Why a row cannot be sent with the units at home (what is left after the rows before it), or null. */
export function rowShortfall(template: UnitCounts, atHome: UnitCounts): string | null {
  if (unitCount(template) === 0) return 'The row has no units';
  const short = shortfallText(template, atHome);
  return short === null ? null : `Not enough units at home: ${short}`;
}
