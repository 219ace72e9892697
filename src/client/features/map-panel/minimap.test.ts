// The minimap's geometry: tiles to points and back, north up, the view's rectangle cut to the minimap, the keys' step,
// and a row of the ground picture in the terrain generator's colours.
import { describe, expect, it } from 'vitest';
import { terrainAt } from '../../../rules/terrain';
import { minimapPoint, minimapStep, minimapTile, minimapView } from './minimap';
import { paintTerrainRow, type TerrainColours } from './minimapTerrain';

/** A 401 x 401 world in 401 px: one pixel per tile. */
const WORLD = { size: 200, pixels: 401 };
/** A 21 x 21 world in 210 px: ten pixels per tile. */
const SMALL = { size: 10, pixels: 210 };

describe('minimap geometry', () => {
  it('puts (0|0) in the middle, west left and north up', () => {
    expect(minimapPoint(WORLD, { x: 0, y: 0 })).toEqual({ px: 200.5, py: 200.5 });
    expect(minimapPoint(WORLD, { x: -200, y: 200 })).toEqual({ px: 0.5, py: 0.5 });
    expect(minimapPoint(SMALL, { x: 10, y: -10 })).toEqual({ px: 205, py: 205 });
  });

  it('turns a point back into the tile it shows, kept inside the world', () => {
    expect(minimapTile(SMALL, { px: 105, py: 105 })).toEqual({ x: 0, y: 0 });
    expect(minimapTile(SMALL, { px: 0, py: 0 })).toEqual({ x: -10, y: 10 });
    expect(minimapTile(SMALL, { px: 209.9, py: 209.9 })).toEqual({ x: 10, y: -10 });
    expect(minimapTile(SMALL, { px: 250, py: -40 })).toEqual({ x: 10, y: 10 });
    for (const tile of [{ x: 3, y: -7 }, { x: -10, y: 10 }, { x: 0, y: 0 }]) {
      const point = minimapPoint(SMALL, tile);
      expect(minimapTile(SMALL, point)).toEqual(tile);
    }
  });

  it("draws the view's (2r + 1)^2 tiles as a rectangle, cut where it leaves the world", () => {
    expect(minimapView(SMALL, { x: 0, y: 0, radius: 2 })).toEqual({ x: 80, y: 80, width: 50, height: 50 });
    expect(minimapView(SMALL, { x: -10, y: 10, radius: 2 })).toEqual({ x: 0, y: 0, width: 30, height: 30 });
    expect(minimapView(SMALL, { x: 40, y: 0, radius: 2 })).toBeNull();
  });

  it('moves a tenth of the world per key, at least an arrow button step', () => {
    expect(minimapStep(200)).toBe(40);
    expect(minimapStep(10)).toBe(5);
  });
});

describe('paintTerrainRow', () => {
  const colours: TerrainColours = { empty: '#010203', forest: '#0a0b0c', mountain: '#141516', water: '#1e1f20', oasis: '#28292a' };

  it('paints each tile of a row north first in its terrain colour, opaque', () => {
    const size = 20;
    const side = 2 * size + 1;
    const pixels = new Uint8ClampedArray(side * side * 4);
    paintTerrainRow({ seed: 1234, size, colours }, 3, pixels);
    for (let column = 0; column < side; column++) {
      const type = terrainAt(1234, column - size, size - 3).type;
      const hex = Number.parseInt(colours[type].slice(1), 16);
      const at = (3 * side + column) * 4;
      expect([pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]]).toEqual([(hex >> 16) & 0xff, (hex >> 8) & 0xff, hex & 0xff, 255]);
    }
    // Other rows are untouched.
    expect(pixels[0]).toBe(0);
  });
});
