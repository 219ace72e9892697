// Coordinate kinds: tile, world pixel and screen pixel conversions, and arithmetic picking.
import { describe, expect, it } from 'vitest';
import { dragToTiles, screenToTile, splitCentre, tileScreenRect, tileSizeFor, tileToScreen, viewGeometry, visibleTiles } from './coords';

describe('screen <-> tile', () => {
  // A 630 px stage at radius 10: 21 tiles of 30 px, centre tile (5|-66) drawn at 300..330.
  const view = viewGeometry(630, 630, { x: 5, y: -66 }, 10);

  it('fits 2r+1 tiles across the shorter side', () => {
    expect(view.tileSize).toBe(30);
    expect(tileSizeFor(800, 510, 25)).toBe(10);
  });

  it('puts the centre tile at the centre of the stage', () => {
    expect(screenToTile(view, { sx: 315, sy: 315 })).toEqual({ x: 5, y: -66 });
    expect(tileToScreen(view, { x: 5, y: -66 })).toEqual({ sx: 315, sy: 315 });
    expect(tileScreenRect(view, { x: 5, y: -66 })).toEqual({ left: 300, top: 300, size: 30 });
  });

  it('has the highest y at the top and x growing to the right', () => {
    expect(screenToTile(view, { sx: 0.5, sy: 0.5 })).toEqual({ x: -5, y: -56 });
    expect(screenToTile(view, { sx: 629.5, sy: 629.5 })).toEqual({ x: 15, y: -76 });
    expect(screenToTile(view, { sx: 345, sy: 315 })).toEqual({ x: 6, y: -66 });
    expect(screenToTile(view, { sx: 315, sy: 285 })).toEqual({ x: 5, y: -65 });
  });

  it('never answers -0 for the tile left of 1 (a world map test once failed on it when a village stood at x 10)', () => {
    const near = viewGeometry(630, 630, { x: 10, y: 0 }, 10);
    expect(Object.is(screenToTile(near, { sx: 5, sy: 315 }).x, 0)).toBe(true);
  });

  it('picks by tile edges: the last pixel of a tile belongs to it, the next to its neighbour', () => {
    expect(screenToTile(view, { sx: 329.9, sy: 315 }).x).toBe(5);
    expect(screenToTile(view, { sx: 330.1, sy: 315 }).x).toBe(6);
  });

  it('round-trips every tile on screen', () => {
    for (let x = -5; x <= 15; x++) {
      for (let y = -76; y <= -56; y++) expect(screenToTile(view, tileToScreen(view, { x, y }))).toEqual({ x, y });
    }
  });

  it('follows a fractional centre during a drag', () => {
    const dragged = { ...view, centreX: 5.4 };
    // The centre tile moved 0.4 tiles (12 px) left.
    expect(tileToScreen(dragged, { x: 5, y: -66 }).sx).toBeCloseTo(303);
    expect(screenToTile(dragged, { sx: 315, sy: 315 })).toEqual({ x: 5, y: -66 });
    expect(screenToTile(dragged, { sx: 319, sy: 315 })).toEqual({ x: 6, y: -66 });
  });
});

describe('visibleTiles', () => {
  it('is the 2r+1 square for a whole centre', () => {
    expect(visibleTiles(viewGeometry(630, 630, { x: 0, y: 0 }, 10))).toEqual({ minX: -10, maxX: 10, minY: -10, maxY: 10 });
  });

  it('grows by one column while half a tile is dragged in', () => {
    expect(visibleTiles({ ...viewGeometry(630, 630, { x: 0, y: 0 }, 10), centreX: 0.3 })).toEqual({ minX: -10, maxX: 11, minY: -10, maxY: 10 });
  });

  it('shows more columns on a wide stage', () => {
    expect(visibleTiles(viewGeometry(900, 630, { x: 0, y: 0 }, 10))).toMatchObject({ minX: -15, maxX: 15 });
  });
});

describe('drags', () => {
  it('moves the centre against the drag, y upwards when dragging down', () => {
    expect(dragToTiles({ tileSize: 30 }, 60, 0)).toEqual({ x: -2, y: 0 });
    expect(dragToTiles({ tileSize: 30 }, 0, 45)).toEqual({ x: -0, y: 1.5 });
  });

  it('splits a centre into the camera tile and the rest', () => {
    expect(splitCentre(3.4, -2.6)).toEqual({ tile: { x: 3, y: -3 }, restX: expect.closeTo(0.4), restY: expect.closeTo(0.4) });
  });
});
