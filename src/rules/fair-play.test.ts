import { describe, expect, it } from 'vitest';
import { PUSHING_DAILY_LIMIT, REGISTRATION_LIMIT, addressIsEvidence, linkedAttackRefusal, pushingLimited, pushingRefusal, linkNoteError, registrationLimitRefusal, utcDay } from './fair-play';

describe('pushing protection', () => {
  it('holds flagged and confirmed pairs, and any transfer to a player five times larger', () => {
    expect(pushingLimited({ linkStatus: 'flagged', senderPopulation: 100, receiverPopulation: 100 })).toBe(true);
    expect(pushingLimited({ linkStatus: 'confirmed', senderPopulation: 100, receiverPopulation: 100 })).toBe(true);
    expect(pushingLimited({ linkStatus: 'cleared', senderPopulation: 100, receiverPopulation: 100 })).toBe(false);
    expect(pushingLimited({ linkStatus: null, senderPopulation: 100, receiverPopulation: 499 })).toBe(false);
    expect(pushingLimited({ linkStatus: null, senderPopulation: 100, receiverPopulation: 500 })).toBe(true);
  });

  it('lets a day’s limit through and refuses beyond it, saying what is left', () => {
    expect(pushingRefusal(true, { sentToday: 0, amount: PUSHING_DAILY_LIMIT })).toBeNull();
    expect(pushingRefusal(true, { sentToday: 9_000, amount: 2_000 })).toBe('Fair play: you may pass this player at most 10,000 resources a day (1,000 left today)');
    expect(pushingRefusal(false, { sentToday: 50_000, amount: 50_000 })).toBeNull();
    expect(pushingRefusal(true, { sentToday: 12_000, amount: 1, toYou: true })).toBe('Fair play: this player may pass you at most 10,000 resources a day (0 left today)');
  });

  it('counts transfers per UTC day', () => {
    expect(utcDay(Date.UTC(2026, 2, 15, 23, 59, 59, 999))).toBe('2026-03-15');
    expect(utcDay(Date.UTC(2026, 2, 16))).toBe('2026-03-16');
  });

  it('keeps flagged accounts from attacking each other until a game master clears them', () => {
    expect(linkedAttackRefusal('flagged')).toBe('Fair play: accounts flagged as played together may not attack each other');
    expect(linkedAttackRefusal('cleared')).toBeNull();
    expect(linkedAttackRefusal(null)).toBeNull();
  });
});

describe('signals', () => {
  it('take an address as evidence unless it is the machine itself (a proxy TRUST_PROXY does not name)', () => {
    expect(addressIsEvidence('203.0.113.7')).toBe(true);
    expect(addressIsEvidence('2001:db8::1')).toBe(true);
    expect(addressIsEvidence('10.0.0.5')).toBe(true);
    expect(addressIsEvidence('127.0.0.1')).toBe(false);
    expect(addressIsEvidence('127.8.0.1')).toBe(false);
    expect(addressIsEvidence('::1')).toBe(false);
    expect(addressIsEvidence('::ffff:127.0.0.1')).toBe(false);
    expect(addressIsEvidence('')).toBe(false);
  });
});

describe('the registration limit', () => {
  it('names the number the server allows', () => {
    expect(REGISTRATION_LIMIT).toBe('This address registered 3 accounts today; try again tomorrow');
    expect(registrationLimitRefusal(1)).toBe('This address registered 1 account today; try again tomorrow');
  });
});

describe('a decision’s note', () => {
  it('is required, one line of free text, 500 characters at most', () => {
    expect(linkNoteError('  Brothers sharing a house  ')).toBeUndefined();
    expect(linkNoteError('   ')).toBe('Write a note on the decision');
    expect(linkNoteError('x'.repeat(501))).toBe('The note must be at most 500 characters');
    expect(linkNoteError('one\ntwo')).toBe('Text may not contain control characters');
  });
});
