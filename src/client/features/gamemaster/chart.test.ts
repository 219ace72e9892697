import { describe, expect, it } from 'vitest';
import { barLayout, linePoints, niceMax, pointsAttribute } from './chart';

describe('niceMax', () => {
  it('rounds the top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax([0, 3, 7])).toBe(10);
    expect(niceMax([1])).toBe(1);
    expect(niceMax([11])).toBe(20);
    expect(niceMax([20])).toBe(20);
    expect(niceMax([21])).toBe(50);
    expect(niceMax([51])).toBe(100);
    expect(niceMax([0.3])).toBe(0.5);
    expect(niceMax([1234])).toBe(2000);
  });

  it('is 1 for an empty or all-zero series so nothing divides by zero', () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([-5, Number.NaN])).toBe(1);
  });
});

describe('barLayout', () => {
  it('fills the width with equal slots and scales heights from the bottom', () => {
    const bars = barLayout([5, 10, 0, 2.5], 400, 100);
    expect(bars).toHaveLength(4);
    expect(bars.map((b) => b.height)).toEqual([50, 100, 0, 25]);
    expect(bars.map((b) => b.y)).toEqual([50, 0, 100, 75]);
    // Slots of 100 with a gap of 20: bars 80 wide, starting 10 in.
    expect(bars[1]).toMatchObject({ x: 110, width: 80 });
    expect(bars[3].x + bars[3].width).toBe(390);
  });

  it('takes a given scale top and never draws below the axis', () => {
    expect(barLayout([50, -3], 100, 100, 200).map((b) => b.height)).toEqual([25, 0]);
    expect(barLayout([], 100, 100)).toEqual([]);
  });
});

describe('linePoints', () => {
  it('spreads points from edge to edge and scales them', () => {
    expect(linePoints([0, 5, 10], 200, 100)).toEqual([
      [0, 100],
      [100, 50],
      [200, 0],
    ]);
  });

  it('puts a single point in the middle', () => {
    expect(linePoints([4], 200, 100, 8)).toEqual([[100, 50]]);
  });

  it('writes an SVG points attribute rounded to a tenth', () => {
    expect(pointsAttribute([[0, 100], [33.333, 12.25]])).toBe('0,100 33.3,12.3');
  });
});
