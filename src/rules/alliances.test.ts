import { describe, expect, it } from 'vitest';
import { ALLIANCE_RIGHTS, dismissalRefusal, handoverRefusal, hasRight, rankChangeRefusal, RIGHTS, rightRefusal, successorOf } from './alliances';

describe('the rights table', () => {
  it('gives the leader every right, elders all but ranks, officers inviting and announcing, members none', () => {
    expect(RIGHTS.leader).toEqual([...ALLIANCE_RIGHTS]);
    expect(ALLIANCE_RIGHTS.filter((r) => hasRight('elder', r))).toEqual(['invite', 'dismiss', 'describe', 'diplomacy', 'announce']);
    expect(ALLIANCE_RIGHTS.filter((r) => hasRight('officer', r))).toEqual(['invite', 'announce']);
    expect(ALLIANCE_RIGHTS.filter((r) => hasRight('member', r))).toEqual([]);
    expect(hasRight('jarl', 'invite')).toBe(false);
  });

  it('words each refusal from the ranks that hold the right', () => {
    expect(rightRefusal('invite')).toBe('Only the leader, elders and officers may invite players and answer applications');
    expect(rightRefusal('dismiss')).toBe('Only the leader and elders may dismiss members');
    expect(rightRefusal('ranks')).toBe('Only the leader may appoint ranks and hand over leadership');
  });
});

describe('rank changes', () => {
  it('are the leader’s, on anyone but themself, to a rank the member does not hold', () => {
    expect(rankChangeRefusal('leader', { role: 'member', self: false }, 'officer')).toBeNull();
    expect(rankChangeRefusal('leader', { role: 'elder', self: false }, 'member')).toBeNull();
    expect(rankChangeRefusal('elder', { role: 'member', self: false }, 'officer')).toBe(rightRefusal('ranks'));
    expect(rankChangeRefusal('leader', { role: 'leader', self: true }, 'elder')).toBe('You cannot change your own rank; hand over leadership instead');
    expect(rankChangeRefusal('leader', { role: 'officer', self: false }, 'officer')).toBe('That member is already an officer');
    expect(rankChangeRefusal('leader', { role: 'member', self: false }, 'member')).toBe('That member is already a regular member');
  });

  it('hands leadership over only from the leader to someone else', () => {
    expect(handoverRefusal('leader', { role: 'member', self: false })).toBeNull();
    expect(handoverRefusal('elder', { role: 'member', self: false })).toBe(rightRefusal('ranks'));
    expect(handoverRefusal('leader', { role: 'leader', self: true })).toBe('You already lead the alliance');
  });
});

describe('dismissals', () => {
  it('take a lower rank only, by a rank with the right, never oneself', () => {
    expect(dismissalRefusal('leader', { role: 'elder', self: false })).toBeNull();
    expect(dismissalRefusal('elder', { role: 'officer', self: false })).toBeNull();
    expect(dismissalRefusal('elder', { role: 'elder', self: false })).toBe('You can only dismiss members of a lower rank than yours');
    expect(dismissalRefusal('elder', { role: 'leader', self: false })).toBe('You can only dismiss members of a lower rank than yours');
    expect(dismissalRefusal('officer', { role: 'member', self: false })).toBe('Only the leader and elders may dismiss members');
    expect(dismissalRefusal('leader', { role: 'leader', self: true })).toBe('You cannot dismiss yourself; use Leave to leave your alliance');
  });
});

describe('succession', () => {
  it('goes to the highest rank that stays, the longest-serving of it, and to nobody when nobody stays', () => {
    const m = (id: string, role: 'elder' | 'officer' | 'member', joinedAt: number) => ({ id, role, joinedAt });
    expect(successorOf([m('a', 'member', 1), m('b', 'officer', 5), m('c', 'elder', 9), m('d', 'elder', 7)])?.id).toBe('d');
    expect(successorOf([m('a', 'member', 3), m('b', 'officer', 5)])?.id).toBe('b');
    expect(successorOf([m('b', 'member', 3), m('a', 'member', 3)])?.id).toBe('a');
    expect(successorOf([])).toBeNull();
  });
});
