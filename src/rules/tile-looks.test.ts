// Pins what a map tile shows: the list of looks, which look a tile gets for a viewer, and each terrain's displayed bonus.
import { describe, expect, it } from 'vitest';
import { OASIS_BONUSES } from './terrain';
import type { DiplomacyKind } from './diplomacy';
import { isVillageLook, looksAlike, oasisBonusEntries, terrainResource, tileLook, TILE_LOOKS, VILLAGE_LOOKS, villageMarks, villageRelation, type MapViewer } from './tile-looks';
import { TILE_TYPES } from './world';

describe('TILE_LOOKS', () => {
  it('lists every tile type once, villages split by relation and barbarians, then unknown, in legend order', () => {
    expect(TILE_LOOKS).toEqual([
      'own-village',
      'alliance-village',
      'confederate-village',
      'pact-village',
      'enemy-village',
      'village',
      'barbarian',
      'oasis',
      'taken-oasis',
      'forest',
      'mountain',
      'water',
      'empty',
      'unknown',
    ]);
    for (const type of TILE_TYPES) expect(TILE_LOOKS).toContain(type);
  });
});

describe('tileLook', () => {
  const village = (ownerId: string, allianceId?: string) => ({ type: 'village' as const, village: { owner: { id: ownerId }, ...(allianceId ? { alliance: { id: allianceId } } : {}) } });
  const relations = new Map<string, DiplomacyKind>([
    ['friends', 'confederation'],
    ['neighbours', 'nap'],
    ['foes', 'war'],
  ]);
  const me: MapViewer = { id: 'me', allianceId: 'mine', relations };
  const loner: MapViewer = { id: 'me', allianceId: null, relations: new Map() };

  it('tells the viewer’s own villages from others', () => {
    expect(tileLook(village('me'), loner)).toBe('own-village');
    expect(tileLook(village('me', 'mine'), me)).toBe('own-village');
    expect(tileLook(village('you'), loner)).toBe('village');
    expect(tileLook({ type: 'village' }, me)).toBe('village');
  });

  it('gives each relation of the village’s alliance to the viewer’s its own look', () => {
    expect(tileLook(village('you', 'mine'), me)).toBe('alliance-village');
    expect(tileLook(village('you', 'friends'), me)).toBe('confederate-village');
    expect(tileLook(village('you', 'neighbours'), me)).toBe('pact-village');
    expect(tileLook(village('you', 'foes'), me)).toBe('enemy-village');
    expect(tileLook(village('you', 'strangers'), me)).toBe('village');
    expect(tileLook(village('you'), me)).toBe('village');
  });

  it('shows a viewer outside any alliance no alliance’s villages apart', () => {
    for (const alliance of ['mine', 'friends', 'neighbours', 'foes']) expect(tileLook(village('you', alliance), loner)).toBe('village');
  });

  it('shows everybody’s villages alike to a signed-out viewer', () => {
    expect(tileLook(village('me', 'mine'), null)).toBe('village');
    expect(tileLook(village('you', 'foes'), null)).toBe('village');
    expect(villageRelation(village('you', 'foes'), null)).toBeNull();
  });

  it('names the relation of a player’s village only', () => {
    expect(villageRelation(village('you', 'friends'), me)).toBe('confederate');
    expect(villageRelation(village('me'), me)).toBe('own');
    expect(villageRelation(village('you'), me)).toBe('other');
    expect(villageRelation({ type: 'village', village: { owner: null } }, me)).toBeNull();
    expect(villageRelation({ type: 'forest' }, me)).toBeNull();
  });

  it('shows an oasis a village holds as taken, to everybody', () => {
    expect(tileLook({ type: 'oasis', oasis: { holder: { villageId: 'v' } } }, me)).toBe('taken-oasis');
    expect(tileLook({ type: 'oasis' }, me)).toBe('oasis');
  });

  it('shows a village without an owner as barbarian, to everybody', () => {
    expect(tileLook({ type: 'village', village: { owner: null } }, me)).toBe('barbarian');
    expect(tileLook({ type: 'village', village: { owner: null } }, null)).toBe('barbarian');
  });

  it('uses the tile type for terrain and unknown tiles', () => {
    for (const type of ['oasis', 'forest', 'mountain', 'water', 'empty', 'unknown'] as const) expect(tileLook({ type }, me)).toBe(type);
  });
});

describe('looksAlike', () => {
  const village = (ownerId: string, allianceId?: string) => ({ type: 'village' as const, village: { owner: { id: ownerId }, ...(allianceId ? { alliance: { id: allianceId } } : {}) } });
  const before: MapViewer = { id: 'me', allianceId: 'mine', relations: new Map([['friends', 'confederation']]) };
  const after: MapViewer = { ...before, relations: new Map<string, DiplomacyKind>([['friends', 'confederation'], ['foes', 'war']]) };

  it('tells whether a new relation changes how any village of a list looks', () => {
    const terrain = [{ type: 'forest' as const }, { type: 'water' as const }, undefined];
    expect(looksAlike([...terrain, village('you', 'friends'), village('me')], before, after)).toBe(true);
    expect(looksAlike([...terrain, village('you', 'foes')], before, after)).toBe(false);
    expect(looksAlike([village('you', 'mine')], before, null)).toBe(false);
    expect(looksAlike([village('you', 'strangers'), { type: 'village', village: { owner: null } }], before, null)).toBe(true);
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

describe('villageMarks', () => {
  const owner = { id: 'p' };
  it('gives a village its size tier by population and marks a player’s capital', () => {
    expect(villageMarks({ type: 'village', village: { owner, population: 2, isCapital: true } })).toEqual({ tier: 'hamlet', capital: true });
    expect(villageMarks({ type: 'village', village: { owner, population: 150 } })).toEqual({ tier: 'village', capital: false });
    expect(villageMarks({ type: 'village', village: { owner, population: 450, isCapital: false } })).toEqual({ tier: 'town', capital: false });
    expect(villageMarks({ type: 'village', village: { owner, population: 900, isCapital: true } })).toEqual({ tier: 'city', capital: true });
  });

  it('marks no barbarian village as a capital, and nothing on other tiles', () => {
    expect(villageMarks({ type: 'village', village: { owner: null, population: 350, isCapital: true } })).toEqual({ tier: 'town', capital: false });
    expect(villageMarks({ type: 'forest' })).toBeNull();
    expect(villageMarks({ type: 'oasis', oasis: { holder: {} } })).toBeNull();
  });

  it('knows the village looks among all looks', () => {
    expect(VILLAGE_LOOKS.every((look) => TILE_LOOKS.includes(look))).toBe(true);
    expect(TILE_LOOKS.filter(isVillageLook)).toEqual([...VILLAGE_LOOKS]);
  });
});
