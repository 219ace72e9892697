// Rankings: points for enemy units killed, the week the weekly lists count, and which page a rank is on.
import { UNITS, unitEntries, type UnitCounts } from './units';

/** Minutes between two computations of the population rankings (the page says how fresh they are). */
export const STANDINGS_EVERY_MINUTES = 5;

/** The all-time row of the combat points: its week starts at the epoch. */
export const ALL_TIME = 0;

/** Points for killing `losses` of the enemy: each unit is worth its upkeep (a jarl 4 points, a bondi 1), as in the genre. */
export function killPoints(losses: UnitCounts): number {
  let points = 0;
  for (const [type, count] of unitEntries(losses)) points += UNITS[type].upkeep * count;
  return points;
}

/** The start of the week containing `at` (epoch ms): Monday 00:00 UTC, when the weekly combat lists begin again. */
export function weekStart(at: number): number {
  const day = new Date(at);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return midnight - sinceMonday * 86_400_000;
}

/** The page (from 1) holding `rank` when pages hold `pageSize` rows. */
export function pageOfRank(rank: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rank / pageSize));
}
