// Pins production, capacity, population, mead balance and village statistics.
import { describe, it, expect } from 'vitest';
import {
  FIELD_PRODUCTION,
  defenseBonusPercent,
  fieldProduction,
  militaryPower,
  netMeadPerHour,
  population,
  storageCapacity,
  storeAlert,
  sumBonusPercents,
  totalUpkeep,
  villageCapacity,
  villageProduction,
} from './economy';
import { STARTING_BUILDINGS } from './buildings';
import { STARTING_RESOURCES, startingStock } from './resources';

describe('field production', () => {
  it('follows the table up to level 20', () => {
    expect(FIELD_PRODUCTION.slice(0, 21)).toEqual([
      2, 5, 9, 15, 22, 33, 50, 70, 100, 145, 200, 280, 375, 495, 635, 800, 1000, 1300, 1600, 2000, 2450,
    ]);
  });

  it('grows by 1.2 per level beyond 20, rounded', () => {
    expect(FIELD_PRODUCTION.slice(21)).toEqual([2940, 3528, 4234, 5080, 6096, 7316, 8779, 10535, 12641, 15170]);
    expect(fieldProduction(30)).toBe(15170);
    expect(fieldProduction(31)).toBe(15170);
    expect(fieldProduction(-1)).toBe(2);
  });
});

describe('storage', () => {
  it('holds 800 at level 0 and round(2120 * 1.2^L - 1320) beyond', () => {
    expect(storageCapacity(0)).toBe(800);
    expect(storageCapacity(1)).toBe(1224);
    expect(storageCapacity(2)).toBe(1733);
    expect(storageCapacity(10)).toBe(11806);
    expect(storageCapacity(20)).toBe(79956);
  });

  it('adds up several stores and defaults to 800 without any', () => {
    expect(villageCapacity(STARTING_BUILDINGS)).toEqual({ timber: 800, stone: 800, iron: 800, mead: 800 });
    expect(
      villageCapacity([
        { type: 'warehouse', level: 1 },
        { type: 'warehouse', level: 2 },
        { type: 'granary', level: 10 },
      ]),
    ).toEqual({ timber: 2957, stone: 2957, iron: 2957, mead: 11806 });
    // A new village starts below the 70% warning mark of the 800 it stores without a warehouse.
    expect(STARTING_RESOURCES).toBe(500);
    expect(storeAlert(STARTING_RESOURCES, 800)).toBe('normal');
    expect(startingStock()).toEqual({ timber: 500, stone: 500, iron: 500, mead: 500 });
  });

  it('warns above 70% and alarms above 90%', () => {
    expect(storeAlert(700, 1000)).toBe('normal');
    expect(storeAlert(701, 1000)).toBe('warning');
    expect(storeAlert(900, 1000)).toBe('warning');
    expect(storeAlert(901, 1000)).toBe('danger');
  });
});

describe('villageProduction', () => {
  it('sums the fields of a new village', () => {
    // 4 fields at level 0 make 8 each; 6 mead halls make 12.
    expect(villageProduction(STARTING_BUILDINGS)).toEqual({ timber: 8, stone: 8, iron: 8, mead: 12 });
  });

  it('applies bonuses in percent and the world speed', () => {
    const fields = [
      { type: 'timber_camp' as const, level: 10 },
      { type: 'timber_camp' as const, level: 5 },
      { type: 'mead_hall' as const, level: 8 },
      { type: 'barracks' as const, level: 20 },
    ];
    const bonus = sumBonusPercents({ timber: 25, mead: 25 }, { mead: 25 });
    expect(bonus).toEqual({ timber: 25, stone: 0, iron: 0, mead: 50 });
    // timber (200 + 33) * 1.25 = 291.25; mead 100 * 1.5 = 150; then x2
    expect(villageProduction(fields, bonus, 2)).toEqual({ timber: 582.5, stone: 0, iron: 0, mead: 300 });
  });
});

describe('population and mead', () => {
  it('counts population per level', () => {
    // Only the great hall stands above level 0: 2 per level.
    expect(population(STARTING_BUILDINGS)).toBe(2);
    expect(
      population([
        { type: 'timber_camp', level: 3 },
        { type: 'mead_hall', level: 4 },
        { type: 'barracks', level: 2 },
        { type: 'great_hall', level: 5 },
      ]),
    ).toBe(3 * 2 + 4 * 1 + 2 * 4 + 5 * 2);
  });

  it('subtracts population and upkeep from mead production', () => {
    expect(netMeadPerHour(12, 2, 0)).toBe(10);
    expect(netMeadPerHour(100, 40, 75)).toBe(-15);
  });
});

describe('village statistics', () => {
  const units = { bondi: 10, berserker: 5, catapult: 2, drakkar: 1 };

  it('sums attack and upkeep over units', () => {
    expect(militaryPower(units)).toBe(10 * 20 + 5 * 90 + 2 * 75 + 200);
    expect(totalUpkeep(units)).toBe(10 + 5 + 2 * 6 + 4);
    expect(militaryPower({})).toBe(0);
  });

  it('gives 3% defence per wall level plus the alliance bonus', () => {
    expect(defenseBonusPercent(0)).toBe(0);
    expect(defenseBonusPercent(10)).toBe(30);
    expect(defenseBonusPercent(10, 7.5)).toBe(37.5);
  });
});
