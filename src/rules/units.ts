// The unit table (docs/GAME_RULES.md) and formulas over armies: training time, cavalry share, speed, carry and upkeep.
import type { Resources } from './resources';
import { scaleResources } from './resources';
import type { BuildingType } from './buildings';
import { isOneOf } from './tuples';

/** The most units one training order may ask for (the contract's TrainUnitsRequest.count says the same). */
export const MAX_TRAINING_ORDER = 1000;

export const UNIT_TYPES = [
  'bondi',
  'viking_raider',
  'berserker',
  'shieldmaiden',
  'huscarl',
  'mounted_jarl',
  'longship',
  'drakkar',
  'battering_ram',
  'catapult',
  'jarl',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** How many of each unit type; a missing type means none. */
export type UnitCounts = Partial<Record<UnitType, number>>;

export interface UnitInfo {
  name: string;
  attack: number;
  defenseInfantry: number;
  defenseCavalry: number;
  /** Tiles per hour. */
  speed: number;
  /** Resources one unit can carry home as loot. */
  carry: number;
  cost: Readonly<Resources>;
  /** Mead eaten per hour by one unit. */
  upkeep: number;
  /** Seconds for one unit with a level 1 training building at world speed 1. */
  trainSeconds: number;
  trainedIn: BuildingType;
  /** Mounted units and ships count as cavalry when the defender weighs its defence. */
  isCavalry: boolean;
}

/** How a unit is kept and trained: its upkeep, its training time and building, and whether it counts as cavalry (not unless said). */
interface UnitTraining {
  upkeep: number;
  trainSeconds: number;
  trainedIn: BuildingType;
  isCavalry?: boolean;
}

const unit = (
  name: string,
  [attack, defenseInfantry, defenseCavalry, speed, carry]: readonly [number, number, number, number, number],
  [timber, stone, iron, mead]: readonly [number, number, number, number],
  { upkeep, trainSeconds, trainedIn, isCavalry = false }: UnitTraining,
): UnitInfo => ({
  name,
  attack,
  defenseInfantry,
  defenseCavalry,
  speed,
  carry,
  cost: { timber, stone, iron, mead },
  upkeep,
  trainSeconds,
  trainedIn,
  isCavalry,
});

/** The unit table (docs/GAME_RULES.md): attack, defence vs infantry and cavalry, speed, carry; cost; upkeep; time. */
export const UNITS: Readonly<Record<UnitType, UnitInfo>> = {
  bondi: unit('Bondi', [20, 30, 20, 7, 40], [80, 60, 40, 30], { upkeep: 1, trainSeconds: 180, trainedIn: 'barracks' }),
  viking_raider: unit('Viking Raider', [60, 20, 15, 9, 80], [120, 70, 90, 40], { upkeep: 1, trainSeconds: 1100, trainedIn: 'barracks' }),
  berserker: unit('Berserker', [90, 25, 20, 7, 60], [160, 80, 150, 50], { upkeep: 1, trainSeconds: 1500, trainedIn: 'barracks' }),
  shieldmaiden: unit('Shieldmaiden', [35, 60, 90, 6, 35], [130, 140, 110, 50], { upkeep: 1, trainSeconds: 1400, trainedIn: 'barracks' }),
  huscarl: unit('Huscarl', [40, 80, 60, 6, 40], [150, 120, 180, 50], { upkeep: 1, trainSeconds: 1300, trainedIn: 'barracks' }),
  mounted_jarl: unit('Mounted Jarl', [150, 60, 50, 12, 100], [450, 400, 550, 120], { upkeep: 3, trainSeconds: 3000, trainedIn: 'stable', isCavalry: true }),
  longship: unit('Longship', [50, 50, 50, 16, 500], [600, 300, 250, 100], { upkeep: 2, trainSeconds: 3600, trainedIn: 'shipyard', isCavalry: true }),
  drakkar: unit('Drakkar', [200, 120, 120, 14, 300], [1200, 600, 900, 200], { upkeep: 4, trainSeconds: 6000, trainedIn: 'shipyard', isCavalry: true }),
  battering_ram: unit('Battering Ram', [60, 30, 75, 4, 0], [900, 360, 500, 70], { upkeep: 3, trainSeconds: 4200, trainedIn: 'academy' }),
  catapult: unit('Catapult', [75, 60, 10, 3, 0], [950, 1350, 600, 90], { upkeep: 6, trainSeconds: 6000, trainedIn: 'academy' }),
  jarl: unit('Jarl', [40, 60, 40, 5, 0], [35500, 26600, 25000, 27200], { upkeep: 4, trainSeconds: 70000, trainedIn: 'longhouse' }),
};

/** Each level of the training building beyond the first makes training 10% faster. */
export const TRAINING_TIME_FACTOR = 0.9;

export function isUnitType(value: string): value is UnitType {
  return isOneOf(UNIT_TYPES, value);
}

export function isCavalry(type: UnitType): boolean {
  return UNITS[type].isCavalry;
}

/** Units that a building trains, e.g. for the list of available unit types. */
export function unitsTrainedIn(building: BuildingType): UnitType[] {
  return UNIT_TYPES.filter((type) => UNITS[type].trainedIn === building);
}

/**
 * Seconds to train one unit, rounded; an order of n units finishes one by one, each after this long.
 * A missing building (level 0) is treated as level 1: callers refuse training without it first.
 */
export function trainingTimeSeconds(type: UnitType, buildingLevel: number, worldSpeed = 1): number {
  const level = Math.max(1, buildingLevel);
  return Math.max(1, Math.round((UNITS[type].trainSeconds * TRAINING_TIME_FACTOR ** (level - 1)) / worldSpeed));
}

export function trainingCost(type: UnitType, count: number): Resources {
  return scaleResources({ ...UNITS[type].cost }, count);
}

/** Pairs of (type, count) with a positive count, in table order. */
export function unitEntries(units: UnitCounts): [UnitType, number][] {
  return UNIT_TYPES.filter((type) => (units[type] ?? 0) > 0).map((type) => [type, units[type] ?? 0]);
}

export function unitCount(units: UnitCounts): number {
  return unitEntries(units).reduce((sum, [, count]) => sum + count, 0);
}

/** An army moves at the pace of its slowest unit; null for an empty army. */
export function slowestSpeed(units: UnitCounts): number | null {
  const speeds = unitEntries(units).map(([type]) => UNITS[type].speed);
  return speeds.length === 0 ? null : Math.min(...speeds);
}

export function carryCapacity(units: UnitCounts): number {
  return unitEntries(units).reduce((sum, [type, count]) => sum + UNITS[type].carry * count, 0);
}

/** Share (0..1) of an army's units that are cavalry, by head count; 0 for an empty army. */
export function cavalryShare(units: UnitCounts): number {
  const total = unitCount(units);
  if (total === 0) return 0;
  const cavalry = unitEntries(units).reduce((sum, [type, count]) => sum + (isCavalry(type) ? count : 0), 0);
  return cavalry / total;
}
