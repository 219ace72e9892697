// Armies on the map as arithmetic: a marker's place between departure and arrival, which lines cross the view, which
// marker is under the pointer, and when markers must be drawn again.
import { describe, expect, it } from 'vitest';
import type { MapMovement } from '../state/mapMovements';
import { tileToScreen, type ViewGeometry } from './coords';
import { markerSize, movementsInView, nextArrival, nextMarkerMove, onTheRoad, pickMarker, positionAt, progressAt, segmentMeetsRect, viewRect } from './movements';

const WORLD = 'w1';

function march(id: string, from: [number, number], to: [number, number], { departsAt = 0, arrivesAt = 100_000, own = true, worldId = WORLD } = {}): MapMovement {
  return {
    id,
    kind: 'attack',
    own,
    worldId,
    from: { id: `f-${id}`, name: 'From', x: from[0], y: from[1] },
    to: { id: `t-${id}`, name: 'To', x: to[0], y: to[1] },
    departsAt,
    arrivesAt,
    units: own ? { viking_raider: 5 } : null,
    merchants: 0,
  };
}

/** 21 x 21 tiles of 20 px around (0|0). */
const VIEW: ViewGeometry = { width: 420, height: 420, tileSize: 20, centreX: 0, centreY: 0 };

describe('progressAt and positionAt', () => {
  const route = march('a', [0, 0], [10, -20], { departsAt: 1000, arrivesAt: 11_000 });

  it('interpolate linearly between the departure and the arrival instants', () => {
    expect(progressAt(route, 1000)).toBe(0);
    expect(progressAt(route, 6000)).toBe(0.5);
    expect(progressAt(route, 11_000)).toBe(1);
    expect(positionAt(route, 1000)).toEqual({ x: 0, y: 0 });
    expect(positionAt(route, 3500)).toEqual({ x: 2.5, y: -5 });
    expect(positionAt(route, 6000)).toEqual({ x: 5, y: -10 });
  });

  it('stay at the origin before departure and at the target after arrival', () => {
    expect(positionAt(route, 0)).toEqual({ x: 0, y: 0 });
    expect(positionAt(route, 50_000)).toEqual({ x: 10, y: -20 });
  });

  it('handle a movement with no duration', () => {
    const instant = march('b', [1, 1], [2, 2], { departsAt: 5000, arrivesAt: 5000 });
    expect(progressAt(instant, 4999)).toBe(0);
    expect(progressAt(instant, 5000)).toBe(1);
  });

  it('takes a movement off the road at its arrival', () => {
    expect(onTheRoad(route, 10_999)).toBe(true);
    expect(onTheRoad(route, 11_000)).toBe(false);
  });
});

describe('segmentMeetsRect', () => {
  const rect = { minX: 0, maxX: 10, minY: 0, maxY: 10 };

  it('finds segments inside, crossing or touching the rectangle', () => {
    expect(segmentMeetsRect({ x: 2, y: 2 }, { x: 3, y: 3 }, rect)).toBe(true);
    expect(segmentMeetsRect({ x: -50, y: 5 }, { x: 50, y: 5 }, rect)).toBe(true);
    expect(segmentMeetsRect({ x: -5, y: -5 }, { x: 20, y: 20 }, rect)).toBe(true);
    expect(segmentMeetsRect({ x: 10, y: 20 }, { x: 10, y: 10 }, rect)).toBe(true);
  });

  it('leaves out segments beside it, and one that passes a corner outside', () => {
    expect(segmentMeetsRect({ x: 11, y: 0 }, { x: 20, y: 10 }, rect)).toBe(false);
    expect(segmentMeetsRect({ x: -5, y: 12 }, { x: 5, y: 22 }, rect)).toBe(false);
    // Along the line y = x + 11: it would cross x = 0 at y = 11, above the corner (0|10).
    expect(segmentMeetsRect({ x: -10, y: 1 }, { x: 5, y: 16 }, rect)).toBe(false);
  });
});

describe('movementsInView', () => {
  it('shows movements of the world still on the road whose line crosses the view, incoming ones last', () => {
    const movements = [
      march('incoming', [30, 0], [0, 0], { own: false }),
      march('inside', [1, 1], [3, 3]),
      march('across', [-40, 2], [40, 2]),
      march('far', [40, 40], [60, 60]),
      march('other world', [1, 1], [2, 2], { worldId: 'w2' }),
      march('arrived', [1, 1], [2, 2], { arrivesAt: 10 }),
    ];
    const shown = movementsInView(movements, VIEW, { worldId: WORLD, now: 50 });
    expect(shown.map((m) => m.id)).toEqual(['inside', 'across', 'incoming']);
  });

  it('counts a margin around the view', () => {
    expect(viewRect(VIEW)).toEqual({ minX: -11, maxX: 11, minY: -11, maxY: 11 });
    const beyond = march('beyond', [12, 30], [12, -30]);
    expect(movementsInView([beyond], VIEW, { worldId: WORLD, now: 0 })).toEqual([]);
    expect(movementsInView([beyond], VIEW, { worldId: WORLD, now: 0, margin: 40 })).toEqual([beyond]);
  });
});

describe('pickMarker', () => {
  const a = march('a', [0, 0], [10, 0], { departsAt: 0, arrivesAt: 10_000 });
  const b = march('b', [5, 5], [5, -5], { departsAt: 0, arrivesAt: 10_000, own: false });

  it('finds the marker under a point at its place at that instant, not at its origin', () => {
    const at = tileToScreen(VIEW, { x: 5, y: 0 });
    expect(pickMarker(VIEW, [a], at, 5000)?.id).toBe('a');
    expect(pickMarker(VIEW, [a], tileToScreen(VIEW, { x: 0, y: 0 }), 5000)).toBeNull();
    const half = markerSize(VIEW.tileSize) / 2;
    expect(pickMarker(VIEW, [a], { sx: at.sx + half + 2, sy: at.sy }, 5000)?.id).toBe('a');
    expect(pickMarker(VIEW, [a], { sx: at.sx + half + 6, sy: at.sy }, 5000)).toBeNull();
  });

  it('takes the topmost (last drawn) of overlapping markers', () => {
    const at = tileToScreen(VIEW, { x: 5, y: 0 });
    expect(pickMarker(VIEW, [a, b], at, 5000)?.id).toBe('b');
    expect(pickMarker(VIEW, [b, a], at, 5000)?.id).toBe('a');
  });
});

describe('markerSize', () => {
  it('stays between 10 and 18 px', () => {
    expect(markerSize(5)).toBe(10);
    expect(markerSize(30)).toBeCloseTo(12.6);
    expect(markerSize(100)).toBe(18);
  });
});

describe('nextMarkerMove and nextArrival', () => {
  it('is the instant the fastest marker has moved the step on screen', () => {
    // 10 tiles of 20 px in 10 s: 0.02 px per ms, half a pixel in 25 ms.
    const fast = march('fast', [0, 0], [10, 0], { departsAt: 0, arrivesAt: 10_000 });
    // 1 tile in 1000 s: 0.00002 px per ms.
    const slow = march('slow', [0, 0], [1, 0], { departsAt: 0, arrivesAt: 1_000_000 });
    expect(nextMarkerMove(VIEW, [slow, fast], { now: 1000, step: 0.5 })).toBeCloseTo(1025);
    expect(nextMarkerMove(VIEW, [slow], { now: 1000, step: 0.5 })).toBeCloseTo(26_000);
    // With reduced motion, never sooner than a second.
    expect(nextMarkerMove(VIEW, [fast], { now: 1000, step: 0.5, minDelay: 1000 })).toBe(2000);
  });

  it('is Infinity when nothing on the road moves, and a departure still to come counts', () => {
    const arrived = march('done', [0, 0], [10, 0], { departsAt: 0, arrivesAt: 500 });
    const still = march('still', [3, 3], [3, 3], { departsAt: 0, arrivesAt: 10_000 });
    expect(nextMarkerMove(VIEW, [arrived, still], { now: 1000, step: 0.5 })).toBe(Number.POSITIVE_INFINITY);
    const later = march('later', [0, 0], [10, 0], { departsAt: 3000, arrivesAt: 13_000 });
    expect(nextMarkerMove(VIEW, [later], { now: 1000, step: 0.5 })).toBe(3000);
  });

  it('nextArrival is the first arrival still to come', () => {
    const routes = [{ arrivesAt: 500 }, { arrivesAt: 4000 }, { arrivesAt: 2000 }];
    expect(nextArrival(routes, 1000)).toBe(2000);
    expect(nextArrival(routes, 5000)).toBe(Number.POSITIVE_INFINITY);
  });
});
