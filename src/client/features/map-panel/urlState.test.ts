// Map URL state: centre and radius survive a reload and a shared link; bad values fall back.
import { describe, expect, it } from 'vitest';
import { parseMapView, showsView, withMapView } from './urlState';

const q = (text: string) => new URLSearchParams(text);

describe('parseMapView', () => {
  it('reads centre and radius', () => {
    expect(parseMapView(q('x=12&y=-4&r=15'))).toEqual({ centre: { x: 12, y: -4 }, radius: 15 });
  });

  it('names no view without parameters', () => {
    expect(parseMapView(q(''))).toBeNull();
    expect(parseMapView(q('tab=1'))).toBeNull();
  });

  it('needs both coordinates for a centre', () => {
    expect(parseMapView(q('x=3&r=9'))).toEqual({ centre: null, radius: 9 });
    expect(parseMapView(q('x=3'))).toBeNull();
  });

  it('ignores values that are not whole numbers or lie off the map', () => {
    expect(parseMapView(q('x=1.5&y=2'))).toBeNull();
    expect(parseMapView(q('x=abc&y=2'))).toBeNull();
    expect(parseMapView(q('x=201&y=0'))).toBeNull();
    expect(parseMapView(q('x=-200&y=200'))).toEqual({ centre: { x: -200, y: 200 }, radius: null });
    expect(parseMapView(q('x=0&y=0&r=4'))).toEqual({ centre: { x: 0, y: 0 }, radius: null });
    expect(parseMapView(q('x=0&y=0&r=26'))).toEqual({ centre: { x: 0, y: 0 }, radius: null });
    expect(parseMapView(q('x=0&y=0&r=25'))).toEqual({ centre: { x: 0, y: 0 }, radius: 25 });
  });
});

describe('withMapView', () => {
  it('writes the view and keeps other parameters', () => {
    const next = withMapView(q('tab=1&x=0'), { x: -7, y: 42, radius: 11 });
    expect(next.toString()).toBe('tab=1&x=-7&y=42&r=11');
    expect(showsView(next, { x: -7, y: 42, radius: 11 })).toBe(true);
    expect(showsView(next, { x: -7, y: 42, radius: 13 })).toBe(false);
  });

  it('round-trips through parseMapView', () => {
    const view = { x: 199, y: -200, radius: 5 };
    expect(parseMapView(withMapView(q(''), view))).toEqual({ centre: { x: 199, y: -200 }, radius: 5 });
  });
});
