// The embassy and alliances: the level founding and joining need, and how many members the leader's embassy admits.

/** The embassy level (in any one of the player's villages) founding an alliance needs. */
export const FOUNDING_EMBASSY_LEVEL = 3;
/** The embassy level (in any one of the player's villages) accepting an invitation needs. */
export const JOINING_EMBASSY_LEVEL = 1;
/** Members each level of the leader's highest embassy admits. */
export const MEMBERS_PER_EMBASSY_LEVEL = 3;
/** No alliance holds more members than this, whatever its leader's embassy (reached at embassy level 20). */
export const MAX_ALLIANCE_MEMBERS = 60;

/**
 * How many members an alliance may hold: 3 for each level of its leader's highest embassy, at most 60. The leader is
 * the founder until leadership is handed over; the new leader's embassy counts from then on.
 */
export function memberCap(leaderEmbassyLevel: number): number {
  return Math.min(MAX_ALLIANCE_MEMBERS, MEMBERS_PER_EMBASSY_LEVEL * Math.max(0, Math.floor(leaderEmbassyLevel)));
}

function shortOf(action: string, needed: number, highest: number): string | null {
  if (highest >= needed) return null;
  const have = highest <= 0 ? 'you have none' : `your highest stands at level ${highest}`;
  return `${action} needs an Embassy at level ${needed} in one of your villages; ${have}`;
}

/** Why a player whose highest embassy stands at `highest` may not found an alliance, or null when they may. */
export function foundingRefusal(highest: number): string | null {
  return shortOf('Founding an alliance', FOUNDING_EMBASSY_LEVEL, highest);
}

/** Why a player whose highest embassy stands at `highest` may not join an alliance, or null when they may. */
export function joiningRefusal(highest: number): string | null {
  return shortOf('Joining an alliance', JOINING_EMBASSY_LEVEL, highest);
}

/** An alliance's size against its cap. */
export interface AllianceSize {
  members: number;
  leaderEmbassyLevel: number;
}

/** Why an alliance of this size takes no one more (its cap is reached or passed), or null when it has room. */
export function fullRefusal({ members, leaderEmbassyLevel }: AllianceSize): string | null {
  const cap = memberCap(leaderEmbassyLevel);
  if (members < cap) return null;
  const count = members === cap ? `${members} of ${cap} members` : `${members} members`;
  return `The alliance is full (${count}; its leader's embassy at level ${leaderEmbassyLevel} allows ${cap})`;
}
