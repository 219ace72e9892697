// Account roles, their rank order and the hierarchy checks: each role admits itself and every higher one; who may suspend whom.
import { isOneOf } from './tuples';

/** In rank order, lowest first: each role admits itself and every higher one. */
export const ROLES = ['user', 'premium', 'moderator', 'gamemaster', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type RoleBadgeColour = 'red' | 'purple' | 'blue' | 'green';

export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  user: 'User',
  premium: 'Premium',
  moderator: 'Moderator',
  gamemaster: 'Game Master',
  admin: 'Admin',
};

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/**
 * Reads a role in any spelling the system meets: the lower-case API form and the upper-case
 * enum form (USER, GAME_MASTER, ...), so stored or external values compare the same way.
 */
export function parseRole(value: string | null | undefined): Role | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  const role = lower === 'game_master' ? 'gamemaster' : lower;
  return isRole(role) ? role : null;
}

export function isRole(value: string): value is Role {
  return isOneOf(ROLES, value);
}

/** True when a holder of `actual` may pass a guard that asks for `required`. */
export function roleAllows(actual: Role, required: Role): boolean {
  return roleRank(actual) >= roleRank(required);
}

export const SUSPEND_BELOW_MODERATOR = 'Only moderators and above may suspend players';
export const SUSPEND_LOWER_ROLES_ONLY = 'You may only suspend players of a lower role than yours, or lift their suspension';

/**
 * Why a holder of `actor` may not suspend a player holding `target` (nor lift their suspension), or null when
 * they may. Moderators and game masters act only on lower ranks, so staff cannot lock out their peers or
 * superiors; admins act on anyone, themselves aside (the service refuses that, and keeps the last admin).
 */
export function suspensionRefusal(actor: Role, target: Role): string | null {
  if (!roleAllows(actor, 'moderator')) return SUSPEND_BELOW_MODERATOR;
  if (actor === 'admin') return null;
  return roleRank(target) < roleRank(actor) ? null : SUSPEND_LOWER_ROLES_ONLY;
}

export function roleBadgeColour(role: Role): RoleBadgeColour {
  switch (role) {
    case 'admin':
      return 'red';
    case 'gamemaster':
      return 'purple';
    case 'moderator':
      return 'blue';
    default:
      return 'green';
  }
}
