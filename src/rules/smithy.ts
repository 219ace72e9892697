// The smithy (the blacksmith's research): attack and defence levels per unit type, their cost and time, the cap, and the bonus in battle.
import { mapResources, roundToFive, type Resources } from './resources';
import { UNITS, UNIT_TYPES, type UnitType } from './units';
import { isOneOf } from './tuples';

/** What the blacksmith improves of a unit type: its attack, or both its defences. */
export const SMITHY_TRACKS = ['attack', 'defense'] as const;
export type SmithyTrack = (typeof SMITHY_TRACKS)[number];

/** No track goes above this level, whatever the blacksmith's level. */
export const MAX_SMITHY_LEVEL = 20;
/** Each level multiplies the unit's attack (or both its defences) by this, compounded: level 20 gives +34.7%. */
export const SMITHY_BONUS_PER_LEVEL = 1.015;
/** Level 1 costs this many times one unit's training cost ... */
export const RESEARCH_COST_FACTOR = 2;
/** ... and each further level this much more, compounded. */
export const RESEARCH_COST_GROWTH = 1.2;
/** Level 1 takes this many times one unit's training time (training building at level 1) ... */
export const RESEARCH_TIME_FACTOR = 2;
/** ... and each further level this much longer, compounded. */
export const RESEARCH_TIME_GROWTH = 1.15;

/** Unit types the blacksmith can improve: all but the jarl, whose worth is loyalty, not fighting. */
export const RESEARCHABLE_UNIT_TYPES: readonly UnitType[] = UNIT_TYPES.filter((type) => type !== 'jarl');

/** Levels per unit type of one track; a missing type is at level 0. */
export type TrackLevels = Partial<Record<UnitType, number>>;

/** A village's smithy levels: attack and defence per unit type. */
export interface SmithyLevels {
  attack: TrackLevels;
  defense: TrackLevels;
}

/** No upgrade at all: what every village starts with, and what a battle assumes when it is told nothing. */
export const NO_UPGRADES: SmithyLevels = { attack: {}, defense: {} };

export function isSmithyTrack(value: string): value is SmithyTrack {
  return isOneOf(SMITHY_TRACKS, value);
}

export function isResearchable(type: UnitType): boolean {
  return RESEARCHABLE_UNIT_TYPES.includes(type);
}

/** The factor a unit's attack (or defence) is multiplied by at `level`: 1.015^level (level 0: 1). */
export function smithyFactor(level: number): number {
  return SMITHY_BONUS_PER_LEVEL ** Math.max(0, Math.min(MAX_SMITHY_LEVEL, Math.floor(level)));
}

/** The highest level research can reach in a village whose blacksmith stands at `blacksmithLevel`. */
export function smithyCap(blacksmithLevel: number): number {
  return Math.max(0, Math.min(MAX_SMITHY_LEVEL, Math.floor(blacksmithLevel)));
}

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < 1 || level > MAX_SMITHY_LEVEL) throw new RangeError(`smithy level must be 1 to ${MAX_SMITHY_LEVEL}, got ${level}`);
}

/** What researching `level` of a unit type costs (either track): the unit's cost * 2 * 1.2^(level - 1), rounded to 5. */
export function researchCost(type: UnitType, level: number): Resources {
  checkLevel(level);
  const factor = RESEARCH_COST_FACTOR * RESEARCH_COST_GROWTH ** (level - 1);
  return mapResources((r) => roundToFive(UNITS[type].cost[r] * factor));
}

/** Seconds researching `level` of a unit type takes (either track): its training time * 2 * 1.15^(level - 1) / world speed, at least 1. */
export function researchSeconds(type: UnitType, level: number, worldSpeed = 1): number {
  checkLevel(level);
  return Math.max(1, Math.round((UNITS[type].trainSeconds * RESEARCH_TIME_FACTOR * RESEARCH_TIME_GROWTH ** (level - 1)) / worldSpeed));
}

/** The refusals of a research, word for word. */
export const SMITHY_MESSAGES = {
  noBlacksmith: 'Research needs a Blacksmith of level 1 or more',
  busy: 'The blacksmith is already researching: one research at a time',
  /** What the smithy's reading says of a level the stock cannot pay yet (the words paying refuses with). */
  notEnough: 'Not enough resources',
  notResearchable: (type: UnitType) => `The ${UNITS[type].name} cannot be improved in the blacksmith`,
  topLevel: (type: UnitType, track: SmithyTrack) => `${UNITS[type].name} ${trackWord(track)} is at its highest level (${MAX_SMITHY_LEVEL})`,
  capped: (type: UnitType, track: SmithyTrack, blacksmithLevel: number) =>
    `${UNITS[type].name} ${trackWord(track)} level ${blacksmithLevel + 1} needs a Blacksmith of level ${blacksmithLevel + 1}`,
} as const;

/** The track as a player reads it. */
export function trackWord(track: SmithyTrack): string {
  return track === 'attack' ? 'attack' : 'defence';
}

/** Where one track of one unit type stands in a village, for deciding whether its next level may start. */
export interface ResearchQuery {
  type: UnitType;
  track: SmithyTrack;
  /** The level reached or being researched (the next level is one more). */
  level: number;
  blacksmithLevel: number;
  /** Whether any research of the village is still running. */
  busy: boolean;
}

/**
 * Why the next level of a track may not start now, or null when it may (resources aside: paying says that).
 * In order: a jarl, no blacksmith, the top level, the blacksmith's cap, a research already running.
 */
export function researchRefusal({ type, track, level, blacksmithLevel, busy }: ResearchQuery): string | null {
  if (!isResearchable(type)) return SMITHY_MESSAGES.notResearchable(type);
  if (blacksmithLevel < 1) return SMITHY_MESSAGES.noBlacksmith;
  if (level >= MAX_SMITHY_LEVEL) return SMITHY_MESSAGES.topLevel(type, track);
  if (level + 1 > smithyCap(blacksmithLevel)) return SMITHY_MESSAGES.capped(type, track, blacksmithLevel);
  if (busy) return SMITHY_MESSAGES.busy;
  return null;
}

/** One research step as stored: the level of one track of one unit type, counting from `finishesAt` (epoch ms) on. */
export interface ResearchStep {
  unitType: UnitType;
  track: SmithyTrack;
  level: number;
  finishesAt: number;
}

/** The levels in force at `at`: per type and track, the highest level whose research finished by then. */
export function levelsAt(steps: readonly ResearchStep[], at: number): SmithyLevels {
  const levels: SmithyLevels = { attack: {}, defense: {} };
  for (const step of steps) {
    if (step.finishesAt > at) continue;
    const track = levels[step.track];
    track[step.unitType] = Math.max(track[step.unitType] ?? 0, step.level);
  }
  return levels;
}
