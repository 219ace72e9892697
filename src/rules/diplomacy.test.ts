import { describe, expect, it } from 'vitest';
import { acceptanceRefusal, capRefusal, isFriendly, NO_RELATIONS, proposalRefusal, relationOf, type ProposalScene } from './diplomacy';

const scene = (over: Partial<ProposalScene> = {}): ProposalScene => ({
  kind: 'nap',
  fromAllianceId: 'a',
  toAllianceId: 'b',
  existing: null,
  counts: NO_RELATIONS,
  ...over,
});

describe('proposals', () => {
  it('may be made to another alliance with nothing between them', () => {
    expect(proposalRefusal(scene())).toBeNull();
    expect(proposalRefusal(scene({ kind: 'war' }))).toBeNull();
  });

  it('are one at a time between two alliances, whichever proposed, and never to oneself', () => {
    expect(proposalRefusal(scene({ toAllianceId: 'a' }))).toBe('An alliance cannot make a pact with itself');
    expect(proposalRefusal(scene({ existing: { kind: 'war', status: 'proposed' } }))).toBe('A proposal between your alliances is already waiting for an answer');
    expect(proposalRefusal(scene({ kind: 'confederation', existing: { kind: 'nap', status: 'active' } }))).toBe(
      'Your alliances already stand in a relation (non-aggression pact); end it before proposing another',
    );
  });

  it('are capped at three confederations and three pacts; wars are not capped', () => {
    const full = { confederation: 3, nap: 3, war: 40 };
    expect(proposalRefusal(scene({ kind: 'confederation', counts: full }))).toBe('Your alliance already has 3 confederations, the most allowed');
    expect(proposalRefusal(scene({ kind: 'nap', counts: full }))).toBe('Your alliance already has 3 non-aggression pacts, the most allowed');
    expect(proposalRefusal(scene({ kind: 'war', counts: full }))).toBeNull();
    expect(proposalRefusal(scene({ kind: 'nap', counts: { ...NO_RELATIONS, nap: 2 } }))).toBeNull();
  });
});

describe('acceptance', () => {
  it('needs room on both sides, the accepting side named first', () => {
    const full = { ...NO_RELATIONS, confederation: 3 };
    expect(acceptanceRefusal('confederation', { mine: NO_RELATIONS, theirs: NO_RELATIONS, theirTag: 'WOLF' })).toBeNull();
    expect(acceptanceRefusal('confederation', { mine: full, theirs: full, theirTag: 'WOLF' })).toBe('Your alliance already has 3 confederations, the most allowed');
    expect(acceptanceRefusal('confederation', { mine: NO_RELATIONS, theirs: full, theirTag: 'WOLF' })).toBe('[WOLF] already has 3 confederations, the most allowed');
    expect(capRefusal('war', { ...NO_RELATIONS, war: 99 }, 'x')).toBeNull();
  });
});

describe('relationOf', () => {
  const relations = new Map([
    ['c', 'confederation'],
    ['n', 'nap'],
    ['w', 'war'],
  ] as const);
  const me = { ownerId: 'me', allianceId: 'a' };

  it('tells own, alliance, confederate, pact, war and other apart', () => {
    expect(relationOf(me, { ownerId: 'me', allianceId: 'a' }, relations)).toBe('own');
    expect(relationOf(me, { ownerId: 'p', allianceId: 'a' }, relations)).toBe('ally');
    expect(relationOf(me, { ownerId: 'p', allianceId: 'c' }, relations)).toBe('confederate');
    expect(relationOf(me, { ownerId: 'p', allianceId: 'n' }, relations)).toBe('pact');
    expect(relationOf(me, { ownerId: 'p', allianceId: 'w' }, relations)).toBe('war');
    expect(relationOf(me, { ownerId: 'p', allianceId: 'z' }, relations)).toBe('other');
    expect(relationOf(me, { ownerId: 'p', allianceId: null }, relations)).toBe('other');
  });

  it('gives a player outside any alliance only own and other, and barbarians no alliance', () => {
    expect(relationOf({ ownerId: 'me', allianceId: null }, { ownerId: 'p', allianceId: 'a' }, relations)).toBe('other');
    expect(relationOf({ ownerId: 'me', allianceId: null }, { ownerId: 'me', allianceId: null }, relations)).toBe('own');
    expect(relationOf(me, { ownerId: null, allianceId: null }, relations)).toBe('other');
  });

  it('counts confederates and pact partners as friends, enemies and strangers not', () => {
    expect(['own', 'ally', 'confederate', 'pact', 'war', 'other'].filter((r) => isFriendly(r as never))).toEqual(['own', 'ally', 'confederate', 'pact']);
  });
});
