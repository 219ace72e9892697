import { describe, expect, it } from 'vitest';
import { endsBySignIn, onVacation, vacationEndRefusal, vacationRefusal, vacationSpan, vacationTimeText, type VacationScene } from './vacation';

const DAY = 86_400_000;
const calm: VacationScene = { armiesAway: 0, troopsStationedAbroad: 0, attacksIncoming: 0, onVacationUntil: null };

describe('a vacation', () => {
  it('lasts 2 to 14 days on a world of speed 1, divided by faster speeds, never under two hours', () => {
    expect(vacationSpan(1)).toEqual({ min: 2 * DAY, max: 14 * DAY });
    expect(vacationSpan(4)).toEqual({ min: DAY / 2, max: 3.5 * DAY });
    expect(vacationSpan(1000)).toEqual({ min: 2 * 3_600_000, max: 2 * 3_600_000 });
  });

  it('starts only with every army home, no troops abroad and no attack coming', () => {
    const ok = { endsAt: 3 * DAY, now: 0, worldSpeed: 1 };
    expect(vacationRefusal(calm, ok)).toBeNull();
    expect(vacationRefusal({ ...calm, armiesAway: 1 }, ok)).toBe('Bring your armies home before you leave: some are still on the march');
    expect(vacationRefusal({ ...calm, troopsStationedAbroad: 2 }, ok)).toBe('Call your troops home from other villages before you leave');
    expect(vacationRefusal({ ...calm, attacksIncoming: 1 }, ok)).toBe('An attack is on its way to you: a vacation cannot start now');
    expect(vacationRefusal({ ...calm, onVacationUntil: DAY }, ok)).toBe('You are on vacation in this world already');
  });

  it('is refused shorter than the minimum or longer than the maximum', () => {
    expect(vacationRefusal(calm, { endsAt: DAY, now: 0, worldSpeed: 1 })).toBe('A vacation lasts at least 2 days on this world');
    expect(vacationRefusal(calm, { endsAt: 15 * DAY, now: 0, worldSpeed: 1 })).toBe('A vacation lasts at most 14 days on this world');
    expect(vacationRefusal(calm, { endsAt: DAY / 4, now: 0, worldSpeed: 4 })).toBe('A vacation lasts at least 12 hours on this world');
  });

  it('holds until its end, and a sign-in ends it only once the minimum has passed', () => {
    const v = { startedAt: 0, endsAt: 10 * DAY, earliestEndAt: 2 * DAY };
    expect(onVacation(v, 5 * DAY)).toBe(true);
    expect(onVacation(v, 10 * DAY)).toBe(false);
    expect(endsBySignIn(v, DAY)).toBe(false);
    expect(endsBySignIn(v, 2 * DAY)).toBe(true);
    expect(endsBySignIn(v, 11 * DAY)).toBe(false);
  });

  it('may be ended by the player once its minimum has passed, and not when none holds', () => {
    const v = { startedAt: 0, endsAt: 10 * DAY, earliestEndAt: 2 * DAY };
    expect(vacationEndRefusal(null, DAY)).toBe('You are not on vacation in this world');
    expect(vacationEndRefusal(v, 10 * DAY)).toBe('You are not on vacation in this world');
    expect(vacationEndRefusal(v, DAY)).toBe('Your vacation can end from 1970-01-03 00:00 UTC on: its minimum has not passed yet');
    expect(vacationEndRefusal(v, 2 * DAY)).toBeNull();
  });

  it('names instants in UTC rounded up to the minute', () => {
    expect(vacationTimeText(Date.parse('2026-03-12T14:05:01Z'))).toBe('2026-03-12 14:06 UTC');
    expect(vacationTimeText(Date.parse('2026-03-12T14:05:00Z'))).toBe('2026-03-12 14:05 UTC');
  });
});
