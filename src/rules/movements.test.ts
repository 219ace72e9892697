import { describe, expect, it } from 'vitest';
import { sendRefusal } from './movements';

const route = (to = 'v2', toWorld = 'w1') => ({ from: { id: 'v1', worldId: 'w1' }, to: { id: to, worldId: toWorld } });

describe('sendRefusal', () => {
  it('keeps armies in their world and out of the village they stand in', () => {
    expect(sendRefusal('raid', route('v1'), 'other')).toBe('Troops cannot march to the village they stand in');
    expect(sendRefusal('raid', route('v2', 'w2'), 'other')).toBe('That village is in another world');
  });

  it('lets attacks, raids and scouts go only at strangers and enemies', () => {
    expect(sendRefusal('attack', route(), 'other')).toBeNull();
    expect(sendRefusal('attack', route(), 'war')).toBeNull();
    expect(sendRefusal('attack', route(), 'own')).toBe('You cannot attack your own village');
    expect(sendRefusal('raid', route(), 'ally')).toBe('That village belongs to an ally');
  });

  it('names the confederate or pact partner whose villages it refuses to attack', () => {
    expect(sendRefusal('attack', route(), 'confederate', 'WOLF')).toBe(
      'Your alliance is in a confederation with [WOLF]: their villages cannot be attacked, raided or scouted',
    );
    expect(sendRefusal('scout', route(), 'pact', 'RAVN')).toBe('Your alliance has a non-aggression pact with [RAVN]: their villages cannot be attacked, raided or scouted');
    expect(sendRefusal('raid', route(), 'pact')).toBe(
      'Your alliance has a non-aggression pact with that village’s alliance: their villages cannot be attacked, raided or scouted',
    );
  });

  it('lets reinforcements go to one’s own villages, the alliance’s, confederates’ and pact partners’, never to enemies or strangers', () => {
    for (const relation of ['own', 'ally', 'confederate', 'pact'] as const) expect(sendRefusal('reinforce', route(), relation)).toBeNull();
    const refusal = 'You can only reinforce your own villages, your alliance’s, your confederates’ and your pact partners’';
    expect(sendRefusal('reinforce', route(), 'other')).toBe(refusal);
    expect(sendRefusal('reinforce', route(), 'war')).toBe(refusal);
  });

  it('refuses only what it can tell when the relation is unknown (the client before it reads alliances)', () => {
    expect(sendRefusal('reinforce', route(), null)).toBeNull();
    expect(sendRefusal('attack', route(), null)).toBeNull();
  });
});
