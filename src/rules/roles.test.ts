// Pins the role spellings, hierarchy, badge colours and who may suspend whom.
import { describe, it, expect } from 'vitest';
import { ROLES, SUSPEND_BELOW_MODERATOR, SUSPEND_LOWER_ROLES_ONLY, parseRole, roleAllows, roleBadgeColour, suspensionRefusal, type Role } from './roles';

describe('roles', () => {
  it('ranks roles from user to admin', () => {
    expect(ROLES).toEqual(['user', 'premium', 'moderator', 'gamemaster', 'admin']);
  });

  it('parses both spellings and refuses unknown ones', () => {
    expect(parseRole('user')).toBe('user');
    expect(parseRole('USER')).toBe('user');
    expect(parseRole('PREMIUM')).toBe('premium');
    expect(parseRole('MODERATOR')).toBe('moderator');
    expect(parseRole('GAME_MASTER')).toBe('gamemaster');
    expect(parseRole('game_master')).toBe('gamemaster');
    expect(parseRole('gamemaster')).toBe('gamemaster');
    expect(parseRole('ADMIN')).toBe('admin');
    expect(parseRole('jarl')).toBeNull();
    expect(parseRole('')).toBeNull();
    expect(parseRole(null)).toBeNull();
    expect(parseRole(undefined)).toBeNull();
  });

  it('admits each role and every higher one', () => {
    for (const actual of ROLES) expect(roleAllows(actual, 'user')).toBe(true);
    expect(ROLES.filter((r) => roleAllows(r, 'premium'))).toEqual(['premium', 'moderator', 'gamemaster', 'admin']);
    expect(ROLES.filter((r) => roleAllows(r, 'moderator'))).toEqual(['moderator', 'gamemaster', 'admin']);
    expect(ROLES.filter((r) => roleAllows(r, 'gamemaster'))).toEqual(['gamemaster', 'admin']);
    expect(ROLES.filter((r) => roleAllows(r, 'admin'))).toEqual(['admin']);
  });

  it('colours badges by role', () => {
    expect(ROLES.map(roleBadgeColour)).toEqual(['green', 'green', 'blue', 'purple', 'red']);
  });

  describe('who may suspend whom', () => {
    const mayAct = (actor: Role) => ROLES.filter((target) => suspensionRefusal(actor, target) === null);

    it('refuses players below moderator whoever the target', () => {
      for (const actor of ['user', 'premium'] as const) {
        for (const target of ROLES) expect(suspensionRefusal(actor, target)).toBe(SUSPEND_BELOW_MODERATOR);
      }
    });

    it('lets a moderator act on users and premium players only', () => {
      expect(mayAct('moderator')).toEqual(['user', 'premium']);
      expect(suspensionRefusal('moderator', 'moderator')).toBe(SUSPEND_LOWER_ROLES_ONLY);
      expect(suspensionRefusal('moderator', 'gamemaster')).toBe(SUSPEND_LOWER_ROLES_ONLY);
      expect(suspensionRefusal('moderator', 'admin')).toBe(SUSPEND_LOWER_ROLES_ONLY);
    });

    it('lets a game master act on every rank below their own, moderators included', () => {
      expect(mayAct('gamemaster')).toEqual(['user', 'premium', 'moderator']);
      expect(suspensionRefusal('gamemaster', 'gamemaster')).toBe(SUSPEND_LOWER_ROLES_ONLY);
      expect(suspensionRefusal('gamemaster', 'admin')).toBe(SUSPEND_LOWER_ROLES_ONLY);
    });

    it('lets an admin act on anyone, other admins included (the service keeps the last admin and refuses oneself)', () => {
      expect(mayAct('admin')).toEqual([...ROLES]);
    });
  });
});
