import { describe, expect, it } from 'vitest';
import { MAX_SITTERS, namingRefusal, sittingHolds } from './sitters';

describe('sitters', () => {
  it('are other players, named once, two at most', () => {
    expect(namingRefusal({ ownerId: 'o', sitterId: 's', sitters: [] })).toBeNull();
    expect(namingRefusal({ ownerId: 'o', sitterId: null, sitters: [] })).toBe('No player by that name');
    expect(namingRefusal({ ownerId: 'o', sitterId: 'o', sitters: [] })).toBe('You cannot be your own sitter');
    expect(namingRefusal({ ownerId: 'o', sitterId: 's', sitters: ['s'] })).toBe('That player sits for you already');
    expect(namingRefusal({ ownerId: 'o', sitterId: 'x', sitters: ['s', 't'] })).toBe(`You may name at most ${MAX_SITTERS} sitters; remove one first`);
  });

  it('lose their access once the owner has not played for 14 days', () => {
    const day = 86_400_000;
    expect(sittingHolds(0, 14 * day)).toBe(true);
    expect(sittingHolds(0, 14 * day + 1)).toBe(false);
  });
});
