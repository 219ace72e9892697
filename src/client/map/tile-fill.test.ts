// Tile fills: the steady brightness variation of each look's colour from tile to tile.
import { describe, expect, it } from 'vitest';
import type { MapStyle } from './atlas-data';
import { TILE_LOOKS } from '../../rules/tile-looks';
import { FILL_SHADES, parseColour, scaleColour, shadeFill, tileFill, tileNoise, tileShade } from './tile-fill';

const style = {
  tiles: Object.fromEntries(TILE_LOOKS.map((look) => [look, { icon: `${look}.svg`, fill: '#808080', label: look }])),
  iconScale: 0.9,
  fillVariation: 0.1,
  background: '#000000',
  selection: '#ffffff',
  hover: '#ffffff',
} as MapStyle;

describe('tileFill', () => {
  it('varies the fill a little and always the same way for a tile', () => {
    const fills = new Set<number>();
    for (let x = 0; x < 20; x++) {
      const fill = tileFill(style, 'forest', x, 3);
      expect(tileFill(style, 'forest', x, 3)).toBe(fill);
      for (const shift of [16, 8, 0]) {
        const channel = (fill >> shift) & 0xff;
        expect(channel).toBeGreaterThanOrEqual(Math.floor(128 * 0.9));
        expect(channel).toBeLessThanOrEqual(Math.ceil(128 * 1.1));
      }
      fills.add(fill);
    }
    // A few shades, all of them used.
    expect(fills.size).toBe(FILL_SHADES);
  });

  it('spreads the shades from darker to lighter around the style colour', () => {
    expect(shadeFill(style, 'forest', 0)).toBe(scaleColour(0x808080, 0.9));
    expect(shadeFill(style, 'forest', FILL_SHADES - 1)).toBe(scaleColour(0x808080, 1.1));
    for (let x = 0; x < 50; x++) expect(tileShade(x, 7)).toBeLessThan(FILL_SHADES);
  });

  it('keeps unknown tiles and a zero variation flat', () => {
    expect(tileFill(style, 'unknown', 5, 5)).toBe(0x808080);
    expect(tileFill({ ...style, fillVariation: 0 }, 'forest', 5, 5)).toBe(0x808080);
  });

  it('spreads noise over [0, 1)', () => {
    let sum = 0;
    for (let i = 0; i < 1000; i++) {
      const n = tileNoise(i % 37, Math.floor(i / 37) - 10);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
      sum += n;
    }
    expect(sum / 1000).toBeGreaterThan(0.4);
    expect(sum / 1000).toBeLessThan(0.6);
    expect(parseColour('#3d7a5a')).toBe(0x3d7a5a);
  });
});
