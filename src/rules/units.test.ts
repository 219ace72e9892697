// Pins the unit table (docs/GAME_RULES.md) and the army formulas.
import { describe, it, expect } from 'vitest';
import {
  UNITS,
  UNIT_TYPES,
  carryCapacity,
  cavalryShare,
  isCavalry,
  slowestSpeed,
  trainingCost,
  trainingTimeSeconds,
  unitsTrainedIn,
} from './units';

describe('unit table', () => {
  it('matches the unit table row by row', () => {
    const rows = UNIT_TYPES.map((type) => {
      const u = UNITS[type];
      return [type, u.attack, u.defenseInfantry, u.defenseCavalry, u.speed, u.carry, u.cost.timber, u.cost.stone, u.cost.iron, u.cost.mead, u.upkeep, u.trainSeconds, u.trainedIn];
    });
    expect(rows).toEqual([
      ['bondi', 20, 30, 20, 7, 40, 80, 60, 40, 30, 1, 180, 'barracks'],
      ['viking_raider', 60, 20, 15, 9, 80, 120, 70, 90, 40, 1, 1100, 'barracks'],
      ['berserker', 90, 25, 20, 7, 60, 160, 80, 150, 50, 1, 1500, 'barracks'],
      ['shieldmaiden', 35, 60, 90, 6, 35, 130, 140, 110, 50, 1, 1400, 'barracks'],
      ['huscarl', 40, 80, 60, 6, 40, 150, 120, 180, 50, 1, 1300, 'barracks'],
      ['mounted_jarl', 150, 60, 50, 12, 100, 450, 400, 550, 120, 3, 3000, 'stable'],
      ['longship', 50, 50, 50, 16, 500, 600, 300, 250, 100, 2, 3600, 'shipyard'],
      ['drakkar', 200, 120, 120, 14, 300, 1200, 600, 900, 200, 4, 6000, 'shipyard'],
      ['battering_ram', 60, 30, 75, 4, 0, 900, 360, 500, 70, 3, 4200, 'academy'],
      ['catapult', 75, 60, 10, 3, 0, 950, 1350, 600, 90, 6, 6000, 'academy'],
      ['jarl', 40, 60, 40, 5, 0, 35500, 26600, 25000, 27200, 4, 70000, 'longhouse'],
    ]);
  });

  it('counts mounted units and ships as cavalry', () => {
    expect(UNIT_TYPES.filter(isCavalry)).toEqual(['mounted_jarl', 'longship', 'drakkar']);
    expect(unitsTrainedIn('academy')).toEqual(['battering_ram', 'catapult']);
  });
});

describe('training', () => {
  it('shrinks by 0.9 per level of the training building and by world speed', () => {
    expect(trainingTimeSeconds('bondi', 1)).toBe(180);
    expect(trainingTimeSeconds('viking_raider', 2)).toBe(990);
    // 1300 * 0.9^4 = 852.93
    expect(trainingTimeSeconds('huscarl', 5)).toBe(853);
    // 70000 * 0.9^9 / 3 = 9039.8
    expect(trainingTimeSeconds('jarl', 10, 3)).toBe(9040);
  });

  it('costs the unit price times the count', () => {
    expect(trainingCost('bondi', 10)).toEqual({ timber: 800, stone: 600, iron: 400, mead: 300 });
  });
});

describe('armies', () => {
  const army = { bondi: 10, mounted_jarl: 2, catapult: 1, huscarl: 0 };

  it('moves at the slowest unit and carries the sum', () => {
    expect(slowestSpeed(army)).toBe(3);
    expect(slowestSpeed({ viking_raider: 5, mounted_jarl: 1 })).toBe(9);
    expect(slowestSpeed({})).toBeNull();
    expect(carryCapacity(army)).toBe(10 * 40 + 2 * 100);
  });

  it('measures the cavalry share by head count', () => {
    expect(cavalryShare(army)).toBeCloseTo(2 / 13, 10);
    expect(cavalryShare({})).toBe(0);
  });
});
