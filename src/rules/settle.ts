// Lazy resource settlement: amounts at any instant from a stored snapshot and rates, and starvation.
import type { Resources } from './resources';
import { mapResources } from './resources';
import type { UnitCounts, UnitType } from './units';
import { UNITS, UNIT_TYPES } from './units';

export const MS_PER_HOUR = 3_600_000;

/** What the database keeps: the amounts at one instant (ms since the epoch). */
export interface ResourceSnapshot {
  amounts: Resources;
  at: number;
}

/**
 * Amounts at `atMs`, given rates per hour (mead may be negative) that held since the snapshot.
 * Each amount is clamped to [0, capacity], so reading costs the same after a minute or a month.
 * Rates only stay constant between events, so the caller settles up to each event before applying it;
 * an instant before the snapshot is treated as the snapshot itself.
 */
export function settleResources(
  snapshot: ResourceSnapshot,
  ratesPerHour: Resources,
  capacities: Resources,
  atMs: number,
): Resources {
  const hours = Math.max(0, atMs - snapshot.at) / MS_PER_HOUR;
  return mapResources((r) => Math.min(capacities[r], Math.max(0, snapshot.amounts[r] + ratesPerHour[r] * hours)));
}

/** A new snapshot at `atMs`, ready to store. */
export function settleSnapshot(
  snapshot: ResourceSnapshot,
  ratesPerHour: Resources,
  capacities: Resources,
  atMs: number,
): ResourceSnapshot {
  return { amounts: settleResources(snapshot, ratesPerHour, capacities, atMs), at: Math.max(atMs, snapshot.at) };
}

/**
 * The instant a draining amount reaches 0 (when starvation must be settled), or null when it never
 * does because the rate is not negative. An amount already at 0 gives the snapshot's instant.
 */
export function instantWhenEmpty(amount: number, ratePerHour: number, fromMs: number): number | null {
  if (ratePerHour >= 0) return null;
  return fromMs + Math.ceil((Math.max(0, amount) / -ratePerHour) * MS_PER_HOUR);
}

export interface Starvation {
  /** Units lost, by type. */
  starved: UnitCounts;
  /** Units left in the village. */
  remaining: UnitCounts;
  /** Net mead per hour after the losses; not negative unless there was nothing left to starve. */
  netMead: number;
}

/**
 * When the granary is empty and the net mead is negative, units starve one at a time, largest upkeep
 * first (ties in table order), until the net is no longer negative. Losing one unit of upkeep u raises
 * the net by u, so each type's losses are computed at once instead of one by one.
 */
export function starvation(units: UnitCounts, meadAmount: number, netMead: number): Starvation {
  const remaining: UnitCounts = { ...units };
  const starved: UnitCounts = {};
  if (meadAmount > 0 || netMead >= 0) return { starved, remaining, netMead };

  let net = netMead;
  const hungriestFirst: UnitType[] = [...UNIT_TYPES].sort((a, b) => UNITS[b].upkeep - UNITS[a].upkeep);
  for (const type of hungriestFirst) {
    if (net >= 0) break;
    const count = remaining[type] ?? 0;
    const upkeep = UNITS[type].upkeep;
    if (count <= 0 || upkeep <= 0) continue;
    const lost = Math.min(count, Math.ceil(-net / upkeep));
    starved[type] = lost;
    remaining[type] = count - lost;
    net += lost * upkeep;
  }
  return { starved, remaining, netMead: net };
}
