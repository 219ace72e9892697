// Pins building costs, times, requirements, the starting layout and the refusals.
import { describe, it, expect } from 'vitest';
import {
  BUILDINGS,
  BUILDING_TYPES,
  FIELD_TYPES,
  INNER_TYPES,
  MAX_BUILDING_LEVEL,
  STARTING_BUILDINGS,
  buildTimeSeconds,
  buildingCost,
  buildingLevels,
  canHaveMultiple,
  placementRefusal,
  requirementsMet,
  upgradeRefusal,
} from './buildings';
import type { PlacedBuilding } from './buildings';

describe('building table', () => {
  it('has the 16 types, 4 of them fields', () => {
    expect(BUILDING_TYPES).toHaveLength(16);
    expect(FIELD_TYPES).toEqual(['timber_camp', 'stone_quarry', 'iron_mine', 'mead_hall']);
    expect(INNER_TYPES).toHaveLength(12);
    for (const type of BUILDING_TYPES) {
      expect(BUILDINGS[type].isField).toBe((FIELD_TYPES as readonly string[]).includes(type));
      const perLevel = BUILDINGS[type].populationPerLevel;
      expect(perLevel).toBeGreaterThanOrEqual(1);
      expect(perLevel).toBeLessThanOrEqual(BUILDINGS[type].isField ? 2 : 4);
    }
    expect(MAX_BUILDING_LEVEL).toBe(30);
  });

  it('starts a village with 18 fields at level 0 and a great hall at level 1', () => {
    expect(STARTING_BUILDINGS).toHaveLength(19);
    expect(STARTING_BUILDINGS.filter((b) => b.type === 'timber_camp').map((b) => b.slot)).toEqual([1, 2, 3, 4]);
    expect(STARTING_BUILDINGS.filter((b) => b.type === 'stone_quarry').map((b) => b.slot)).toEqual([5, 6, 7, 8]);
    expect(STARTING_BUILDINGS.filter((b) => b.type === 'iron_mine').map((b) => b.slot)).toEqual([9, 10, 11, 12]);
    expect(STARTING_BUILDINGS.filter((b) => b.type === 'mead_hall').map((b) => b.slot)).toEqual([13, 14, 15, 16, 17, 18]);
    expect(STARTING_BUILDINGS.filter((b) => b.level !== 0)).toEqual([{ slot: 19, type: 'great_hall', level: 1 }]);
  });

  it('lets only stores be built more than once', () => {
    expect(BUILDING_TYPES.filter(canHaveMultiple)).toEqual(['warehouse', 'granary']);
  });
});

describe('buildingCost', () => {
  it('starts at the base cost', () => {
    expect(buildingCost('timber_camp', 1)).toEqual({ timber: 40, stone: 100, iron: 50, mead: 60 });
    expect(buildingCost('warehouse', 1)).toEqual({ timber: 130, stone: 160, iron: 90, mead: 40 });
  });

  it('grows fields by 1.67 per level up to 10, then by 1.28, rounded to 5', () => {
    // 40*1.67 = 66.8, 100*1.67 = 167, 50*1.67 = 83.5, 60*1.67 = 100.2
    expect(buildingCost('timber_camp', 2)).toEqual({ timber: 65, stone: 165, iron: 85, mead: 100 });
    // 1.67^9 = 101.0295...: 4041.2, 10102.95, 5051.5, 6061.8
    expect(buildingCost('timber_camp', 10)).toEqual({ timber: 4040, stone: 10105, iron: 5050, mead: 6060 });
    // then x1.28: 5172.7, 12931.8, 6465.9, 7759.1
    expect(buildingCost('timber_camp', 11)).toEqual({ timber: 5175, stone: 12930, iron: 6465, mead: 7760 });
    expect(buildingCost('timber_camp', 30)).toEqual({ timber: 563260, stone: 1408145, iron: 704075, mead: 844885 });
  });

  it('grows inner buildings by 1.28 per level', () => {
    // 89.6, 51.2, 76.8, 25.6
    expect(buildingCost('great_hall', 2)).toEqual({ timber: 90, stone: 50, iron: 75, mead: 25 });
    // 1.28^4 = 2.68435...: 563.7, 375.8, 697.9, 322.1
    expect(buildingCost('barracks', 5)).toEqual({ timber: 565, stone: 375, iron: 700, mead: 320 });
  });

  it('refuses levels outside 1..30', () => {
    expect(() => buildingCost('wall', 0)).toThrow(RangeError);
    expect(() => buildingCost('wall', 31)).toThrow(RangeError);
    expect(() => buildingCost('wall', 1.5)).toThrow(RangeError);
  });
});

describe('buildTimeSeconds', () => {
  it('grows by 1.16 per level and shrinks by 0.964 per great hall level and by world speed', () => {
    expect(buildTimeSeconds('timber_camp', 1, 1)).toBe(260);
    // 260 * 1.16 = 301.6
    expect(buildTimeSeconds('timber_camp', 2, 1)).toBe(302);
    // 260 * 1.16^2 * 0.964^4 / 2 = 151.07
    expect(buildTimeSeconds('timber_camp', 3, 5, 2)).toBe(151);
    // 2000 * 1.16^9 * 0.964^9 = 5468.2
    expect(buildTimeSeconds('great_hall', 10, 10)).toBe(5468);
  });
});

describe('requirements', () => {
  it('lists what is missing in readable words', () => {
    expect(requirementsMet('blacksmith', { great_hall: 1, academy: 1 })).toEqual({
      met: false,
      missing: [{ type: 'great_hall', level: 3, current: 1, text: 'Great Hall level 3' }],
    });
    expect(requirementsMet('blacksmith', { great_hall: 3, academy: 1 })).toEqual({ met: true, missing: [] });
    // Tuned for the first session: barracks need only the great hall a village starts with.
    expect(requirementsMet('barracks', { great_hall: 1 })).toEqual({ met: true, missing: [] });
    expect(requirementsMet('stable', { barracks: 5 }).missing.map((m) => m.text)).toEqual(['Academy level 1']);
    expect(requirementsMet('stable', {}).missing.map((m) => m.text)).toEqual(['Barracks level 5', 'Academy level 1']);
    expect(requirementsMet('shipyard', { great_hall: 5 }).met).toBe(true);
    expect(requirementsMet('academy', { barracks: 2 }).missing.map((m) => m.text)).toEqual(['Barracks level 3']);
    expect(requirementsMet('wall', { great_hall: 1 }).met).toBe(true);
    expect(requirementsMet('embassy', {}).met).toBe(false);
  });

  it('checks against the highest level of each type', () => {
    expect(
      buildingLevels([
        { type: 'warehouse', level: 3 },
        { type: 'warehouse', level: 7 },
        { type: 'great_hall', level: 2 },
      ]),
    ).toEqual({ warehouse: 7, great_hall: 2 });
  });
});

describe('refusals', () => {
  it('refuses upgrades at level 30, while upgrading, or while another construction runs', () => {
    expect(upgradeRefusal({ level: 30, isUpgrading: false }, false)).toBe('Building is already at the maximum level (30)');
    expect(upgradeRefusal({ level: 3, isUpgrading: true }, true)).toBe('This building is already being upgraded');
    expect(upgradeRefusal({ level: 3, isUpgrading: false }, true)).toBe(
      'Another construction is already in progress in this village',
    );
    expect(upgradeRefusal({ level: 29, isUpgrading: false }, false)).toBeNull();
  });

  it('places new buildings only in free inner slots, once per type except stores', () => {
    const village: PlacedBuilding[] = [...STARTING_BUILDINGS, { slot: 20, type: 'warehouse', level: 1 }];
    expect(placementRefusal('timber_camp', 21, village, false)).toBe(
      'Resource fields cannot be built; upgrade the existing fields instead',
    );
    expect(placementRefusal('embassy', 18, village, false)).toBe('Buildings can only be placed in inner slots 19-40');
    expect(placementRefusal('embassy', 41, village, false)).toBe('Buildings can only be placed in inner slots 19-40');
    expect(placementRefusal('embassy', 20, village, false)).toBe('That slot is already taken');
    expect(placementRefusal('great_hall', 21, village, false)).toBe('This village already has a Great Hall');
    expect(placementRefusal('warehouse', 21, village, false)).toBeNull();
    expect(placementRefusal('shipyard', 21, village, false)).toBe('Requires Great Hall level 5');
    expect(placementRefusal('embassy', 40, village, false)).toBeNull();
    expect(placementRefusal('embassy', 40, village, true)).toBe('Another construction is already in progress in this village');
  });
});
