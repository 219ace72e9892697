// The embassy rules as the specification: what founding and joining an alliance need, and the member cap.
import { describe, expect, it } from 'vitest';
import {
  FOUNDING_EMBASSY_LEVEL,
  JOINING_EMBASSY_LEVEL,
  MAX_ALLIANCE_MEMBERS,
  MEMBERS_PER_EMBASSY_LEVEL,
  foundingRefusal,
  fullRefusal,
  joiningRefusal,
  memberCap,
} from './embassy';

describe('founding an alliance', () => {
  it('needs an embassy at level 3 in one of the founder\'s villages', () => {
    expect(FOUNDING_EMBASSY_LEVEL).toBe(3);
    expect(foundingRefusal(0)).toBe('Founding an alliance needs an Embassy at level 3 in one of your villages; you have none');
    expect(foundingRefusal(2)).toBe('Founding an alliance needs an Embassy at level 3 in one of your villages; your highest stands at level 2');
    expect(foundingRefusal(3)).toBeNull();
    expect(foundingRefusal(30)).toBeNull();
  });
});

describe('joining an alliance', () => {
  it('needs an embassy at level 1 in one of the player\'s villages', () => {
    expect(JOINING_EMBASSY_LEVEL).toBe(1);
    expect(joiningRefusal(0)).toBe('Joining an alliance needs an Embassy at level 1 in one of your villages; you have none');
    expect(joiningRefusal(1)).toBeNull();
    expect(joiningRefusal(12)).toBeNull();
  });
});

describe('the member cap', () => {
  it('is 3 members for each level of the leader\'s highest embassy', () => {
    expect(MEMBERS_PER_EMBASSY_LEVEL).toBe(3);
    expect([0, 1, 2, 3, 5, 10, 19].map(memberCap)).toEqual([0, 3, 6, 9, 15, 30, 57]);
  });

  it('stops at 60 members, reached at embassy level 20', () => {
    expect(MAX_ALLIANCE_MEMBERS).toBe(60);
    expect([20, 21, 30].map(memberCap)).toEqual([60, 60, 60]);
  });

  it('gives a freshly founded alliance room for 9', () => {
    expect(memberCap(FOUNDING_EMBASSY_LEVEL)).toBe(9);
  });

  it('lets members in while there is room, and refuses the one past the cap with the numbers', () => {
    expect(fullRefusal({ members: 14, leaderEmbassyLevel: 5 })).toBeNull();
    expect(fullRefusal({ members: 15, leaderEmbassyLevel: 5 })).toBe("The alliance is full (15 of 15 members; its leader's embassy at level 5 allows 15)");
    expect(fullRefusal({ members: 59, leaderEmbassyLevel: 25 })).toBeNull();
    expect(fullRefusal({ members: 60, leaderEmbassyLevel: 25 })).toBe("The alliance is full (60 of 60 members; its leader's embassy at level 25 allows 60)");
  });

  it('keeps an alliance above its cap (a new leader with a smaller embassy) closed until it shrinks below it', () => {
    expect(fullRefusal({ members: 10, leaderEmbassyLevel: 2 })).toBe("The alliance is full (10 members; its leader's embassy at level 2 allows 6)");
    expect(fullRefusal({ members: 5, leaderEmbassyLevel: 2 })).toBeNull();
  });
});
