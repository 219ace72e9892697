// Founding new villages: where a village may stand, what it costs, and how many villages the longhouses allow.
import { sameForEach, type Resources } from './resources';
import { MIN_VILLAGE_SPACING, distance, isFarFromVillages, isInsideWorld, type Point } from './world';

/** Each resource the source village pays to found a village. */
export const FOUNDING_COST_EACH = 5000;
/** The longhouse level the source village needs. */
export const FOUNDING_LONGHOUSE_LEVEL = 10;
/** Longhouse levels across the account that allow one more village. */
export const LONGHOUSE_LEVELS_PER_VILLAGE = 10;

export function foundingCost(): Resources {
  return sameForEach(FOUNDING_COST_EACH);
}

/** Villages an account may hold: its first, and one more for every 10 levels of longhouse across its villages. */
export function maxVillages(totalLonghouseLevels: number): number {
  return 1 + Math.floor(Math.max(0, totalLonghouseLevels) / LONGHOUSE_LEVELS_PER_VILLAGE);
}

export interface SettleSite {
  worldSize: number;
  isEmptyLand: (x: number, y: number) => boolean;
  villages: readonly Point[];
}

/** Why a village may not be founded at (x, y), or null when it may. */
export function settleRefusal(x: number, y: number, site: SettleSite): string | null {
  if (!isInsideWorld(x, y, site.worldSize)) return `(${x}|${y}) is outside the world`;
  if (site.villages.some((v) => v.x === x && v.y === y)) return 'A village already stands there';
  if (!site.isEmptyLand(x, y)) return 'Villages can only be founded on empty land';
  if (!isFarFromVillages(x, y, site.villages)) return `Too close to another village: keep ${MIN_VILLAGE_SPACING} tiles apart`;
  return null;
}

/** Free sites within `radius` of `centre`, nearest first (ties by coordinates), at most `limit`. */
export function settleCandidates(centre: Point, radius: number, site: SettleSite, limit: number): (Point & { distance: number })[] {
  const found: (Point & { distance: number })[] = [];
  for (let dx = -radius; dx <= radius; dx++) {
    for (let dy = -radius; dy <= radius; dy++) {
      const x = centre.x + dx;
      const y = centre.y + dy;
      const d = distance(centre.x, centre.y, x, y);
      if (d > radius || settleRefusal(x, y, site) !== null) continue;
      found.push({ x, y, distance: Math.round(d * 10) / 10 });
    }
  }
  return found.sort((a, b) => a.distance - b.distance || a.x - b.x || a.y - b.y).slice(0, limit);
}
