// Building types, their first-balance costs and times, requirements, slots and the refusals of building and upgrading.
import type { ResourceType, Resources } from './resources';
import { mapResources, roundToFive } from './resources';
import { isOneOf } from './tuples';

export const FIELD_TYPES = ['timber_camp', 'stone_quarry', 'iron_mine', 'mead_hall'] as const;
export const INNER_TYPES = [
  'warehouse',
  'granary',
  'barracks',
  'stable',
  'shipyard',
  'blacksmith',
  'longhouse',
  'marketplace',
  'embassy',
  'academy',
  'wall',
  'great_hall',
] as const;
export const BUILDING_TYPES = [...FIELD_TYPES, ...INNER_TYPES] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
export type InnerType = (typeof INNER_TYPES)[number];
export type BuildingType = (typeof BUILDING_TYPES)[number];

export const MAX_BUILDING_LEVEL = 30;

export const INNER_SLOT_FIRST = 19;
export const INNER_SLOT_LAST = 40;
export const GREAT_HALL_SLOT = 19;

/** Cost growth per level: fields grow steeply to level 10, then like inner buildings. */
export const FIELD_COST_GROWTH = 1.67;
export const FIELD_COST_GROWTH_FROM_LEVEL = 10;
export const INNER_COST_GROWTH = 1.28;
export const BUILD_TIME_GROWTH = 1.16;
/** Each great hall level beyond the first shortens every construction by 3.6%. */
export const GREAT_HALL_TIME_FACTOR = 0.964;

export interface Requirement {
  type: BuildingType;
  level: number;
}

export interface BuildingInfo {
  name: string;
  /** True for the 18 resource fields, which exist from the start and are only upgraded. */
  isField: boolean;
  /** Cost of level 1; level L costs this times the growth factor (see buildingCost). */
  baseCost: Readonly<Resources>;
  /** Seconds to build level 1 at world speed 1 with great hall level 1. */
  baseTimeSeconds: number;
  /** Inhabitants per level; they eat mead like units do. */
  populationPerLevel: number;
  requirements: readonly Requirement[];
}

const cost = (timber: number, stone: number, iron: number, mead: number): Resources => ({ timber, stone, iron, mead });

/** First balance in the spirit of Travian; the formulas are the contract, these numbers may be tuned. */
export const BUILDINGS: Readonly<Record<BuildingType, BuildingInfo>> = {
  timber_camp: { name: 'Timber Camp', isField: true, baseCost: cost(40, 100, 50, 60), baseTimeSeconds: 260, populationPerLevel: 2, requirements: [] },
  stone_quarry: { name: 'Stone Quarry', isField: true, baseCost: cost(80, 40, 80, 50), baseTimeSeconds: 220, populationPerLevel: 2, requirements: [] },
  iron_mine: { name: 'Iron Mine', isField: true, baseCost: cost(100, 80, 30, 60), baseTimeSeconds: 450, populationPerLevel: 2, requirements: [] },
  mead_hall: { name: 'Mead Hall', isField: true, baseCost: cost(70, 90, 70, 20), baseTimeSeconds: 150, populationPerLevel: 1, requirements: [] },
  warehouse: {
    name: 'Warehouse',
    isField: false,
    baseCost: cost(130, 160, 90, 40),
    baseTimeSeconds: 1600,
    populationPerLevel: 1,
    requirements: [{ type: 'great_hall', level: 1 }],
  },
  granary: {
    name: 'Granary',
    isField: false,
    baseCost: cost(80, 100, 70, 20),
    baseTimeSeconds: 1600,
    populationPerLevel: 1,
    requirements: [{ type: 'great_hall', level: 1 }],
  },
  // Tuned for a first session: barracks stand five minutes after they are ordered (see the tutorial in quest-catalog.ts).
  barracks: {
    name: 'Barracks',
    isField: false,
    baseCost: cost(210, 140, 260, 120),
    baseTimeSeconds: 300,
    populationPerLevel: 4,
    requirements: [{ type: 'great_hall', level: 1 }],
  },
  stable: {
    name: 'Stable',
    isField: false,
    baseCost: cost(260, 140, 220, 100),
    baseTimeSeconds: 2200,
    populationPerLevel: 3,
    requirements: [
      { type: 'barracks', level: 5 },
      { type: 'academy', level: 1 },
    ],
  },
  // Open question: does a shipyard also need water within 3 tiles? Decision: it does not (docs/GAME_RULES.md).
  shipyard: {
    name: 'Shipyard',
    isField: false,
    baseCost: cost(400, 500, 350, 150),
    baseTimeSeconds: 2400,
    populationPerLevel: 3,
    requirements: [{ type: 'great_hall', level: 5 }],
  },
  blacksmith: {
    name: 'Blacksmith',
    isField: false,
    baseCost: cost(170, 200, 380, 130),
    baseTimeSeconds: 2000,
    populationPerLevel: 4,
    requirements: [
      { type: 'great_hall', level: 3 },
      { type: 'academy', level: 1 },
    ],
  },
  longhouse: {
    name: 'Longhouse',
    isField: false,
    baseCost: cost(580, 460, 350, 180),
    baseTimeSeconds: 2000,
    populationPerLevel: 1,
    requirements: [{ type: 'great_hall', level: 5 }],
  },
  marketplace: {
    name: 'Marketplace',
    isField: false,
    baseCost: cost(80, 70, 120, 70),
    baseTimeSeconds: 1800,
    populationPerLevel: 4,
    requirements: [
      { type: 'great_hall', level: 3 },
      { type: 'warehouse', level: 1 },
      { type: 'granary', level: 1 },
    ],
  },
  embassy: {
    name: 'Embassy',
    isField: false,
    baseCost: cost(180, 130, 150, 80),
    baseTimeSeconds: 1700,
    populationPerLevel: 3,
    requirements: [{ type: 'great_hall', level: 1 }],
  },
  academy: {
    name: 'Academy',
    isField: false,
    baseCost: cost(220, 160, 90, 40),
    baseTimeSeconds: 2000,
    populationPerLevel: 4,
    requirements: [{ type: 'barracks', level: 3 }],
  },
  wall: {
    name: 'Wall',
    isField: false,
    baseCost: cost(70, 90, 170, 70),
    baseTimeSeconds: 2000,
    populationPerLevel: 1,
    requirements: [{ type: 'great_hall', level: 1 }],
  },
  great_hall: { name: 'Great Hall', isField: false, baseCost: cost(70, 40, 60, 20), baseTimeSeconds: 2000, populationPerLevel: 2, requirements: [] },
};

/** The resource each field type produces. */
export const FIELD_RESOURCE: Readonly<Record<FieldType, ResourceType>> = {
  timber_camp: 'timber',
  stone_quarry: 'stone',
  iron_mine: 'iron',
  mead_hall: 'mead',
};

export interface PlacedBuilding {
  slot: number;
  type: BuildingType;
  level: number;
}

/** Slots 1-4 timber, 5-8 stone, 9-12 iron, 13-18 mead, all at level 0; the great hall at level 1 in slot 19. */
export const STARTING_BUILDINGS: readonly PlacedBuilding[] = [
  ...Array.from({ length: 4 }, (_, i): PlacedBuilding => ({ slot: 1 + i, type: 'timber_camp', level: 0 })),
  ...Array.from({ length: 4 }, (_, i): PlacedBuilding => ({ slot: 5 + i, type: 'stone_quarry', level: 0 })),
  ...Array.from({ length: 4 }, (_, i): PlacedBuilding => ({ slot: 9 + i, type: 'iron_mine', level: 0 })),
  ...Array.from({ length: 6 }, (_, i): PlacedBuilding => ({ slot: 13 + i, type: 'mead_hall', level: 0 })),
  { slot: GREAT_HALL_SLOT, type: 'great_hall', level: 1 },
];

export const BUILDING_MESSAGES = {
  maxLevel: `Building is already at the maximum level (${MAX_BUILDING_LEVEL})`,
  alreadyUpgrading: 'This building is already being upgraded',
  constructionBusy: 'Another construction is already in progress in this village',
  fieldNotPlaceable: 'Resource fields cannot be built; upgrade the existing fields instead',
  notInnerSlot: `Buildings can only be placed in inner slots ${INNER_SLOT_FIRST}-${INNER_SLOT_LAST}`,
  slotTaken: 'That slot is already taken',
} as const;

export function isBuildingType(value: string): value is BuildingType {
  return isOneOf(BUILDING_TYPES, value);
}

export function isFieldType(type: BuildingType): type is FieldType {
  return BUILDINGS[type].isField;
}

export function isInnerSlot(slot: number): boolean {
  return Number.isInteger(slot) && slot >= INNER_SLOT_FIRST && slot <= INNER_SLOT_LAST;
}

/** Only stores may be built more than once in a village; their capacities add up. */
export function canHaveMultiple(type: BuildingType): boolean {
  return type === 'warehouse' || type === 'granary';
}

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < 1 || level > MAX_BUILDING_LEVEL) {
    throw new RangeError(`Building level must be a whole number from 1 to ${MAX_BUILDING_LEVEL}, got ${level}`);
  }
}

/** Growth of the price from level 1 to `level`; fields switch from 1.67 to 1.28 per level after level 10. */
function costFactor(type: BuildingType, level: number): number {
  if (!isFieldType(type)) return INNER_COST_GROWTH ** (level - 1);
  const steep = Math.min(level, FIELD_COST_GROWTH_FROM_LEVEL) - 1;
  const gentle = Math.max(0, level - FIELD_COST_GROWTH_FROM_LEVEL);
  return FIELD_COST_GROWTH ** steep * INNER_COST_GROWTH ** gentle;
}

/** The price of building level `level` (1..30), each resource rounded to a multiple of 5. */
export function buildingCost(type: BuildingType, level: number): Resources {
  checkLevel(level);
  const factor = costFactor(type, level);
  const base = BUILDINGS[type].baseCost;
  return mapResources((r) => roundToFive(base[r] * factor));
}

/**
 * Seconds to build level `level`, rounded to whole seconds. The great hall level is the one standing
 * when the work starts (for the great hall itself, its level before the upgrade).
 */
export function buildTimeSeconds(type: BuildingType, level: number, greatHallLevel: number, worldSpeed = 1): number {
  checkLevel(level);
  const seconds =
    (BUILDINGS[type].baseTimeSeconds * BUILD_TIME_GROWTH ** (level - 1) * GREAT_HALL_TIME_FACTOR ** (greatHallLevel - 1)) /
    worldSpeed;
  return Math.max(1, Math.round(seconds));
}

/** Highest level of each building type in a village: what requirements are checked against. */
export type BuildingLevels = Partial<Record<BuildingType, number>>;

export function buildingLevels(buildings: readonly { type: BuildingType; level: number }[]): BuildingLevels {
  const levels: BuildingLevels = {};
  for (const b of buildings) levels[b.type] = Math.max(levels[b.type] ?? 0, b.level);
  return levels;
}

export interface MissingRequirement extends Requirement {
  current: number;
  /** Readable, e.g. 'Great Hall level 3'. */
  text: string;
}

export interface RequirementCheck {
  met: boolean;
  missing: MissingRequirement[];
}

export function requirementsMet(type: BuildingType, levels: BuildingLevels): RequirementCheck {
  const missing = BUILDINGS[type].requirements
    .filter((req) => (levels[req.type] ?? 0) < req.level)
    .map((req) => ({ ...req, current: levels[req.type] ?? 0, text: `${BUILDINGS[req.type].name} level ${req.level}` }));
  return { met: missing.length === 0, missing };
}

export interface UpgradeState {
  level: number;
  isUpgrading: boolean;
}

/** Why an upgrade is refused (409), or null when it may start. */
export function upgradeRefusal(building: UpgradeState, constructionInProgress: boolean): string | null {
  if (building.level >= MAX_BUILDING_LEVEL) return BUILDING_MESSAGES.maxLevel;
  if (building.isUpgrading) return BUILDING_MESSAGES.alreadyUpgrading;
  if (constructionInProgress) return BUILDING_MESSAGES.constructionBusy;
  return null;
}

/** Why a new building may not go into `slot`, or null when it may be built there at level 1. */
export function placementRefusal(
  type: BuildingType,
  slot: number,
  buildings: readonly PlacedBuilding[],
  constructionInProgress: boolean,
): string | null {
  if (isFieldType(type)) return BUILDING_MESSAGES.fieldNotPlaceable;
  if (!isInnerSlot(slot)) return BUILDING_MESSAGES.notInnerSlot;
  if (buildings.some((b) => b.slot === slot)) return BUILDING_MESSAGES.slotTaken;
  if (!canHaveMultiple(type) && buildings.some((b) => b.type === type)) {
    return `This village already has a ${BUILDINGS[type].name}`;
  }
  const check = requirementsMet(type, buildingLevels(buildings));
  if (!check.met) return `Requires ${check.missing.map((m) => m.text).join(', ')}`;
  if (constructionInProgress) return BUILDING_MESSAGES.constructionBusy;
  return null;
}
