// Helpers of the admin dashboard: typed confirmations, temporary passwords that pass the password rules, paging and audit wording (in the player's language).
import { PASSWORD_SPECIALS, isPasswordStrong } from '../../../rules/validation';
import { i18n } from '../../i18n';

/** Deleting needs the exact username typed again (the server compares it exactly too). */
export function confirmationMatches(typed: string, username: string): boolean {
  return typed === username;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
// Quotes and braces are legal but easy to misread when told aloud, so temporary passwords avoid them.
const SPECIALS = '!@#$%&*?'.split('').filter((c) => PASSWORD_SPECIALS.includes(c)).join('');
const ALL = UPPER + LOWER + DIGITS + SPECIALS;

/** A random whole number below `bound`; the browser's crypto in the page, a fixed sequence in tests. */
export type RandomBelow = (bound: number) => number;

export function cryptoRandomBelow(bound: number): number {
  const buffer = new Uint32Array(1);
  // Rejection sampling keeps every value equally likely.
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  for (;;) {
    crypto.getRandomValues(buffer);
    const [value = limit] = buffer;
    if (value < limit) return value % bound;
  }
}

/**
 * A temporary password of `length` characters with at least one of each class the password rules
 * ask for, in shuffled order, so the server always accepts it.
 */
export function temporaryPassword(random: RandomBelow = cryptoRandomBelow, length = 14): string {
  const pick = (set: string) => set[random(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < Math.max(length, 8)) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const password = chars.join('');
  if (!isPasswordStrong(password)) throw new Error('temporary password misses a rule');
  return password;
}

/** How many pages `total` rows make at `limit` a page (at least one, so "Page 1 of 1" for an empty list). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** An audit action as a person reads it (`admin:audit.actions.*`); unknown actions show their code with spaces. */
export function auditActionText(action: string): string {
  const key = `admin:audit.actions.${action}`;
  return /^[a-z_]+$/.test(action) && i18n.exists(key) ? i18n.t(key) : action.replace(/_/g, ' ');
}
