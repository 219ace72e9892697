// Village economy: field production, store capacity, population, mead balance and the village statistics.
import type { ResourceType, Resources } from './resources';
import { mapResources } from './resources';
import type { BuildingType } from './buildings';
import { BUILDINGS, FIELD_RESOURCE, MAX_BUILDING_LEVEL, isFieldType } from './buildings';
import type { UnitCounts } from './units';
import { UNITS, unitEntries } from './units';

/** Production per hour of one field at levels 0..20 (docs/GAME_RULES.md, Production and storage). */
const FIELD_PRODUCTION_TO_20 = [
  2, 5, 9, 15, 22, 33, 50, 70, 100, 145, 200, 280, 375, 495, 635, 800, 1000, 1300, 1600, 2000, 2450,
] as const;
/** Beyond level 20 each level produces 20% more than the one before. */
export const FIELD_PRODUCTION_GROWTH_AFTER_20 = 1.2;

/** Production per hour of one field at a whole level from 0: the table up to 20, then 20% more a level, rounded. */
function productionAtLevel(level: number): number {
  return FIELD_PRODUCTION_TO_20[level] ?? Math.round(2450 * FIELD_PRODUCTION_GROWTH_AFTER_20 ** (level - 20));
}

/** Production per hour of one field at levels 0..30, rounded to whole units. */
export const FIELD_PRODUCTION: readonly number[] = Array.from({ length: MAX_BUILDING_LEVEL + 1 }, (_, level) => productionAtLevel(level));

export const BASE_STORAGE_CAPACITY = 800;
/** Store bars turn yellow above 70% full and red above 90% (also a high-priority tutorial hint). */
export const STORE_WARNING_PERCENT = 70;
export const STORE_DANGER_PERCENT = 90;
/** Each wall level adds 3% defence. */
export const WALL_DEFENSE_PERCENT_PER_LEVEL = 3;

export function fieldProduction(level: number): number {
  const clamped = Math.min(Math.max(Math.floor(level), 0), MAX_BUILDING_LEVEL);
  return FIELD_PRODUCTION[clamped] ?? productionAtLevel(clamped);
}

/** Capacity of one warehouse (timber, stone, iron) or granary (mead) at `level`; 800 at level 0. */
export function storageCapacity(level: number): number {
  if (level <= 0) return BASE_STORAGE_CAPACITY;
  return Math.round(2120 * 1.2 ** level - 1320);
}

export interface BuildingAtLevel {
  type: BuildingType;
  level: number;
}

/**
 * Capacity per resource: several stores of a kind add up; a village without any has the level 0
 * capacity of 800, so its starting stock always fits.
 */
export function villageCapacity(buildings: readonly BuildingAtLevel[]): Resources {
  const sum = (type: BuildingType): number => {
    const stores = buildings.filter((b) => b.type === type);
    return stores.length === 0 ? BASE_STORAGE_CAPACITY : stores.reduce((total, b) => total + storageCapacity(b.level), 0);
  };
  const goods = sum('warehouse');
  return { timber: goods, stone: goods, iron: goods, mead: sum('granary') };
}

/**
 * Production per hour: the sum of the village's fields per resource, times (1 + bonus%) where the
 * bonus adds oases and wonder effects, times the world's speed. Inner buildings are ignored.
 */
export function villageProduction(
  buildings: readonly BuildingAtLevel[],
  bonusPercentByResource: Partial<Record<ResourceType, number>> = {},
  worldSpeed = 1,
): Resources {
  const base = mapResources(() => 0);
  for (const b of buildings) {
    if (isFieldType(b.type)) base[FIELD_RESOURCE[b.type]] += fieldProduction(b.level);
  }
  return mapResources((r) => base[r] * (1 + (bonusPercentByResource[r] ?? 0) / 100) * worldSpeed);
}

/** Adds several bonus maps (oases held, alliance wonders) into one percent per resource. */
export function sumBonusPercents(...bonuses: Partial<Record<ResourceType, number>>[]): Resources {
  return mapResources((r) => bonuses.reduce((sum, b) => sum + (b[r] ?? 0), 0));
}

/** Inhabitants: population per level of each building times its level; they eat one mead per hour each. */
export function population(buildings: readonly BuildingAtLevel[]): number {
  return buildings.reduce((sum, b) => sum + BUILDINGS[b.type].populationPerLevel * b.level, 0);
}

export function totalUpkeep(units: UnitCounts): number {
  return unitEntries(units).reduce((sum, [type, count]) => sum + UNITS[type].upkeep * count, 0);
}

/** Mead left over per hour; negative means the granary drains and, once empty, units starve. */
export function netMeadPerHour(meadProductionPerHour: number, villagePopulation: number, unitUpkeep: number): number {
  return meadProductionPerHour - villagePopulation - unitUpkeep;
}

export function militaryPower(units: UnitCounts): number {
  return unitEntries(units).reduce((sum, [type, count]) => sum + UNITS[type].attack * count, 0);
}

/** Percent: 3 per wall level plus the alliance's wonder defence bonus. */
export function defenseBonusPercent(wallLevel: number, allianceBonusPercent = 0): number {
  return WALL_DEFENSE_PERCENT_PER_LEVEL * Math.max(0, wallLevel) + allianceBonusPercent;
}

export type StoreAlert = 'normal' | 'warning' | 'danger';

export function storeFillPercent(amount: number, capacity: number): number {
  return capacity > 0 ? (amount / capacity) * 100 : 100;
}

export function storeAlert(amount: number, capacity: number): StoreAlert {
  const percent = storeFillPercent(amount, capacity);
  if (percent > STORE_DANGER_PERCENT) return 'danger';
  if (percent > STORE_WARNING_PERCENT) return 'warning';
  return 'normal';
}
