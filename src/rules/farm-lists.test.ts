import { describe, expect, it } from 'vitest';
import { FARM_LIST_NAME_MAX_LENGTH, farmListNameError, rowShortfall, rowShortfalls, sendFingerprint, survivorsCarry } from './farm-lists';

describe('a farm list row', () => {
  it('goes when its template is at home, and says what is short otherwise', () => {
    expect(rowShortfall({ viking_raider: 5 }, { viking_raider: 5, bondi: 2 })).toBeNull();
    expect(rowShortfall({ viking_raider: 5, bondi: 3 }, { viking_raider: 2 })).toBe('Not enough units at home: 3 Bondi (0 at home), 5 Viking Raider (2 at home)');
    expect(rowShortfall({}, { bondi: 9 })).toBe('The row has no units');
  });

  it('counts the units each row leaves at home for the rows after it; a short row takes nothing', () => {
    const home = { viking_raider: 10, bondi: 4 };
    expect(rowShortfalls([{ viking_raider: 6 }, { viking_raider: 6 }, { viking_raider: 4, bondi: 4 }, { bondi: 1 }], home)).toEqual([
      null,
      'Not enough units at home: 6 Viking Raider (4 at home)',
      null,
      'Not enough units at home: 1 Bondi (0 at home)',
    ]);
    // The units at home are not changed.
    expect(home).toEqual({ viking_raider: 10, bondi: 4 });
  });
});

describe('a farm list’s name', () => {
  it('is free text of 1 to 40 characters, read without surrounding spaces', () => {
    expect(farmListNameError('  Barbarians north  ')).toBeUndefined();
    expect(farmListNameError('   ')).toBe('Name the list');
    expect(farmListNameError('x'.repeat(FARM_LIST_NAME_MAX_LENGTH))).toBeUndefined();
    expect(farmListNameError('x'.repeat(FARM_LIST_NAME_MAX_LENGTH + 1))).toBe('A list’s name is at most 40 characters');
    expect(farmListNameError('Farms\u202E')).toBe('Text may not contain characters that change the writing direction');
  });
});

describe('the last raid of a row', () => {
  it('tells what the survivors could carry', () => {
    // 10 raiders (80 each) and 5 bondi (40 each) sent, 4 raiders and 5 bondi lost: 6 raiders carry 480.
    expect(survivorsCarry({ viking_raider: 10, bondi: 5 }, { viking_raider: 4, bondi: 5 })).toBe(480);
    expect(survivorsCarry({ bondi: 3 }, {})).toBe(120);
    expect(survivorsCarry({ bondi: 3 }, { bondi: 3 })).toBe(0);
  });
});

describe('the rows a send asks for', () => {
  it('are the whole list, or the ids whatever their order and repeats', () => {
    expect(sendFingerprint(undefined)).toBe('*');
    expect(sendFingerprint(['b', 'a', 'b'])).toBe('a,b');
    expect(sendFingerprint(['a', 'b'])).toBe(sendFingerprint(['b', 'a']));
    expect(sendFingerprint(['a'])).not.toBe(sendFingerprint(['a', 'b']));
  });
});
