// Plain helpers of the village page: what a building's next level costs here, what may be built, and the short lists.
import type { AvailableUnitType, Building, Unit } from '../../api/villages';
import {
  BUILDING_MESSAGES,
  INNER_SLOT_FIRST,
  INNER_SLOT_LAST,
  INNER_TYPES,
  MAX_BUILDING_LEVEL,
  buildTimeSeconds,
  buildingCost,
  buildingLevels,
  canHaveMultiple,
  requirementsMet,
  upgradeRefusal,
  type InnerType,
} from '../../../rules/buildings';
import { RESOURCE_TYPES, type ResourceType, type Resources } from '../../../rules/resources';
import { i18n } from '../../i18n';
import { buildingName } from '../../i18n/game';

/** Resources named in a refusal, lower case as in running text. */
export function shortfall(stock: Resources, price: Resources): ResourceType[] {
  return RESOURCE_TYPES.filter((r) => Math.floor(stock[r]) < price[r]);
}

/** 'Not enough timber', 'Not enough timber and iron', 'Not enough timber, stone and iron' (German 'Nicht genug Holz und Eisen'). */
export function notEnoughMessage(missing: readonly ResourceType[]): string {
  const names = missing.map((r) => i18n.t(`common:resourcesInText.${r}`));
  const last = names[names.length - 1];
  if (last === undefined) return i18n.t('village:notEnoughAny');
  const what = names.length === 1 ? last : i18n.t('village:listAnd', { list: names.slice(0, -1).join(', '), last });
  return i18n.t('village:notEnough', { what });
}

const REFUSAL_KEYS = new Map<string, string>(Object.entries(BUILDING_MESSAGES).map(([key, message]) => [message, key]));

/** A refusal of the building rules (their fixed English words) in the player's language; other words as they are. */
export function refusalText(reason: string): string {
  const key = REFUSAL_KEYS.get(reason);
  return key ? i18n.t(`village:refusals.${key}`, { max: MAX_BUILDING_LEVEL, first: INNER_SLOT_FIRST, last: INNER_SLOT_LAST }) : reason;
}

export function isConstructionRunning(buildings: readonly Building[]): boolean {
  return buildings.some((b) => b.isUpgrading);
}

/** The great hall level that speeds up work started now (1 if the village somehow has none). */
export function greatHallLevel(buildings: readonly Building[]): number {
  return Math.max(1, buildingLevels(buildings).great_hall ?? 0);
}

export interface LevelPreview {
  level: number;
  cost: Resources;
  seconds: number;
}

/** Cost and time of the next level of `building` in this village, or null at the maximum level. */
export function nextLevelPreview(building: Building, buildings: readonly Building[], worldSpeed: number): LevelPreview | null {
  const level = building.level + 1;
  if (level > MAX_BUILDING_LEVEL) return null;
  return {
    level,
    cost: buildingCost(building.type, level),
    seconds: buildTimeSeconds(building.type, level, greatHallLevel(buildings), worldSpeed),
  };
}

/** Why the Upgrade button is off right now: a state refusal (max level, busy) first, then missing resources. */
export function upgradeBlock(
  building: Building,
  buildings: readonly Building[],
  preview: LevelPreview | null,
  stock: Resources,
): string | null {
  const refusal = upgradeRefusal(building, isConstructionRunning(buildings));
  if (refusal) return refusal;
  if (!preview) return null;
  const missing = shortfall(stock, preview.cost);
  return missing.length > 0 ? notEnoughMessage(missing) : null;
}

/** Cost and time of level 1 of a new building of `type` in this village. */
export function newBuildingPreview(type: InnerType, buildings: readonly Building[], worldSpeed: number): LevelPreview {
  return { level: 1, cost: buildingCost(type, 1), seconds: buildTimeSeconds(type, 1, greatHallLevel(buildings), worldSpeed) };
}

/** Why a new building cannot be ordered right now, in a word beside its button (the notice above the list says more), or null. */
export function buildBlock(buildings: readonly Building[], stock: Resources, cost: Resources | null): string | null {
  if (isConstructionRunning(buildings)) return i18n.t('village:buildersBusy');
  const missing = cost ? shortfall(stock, cost) : [];
  return missing.length > 0 ? notEnoughMessage(missing) : null;
}

export function freeInnerSlots(buildings: readonly Building[]): number[] {
  const taken = new Set(buildings.map((b) => b.slot));
  const free: number[] = [];
  for (let slot = INNER_SLOT_FIRST; slot <= INNER_SLOT_LAST; slot += 1) if (!taken.has(slot)) free.push(slot);
  return free;
}

export interface BuildOption {
  type: InnerType;
  name: string;
  /** Requirements met and not already standing (stores may stand several times). */
  available: boolean;
  /** 'Great Hall level 3', ... when requirements are missing. */
  missing: string[];
  alreadyBuilt: boolean;
}

/** Every inner building type with whether it may be built into a free slot now. */
export function buildOptions(buildings: readonly Building[]): BuildOption[] {
  const levels = buildingLevels(buildings);
  return INNER_TYPES.map((type) => {
    const check = requirementsMet(type, levels);
    const alreadyBuilt = !canHaveMultiple(type) && buildings.some((b) => b.type === type);
    return {
      type,
      name: buildingName(type),
      available: check.met && !alreadyBuilt,
      missing: check.missing.map((m) => i18n.t('village:requires', { building: buildingName(m.type), level: m.level })),
      alreadyBuilt,
    };
  });
}

/** The five buildings most recently placed, started or finished (the overview's "Recent buildings (5)"). */
export function recentBuildings(buildings: readonly Building[], count = 5): Building[] {
  // Level 0 buildings are the untouched starting fields: nothing to show yet.
  return buildings
    .filter((b) => b.isUpgrading || b.level > 0)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.slot - b.slot)
    .slice(0, count);
}

/** Up to five unit types with units at home, largest force first. */
export function armySummary(units: readonly Unit[], count = 5): Unit[] {
  return units
    .filter((u) => u.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, count);
}

export function availableByType(types: readonly AvailableUnitType[]): Map<string, AvailableUnitType> {
  return new Map(types.map((t) => [t.type, t]));
}
