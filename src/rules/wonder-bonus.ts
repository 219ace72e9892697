// Which wonders count for a player and from which instants: their production bonus periods, and their effects at an instant.
import type { BonusPeriod } from './village-timeline';
import { isWonderType, resourceBonusMap, settleWonder, wonderEffects, WONDERS, type WonderEffects, type WonderState, type WonderType } from './wonders';

/** A player's place in an alliance: which one, and since when (ms since the epoch). */
export interface AllianceStanding {
  allianceId: string;
  joinedAt: number;
}

/** The player the wonders may count for. */
export interface WonderViewer {
  playerId: string;
  /** Null outside an alliance. */
  alliance: AllianceStanding | null;
}

/** A wonder as its counting sees it: the stored wonder, its builder and the builder's alliance. Instants in ms since the epoch. */
export interface StandingWonder {
  /** Stored text: a type the catalogue does not know gives nothing. */
  type: string;
  /** The builder, or null once that account is gone. */
  ownerId: string | null;
  /** The builder's alliance, or null outside one. */
  ownerAlliance: AllianceStanding | null;
  state: WonderState;
  /** When each level was finished, oldest first; levels it does not cover count as always there. */
  levelHistory: readonly number[];
}

/**
 * From which instant a wonder counts for the player, or null when it does not: the player's own always
 * (-Infinity), an ally's from the moment both stood in the same alliance, anyone else's never.
 */
export function wonderCountsSince(viewer: WonderViewer, wonder: StandingWonder): number | null {
  if (wonder.ownerId === viewer.playerId) return -Infinity;
  const mine = viewer.alliance;
  const theirs = wonder.ownerAlliance;
  if (mine === null || theirs === null || mine.allianceId !== theirs.allianceId) return null;
  return Math.max(mine.joinedAt, theirs.joinedAt);
}

/** What a village's wonder bonus depends on: its owner, the wonders of its world, the world's speed, and the instant stored wonders are settled to. */
export interface WonderBonusScene {
  viewer: WonderViewer;
  /** The wonders standing or under way in the world of the village. */
  wonders: readonly StandingWonder[];
  worldSpeed: number;
  now: number;
}

/**
 * One wonder's bonus as periods: each level from the instant it was finished (its history, then the levels
 * the stored wonder has not caught up with by `now`, then the level under construction from when it will
 * stand), never before `since`. Levels older than the history count from `since`.
 */
function levelPeriods(wonder: StandingWonder, since: number, worldSpeed: number, now: number): BonusPeriod[] {
  if (!isWonderType(wonder.type) || WONDERS[wonder.type].effects.resourceBonus === 0) return [];
  const perLevel = wonderEffects(wonder.type, 1).resourceBonus;
  const { state } = wonder;
  const periods: BonusPeriod[] = [];
  const history = wonder.levelHistory.slice(-state.level);
  const older = state.level - history.length;
  if (older > 0) periods.push({ from: since, to: null, bonusPercent: resourceBonusMap(perLevel * older) });
  for (const at of history) periods.push({ from: Math.max(since, at), to: null, bonusPercent: resourceBonusMap(perLevel) });
  const { levelsFinishedAt } = settleWonder(state, now, worldSpeed);
  // The level being built counts from when it will stand, so a village settled past that instant earns it then.
  const pending = state.status === 'under_construction' && state.constructionFinishesAt !== null && state.constructionFinishesAt > now ? [state.constructionFinishesAt] : [];
  for (const at of [...levelsFinishedAt, ...pending]) periods.push({ from: Math.max(since, at), to: null, bonusPercent: resourceBonusMap(perLevel) });
  return periods;
}

/** The resource bonus periods the wonders that count for the player give each of their villages, wonder by wonder in the scene's order. */
export function wonderBonusPeriods(scene: WonderBonusScene): BonusPeriod[] {
  const periods: BonusPeriod[] = [];
  for (const wonder of scene.wonders) {
    const since = wonderCountsSince(scene.viewer, wonder);
    if (since !== null) periods.push(...levelPeriods(wonder, since, scene.worldSpeed, scene.now));
  }
  return periods;
}

/** The effects of the wonders of one world for a player at an instant (battles, marches, the effects page). */
export interface WonderEffectsScene {
  viewer: WonderViewer;
  wonders: readonly StandingWonder[];
  worldSpeed: number;
  at: number;
}

export interface CountingWonder {
  type: WonderType;
  /** The level it stands at by the instant. */
  level: number;
  effects: WonderEffects;
}

/**
 * Each wonder counting for the player at the instant, with the effects of its level then. Battles and
 * marches take the alliance as it stands: an ally's wonder counts whenever the two joined (only production
 * looks back at the join instants, because it is settled over past stretches of time).
 */
export function countingWonderEffects(scene: WonderEffectsScene): CountingWonder[] {
  const counting: CountingWonder[] = [];
  for (const wonder of scene.wonders) {
    if (!isWonderType(wonder.type) || wonderCountsSince(scene.viewer, wonder) === null) continue;
    const { level } = settleWonder(wonder.state, scene.at, scene.worldSpeed).state;
    counting.push({ type: wonder.type, level, effects: wonderEffects(wonder.type, level) });
  }
  return counting;
}
