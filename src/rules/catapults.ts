// Catapults: what an attack may aim them at, which building they hit and how many levels the survivors knock down.
import { isFieldType, type BuildingType } from './buildings';
import type { SendableMovement } from './movements';
import type { UnitCounts } from './units';
import { isOneOf } from './tuples';

/** The wall is the rams' target; catapults may aim at any other building (BUILDING_TYPES without the wall, in its order). */
export const CATAPULT_TARGETS = [
  'timber_camp',
  'stone_quarry',
  'iron_mine',
  'mead_hall',
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
  'great_hall',
] as const satisfies readonly BuildingType[];
export type CatapultTarget = (typeof CATAPULT_TARGETS)[number];

export function isCatapultTarget(type: string): type is CatapultTarget {
  return isOneOf(CATAPULT_TARGETS, type);
}

/** Levels a capital's resource fields keep whatever catapults hit them: a capital always feeds itself. */
export const CAPITAL_FIELD_FLOOR = 3;

/**
 * How much a narrow win blunts the catapults: at a strength ratio (defence / attack) near 1 they do half their work,
 * against no defence all of it.
 */
export const CATAPULT_EVEN_FIGHT_SHARE = 0.5;

/** Surviving catapults' work to knock a building from `level` down to `level - 1`: higher levels stand firmer. */
export function catapultsForLevel(level: number): number {
  return Math.ceil(level / 2);
}

export const CATAPULT_MESSAGES = {
  attackOnly: 'Catapults aim only in an attack',
  noCatapults: 'Choose a target only when sending catapults',
  notTheWall: 'The wall is the rams’ target: aim the catapults at another building',
} as const;

/** Why an order's catapult target is wrong (bad input), or null: a target needs an attack, catapults, and not the wall. */
export function catapultOrderRefusal(mission: SendableMovement, units: UnitCounts, target: BuildingType | null): string | null {
  if (target === null) return null;
  if (mission !== 'attack') return CATAPULT_MESSAGES.attackOnly;
  if ((units.catapult ?? 0) <= 0) return CATAPULT_MESSAGES.noCatapults;
  if (target === 'wall') return CATAPULT_MESSAGES.notTheWall;
  return null;
}

/** A building as catapults see it; the id is the server's, spoken of as plain text. */
export interface TargetBuilding {
  id: string;
  type: BuildingType;
  level: number;
}

/** The lowest level catapults can bring a building to: 0, or the floor for a capital's resource fields. */
export function catapultFloor(type: BuildingType, isCapital: boolean): number {
  return isCapital && isFieldType(type) ? CAPITAL_FIELD_FLOOR : 0;
}

/** What the surviving catapults of a won attack do to a building of `level` with the lowest level `floor`. */
export interface CatapultStrike {
  catapults: number;
  /** Defence / attack of the won battle, in [0, 1). */
  ratio: number;
  level: number;
  floor: number;
}

/**
 * The level left after the strike: the catapults' work is `catapults * (1 - (1 - CATAPULT_EVEN_FIGHT_SHARE) * ratio)`,
 * and levels fall from the top while that work covers the next level's catapultsForLevel, never below `floor`.
 */
export function levelAfterStrike({ catapults, ratio, level, floor }: CatapultStrike): number {
  let work = catapults * (1 - (1 - CATAPULT_EVEN_FIGHT_SHARE) * Math.min(1, Math.max(0, ratio)));
  let after = level;
  while (after > floor && work >= catapultsForLevel(after)) {
    work -= catapultsForLevel(after);
    after -= 1;
  }
  return after;
}

/** The building the catapults hit and its level before and after (the report's words); `id` names it for the server. */
export interface CatapultHit {
  id: string;
  type: BuildingType;
  levelBefore: number;
  levelAfter: number;
}

/** Everything the catapults' share of a won attack is decided from. */
export interface CatapultVolley {
  /** Catapults that survived the battle. */
  catapults: number;
  ratio: number;
  /** What the attack aimed at, or null for a building drawn at random. */
  target: BuildingType | null;
  buildings: readonly TargetBuilding[];
  isCapital: boolean;
  /** A number in [0, 1): the draw of a random target. */
  random: () => number;
}

/**
 * The building the surviving catapults hit, or null when none survived or nothing standing (above its floor, the wall
 * left out) can be hit. The aimed type's highest building is hit; when the village has none standing (or none that can
 * fall further), or nothing was aimed at, a building is drawn evenly among those that can.
 */
export function catapultHit(volley: CatapultVolley): CatapultHit | null {
  if (volley.catapults <= 0) return null;
  const open = volley.buildings.filter((b) => b.type !== 'wall' && b.level > catapultFloor(b.type, volley.isCapital));
  if (open.length === 0) return null;
  const aimed = open.filter((b) => b.type === volley.target).sort((a, b) => b.level - a.level)[0];
  const building = aimed ?? open[Math.min(open.length - 1, Math.floor(volley.random() * open.length))]!;
  const levelAfter = levelAfterStrike({
    catapults: volley.catapults,
    ratio: volley.ratio,
    level: building.level,
    floor: catapultFloor(building.type, volley.isCapital),
  });
  return { id: building.id, type: building.type, levelBefore: building.level, levelAfter };
}
