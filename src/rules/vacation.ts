// Vacation mode: a player pauses in one world for some days; their villages there cannot be attacked and they cannot act, until the chosen day or their first sign-in after the minimum.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The shortest and longest vacation in days on a world of speed 1; faster worlds divide both by their speed. */
export const VACATION_MIN_DAYS = 2;
export const VACATION_MAX_DAYS = 14;
/** However fast the world, a vacation lasts at least this long. */
export const VACATION_FLOOR_MS = 2 * HOUR;

/** The least and most a vacation may last on a world of this speed, in ms. */
export function vacationSpan(worldSpeed: number): { min: number; max: number } {
  const speed = Math.max(1, worldSpeed);
  return { min: Math.max(VACATION_FLOOR_MS, Math.round((VACATION_MIN_DAYS * DAY) / speed)), max: Math.max(VACATION_FLOOR_MS, Math.round((VACATION_MAX_DAYS * DAY) / speed)) };
}

/** What stands in the way of starting a vacation in a world: armies of the player's away, or attacks on the way to them. */
export interface VacationScene {
  /** The player's armies on the march in that world (attacks, raids, scouts, reinforcements, armies coming home). */
  armiesAway: number;
  /** The player's troops standing in other players' villages there. */
  troopsStationedAbroad: number;
  /** Attacks, raids and scouts on their way to the player's villages there. */
  attacksIncoming: number;
  /** When the player is on vacation there already, until when. */
  onVacationUntil: number | null;
}

/** Why a vacation of `days` may not start now, or null; `days` is checked against the world's span. */
export function vacationRefusal(scene: VacationScene, request: { endsAt: number; now: number; worldSpeed: number }): string | null {
  if (scene.onVacationUntil !== null && scene.onVacationUntil > request.now) return 'You are on vacation in this world already';
  const short = lengthRefusal(request.endsAt - request.now, vacationSpan(request.worldSpeed));
  if (short) return short;
  if (scene.armiesAway > 0) return 'Bring your armies home before you leave: some are still on the march';
  if (scene.troopsStationedAbroad > 0) return 'Call your troops home from other villages before you leave';
  if (scene.attacksIncoming > 0) return 'An attack is on its way to you: a vacation cannot start now';
  return null;
}

/** Why a vacation of `length` ms is refused on a world of this span (vacationSpan's), or null. */
export function lengthRefusal(length: number, span: { min: number; max: number }): string | null {
  if (length < span.min) return `A vacation lasts at least ${describeSpan(span.min)} on this world`;
  if (length > span.max) return `A vacation lasts at most ${describeSpan(span.max)} on this world`;
  return null;
}

/** A span as a person says it: '2 days', '4.8 hours'. */
export function describeSpan(ms: number): string {
  if (ms >= DAY && ms % DAY === 0) return `${ms / DAY} day${ms === DAY ? '' : 's'}`;
  const hours = Math.round((ms / HOUR) * 10) / 10;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** A vacation as stored: when it began, its chosen end, and from when a sign-in ends it early. */
export interface Vacation {
  startedAt: number;
  endsAt: number;
  /** startedAt + the world's minimum: a sign-in from then on ends the vacation. */
  earliestEndAt: number;
}

/** Whether the vacation holds at `at`. */
export function onVacation(vacation: Vacation | null, at: number): boolean {
  return vacation !== null && vacation.startedAt <= at && at < vacation.endsAt;
}

/** Whether a sign-in at `at` ends the vacation early (the minimum has passed). */
export function endsBySignIn(vacation: Vacation, at: number): boolean {
  return onVacation(vacation, at) && at >= vacation.earliestEndAt;
}

/** What a player on vacation is told when they try to act. */
export function onVacationRefusal(until: number): string {
  return `You are on vacation until ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC; end it to play again`;
}

/** An instant as '2026-03-12 14:06 UTC', rounded up to the minute: the same words on the server and in every browser. */
export function vacationTimeText(at: number): string {
  return new Date(Math.ceil(at / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

/** Why the player may not end their vacation at `at`, or null: none holds, or its minimum has not passed yet. */
export function vacationEndRefusal(vacation: Vacation | null, at: number): string | null {
  if (vacation === null || !onVacation(vacation, at)) return 'You are not on vacation in this world';
  if (at < vacation.earliestEndAt) return `Your vacation can end from ${vacationTimeText(vacation.earliestEndAt)} on: its minimum has not passed yet`;
  return null;
}

/** What a sender is told of a target on vacation. */
export function targetOnVacationRefusal(until: number): string {
  return `That player is on vacation until ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC: their villages cannot be attacked, raided or scouted`;
}
