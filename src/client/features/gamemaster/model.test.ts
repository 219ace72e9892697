import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorldEvent } from '../../api/gamemaster';
import { i18n } from '../../i18n';
import {
  eventChanges,
  eventDisplay,
  eventEffect,
  eventFormOf,
  fromLocalInput,
  grantedText,
  lagText,
  newIdempotencyKey,
  nextRewardSubmission,
  rewardAmounts,
  toLocalInput,
} from './model';

const event: WorldEvent = {
  id: 'e1',
  worldId: 'w1',
  name: 'Raiding Season',
  kind: 'production_bonus',
  percent: 25,
  startTime: '2026-03-01T10:00:30.000Z',
  endTime: '2026-03-08T10:00:00.000Z',
  active: true,
  status: 'active',
  createdAt: '2026-02-28T10:00:00.000Z',
};

describe('events', () => {
  it('labels the server status and the effect', () => {
    expect(eventDisplay('active')).toBe('Active');
    expect(eventDisplay('upcoming')).toBe('Upcoming');
    expect(eventDisplay('inactive')).toBe('Inactive');
    expect(eventEffect('production_bonus', 25)).toBe('+25% production');
    expect(eventEffect('training_speed', 10)).toBe('+10% training speed');
  });

  it('round-trips datetime-local values in the local zone', () => {
    const local = toLocalInput('2026-03-01T10:00:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2026-03-01T10:00:00.000Z');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it('sends nothing for an untouched form, even though the start had seconds', () => {
    expect(eventChanges(event, eventFormOf(event))).toEqual({});
  });

  it('sends only the fields that changed', () => {
    const form = { ...eventFormOf(event), percent: '40', end: toLocalInput('2026-03-09T12:00:00.000Z') };
    expect(eventChanges(event, form)).toEqual({ percent: 40, endTime: '2026-03-09T12:00:00.000Z' });
    expect(eventChanges(event, { ...eventFormOf(event), name: '  Long Winter ' })).toEqual({ name: 'Long Winter' });
  });
});

describe('rewards', () => {
  it('reads blank as 0 and refuses what is not a whole number in range', () => {
    expect(rewardAmounts({ timber: '100', stone: '', iron: ' 5 ', mead: '0' })).toEqual({ timber: 100, stone: 0, iron: 5, mead: 0 });
    expect(rewardAmounts({ timber: '1.5', stone: '', iron: '', mead: '' })).toBeNull();
    expect(rewardAmounts({ timber: '-1', stone: '', iron: '', mead: '' })).toBeNull();
    expect(rewardAmounts({ timber: '10000001', stone: '', iron: '', mead: '' })).toBeNull();
  });

  it('makes keys long enough for the contract and different each time', () => {
    const a = newIdempotencyKey();
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('keeps the key of an unsettled submission that asks the same, so a retry pays once', () => {
    let n = 0;
    const makeKey = () => `key-${++n}-abcdefgh`;
    const first = nextRewardSubmission(null, 'A', makeKey);
    expect(first.key).toBe('key-1-abcdefgh');
    // Retried after a failure or a lost answer: same key.
    expect(nextRewardSubmission(first, 'A', makeKey)).toBe(first);
    // The form changed: another distribution, another key.
    const other = nextRewardSubmission(first, 'B', makeKey);
    expect(other.key).toBe('key-2-abcdefgh');
    // Once answered, the same amounts again are a new distribution.
    other.settled = true;
    expect(nextRewardSubmission(other, 'B', makeKey).key).toBe('key-3-abcdefgh');
  });

  it('writes granted amounts readably', () => {
    expect(grantedText({ timber: 1000, stone: 0, iron: 500, mead: 0 })).toBe('1,000 timber, 500 iron');
    expect(grantedText({ timber: 0, stone: 0, iron: 0, mead: 0 })).toBe('nothing');
  });
});

describe('lagText', () => {
  it('is short', () => {
    expect(lagText(0)).toBe('none');
    expect(lagText(42)).toBe('42s');
    expect(lagText(125)).toBe('2m 5s');
    expect(lagText(3 * 3600 + 5 * 60)).toBe('3h 5m');
  });
});

describe('in German', () => {
  it('writes effects, amounts and lags in German words and figures', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(eventEffect('production_bonus', 25)).toBe('+25\u00a0% Produktion');
    expect(grantedText({ timber: 1000, stone: 0, iron: 500, mead: 0 })).toBe('1.000 Holz, 500 Eisen');
    expect(grantedText({ timber: 0, stone: 0, iron: 0, mead: 0 })).toBe(i18n.t('common:nothing'));
    expect(lagText(0)).toBe('keiner');
    expect(lagText(3 * 3600 + 5 * 60)).toBe('3 Std. 5 Min.');
  });
});
