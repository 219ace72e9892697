// The alliance's activity feed: what kinds of thing it tells, and when a battle is big enough to be told.
import { upkeepOf } from './combat';
import type { UnitCounts } from './units';

/**
 * What the feed tells, each written by the transaction that made it happen: members coming and going, ranks,
 * announcements, diplomacy, members' conquests, losses and founded villages, wonder levels and big battles.
 */
export const FEED_KINDS = [
  'founded',
  'joined',
  'left',
  'dismissed',
  'rank_changed',
  'leader_changed',
  'announcement',
  'diplomacy_proposed',
  'diplomacy_accepted',
  'diplomacy_declined',
  'diplomacy_ended',
  'village_conquered',
  'village_lost',
  'village_founded',
  'wonder_level',
  'battle',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** A page of the feed. */
export const FEED_PAGE_SIZE = 20;

/**
 * A battle goes into the feed of both sides' alliances when the units lost on both sides together took at least this
 * much upkeep (mead per hour): about a hundred foot soldiers, or twenty-five jarls' worth of an army.
 */
export const BIG_BATTLE_UPKEEP_LOST = 100;

/** Whether a battle with these losses is big enough for the alliances' feeds. */
export function isBigBattle(losses: { attacker: UnitCounts; defender: UnitCounts }): boolean {
  return upkeepOf(losses.attacker) + upkeepOf(losses.defender) >= BIG_BATTLE_UPKEEP_LOST;
}
