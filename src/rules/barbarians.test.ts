import { describe, expect, it } from 'vitest';
import {
  BARBARIAN_BUILDINGS,
  BARBARIAN_LEVEL_CAPS,
  BARBARIANS_NEAR_CAPITAL,
  MEAD_SPARE_PER_HOUR,
  NEIGHBOURHOOD_RADIUS,
  barbarianSitesNear,
  barbarianSize,
  barbarianTroopTarget,
  growOnce,
  growthIntervalMs,
  isFullyGrown,
  meadSpare,
  nextGrowthAt,
  nextGrowthBuilding,
  troopRegrowth,
  worldBarbarianCount,
  worldBarbarianSites,
  type GrowingVillage,
} from './barbarians';
import { seededRandom } from './battle';
import { distance, MIN_VILLAGE_SPACING } from './world';

function newBarbarian(): GrowingVillage {
  return {
    buildings: BARBARIAN_BUILDINGS.map((b) => ({ ...b, upgradeFinishesAt: null, updatedAt: 0 })),
    units: barbarianTroopTarget(BARBARIAN_BUILDINGS),
  };
}

const levelsOf = (village: GrowingVillage, type: string) => village.buildings.filter((b) => b.type === type).map((b) => b.level);

describe('a new barbarian village', () => {
  it('has fields at 1, mead halls at 3, a great hall, wall and stores at 1 (size 34)', () => {
    const village = newBarbarian();
    expect(levelsOf(village, 'timber_camp')).toEqual([1, 1, 1, 1]);
    expect(levelsOf(village, 'mead_hall')).toEqual([3, 3, 3, 3, 3, 3]);
    expect(levelsOf(village, 'wall')).toEqual([1]);
    expect(barbarianSize(village.buildings)).toBe(34);
  });

  it('starts with its troop target: 0.4 bondi and 0.2 shieldmaidens per level, rounded down', () => {
    expect(barbarianTroopTarget(BARBARIAN_BUILDINGS)).toEqual({ bondi: 13, shieldmaiden: 6 });
  });

  it('feeds its people and its troops: 90 mead - 47 inhabitants - 19 upkeep = 24 spare', () => {
    expect(meadSpare(BARBARIAN_BUILDINGS)).toBe(24);
  });
});

describe('barbarian growth', () => {
  it('raises the lowest building first, ties by slot', () => {
    const village = newBarbarian();
    const step = growOnce(village, 1000);
    expect(step.raised).toEqual({ type: 'timber_camp', level: 2 });
    expect(village.buildings[0]).toMatchObject({ slot: 1, level: 2, updatedAt: 1000 });
    expect(growOnce(village, 2000).raised).toEqual({ type: 'timber_camp', level: 2 });
    expect(village.buildings[1]).toMatchObject({ slot: 2, level: 2 });
  });

  it('raises a mead hall first while less than the spare mead is left', () => {
    const village = newBarbarian();
    // Raise every non-mead field until the spare runs low, as growth would.
    while (meadSpare(village.buildings) >= MEAD_SPARE_PER_HOUR) growOnce(village, 0);
    expect(nextGrowthBuilding(village.buildings)?.type).toBe('mead_hall');
  });

  it('never lets its mead fall short of its inhabitants and full troops, all the way to its caps', () => {
    const village = newBarbarian();
    let steps = 0;
    while (!isFullyGrown(village)) {
      growOnce(village, steps);
      steps += 1;
      expect(meadSpare(village.buildings)).toBeGreaterThanOrEqual(0);
      expect(steps).toBeLessThan(1000);
    }
    // Every building that grows ends at its cap: 18 fields and 4 inner buildings at 10, 220 levels in all.
    for (const b of village.buildings) expect(b.level).toBe(BARBARIAN_LEVEL_CAPS[b.type]);
    expect(barbarianSize(village.buildings)).toBe(220);
    expect(village.units).toEqual({ bondi: 88, shieldmaiden: 44 });
    // One level a step: 220 - 34 = 186 steps from founding to the caps, then one more for the troops the last level adds.
    expect(steps).toBe(187);
  });

  it('skips a building being upgraded and grows nothing past its cap', () => {
    const village = newBarbarian();
    for (const b of village.buildings) b.level = BARBARIAN_LEVEL_CAPS[b.type] ?? 0;
    expect(nextGrowthBuilding(village.buildings)).toBeNull();
    const wall = village.buildings.find((b) => b.type === 'wall')!;
    wall.level = 3;
    wall.upgradeFinishesAt = 5;
    expect(nextGrowthBuilding(village.buildings)).toBeNull();
    wall.upgradeFinishesAt = null;
    expect(nextGrowthBuilding(village.buildings)).toBe(wall);
  });

  it('regrows troops by a tenth of the target a step (at least one), never past it', () => {
    expect(troopRegrowth({}, { bondi: 40, shieldmaiden: 5 })).toEqual({ bondi: 4, shieldmaiden: 1 });
    expect(troopRegrowth({ bondi: 38 }, { bondi: 40 })).toEqual({ bondi: 2 });
    expect(troopRegrowth({ bondi: 50 }, { bondi: 40 })).toEqual({});
  });

  it('brings troops wiped out in a raid back within ten steps', () => {
    const village = newBarbarian();
    for (const b of village.buildings) b.level = BARBARIAN_LEVEL_CAPS[b.type] ?? 0;
    village.units = {};
    expect(isFullyGrown(village)).toBe(false);
    for (let i = 0; i < 10; i++) growOnce(village, i);
    expect(village.units).toEqual({ bondi: 88, shieldmaiden: 44 });
    expect(isFullyGrown(village)).toBe(true);
  });

  it('steps every 6 hours at speed 1, divided by the world speed; none once fully grown', () => {
    expect(growthIntervalMs(1)).toBe(6 * 3_600_000);
    expect(growthIntervalMs(10)).toBe(36 * 60_000);
    const village = newBarbarian();
    expect(nextGrowthAt(village, 1000, 1)).toBe(1000 + 6 * 3_600_000);
    for (const b of village.buildings) b.level = BARBARIAN_LEVEL_CAPS[b.type] ?? 0;
    village.units = barbarianTroopTarget(village.buildings);
    expect(nextGrowthAt(village, 1000, 1)).toBeNull();
  });
});

describe('where barbarian villages stand', () => {
  const land = (villages: { x: number; y: number }[] = []) => ({ worldSize: 200, isEmptyLand: (x: number) => x % 7 !== 0, villages });

  it('finds sites near a capital on empty land, inside the radius, apart from every village and from each other', () => {
    const capital = { x: 50, y: 50 };
    const sites = barbarianSitesNear(capital, BARBARIANS_NEAR_CAPITAL, land([capital]), seededRandom('near'));
    expect(sites).toHaveLength(3);
    for (const [i, s] of sites.entries()) {
      expect(distance(s.x, s.y, capital.x, capital.y)).toBeLessThanOrEqual(NEIGHBOURHOOD_RADIUS);
      expect(distance(s.x, s.y, capital.x, capital.y)).toBeGreaterThanOrEqual(MIN_VILLAGE_SPACING);
      expect(s.x % 7).not.toBe(0);
      for (const t of sites.slice(i + 1)) expect(distance(s.x, s.y, t.x, t.y)).toBeGreaterThanOrEqual(MIN_VILLAGE_SPACING);
    }
  });

  it('finds fewer when the land is full, and none outside the world', () => {
    expect(barbarianSitesNear({ x: 0, y: 0 }, 3, { ...land(), isEmptyLand: () => false }, seededRandom('x'))).toEqual([]);
    const corner = barbarianSitesNear({ x: 200, y: 200 }, 50, land(), seededRandom('corner'));
    expect(corner.length).toBeGreaterThan(0);
    for (const s of corner) expect(Math.max(s.x, s.y)).toBeLessThanOrEqual(200);
  });

  it('makes a world with one barbarian village per 1200 tiles, spread over it', () => {
    expect(worldBarbarianCount(200)).toBe(134);
    expect(worldBarbarianCount(45)).toBe(6);
    expect(worldBarbarianCount(10)).toBe(0);
    const sites = worldBarbarianSites(land(), seededRandom('world'));
    expect(sites).toHaveLength(134);
    const quadrants = new Set(sites.map((s) => `${Math.sign(s.x)}${Math.sign(s.y)}`));
    expect(quadrants.size).toBeGreaterThanOrEqual(4);
  });
});
