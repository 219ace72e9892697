import { describe, expect, it } from 'vitest';
import {
  PROTECTION_FLOOR_HOURS,
  PROTECTION_HOURS,
  PROTECTION_MAX_WORLD_SPEED,
  isProtected,
  protectionEndsAt,
  protectionRefusal,
  protectionRefusalFor,
  protectionSpanMs,
  protectionTimeText,
} from './protection';

const HOUR = 3_600_000;
const joinedAt = Date.UTC(2026, 2, 12, 9, 0);

describe('how long beginner protection lasts', () => {
  it('is 72 hours on a world of speed 1', () => {
    expect(PROTECTION_HOURS).toBe(72);
    expect(protectionSpanMs(1)).toBe(72 * HOUR);
    expect(protectionEndsAt({ joinedAt, worldSpeed: 1, firstAttackAt: null })).toBe(joinedAt + 72 * HOUR);
  });

  it('is divided by the world speed', () => {
    expect(protectionSpanMs(3)).toBe(24 * HOUR);
    expect(protectionSpanMs(10)).toBe(7.2 * HOUR);
    expect(protectionSpanMs(0.5)).toBe(144 * HOUR);
  });

  it('never drops below an hour on a world that has it', () => {
    expect(PROTECTION_FLOOR_HOURS).toBe(1);
    expect(protectionSpanMs(72)).toBe(HOUR);
    expect(protectionSpanMs(80)).toBe(HOUR);
    expect(protectionSpanMs(PROTECTION_MAX_WORLD_SPEED)).toBe(HOUR);
  });

  it('does not exist on worlds faster than 100 (test and event worlds)', () => {
    expect(PROTECTION_MAX_WORLD_SPEED).toBe(100);
    expect(protectionSpanMs(101)).toBe(0);
    expect(protectionSpanMs(2000)).toBe(0);
    expect(protectionEndsAt({ joinedAt, worldSpeed: 2000, firstAttackAt: null })).toBeNull();
  });

  it('does not apply to someone without a village in the world (an abandoned village has no owner to protect)', () => {
    expect(protectionEndsAt({ joinedAt: null, worldSpeed: 1, firstAttackAt: null })).toBeNull();
    expect(protectionSpanMs(0)).toBe(0);
    expect(protectionSpanMs(Number.NaN)).toBe(0);
  });
});

describe('what ends it early', () => {
  it('ends at the instant the player sends their first attack or raid in the world', () => {
    const firstAttackAt = joinedAt + 5 * HOUR;
    expect(protectionEndsAt({ joinedAt, worldSpeed: 1, firstAttackAt })).toBe(firstAttackAt);
  });

  it('an attack after protection ran out changes nothing', () => {
    expect(protectionEndsAt({ joinedAt, worldSpeed: 1, firstAttackAt: joinedAt + 100 * HOUR })).toBe(joinedAt + 72 * HOUR);
  });
});

describe('isProtected', () => {
  const endsAt = joinedAt + 72 * HOUR;
  it('holds until the instant it ends, not at it', () => {
    expect(isProtected(endsAt, endsAt - 1)).toBe(true);
    expect(isProtected(endsAt, endsAt)).toBe(false);
    expect(isProtected(null, joinedAt)).toBe(false);
  });
});

describe('the refusal', () => {
  it('names the end in UTC, rounded up to the minute', () => {
    expect(protectionTimeText(Date.UTC(2026, 2, 12, 14, 5))).toBe('2026-03-12 14:05 UTC');
    expect(protectionTimeText(Date.UTC(2026, 2, 12, 14, 5, 1))).toBe('2026-03-12 14:06 UTC');
    expect(protectionTimeText(Date.UTC(2026, 11, 31, 23, 59, 30))).toBe('2027-01-01 00:00 UTC');
    expect(protectionRefusal(Date.UTC(2026, 2, 15, 9, 0))).toBe('Under beginner protection until 2026-03-15 09:00 UTC');
  });

  it('refuses attacks and raids while protection holds, never reinforcements', () => {
    const endsAt = joinedAt + 72 * HOUR;
    const now = joinedAt + HOUR;
    expect(protectionRefusalFor('attack', endsAt, now)).toBe('Under beginner protection until 2026-03-15 09:00 UTC');
    expect(protectionRefusalFor('raid', endsAt, now)).toBe('Under beginner protection until 2026-03-15 09:00 UTC');
    expect(protectionRefusalFor('scout', endsAt, now)).toBe('Under beginner protection until 2026-03-15 09:00 UTC');
    expect(protectionRefusalFor('reinforce', endsAt, now)).toBeNull();
    expect(protectionRefusalFor('attack', endsAt, endsAt)).toBeNull();
    expect(protectionRefusalFor('attack', null, now)).toBeNull();
  });
});
