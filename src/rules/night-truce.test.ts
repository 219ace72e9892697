import { describe, expect, it } from 'vitest';
import { inTruce, localHour, truceDefenceBonus, truceError, truceRefusal, type NightTruce } from './night-truce';

const at = (iso: string) => Date.parse(iso);
const refuse: NightTruce = { startHour: 0, endHour: 8, timeZone: 'UTC', mode: 'refuse', bonusPercent: 50 };

describe('the night truce', () => {
  it('reads hours in the world’s time zone', () => {
    expect(localHour(at('2026-11-27T23:30:00Z'), 'UTC')).toBe(23);
    expect(localHour(at('2026-11-27T23:30:00Z'), 'Europe/Oslo')).toBe(0);
    expect(localHour(at('2026-07-01T22:30:00Z'), 'Europe/Oslo')).toBe(0);
  });

  it('holds from the start hour up to the end hour, across midnight too', () => {
    expect(inTruce(refuse, at('2026-11-27T00:00:00Z'))).toBe(true);
    expect(inTruce(refuse, at('2026-11-27T07:59:59Z'))).toBe(true);
    expect(inTruce(refuse, at('2026-11-27T08:00:00Z'))).toBe(false);
    const late = { ...refuse, startHour: 22, endHour: 6 };
    expect(inTruce(late, at('2026-11-27T23:00:00Z'))).toBe(true);
    expect(inTruce(late, at('2026-11-27T05:00:00Z'))).toBe(true);
    expect(inTruce(late, at('2026-11-27T12:00:00Z'))).toBe(false);
    expect(inTruce(null, at('2026-11-27T01:00:00Z'))).toBe(false);
  });

  it('refuses an attack landing in it, or strengthens the defence, as the world chose', () => {
    expect(truceRefusal(refuse, at('2026-11-27T03:00:00Z'))).toBe('Night truce: no attack may land between 00:00 to 08:00 (UTC); this one would arrive in it');
    expect(truceRefusal(refuse, at('2026-11-27T09:00:00Z'))).toBeNull();
    const bonus = { ...refuse, mode: 'defence_bonus' as const };
    expect(truceRefusal(bonus, at('2026-11-27T03:00:00Z'))).toBeNull();
    expect(truceDefenceBonus(bonus, at('2026-11-27T03:00:00Z'))).toBe(50);
    expect(truceDefenceBonus(bonus, at('2026-11-27T09:00:00Z'))).toBe(0);
    expect(truceDefenceBonus(refuse, at('2026-11-27T03:00:00Z'))).toBe(0);
  });

  it('refuses settings it cannot keep', () => {
    expect(truceError(refuse)).toBeNull();
    expect(truceError({ ...refuse, endHour: 24 })).toBe('Truce hours run from 0 to 23');
    expect(truceError({ ...refuse, endHour: 0 })).toBe('A truce must start and end at different hours');
    expect(truceError({ ...refuse, timeZone: 'Mars/Olympus' })).toBe('Unknown time zone Mars/Olympus');
    expect(truceError({ ...refuse, mode: 'defence_bonus', bonusPercent: 0 })).toBe('The defence bonus runs from 1 to 500 percent');
  });
});
