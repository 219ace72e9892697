// Barbarian villages (villages without an owner): where they stand, what they start with, how they grow, and how many a world and each new capital get.
import { GREAT_HALL_SLOT, type BuildingType, type PlacedBuilding } from './buildings';
import { fieldProduction, population } from './economy';
import { sameForEach, type Resources } from './resources';
import { UNITS, UNIT_TYPES, type UnitCounts, type UnitType } from './units';
import { MIN_VILLAGE_SPACING, distance, isFarFromVillages, isInsideWorld, type Point } from './world';

/** The name every barbarian village is founded with. */
export const BARBARIAN_VILLAGE_NAME = 'Barbarian camp';
/** Who the map and the reports name as the owner of a village without one. */
export const BARBARIANS = 'Barbarians';

/**
 * A world is made with one barbarian village for every this many tiles of its square (134 on a 401 x 401 world); capitals
 * get theirs as players join (BARBARIANS_NEAR_CAPITAL), so the world's own are the wilderness between them.
 */
export const TILES_PER_BARBARIAN = 1200;
/** "Near" a capital, in tiles. */
export const NEIGHBOURHOOD_RADIUS = 10;
/** Barbarian villages a new capital has at least within NEIGHBOURHOOD_RADIUS (more are founded when there are fewer). */
export const BARBARIANS_NEAR_CAPITAL = 3;
/** Oases a new capital has at least within NEIGHBOURHOOD_RADIUS (the capital's site is chosen so). */
export const OASES_NEAR_CAPITAL = 2;

/** What a barbarian village holds of each resource when it is founded. */
export const BARBARIAN_STOCK_EACH = 400;
/** Hours between two growth steps at world speed 1; a faster world divides them by its speed. */
export const GROWTH_HOURS = 6;
/** Each growth step brings every troop type this share of its target closer (at least one unit), never past it. */
export const TROOP_REGROWTH_SHARE = 0.1;
/** Mead per hour (at speed 1) a barbarian village keeps spare over its inhabitants and full troops; below it, mead halls grow first. */
export const MEAD_SPARE_PER_HOUR = 10;

/** The highest level growth raises each building type to; other types never grow. */
export const BARBARIAN_LEVEL_CAPS: Readonly<Partial<Record<BuildingType, number>>> = {
  timber_camp: 10,
  stone_quarry: 10,
  iron_mine: 10,
  mead_hall: 10,
  great_hall: 10,
  wall: 10,
  warehouse: 10,
  granary: 10,
};

/** Troops a barbarian village aims at per building level it has in all (its size), rounded down. */
export const TROOPS_PER_LEVEL: Readonly<Partial<Record<UnitType, number>>> = { bondi: 0.4, shieldmaiden: 0.2 };

/** A new barbarian village: fields at level 1 (mead halls at 3, so its mead feeds its people and troops), a great hall, a wall and stores at 1. */
export const BARBARIAN_BUILDINGS: readonly PlacedBuilding[] = [
  ...Array.from({ length: 4 }, (_, i): PlacedBuilding => ({ slot: 1 + i, type: 'timber_camp', level: 1 })),
  ...Array.from({ length: 4 }, (_, i): PlacedBuilding => ({ slot: 5 + i, type: 'stone_quarry', level: 1 })),
  ...Array.from({ length: 4 }, (_, i): PlacedBuilding => ({ slot: 9 + i, type: 'iron_mine', level: 1 })),
  ...Array.from({ length: 6 }, (_, i): PlacedBuilding => ({ slot: 13 + i, type: 'mead_hall', level: 3 })),
  { slot: GREAT_HALL_SLOT, type: 'great_hall', level: 1 },
  { slot: GREAT_HALL_SLOT + 1, type: 'wall', level: 1 },
  { slot: GREAT_HALL_SLOT + 2, type: 'warehouse', level: 1 },
  { slot: GREAT_HALL_SLOT + 3, type: 'granary', level: 1 },
];

export function barbarianStock(): Resources {
  return sameForEach(BARBARIAN_STOCK_EACH);
}

/** A building as growth sees it (the settling engine's BuildingState fits). */
export interface GrowingBuilding {
  slot: number;
  type: BuildingType;
  level: number;
  upgradeFinishesAt: number | null;
  updatedAt: number;
}

/** A barbarian village as growth sees it: its buildings and its units at home. */
export interface GrowingVillage {
  buildings: GrowingBuilding[];
  units: UnitCounts;
}

/** The village's size: all its building levels added up. */
export function barbarianSize(buildings: readonly Pick<GrowingBuilding, 'level'>[]): number {
  return buildings.reduce((sum, b) => sum + Math.max(0, b.level), 0);
}

/** The troops a barbarian village of these buildings aims at: TROOPS_PER_LEVEL times its size, rounded down. */
export function barbarianTroopTarget(buildings: readonly Pick<GrowingBuilding, 'level'>[]): UnitCounts {
  const size = barbarianSize(buildings);
  const target: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const count = Math.floor(size * (TROOPS_PER_LEVEL[type] ?? 0));
    if (count > 0) target[type] = count;
  }
  return target;
}

/** Mead per hour at world speed 1 left over when the village's troops stand at their target (the world speed only adds to it). */
export function meadSpare(buildings: readonly Pick<GrowingBuilding, 'type' | 'level'>[]): number {
  const mead = buildings.filter((b) => b.type === 'mead_hall').reduce((sum, b) => sum + fieldProduction(b.level), 0);
  const target = barbarianTroopTarget(buildings);
  const upkeep = UNIT_TYPES.reduce((sum, type) => sum + UNITS[type].upkeep * (target[type] ?? 0), 0);
  return mead - population(buildings) - upkeep;
}

const lowestFirst = (a: GrowingBuilding, b: GrowingBuilding) => a.level - b.level || a.slot - b.slot;

/**
 * The building the next growth step raises: the lowest one below its cap (ties by slot), except that a mead hall goes
 * first while less than MEAD_SPARE_PER_HOUR is spare, so growing never starves the village. Null when all are capped.
 */
export function nextGrowthBuilding<B extends GrowingBuilding>(buildings: readonly B[]): B | null {
  const growing = buildings.filter((b) => b.upgradeFinishesAt === null && b.level < (BARBARIAN_LEVEL_CAPS[b.type] ?? 0)).sort(lowestFirst);
  if (meadSpare(buildings) < MEAD_SPARE_PER_HOUR) {
    const meadHall = growing.find((b) => b.type === 'mead_hall');
    if (meadHall) return meadHall;
  }
  return growing[0] ?? null;
}

/** Units a growth step adds toward the target: TROOP_REGROWTH_SHARE of each type's target (at least one), never past it. */
export function troopRegrowth(units: UnitCounts, target: UnitCounts): UnitCounts {
  const added: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const want = target[type] ?? 0;
    const have = units[type] ?? 0;
    if (have >= want) continue;
    added[type] = Math.min(want - have, Math.max(1, Math.ceil(want * TROOP_REGROWTH_SHARE)));
  }
  return added;
}

/** Whether growth has nothing left to do: every building at its cap and every troop type at its target. */
export function isFullyGrown(village: GrowingVillage): boolean {
  return nextGrowthBuilding(village.buildings) === null && Object.keys(troopRegrowth(village.units, barbarianTroopTarget(village.buildings))).length === 0;
}

/** What one growth step did. */
export interface GrowthStep {
  raised: { type: BuildingType; level: number } | null;
  recruited: UnitCounts;
}

/**
 * One growth step at `atMs`, applied to the village in place: first the troops move toward the target of the village as it
 * stands, then one building rises a level (nextGrowthBuilding).
 */
export function growOnce(village: GrowingVillage, atMs: number): GrowthStep {
  const recruited = troopRegrowth(village.units, barbarianTroopTarget(village.buildings));
  for (const type of UNIT_TYPES) {
    const count = recruited[type] ?? 0;
    if (count > 0) village.units[type] = (village.units[type] ?? 0) + count;
  }
  const building = nextGrowthBuilding(village.buildings);
  if (building) {
    building.level += 1;
    building.updatedAt = atMs;
  }
  return { raised: building ? { type: building.type, level: building.level } : null, recruited };
}

/** Milliseconds between two growth steps on a world of `worldSpeed`. */
export function growthIntervalMs(worldSpeed: number): number {
  return Math.max(1000, Math.round((GROWTH_HOURS * 3_600_000) / Math.max(worldSpeed, 1e-6)));
}

/** When the village grows next after a step (or a start) at `afterMs`: one interval later, or null when fully grown. */
export function nextGrowthAt(village: GrowingVillage, afterMs: number, worldSpeed: number): number | null {
  return isFullyGrown(village) ? null : afterMs + growthIntervalMs(worldSpeed);
}

/** Where barbarian villages may stand: inside the world, on empty land, and MIN_VILLAGE_SPACING from every village. */
export interface BarbarianLand {
  worldSize: number;
  isEmptyLand: (x: number, y: number) => boolean;
  villages: readonly Point[];
}

function isFreeSite(x: number, y: number, land: BarbarianLand, chosen: readonly Point[]): boolean {
  return isInsideWorld(x, y, land.worldSize) && land.isEmptyLand(x, y) && isFarFromVillages(x, y, land.villages) && isFarFromVillages(x, y, chosen);
}

/** Up to `need` free sites within NEIGHBOURHOOD_RADIUS of `centre`, in an order the dice choose (fewer when the land is full). */
export function barbarianSitesNear(centre: Point, need: number, land: BarbarianLand, random: () => number): Point[] {
  if (need <= 0) return [];
  const near = land.villages.filter((v) => distance(v.x, v.y, centre.x, centre.y) <= NEIGHBOURHOOD_RADIUS + MIN_VILLAGE_SPACING);
  const local = { ...land, villages: near };
  const candidates: Point[] = [];
  for (let dx = -NEIGHBOURHOOD_RADIUS; dx <= NEIGHBOURHOOD_RADIUS; dx++) {
    for (let dy = -NEIGHBOURHOOD_RADIUS; dy <= NEIGHBOURHOOD_RADIUS; dy++) {
      if (distance(0, 0, dx, dy) <= NEIGHBOURHOOD_RADIUS) candidates.push({ x: centre.x + dx, y: centre.y + dy });
    }
  }
  const chosen: Point[] = [];
  // A partial Fisher-Yates shuffle: each pick is uniform among the candidates left.
  for (let i = 0; i < candidates.length && chosen.length < need; i++) {
    const j = i + Math.floor(random() * (candidates.length - i));
    const pick = candidates[j]!;
    candidates[j] = candidates[i]!;
    candidates[i] = pick;
    if (isFreeSite(pick.x, pick.y, local, chosen)) chosen.push(pick);
  }
  return chosen;
}

/** Barbarian villages a new world of half-side `worldSize` is made with. */
export function worldBarbarianCount(worldSize: number): number {
  const side = 2 * worldSize + 1;
  return Math.floor((side * side) / TILES_PER_BARBARIAN);
}

/** Sites for a new world's barbarian villages, drawn evenly over the whole world (fewer when the dice keep missing free land). */
export function worldBarbarianSites(land: BarbarianLand, random: () => number): Point[] {
  const count = worldBarbarianCount(land.worldSize);
  const chosen: Point[] = [];
  const side = 2 * land.worldSize + 1;
  for (let attempt = 0; attempt < count * 20 && chosen.length < count; attempt++) {
    const x = Math.floor(random() * side) - land.worldSize;
    const y = Math.floor(random() * side) - land.worldSize;
    if (isFreeSite(x, y, land, chosen)) chosen.push({ x, y });
  }
  return chosen;
}
