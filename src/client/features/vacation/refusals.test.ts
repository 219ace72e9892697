import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { describeSpan, lengthRefusal, vacationRefusal } from '../../../rules/vacation';
import { refusalText, spanText } from './refusals';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const span = { minMs: 2 * DAY, maxMs: 14 * DAY };
const calm = { armiesAway: 0, troopsStationedAbroad: 0, attacksIncoming: 0, onVacationUntil: null };
const request = { now: 0, endsAt: 3 * DAY, worldSpeed: 1 };

const EVERY_REFUSAL = [
  'Choose when the vacation ends',
  lengthRefusal(DAY, { min: span.minMs, max: span.maxMs }),
  lengthRefusal(15 * DAY, { min: span.minMs, max: span.maxMs }),
  vacationRefusal({ ...calm, onVacationUntil: DAY }, request),
  vacationRefusal({ ...calm, armiesAway: 2 }, request),
  vacationRefusal({ ...calm, troopsStationedAbroad: 1 }, request),
  vacationRefusal({ ...calm, attacksIncoming: 1 }, request),
].filter((text): text is string => text !== null);

describe('the vacation rules in the player’s language', () => {
  it('says spans and refusals in English exactly as the rules do', () => {
    for (const ms of [DAY, 2 * DAY, 14 * DAY, HOUR, 2 * HOUR, 4.8 * HOUR, 30 * HOUR]) expect(spanText(ms)).toBe(describeSpan(ms));
    expect(EVERY_REFUSAL).toHaveLength(7);
    for (const english of EVERY_REFUSAL) expect(refusalText(english, span)).toBe(english);
  });

  it('says them in German, with German figures, and leaves a text it does not know as it is', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(spanText(DAY)).toBe('1 Tag');
    expect(spanText(14 * DAY)).toBe('14 Tage');
    expect(spanText(4.8 * HOUR)).toBe('4,8 Stunden');
    expect(refusalText(EVERY_REFUSAL[1] ?? '', span)).toBe('Ein Urlaub dauert in dieser Welt mindestens 2 Tage');
    for (const english of EVERY_REFUSAL) expect(refusalText(english, span)).not.toBe(english);
    expect(refusalText('Some other word', span)).toBe('Some other word');
  });
});
