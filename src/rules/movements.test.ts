import { describe, expect, it } from 'vitest';
import { relationOf, sendRefusal } from './movements';

const route = (to = 'v2', toWorld = 'w1') => ({ from: { id: 'v1', worldId: 'w1' }, to: { id: to, worldId: toWorld } });

describe('sendRefusal', () => {
  it('keeps armies in their world and out of the village they stand in', () => {
    expect(sendRefusal('raid', route('v1'), 'other')).toBe('Troops cannot march to the village they stand in');
    expect(sendRefusal('raid', route('v2', 'w2'), 'other')).toBe('That village is in another world');
  });

  it('lets attacks and raids go only at strangers', () => {
    expect(sendRefusal('attack', route(), 'other')).toBeNull();
    expect(sendRefusal('attack', route(), 'own')).toBe('You cannot attack your own village');
    expect(sendRefusal('raid', route(), 'ally')).toBe('That village belongs to an ally');
  });

  it('lets reinforcements go only to one’s own villages and allies’', () => {
    expect(sendRefusal('reinforce', route(), 'own')).toBeNull();
    expect(sendRefusal('reinforce', route(), 'ally')).toBeNull();
    expect(sendRefusal('reinforce', route(), 'other')).toBe('You can only reinforce your own villages and your allies’');
  });

  it('refuses only what it can tell when the relation is unknown (the client before it reads alliances)', () => {
    expect(sendRefusal('reinforce', route(), null)).toBeNull();
    expect(sendRefusal('attack', route(), null)).toBeNull();
  });
});

describe('relationOf', () => {
  it('tells own, ally and other from owners and alliances', () => {
    expect(relationOf({ ownerId: 'a', allianceId: 'x' }, { ownerId: 'a', allianceId: 'x' })).toBe('own');
    expect(relationOf({ ownerId: 'a', allianceId: 'x' }, { ownerId: 'b', allianceId: 'x' })).toBe('ally');
    expect(relationOf({ ownerId: 'a', allianceId: null }, { ownerId: 'b', allianceId: null })).toBe('other');
    expect(relationOf({ ownerId: 'a', allianceId: 'x' }, { ownerId: null, allianceId: null })).toBe('other');
  });
});
