// World rounds: when a world has ended, the instant its villages stop at, the end dates a game master may set, and the words a closed world refuses with.
import { WONDERS, type VictoryKind, type WonderType } from './wonders';

/** Why a world ended: a victory wonder completed, or the end date a game master set came. */
export const WORLD_END_REASONS = ['victory', 'end_date'] as const;
export type WorldEndReason = (typeof WORLD_END_REASONS)[number];

/** How many players, alliances, attackers, defenders and heroes the hall of fame keeps of each list. */
export const HALL_OF_FAME_SIZE = 10;

/** An end date lies at most this far ahead (ten years): further is a typing mistake, not a plan. */
export const END_DATE_MAX_AHEAD_MS = 10 * 365 * 86_400_000;

/** An alliance as the hall of fame keeps it: its name and tag as they were at the close. */
export interface EndingAlliance {
  name: string;
  tag: string;
}

/** What a closed world's refusal and banner say of its end: the reason, the winners and the wonder that won it. */
export interface WorldEnding {
  reason: WorldEndReason;
  /** The winning alliance at a victory, or the alliance leading the rankings at an end date; null when none. */
  winner: EndingAlliance | null;
  /** How the world was won, and by whom and what, at a victory; null at an end date. */
  victory: { kind: VictoryKind; wonderType: WonderType; username: string | null } | null;
}

/** Whether a world whose end is `endsAt` (ms, or null for none set) has ended by `now`: its end instant has come. */
export function worldHasEnded(endsAt: number | null, now: number): boolean {
  return endsAt !== null && endsAt <= now;
}

/**
 * The instant a village, a wonder or an oasis of the world is settled to when `now` is asked for: `now`, or the world's
 * end once it has passed. Nothing in an ended world happens after its end: levels, units and wonder levels due later never
 * finish, armies on the way never arrive, resources stop counting.
 */
export function settleLimit(endsAt: number | null, now: number): number {
  return endsAt !== null && endsAt < now ? endsAt : now;
}

/** How the world was won, in a few words: "Tree Keepers [YGG] won by completing Yggdrasil". */
function victoryWords(ending: WorldEnding): string {
  const victory = ending.victory;
  const who = ending.winner ? `${ending.winner.name} [${ending.winner.tag}]` : (victory?.username ?? 'Its builder');
  if (victory?.kind === 'multiple_wonders_victory') return `${who} won by completing three wonders`;
  return `${who} won by completing ${victory ? WONDERS[victory.wonderType].name : 'a victory wonder'}`;
}

/** The end of a closed world in one sentence, for its banner and its hall of fame (no full stop). */
export function endingSummary(ending: WorldEnding | null): string {
  if (ending === null) return 'its end date has come and its final standing is being counted';
  if (ending.reason === 'victory') return victoryWords(ending);
  return ending.winner ? `its end date came with ${ending.winner.name} [${ending.winner.tag}] leading the alliance rankings` : 'its end date came';
}

/**
 * The refusal of every game action in an ended world (409): what ended it and where to go on. `ending` is null between
 * the end date and the sweeper's close (a second or so), when the standing is still being counted.
 */
export function worldEndedRefusal(ending: WorldEnding | null): string {
  return `This world has ended: ${endingSummary(ending)}. Join the new world from the world list.`;
}

/** Why an end date cannot be set (a game master's form), or null: it must lie ahead, and not absurdly far. */
export function endDateRefusal(endsAt: number, now: number): string | null {
  if (!Number.isFinite(endsAt)) return 'Choose when the world ends';
  if (endsAt <= now) return 'The end date must lie in the future';
  if (endsAt - now > END_DATE_MAX_AHEAD_MS) return 'The end date must lie within ten years';
  return null;
}
