import { describe, expect, it } from 'vitest';
import { rowShortfall } from './farm-lists';

describe('a farm list row', () => {
  it('goes when its template is at home, and says what is short otherwise', () => {
    expect(rowShortfall({ viking_raider: 5 }, { viking_raider: 5, bondi: 2 })).toBeNull();
    expect(rowShortfall({ viking_raider: 5, bondi: 3 }, { viking_raider: 2 })).toBe('Not enough units at home: 3 Bondi (0 at home), 5 Viking Raider (2 at home)');
    expect(rowShortfall({}, { bondi: 9 })).toBe('The row has no units');
  });
});
