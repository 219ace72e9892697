// Pins what a map tile shows: the list of looks, which look a tile gets for a viewer, and each terrain's displayed bonus.
import { describe, expect, it } from 'vitest';
import { OASIS_BONUSES } from './terrain';
import { oasisBonusEntries, terrainResource, tileLook, TILE_LOOKS } from './tile-looks';
import { TILE_TYPES } from './world';

describe('TILE_LOOKS', () => {
  it('lists every tile type once, villages split into own, other and barbarian, then unknown, in legend order', () => {
    expect(TILE_LOOKS).toEqual(['own-village', 'village', 'barbarian', 'oasis', 'taken-oasis', 'forest', 'mountain', 'water', 'empty', 'unknown']);
    for (const type of TILE_TYPES) expect(TILE_LOOKS).toContain(type);
  });
});

describe('tileLook', () => {
  const village = (ownerId: string) => ({ type: 'village' as const, village: { owner: { id: ownerId } } });

  it('tells the viewer’s own villages from others', () => {
    expect(tileLook(village('me'), 'me')).toBe('own-village');
    expect(tileLook(village('you'), 'me')).toBe('village');
    expect(tileLook(village('me'), null)).toBe('village');
    expect(tileLook({ type: 'village' }, 'me')).toBe('village');
  });

  it('shows an oasis a village holds as taken, to everybody', () => {
    expect(tileLook({ type: 'oasis', oasis: { holder: { villageId: 'v' } } }, 'me')).toBe('taken-oasis');
    expect(tileLook({ type: 'oasis' }, 'me')).toBe('oasis');
  });

  it('shows a village without an owner as barbarian, to everybody', () => {
    expect(tileLook({ type: 'village', village: { owner: null } }, 'me')).toBe('barbarian');
    expect(tileLook({ type: 'village', village: { owner: null } }, null)).toBe('barbarian');
  });

  it('uses the tile type for terrain and unknown tiles', () => {
    for (const type of ['oasis', 'forest', 'mountain', 'water', 'empty', 'unknown'] as const) expect(tileLook({ type }, 'me')).toBe(type);
  });
});

describe('terrainResource', () => {
  it('gives forest +10% timber, mountain +10% stone, and empty land and water nothing', () => {
    expect(terrainResource('forest')).toEqual({ resourceType: 'timber', resourceBonus: 10 });
    expect(terrainResource('mountain')).toEqual({ resourceType: 'stone', resourceBonus: 10 });
    expect(terrainResource('empty')).toEqual({ resourceType: null, resourceBonus: 0 });
    expect(terrainResource('water')).toEqual({ resourceType: null, resourceBonus: 0 });
  });

  it('shows an oasis by the first resource of its kind: the non-mead one, or mead alone', () => {
    expect(terrainResource('oasis', { iron: 25, mead: 25 })).toEqual({ resourceType: 'iron', resourceBonus: 25 });
    expect(terrainResource('oasis', { mead: 50 })).toEqual({ resourceType: 'mead', resourceBonus: 50 });
    for (const kind of OASIS_BONUSES) {
      const shown = terrainResource('oasis', kind);
      expect(shown.resourceType === 'mead').toBe(Object.keys(kind).length === 1 && 'mead' in kind);
    }
    expect(() => terrainResource('oasis')).toThrow();
  });
});

describe('oasisBonusEntries', () => {
  it('lists a kind’s bonuses in its own order', () => {
    expect(oasisBonusEntries({ stone: 25, mead: 25 })).toEqual([
      { resourceType: 'stone', percent: 25 },
      { resourceType: 'mead', percent: 25 },
    ]);
    expect(oasisBonusEntries({ mead: 50 })).toEqual([{ resourceType: 'mead', percent: 50 }]);
  });
});
