// Pins the role spellings, hierarchy and badge colours.
import { describe, it, expect } from 'vitest';
import { ROLES, parseRole, roleAllows, roleBadgeColour } from './roles';

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
});
