// Sitters: up to two other players an owner trusts to keep their villages going while away, with limited rights, and the safeguard that ends their access when the owner stops playing.

/** How many sitters an account may name. */
export const MAX_SITTERS = 2;

/** A sitter's access lapses when the owner has not played (signed in as themselves) for this long. */
export const SITTER_LAPSE_DAYS = 14;
const DAY = 86_400_000;

/**
 * What a sitter may do in the owner's villages, beyond reading them: build and upgrade, train units, research in the
 * smithy, exchange resources at the village's own market, and send reinforcements and resources to the owner's own
 * villages. Never: attack, raid or scout, trade with others, recruit heroes or build wonders, found villages, touch the
 * alliance, mail, settings, sitters, vacation or the account.
 */
export const SITTER_MAY = ['build', 'train', 'research', 'exchange', 'reinforce_own', 'send_resources_own'] as const;
export type SitterRight = (typeof SITTER_MAY)[number];

/** Why `owner` may not name `sitter`, or null. */
export function namingRefusal(scene: { ownerId: string; sitterId: string | null; sitters: readonly string[] }): string | null {
  if (scene.sitterId === null) return 'No player by that name';
  if (scene.sitterId === scene.ownerId) return 'You cannot be your own sitter';
  if (scene.sitters.includes(scene.sitterId)) return 'That player sits for you already';
  if (scene.sitters.length >= MAX_SITTERS) return `You may name at most ${MAX_SITTERS} sitters; remove one first`;
  return null;
}

/** Whether a sitter's access holds: the owner played within SITTER_LAPSE_DAYS (never played counts from the account's making). */
export function sittingHolds(ownerLastSeen: number, now: number): boolean {
  return now - ownerLastSeen <= SITTER_LAPSE_DAYS * DAY;
}

/** When the owner last played as themselves: their last signed-in request, or the account's making if they never made one. */
export function ownerLastPlayed(owner: { lastSeenAt: number | null; createdAt: number }): number {
  return owner.lastSeenAt ?? owner.createdAt;
}

export const SITTING_LAPSED = `The owner has not played for ${SITTER_LAPSE_DAYS} days: sitting for them has lapsed until they return`;

/** The refusal of what a sitter may not do, naming it. */
export function sitterRefusal(what: string): string {
  return `A sitter may not ${what}`;
}

/**
 * What a sitter may not do, by the area of the game an operation belongs to (its tag in the contract): the words after
 * "A sitter may not". Everything a sitter may do is marked in the contract itself (x-sitter), so these only name refusals.
 */
const REFUSED_BY_AREA: Readonly<Partial<Record<string, string>>> = {
  auth: 'change the account’s password or sign-in',
  admin: 'use the owner’s staff powers',
  gamemaster: 'use the owner’s staff powers',
  worlds: 'join a world for the owner',
  map: 'rename the owner’s villages',
  army: 'call the owner’s troops home from allies',
  quests: 'start the owner’s quests',
  tutorial: 'change the owner’s tutorial',
  settlement: 'found villages',
  alliances: 'see or act in the owner’s alliance',
  vacation: 'start or end the owner’s vacation',
  sitters: 'name or remove sitters, or sit for another account',
  'farm-lists': 'use the owner’s farm lists',
  alerts: 'read or change the owner’s alerts',
  heroes: 'recruit or level heroes',
  wonders: 'build or give to wonders',
  trade: 'trade the owner’s resources with other players',
  messages: 'read or send the owner’s mail',
  players: 'change the owner’s profile',
};

/** The refusal of an operation outside a sitter's rights, naming its area of the game (null or unknown: "do that"). */
export function sitterRefusalFor(area: string | null): string {
  return sitterRefusal((area === null ? undefined : REFUSED_BY_AREA[area]) ?? 'do that');
}
