// Alliance ranks and their rights: the one table of who may do what in an alliance, the rank changes the leader makes, dismissals and who inherits a leaving leader.
import { isOneOf } from './tuples';

/** Ranks from the highest down; a member holds exactly one. */
export const ALLIANCE_ROLES = ['leader', 'elder', 'officer', 'member'] as const;
export type AllianceRole = (typeof ALLIANCE_ROLES)[number];

/** The ranks a leader may give (leadership itself is handed over, never given as a rank). */
export const APPOINTABLE_ROLES = ['elder', 'officer', 'member'] as const;
export type AppointableRole = (typeof APPOINTABLE_ROLES)[number];

/**
 * What a rank may do in its alliance. `ranks` (appointing, demoting, handing over leadership) is the leader's alone.
 * `invite` covers both ways in: inviting players and answering their applications.
 */
export const ALLIANCE_RIGHTS = ['invite', 'dismiss', 'describe', 'diplomacy', 'announce', 'ranks'] as const;
export type AllianceRight = (typeof ALLIANCE_RIGHTS)[number];

/** The rights table: every check of a rank, on the server and in the client, reads it. */
export const RIGHTS: Readonly<Record<AllianceRole, readonly AllianceRight[]>> = {
  leader: ['invite', 'dismiss', 'describe', 'diplomacy', 'announce', 'ranks'],
  elder: ['invite', 'dismiss', 'describe', 'diplomacy', 'announce'],
  officer: ['invite', 'announce'],
  member: [],
};

/** What each right lets a rank do, in the words of the refusal ("Only ... may <this>"). */
export const RIGHT_ACTIONS: Readonly<Record<AllianceRight, string>> = {
  invite: 'invite players and answer applications',
  dismiss: 'dismiss members',
  describe: 'edit the alliance’s description',
  diplomacy: 'manage diplomacy',
  announce: 'write announcements to the alliance',
  ranks: 'appoint ranks and hand over leadership',
};

export function isAllianceRole(value: string): value is AllianceRole {
  return isOneOf(ALLIANCE_ROLES, value);
}

/** Whether a rank holds a right; anything that is not a rank holds none. */
export function hasRight(role: string, right: AllianceRight): boolean {
  return isAllianceRole(role) && RIGHTS[role].includes(right);
}

/** The ranks holding a right, highest first. */
export function ranksWith(right: AllianceRight): AllianceRole[] {
  return ALLIANCE_ROLES.filter((role) => RIGHTS[role].includes(right));
}

const RANK_PLURALS: Readonly<Record<AllianceRole, string>> = { leader: 'the leader', elder: 'elders', officer: 'officers', member: 'members' };

/** The refusal of a rank without a right: "Only the leader, elders and officers may invite players and answer applications". */
export function rightRefusal(right: AllianceRight): string {
  const names = ranksWith(right).map((role) => RANK_PLURALS[role]);
  const who = names.length <= 1 ? (names[0] ?? 'nobody') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Only ${who} may ${RIGHT_ACTIONS[right]}`;
}

/** Leaders, elders and officers invite players; everyone else is a regular member. */
export function canInvite(role: string): boolean {
  return hasRight(role, 'invite');
}

/** A rank's standing: 0 for the leader, higher numbers for lower ranks; anything unknown is a regular member. */
export function rankOrder(role: string): number {
  return isAllianceRole(role) ? ALLIANCE_ROLES.indexOf(role) : ALLIANCE_ROLES.length - 1;
}

/** A role as the member list shows it; anything unknown is a regular member. */
export function roleLabel(role: string): string {
  switch (role) {
    case 'leader':
      return 'Leader';
    case 'elder':
      return 'Elder';
    case 'officer':
      return 'Officer';
    default:
      return 'Member';
  }
}

/** Someone an action of an alliance's member is aimed at: their rank, and whether it is the actor themself. */
export interface RankedMember {
  role: AllianceRole;
  self: boolean;
}

/** Why `actor` may not give `target` the rank `next`, or null when they may (the leader changes everyone's rank but their own). */
export function rankChangeRefusal(actor: AllianceRole, target: RankedMember, next: AppointableRole): string | null {
  if (!hasRight(actor, 'ranks')) return rightRefusal('ranks');
  if (target.self) return 'You cannot change your own rank; hand over leadership instead';
  if (target.role === next) return `That member is already ${next === 'member' ? 'a regular member' : `an ${roleLabel(next).toLowerCase()}`}`;
  return null;
}

/** Why `actor` may not hand leadership to `target`, or null. */
export function handoverRefusal(actor: AllianceRole, target: RankedMember): string | null {
  if (!hasRight(actor, 'ranks')) return rightRefusal('ranks');
  if (target.self) return 'You already lead the alliance';
  return null;
}

/** The rank a leader takes after handing over leadership. */
export const FORMER_LEADER_ROLE: AppointableRole = 'elder';

/** Why `actor` may not dismiss `target`, or null: a rank with the right dismisses only lower ranks, and nobody dismisses themself. */
export function dismissalRefusal(actor: AllianceRole, target: RankedMember): string | null {
  if (!hasRight(actor, 'dismiss')) return rightRefusal('dismiss');
  if (target.self) return 'You cannot dismiss yourself; use Leave to leave your alliance';
  if (rankOrder(target.role) <= rankOrder(actor)) return 'You can only dismiss members of a lower rank than yours';
  return null;
}

/** A member as succession looks at them. */
export interface ServingMember {
  id: string;
  role: AllianceRole;
  /** Milliseconds since the epoch. */
  joinedAt: number;
}

/**
 * Who leads when the leader leaves: the highest rank among those who stay (elders, then officers, then members), the
 * longest-serving of that rank, ties by id. Null when nobody stays (the alliance dissolves).
 */
export function successorOf<T extends ServingMember>(staying: readonly T[]): T | null {
  let best: T | null = null;
  for (const member of staying) {
    if (
      best === null ||
      rankOrder(member.role) < rankOrder(best.role) ||
      (rankOrder(member.role) === rankOrder(best.role) && (member.joinedAt < best.joinedAt || (member.joinedAt === best.joinedAt && member.id < best.id)))
    ) {
      best = member;
    }
  }
  return best;
}
