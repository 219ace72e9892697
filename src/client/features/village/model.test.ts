// Village page helpers: shortfalls, upgrade blocks, build options, recent buildings and the army summary.
import { describe, expect, it } from 'vitest';
import type { Building, Unit } from '../../api/villages';
import { armySummary, buildOptions, freeInnerSlots, nextLevelPreview, notEnoughMessage, recentBuildings, shortfall, upgradeBlock } from './model';

function building(slot: number, type: Building['type'], level: number, upgrading: number | null = null, changedMinutesAgo = 60 - slot): Building {
  return {
    updatedAt: new Date(Date.UTC(2026, 0, 1, 12) - changedMinutesAgo * 60_000).toISOString(),
    id: `b${slot}`,
    slot,
    type,
    level,
    isUpgrading: upgrading !== null,
    remainingTime: upgrading,
    upgradeFinishesAt: upgrading === null ? null : new Date(upgrading * 1000).toISOString(),
  };
}

function unit(type: Unit['type'], count: number): Unit {
  return { id: type, type, count, isTraining: false, remainingTime: null };
}

const rich = { timber: 10_000, stone: 10_000, iron: 10_000, mead: 10_000 };

describe('village page helpers', () => {
  it('names what is missing', () => {
    expect(shortfall({ timber: 39.9, stone: 100, iron: 0, mead: 60 }, { timber: 40, stone: 100, iron: 50, mead: 60 })).toEqual(['timber', 'iron']);
    expect(notEnoughMessage(['timber'])).toBe('Not enough timber');
    expect(notEnoughMessage(['timber', 'iron'])).toBe('Not enough timber and iron');
    expect(notEnoughMessage(['timber', 'stone', 'mead'])).toBe('Not enough timber, stone and mead');
  });

  it('previews the next level with the great hall and the world speed, and none at level 30', () => {
    const hall = building(19, 'great_hall', 3);
    const camp = building(1, 'timber_camp', 0);
    // 260 s x 0.964^2 / 2
    expect(nextLevelPreview(camp, [camp, hall], 2)).toEqual({ level: 1, cost: { timber: 40, stone: 100, iron: 50, mead: 60 }, seconds: 121 });
    expect(nextLevelPreview(building(2, 'timber_camp', 30), [hall], 1)).toBeNull();
  });

  it('blocks an upgrade at level 30, while upgrading, while another construction runs, and without resources', () => {
    const top = building(1, 'timber_camp', 30);
    const busy = building(2, 'timber_camp', 3, 40);
    const idle = building(3, 'timber_camp', 3);
    expect(upgradeBlock(top, [top], null, rich)).toBe('Building is already at the maximum level (30)');
    expect(upgradeBlock(busy, [busy, idle], null, rich)).toBe('This building is already being upgraded');
    expect(upgradeBlock(idle, [busy, idle], nextLevelPreview(idle, [busy, idle], 1), rich)).toBe(
      'Another construction is already in progress in this village',
    );
    const preview = nextLevelPreview(idle, [idle], 1);
    expect(upgradeBlock(idle, [idle], preview, rich)).toBeNull();
    expect(upgradeBlock(idle, [idle], preview, { ...rich, stone: 0 })).toBe('Not enough stone');
  });

  it('lists the free inner slots and which buildings may go there', () => {
    const buildings = [building(19, 'great_hall', 3), building(20, 'warehouse', 1), building(21, 'barracks', 1)];
    expect(freeInnerSlots(buildings)).toEqual(Array.from({ length: 19 }, (_, i) => 22 + i));
    const options = new Map(buildOptions(buildings).map((o) => [o.type, o]));
    expect(options.get('warehouse')?.available).toBe(true);
    expect(options.get('barracks')).toMatchObject({ available: false, alreadyBuilt: true });
    expect(options.get('academy')).toMatchObject({ available: false, missing: ['Barracks level 3'] });
    expect(options.get('marketplace')?.missing).toEqual(['Granary level 1']);
  });

  it('keeps the five most recently changed buildings, skipping untouched fields, and five unit types with units at home', () => {
    const buildings = [
      building(1, 'timber_camp', 2, null, 5),
      building(2, 'timber_camp', 0, null, 0),
      building(19, 'great_hall', 5, null, 50),
      building(20, 'wall', 1, 300, 1),
      building(21, 'barracks', 3, 30, 30),
      building(5, 'stone_quarry', 1, null, 10),
      building(9, 'iron_mine', 1, null, 20),
    ];
    expect(recentBuildings(buildings).map((b) => b.slot)).toEqual([20, 1, 5, 9, 21]);
    const units = [unit('bondi', 3), unit('huscarl', 0), unit('berserker', 10), unit('jarl', 1), unit('catapult', 2), unit('longship', 4), unit('drakkar', 5)];
    expect(armySummary(units).map((u) => u.type)).toEqual(['berserker', 'drakkar', 'longship', 'bondi', 'catapult']);
  });
});
