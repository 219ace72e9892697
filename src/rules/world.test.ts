// Pins world bounds, distance, travel time and capital placement.
import { describe, it, expect } from 'vitest';
import {
  CAPITAL_RING_MAX,
  CAPITAL_RING_MIN,
  PointGrid,
  distance,
  findCapitalSpot,
  isInCapitalRing,
  isInsideWorld,
  travelTimeHours,
  travelTimeSeconds,
} from './world';

/** A small seeded generator so the capital search is replayable. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('world bounds', () => {
  it('runs from -200 to 200 by default and can be resized', () => {
    expect(isInsideWorld(200, -200)).toBe(true);
    expect(isInsideWorld(201, 0)).toBe(false);
    expect(isInsideWorld(0, -201)).toBe(false);
    expect(isInsideWorld(60, 0, 50)).toBe(false);
    expect(isInsideWorld(0.5, 0)).toBe(false);
  });
});

describe('distance and travel', () => {
  it('is Euclidean', () => {
    expect(distance(0, 0, 3, 4)).toBe(5);
    expect(distance(-2, -3, 1, 1)).toBe(5);
    expect(distance(7, 7, 7, 7)).toBe(0);
  });

  it('takes distance / speed hours, shortened by the world speed', () => {
    expect(travelTimeHours(12)).toBe(2);
    expect(travelTimeHours(12, 4)).toBe(3);
    expect(travelTimeHours(12, 6, 2)).toBe(1);
    expect(travelTimeSeconds(10)).toBe(6000);
    expect(travelTimeSeconds(1, 7)).toBe(514);
  });
});

describe('capital placement', () => {
  it('keeps capitals in the ring 40..120 tiles from the centre', () => {
    expect(isInCapitalRing(39, 0)).toBe(false);
    expect(isInCapitalRing(40, 0)).toBe(true);
    expect(isInCapitalRing(0, -120)).toBe(true);
    expect(isInCapitalRing(85, 85)).toBe(false);
  });

  it('finds a free empty tile at least 3 tiles from other villages', () => {
    const random = mulberry32(7);
    const villages: { x: number; y: number }[] = [];
    for (let i = 0; i < 200; i++) {
      const spot = findCapitalSpot({ random, isEmptyLand: (x, y) => (x + y) % 3 !== 0, villages });
      expect(spot).not.toBeNull();
      if (!spot) return;
      const fromCentre = distance(0, 0, spot.x, spot.y);
      expect(fromCentre).toBeGreaterThanOrEqual(CAPITAL_RING_MIN);
      expect(fromCentre).toBeLessThanOrEqual(CAPITAL_RING_MAX);
      expect((spot.x + spot.y) % 3).not.toBe(0);
      for (const v of villages) expect(distance(spot.x, spot.y, v.x, v.y)).toBeGreaterThanOrEqual(3);
      villages.push(spot);
    }
  });

  it('gives up when no tile qualifies', () => {
    expect(findCapitalSpot({ random: mulberry32(1), isEmptyLand: () => false, villages: [], attempts: 50 })).toBeNull();
  });

  it('takes only a site the further wish accepts, asked last', () => {
    const asked: string[] = [];
    const spot = findCapitalSpot({
      random: mulberry32(5),
      isEmptyLand: () => true,
      villages: [],
      isGoodSite: (x, y) => {
        asked.push(`${x}|${y}`);
        return x > 0 && y > 0;
      },
    });
    expect(spot!.x).toBeGreaterThan(0);
    expect(spot!.y).toBeGreaterThan(0);
    // Every site asked about had already passed the ring: the wish is never asked of one that fails a rule.
    for (const site of asked) {
      const [x, y] = site.split('|').map(Number);
      expect(Math.hypot(x, y)).toBeGreaterThanOrEqual(40);
    }
    expect(findCapitalSpot({ random: mulberry32(5), isEmptyLand: () => true, villages: [], attempts: 50, isGoodSite: () => false })).toBeNull();
  });

  it('PointGrid finds the points a look at every point finds, across its cells and around negative coordinates', () => {
    const random = mulberry32(11);
    const points = Array.from({ length: 400 }, () => ({ x: Math.floor(random() * 200) - 100, y: Math.floor(random() * 200) - 100 }));
    const grid = new PointGrid(points.slice(0, 300));
    for (const p of points.slice(300)) grid.add(p);
    for (const [x, y, radius] of [[0, 0, 10], [-17, 33, 13], [15, 16, 3], [-100, -100, 25], [99, -1, 0]] as const) {
      const byScan = points.filter((p) => distance(x, y, p.x, p.y) <= radius);
      const byGrid = grid.near(x, y, radius);
      expect(byGrid).toHaveLength(byScan.length);
      expect(new Set(byGrid)).toEqual(new Set(byScan));
    }
  });

  it('findCapitalSpot picks the same tile with the villages filed in a PointGrid as with their list', () => {
    const villages: { x: number; y: number }[] = [];
    const grid = new PointGrid();
    for (let i = 0; i < 150; i++) {
      const fromList = findCapitalSpot({ random: mulberry32(100 + i), isEmptyLand: (x, y) => (x * y) % 5 !== 1, villages });
      const fromGrid = findCapitalSpot({ random: mulberry32(100 + i), isEmptyLand: (x, y) => (x * y) % 5 !== 1, villages: grid });
      expect(fromGrid).toEqual(fromList);
      if (!fromList) return;
      villages.push(fromList);
      grid.add(fromList);
    }
  });
});
