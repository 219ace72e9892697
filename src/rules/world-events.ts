// World events of game masters: when an event holds (its activations inside its window), how it shows, and which edits leave the past alone.

export const WORLD_EVENT_KINDS = ['production_bonus', 'training_speed'] as const;
export type WorldEventKind = (typeof WORLD_EVENT_KINDS)[number];

export type WorldEventStatus = 'active' | 'upcoming' | 'inactive';

/** An activation: from when it was switched on, to when it was switched off (null while on). Times in ms. */
export type Activation = [number, number | null];

export interface WorldEventTimes {
  startsAt: number;
  endsAt: number;
  activations: readonly Activation[];
}

/** The stretches of time the event really held: each activation cut to the event's window. */
export function eventWindows(event: WorldEventTimes): { from: number; to: number }[] {
  const windows: { from: number; to: number }[] = [];
  for (const [on, off] of event.activations) {
    const from = Math.max(on, event.startsAt);
    const to = Math.min(off ?? Number.POSITIVE_INFINITY, event.endsAt);
    if (from < to) windows.push({ from, to });
  }
  return windows;
}

/** Whether the event holds at `atMs`. */
export function eventHoldsAt(event: WorldEventTimes, atMs: number): boolean {
  return eventWindows(event).some((w) => w.from <= atMs && atMs < w.to);
}

/** Active (switched on, inside its window), upcoming (switched on, starts later) or inactive. */
export function eventStatus(event: WorldEventTimes & { active: boolean }, nowMs: number): WorldEventStatus {
  if (!event.active) return 'inactive';
  if (nowMs < event.startsAt) return 'upcoming';
  return nowMs < event.endsAt ? 'active' : 'inactive';
}

/** The windows as far as they reach up to `nowMs`: what has already happened. */
function pastWindows(event: WorldEventTimes, nowMs: number): string {
  return eventWindows(event)
    .filter((w) => w.from < nowMs)
    .map((w) => `${w.from}-${Math.min(w.to, nowMs)}`)
    .join(',');
}

/**
 * Why a change of an event's window or percent may not be made, or null. Villages settle lazily, so an
 * event's past must stay as it was: a village read tomorrow must earn what the event gave today.
 */
export function editRefusal(before: WorldEventTimes & { percent: number }, after: WorldEventTimes & { percent: number }, nowMs: number): string | null {
  if (after.endsAt <= after.startsAt) return 'The event must end after it starts';
  if (pastWindows(before, nowMs) !== pastWindows(after, nowMs)) return 'That change would rewrite time that has already passed';
  if (before.percent !== after.percent && pastWindows(before, nowMs) !== '') return 'The percent of an event that has already held cannot change; end it and create another';
  return null;
}

/** Training time with the training-speed events holding now: divided by (1 + percent / 100), at least one second. */
export function spedUpTraining(seconds: number, percent: number): number {
  return Math.max(1, Math.round(seconds / (1 + Math.max(0, percent) / 100)));
}
