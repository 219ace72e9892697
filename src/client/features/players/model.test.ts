import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, profileMessages, descriptionError, descriptionLength, mapPath } from './model';

describe('the profile', () => {
  it('allows up to 500 characters of description, line breaks included, and an empty one', () => {
    expect(descriptionError('')).toBeUndefined();
    expect(descriptionError('Jarl of the fjords.\nAsk before you raid.')).toBeUndefined();
    expect(descriptionError(` ${'x'.repeat(DESCRIPTION_MAX)} `)).toBeUndefined();
    expect(descriptionError('x'.repeat(DESCRIPTION_MAX + 1))).toBe(profileMessages().descriptionTooLong);
    expect(descriptionLength('🛡🛡')).toBe(2);
    expect(descriptionError('evil\u202Etext')).toBeDefined();
  });

  it('links a village to the map at its tile', () => {
    expect(mapPath({ x: 12, y: -40 })).toBe('/game/map?x=12&y=-40');
  });
});
