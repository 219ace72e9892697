import { describe, expect, it } from 'vitest';
import { describeTruce, inTruce, localHour, parseTruce, truceDefenceBonus, truceError, truceNotice, truceRefusal, type NightTruce } from './night-truce';

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

  it('tells the sender before sending: the refusal, or the raised defence', () => {
    const bonus = { ...refuse, mode: 'defence_bonus' as const, bonusPercent: 40 };
    expect(truceNotice(refuse, at('2026-11-27T03:00:00Z'))).toBe(truceRefusal(refuse, at('2026-11-27T03:00:00Z')));
    expect(truceNotice(bonus, at('2026-11-27T03:00:00Z'))).toBe('Night truce: this one would land between 00:00 to 08:00 (UTC), when the defence is raised by 40%');
    expect(truceNotice(bonus, at('2026-11-27T09:00:00Z'))).toBeNull();
    expect(truceNotice(null, at('2026-11-27T03:00:00Z'))).toBeNull();
    expect(describeTruce(refuse)).toBe('00:00 to 08:00 (UTC): no attack, raid or scouting mission may land');
    expect(describeTruce(bonus)).toBe('00:00 to 08:00 (UTC): the defence of battles landing then is raised by 40%');
  });

  it('reads the operator’s --truce words', () => {
    expect(parseTruce('0-8,Europe/Oslo,refuse')).toEqual({ truce: { startHour: 0, endHour: 8, timeZone: 'Europe/Oslo', mode: 'refuse', bonusPercent: 50 } });
    expect(parseTruce('22-6,UTC,bonus:75')).toEqual({ truce: { startHour: 22, endHour: 6, timeZone: 'UTC', mode: 'defence_bonus', bonusPercent: 75 } });
    expect(parseTruce('0-8,UTC')).toEqual({ error: 'A truce is written START-END,TIMEZONE,refuse|bonus:PERCENT, such as 0-8,Europe/Oslo,refuse or 22-6,UTC,bonus:50' });
    expect(parseTruce('0-25,UTC,refuse')).toEqual({ error: 'Truce hours run from 0 to 23' });
    expect(parseTruce('0-8,Mars/Olympus,refuse')).toEqual({ error: 'Unknown time zone Mars/Olympus' });
    expect(parseTruce('0-8,UTC,bonus:0')).toEqual({ error: 'The defence bonus runs from 1 to 500 percent' });
  });
});
