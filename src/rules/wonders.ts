// World wonders: the five types and their effects, level costs and building times, settling a wonder to an instant, completion and victory.
import { RESOURCE_TYPES, mapResources, type ResourceType, type Resources } from './resources';
import { isOneOf } from './tuples';

export const WONDER_TYPES = ['yggdrasil', 'valhalla', 'bifrost', 'mimirs_well', 'odins_throne'] as const;
export type WonderType = (typeof WONDER_TYPES)[number];

export const WONDER_STATUSES = ['planned', 'under_construction', 'completed', 'destroyed'] as const;
export type WonderStatus = (typeof WONDER_STATUSES)[number];

export const WONDER_MAX_LEVEL = 100;
export const WONDER_GREAT_HALL_LEVEL = 20;
/** Resources of each kind that level 0 -> 1 needs; level L -> L+1 needs this times 1.05^L. */
export const WONDER_BASE_RESOURCES = 5000;
export const WONDER_RESOURCE_GROWTH = 1.05;
/** Hours to build level 0 -> 1 at world speed 1; level L -> L+1 takes this times 1.02^L. */
export const WONDER_BASE_HOURS = 12;
export const WONDER_TIME_GROWTH = 1.02;
/** An alliance holding this many completed wonders wins the world. */
export const WONDERS_FOR_MULTIPLE_VICTORY = 3;

/** What a wonder gives its builder's alliance at level 100; a lower level gives level / 100 of each number. */
export interface WonderEffects {
  resourceBonus: number;
  defenseBonus: number;
  combatBonus: number;
  /** Armies of the alliance march this many percent faster. */
  movementSpeedBonus: number;
  prestigePoints: number;
}

export interface WonderTypeInfo {
  name: string;
  description: string;
  /** Completing it wins the world. */
  victoryCondition: boolean;
  effects: WonderEffects;
  /** What the wonder lets the alliance do, in words, once it stands at level 1 or more. */
  specialAbility: string;
}

const none: WonderEffects = { resourceBonus: 0, defenseBonus: 0, combatBonus: 0, movementSpeedBonus: 0, prestigePoints: 0 };

export const WONDERS: Readonly<Record<WonderType, WonderTypeInfo>> = {
  yggdrasil: {
    name: 'Yggdrasil',
    description: 'The World Tree that binds the nine realms. Whoever raises it to level 100 wins the world.',
    victoryCondition: true,
    effects: { ...none, resourceBonus: 10, prestigePoints: 1000 },
    specialAbility: 'World Tree: raised to level 100, it wins the world',
  },
  valhalla: {
    name: 'Valhalla',
    description: "Odin's hall of the slain, where warriors feast and fight until Ragnarök.",
    victoryCondition: false,
    effects: { ...none, combatBonus: 20, prestigePoints: 300 },
    specialAbility: "Einherjar: the alliance's armies strike harder",
  },
  bifrost: {
    name: 'Bifröst',
    description: 'The burning rainbow bridge between Midgard and Asgard.',
    victoryCondition: false,
    effects: { ...none, movementSpeedBonus: 20, prestigePoints: 300 },
    specialAbility: "Rainbow Road: the alliance's armies march faster",
  },
  mimirs_well: {
    name: "Mímir's Well",
    description: 'The well of wisdom beneath the World Tree, for which Odin gave an eye.',
    victoryCondition: false,
    effects: { ...none, resourceBonus: 25, prestigePoints: 300 },
    specialAbility: "Wisdom of Mímir: the alliance's fields yield more",
  },
  odins_throne: {
    name: "Odin's Throne",
    description: 'Hliðskjálf, the high seat from which the Allfather sees all the worlds.',
    victoryCondition: false,
    effects: { ...none, defenseBonus: 25, prestigePoints: 500 },
    specialAbility: 'All-Seeing: villages of the alliance defend better',
  },
};

export function isWonderType(value: string): value is WonderType {
  return isOneOf(WONDER_TYPES, value);
}

/** Resources of each kind that raising a wonder from `level` to `level + 1` takes: 5000 x 1.05^level, rounded. */
export function levelResources(level: number): Resources {
  const each = Math.round(WONDER_BASE_RESOURCES * WONDER_RESOURCE_GROWTH ** level);
  return mapResources(() => each);
}

/** Milliseconds of building from `level` to `level + 1`: 12 hours x 1.02^level, divided by the world's speed. */
export function levelBuildMs(level: number, worldSpeed: number): number {
  return Math.round((WONDER_BASE_HOURS * 3_600_000 * WONDER_TIME_GROWTH ** level) / worldSpeed);
}

/** A wonder as the rules see it; times in ms since the epoch. */
export interface WonderState {
  /** Levels built. */
  level: number;
  status: WonderStatus;
  /** Resources given towards the next level still to be paid for (may exceed what it needs: the rest carries on). */
  invested: Resources;
  /** While under construction: when the level being built stands. */
  constructionFinishesAt: number | null;
  completedAt: number | null;
}

/** The level whose resources are being collected: the one after the level under construction, if any. */
export function fundingLevel(state: WonderState): number {
  return state.status === 'under_construction' ? state.level + 1 : state.level;
}

function fullyFunded(state: WonderState): boolean {
  const need = levelResources(fundingLevel(state));
  return RESOURCE_TYPES.every((r) => state.invested[r] >= need[r]);
}

/** Pays the next level out of the invested resources and starts building it at `at`. */
function startConstruction(state: WonderState, at: number, worldSpeed: number): void {
  const need = levelResources(state.level);
  state.invested = mapResources((r) => state.invested[r] - need[r]);
  state.status = 'under_construction';
  state.constructionFinishesAt = at + levelBuildMs(state.level, worldSpeed);
}

export interface WonderSettlement {
  state: WonderState;
  /** Instants at which a level was finished while settling, in order. */
  levelsFinishedAt: number[];
}

/**
 * The wonder at `atMs`: levels under construction finish in turn, and each finished level starts the
 * next at once when its resources are already in. Pure; the input is left untouched.
 */
export function settleWonder(input: WonderState, atMs: number, worldSpeed: number): WonderSettlement {
  const state: WonderState = { ...input, invested: { ...input.invested } };
  const levelsFinishedAt: number[] = [];
  if (state.status === 'planned' && state.level < WONDER_MAX_LEVEL && fullyFunded(state)) startConstruction(state, atMs, worldSpeed);
  while (state.status === 'under_construction' && state.constructionFinishesAt !== null && state.constructionFinishesAt <= atMs) {
    const finished = state.constructionFinishesAt;
    state.level += 1;
    levelsFinishedAt.push(finished);
    state.constructionFinishesAt = null;
    if (state.level >= WONDER_MAX_LEVEL) {
      state.status = 'completed';
      state.completedAt = finished;
    } else {
      state.status = 'planned';
      if (fullyFunded(state)) startConstruction(state, finished, worldSpeed);
    }
  }
  return { state, levelsFinishedAt };
}

/** Adds a contribution and starts building when the level's resources are complete. */
export function contribute(state: WonderState, resources: Resources, atMs: number, worldSpeed: number): WonderState {
  const next: WonderState = { ...state, invested: mapResources((r) => state.invested[r] + resources[r]) };
  return settleWonder(next, atMs, worldSpeed).state;
}

/**
 * Levels built, out of 100, plus the current level's share of its resources (the level under
 * construction counts its resources as complete), as a percent with one decimal.
 */
export function completionPercentage(state: WonderState): number {
  if (state.status === 'completed') return 100;
  if (state.status === 'under_construction') return Math.round(((state.level + 1) / WONDER_MAX_LEVEL) * 1000) / 10;
  const need = levelResources(state.level);
  const share = RESOURCE_TYPES.reduce((sum, r) => sum + Math.min(1, state.invested[r] / need[r]), 0) / RESOURCE_TYPES.length;
  return Math.round(((state.level + share) / WONDER_MAX_LEVEL) * 1000) / 10;
}

/** The effects a wonder of `type` at `level` gives: level / 100 of each number. */
export function wonderEffects(type: WonderType, level: number): WonderEffects {
  const scale = Math.max(0, Math.min(WONDER_MAX_LEVEL, level)) / WONDER_MAX_LEVEL;
  const full = WONDERS[type].effects;
  return {
    resourceBonus: full.resourceBonus * scale,
    defenseBonus: full.defenseBonus * scale,
    combatBonus: full.combatBonus * scale,
    movementSpeedBonus: full.movementSpeedBonus * scale,
    prestigePoints: full.prestigePoints * scale,
  };
}

/** Effects of several wonders added up (an alliance's). */
export function sumEffects(effects: readonly WonderEffects[]): WonderEffects {
  return effects.reduce(
    (sum, e) => ({
      resourceBonus: sum.resourceBonus + e.resourceBonus,
      defenseBonus: sum.defenseBonus + e.defenseBonus,
      combatBonus: sum.combatBonus + e.combatBonus,
      movementSpeedBonus: sum.movementSpeedBonus + e.movementSpeedBonus,
      prestigePoints: sum.prestigePoints + e.prestigePoints,
    }),
    { ...none },
  );
}

/** The production bonus a resource bonus percent gives every resource. */
export function resourceBonusMap(percent: number): Partial<Record<ResourceType, number>> {
  return percent === 0 ? {} : mapResources(() => percent);
}

export type VictoryKind = 'wonder_victory' | 'multiple_wonders_victory';

export interface CompletedWonder {
  type: WonderType;
  completedAt: number;
  /** The alliance of the wonder's owner when it was completed, or null for a player alone. */
  allianceId: string | null;
  ownerId: string | null;
}

export interface Victory {
  kind: VictoryKind;
  achievedAt: number;
  allianceId: string | null;
  ownerId: string | null;
}

/**
 * Who has won a world, if anyone: the first completed Yggdrasil, or the first alliance to hold three
 * completed wonders, whichever came first.
 */
export function victory(completed: readonly CompletedWonder[]): Victory | null {
  const candidates: Victory[] = [];
  for (const w of completed) {
    if (WONDERS[w.type].victoryCondition) candidates.push({ kind: 'wonder_victory', achievedAt: w.completedAt, allianceId: w.allianceId, ownerId: w.ownerId });
  }
  const byAlliance = new Map<string, CompletedWonder[]>();
  for (const w of completed) {
    if (!w.allianceId) continue;
    byAlliance.set(w.allianceId, [...(byAlliance.get(w.allianceId) ?? []), w]);
  }
  for (const [allianceId, list] of byAlliance) {
    // The alliance won when it completed its WONDERS_FOR_MULTIPLE_VICTORY-th wonder; with fewer it has not.
    const third = [...list].sort((a, b) => a.completedAt - b.completedAt)[WONDERS_FOR_MULTIPLE_VICTORY - 1];
    if (third) candidates.push({ kind: 'multiple_wonders_victory', achievedAt: third.completedAt, allianceId, ownerId: third.ownerId });
  }
  candidates.sort((a, b) => a.achievedAt - b.achievedAt);
  return candidates[0] ?? null;
}
