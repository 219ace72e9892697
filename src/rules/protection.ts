// Beginner protection: how long a new player cannot be attacked or raided in a world, and what ends it early.
import type { SendableMovement } from './movements';

const HOUR_MS = 3_600_000;

/** Hours a new player is protected on a world of speed 1; a faster world divides them by its speed. */
export const PROTECTION_HOURS = 72;

/**
 * The shortest protection, in real hours, on a world that still has it: on a world of speed 100, 72 / 100 hours would be
 * 43 minutes, too little for a person to look around; the floor lets them do that, whatever the speed.
 */
export const PROTECTION_FLOOR_HOURS = 1;

/**
 * Worlds faster than this have no beginner protection. They are test and event worlds where a game lasts an afternoon
 * (the browser and process tests run at 600 to 2000): an hour's floor there would be weeks of game time.
 */
export const PROTECTION_MAX_WORLD_SPEED = 100;

/** How long protection lasts on a world of `worldSpeed`, in ms; 0 on a world that has none. */
export function protectionSpanMs(worldSpeed: number): number {
  if (!(worldSpeed > 0) || worldSpeed > PROTECTION_MAX_WORLD_SPEED) return 0;
  return Math.max(PROTECTION_FLOOR_HOURS, PROTECTION_HOURS / worldSpeed) * HOUR_MS;
}

/** What protection is decided from, as stored: instants in ms since the epoch. */
export interface ProtectionFacts {
  /** When the player joined the world (their first village there was made); null when they hold no village there. */
  joinedAt: number | null;
  worldSpeed: number;
  /** When the player first sent an attack or a raid in that world; null if they never did. */
  firstAttackAt: number | null;
}

/**
 * The instant the player's protection in the world ends (it may lie in the past), or null when it never applied (no
 * village there, or a world without protection). It lasts protectionSpanMs from joining and ends early, at that very
 * instant, when the player sends their first attack or raid there. Nothing makes it start again.
 */
export function protectionEndsAt({ joinedAt, worldSpeed, firstAttackAt }: ProtectionFacts): number | null {
  const span = protectionSpanMs(worldSpeed);
  if (joinedAt === null || span === 0) return null;
  const natural = joinedAt + span;
  return firstAttackAt === null ? natural : Math.min(natural, firstAttackAt);
}

/** Whether protection ending at `endsAt` (protectionEndsAt's) still holds at `now`. */
export function isProtected(endsAt: number | null, now: number): boolean {
  return endsAt !== null && now < endsAt;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as `2026-03-12 14:06 UTC`: the same words on the server and in every browser. Rounded up to the minute, so
 * the time named is never one at which protection still holds.
 */
export function protectionTimeText(at: number): string {
  const date = new Date(Math.ceil(at / 60_000) * 60_000);
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** The refusal of an attack or a raid on a protected player's village. */
export function protectionRefusal(endsAt: number): string {
  return `Under beginner protection until ${protectionTimeText(endsAt)}`;
}

/**
 * Why a mission may not go to a village whose owner's protection ends at `endsAt`, or null: attacks, raids and scouts are
 * refused while it holds; reinforcements (and merchants) are always welcome.
 */
export function protectionRefusalFor(mission: SendableMovement, endsAt: number | null, now: number): string | null {
  if (mission === 'reinforce' || endsAt === null || !isProtected(endsAt, now)) return null;
  return protectionRefusal(endsAt);
}
