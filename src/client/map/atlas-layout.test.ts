// The map atlas's layout: a cell for every look and shade, every village look by tier with and without the capital's
// mark, and the marker shapes, each once; a texture small enough for software WebGL and a 4096 px texture limit.
import { describe, expect, it } from 'vitest';
import { TILE_LOOKS, VILLAGE_LOOKS } from '../../rules/tile-looks';
import { VILLAGE_TIERS } from '../../rules/village-tiers';
import { atlasCells, atlasGrid, atlasScale, cellKey } from './atlas-layout';
import { FILL_SHADES } from './tile-fill';

describe('atlas layout', () => {
  it('has one cell per terrain look and shade, per village look, tier and capital mark, and per marker shape', () => {
    const cells = atlasCells();
    const terrain = TILE_LOOKS.length - VILLAGE_LOOKS.length;
    expect(cells).toHaveLength(terrain * FILL_SHADES + VILLAGE_LOOKS.length * VILLAGE_TIERS.length * 2 + 2);
    expect(new Set(cells.map(cellKey)).size).toBe(cells.length);
    expect(cells.map(cellKey)).toContain('village:own-village:city:capital');
    expect(cells.map(cellKey)).toContain('tile:forest:3');
    expect(cells.map(cellKey)).toContain('marker:incoming');
  });

  it('stays within 4096 px at the largest scale and near 2 megapixels on a 1x screen', () => {
    expect(atlasScale(1)).toBe(2);
    expect(atlasScale(2)).toBe(3);
    expect(atlasScale(3)).toBe(4);
    const largest = atlasGrid(atlasScale(4));
    expect(largest.width).toBeLessThanOrEqual(4096);
    expect(largest.height).toBeLessThanOrEqual(4096);
    const small = atlasGrid(atlasScale(1));
    expect(small.width * small.height).toBeLessThan(2_000_000);
    expect(small.columns * small.rows).toBeGreaterThanOrEqual(atlasCells().length);
  });
});
