import { describe, expect, it } from 'vitest';
import { MAX_SITTERS, namingRefusal, ownerLastPlayed, sitterRefusalFor, sittingHolds } from './sitters';

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

  it('count the lapse from the owner’s last play, or from the account’s making when they never played', () => {
    expect(ownerLastPlayed({ lastSeenAt: 5, createdAt: 1 })).toBe(5);
    expect(ownerLastPlayed({ lastSeenAt: null, createdAt: 1 })).toBe(1);
  });

  it('are refused in the words of the area of the game', () => {
    expect(sitterRefusalFor('messages')).toBe('A sitter may not read or send the owner’s mail');
    expect(sitterRefusalFor('sitters')).toBe('A sitter may not name or remove sitters, or sit for another account');
    expect(sitterRefusalFor('farm-lists')).toBe('A sitter may not use the owner’s farm lists');
    expect(sitterRefusalFor('nowhere')).toBe('A sitter may not do that');
    expect(sitterRefusalFor(null)).toBe('A sitter may not do that');
  });
});
