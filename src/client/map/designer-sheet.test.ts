// Designer sheet layout: every tile type at every zoom step.
import { describe, expect, it } from 'vitest';
import { findTile } from './chunks';
import { visibleTiles } from './coords';
import { DESIGNER_VIEWER, DESIGNER_WORLD, designerChunks, designerSheet, ZOOM_STEPS } from './designer-sheet';
import { TILE_LOOKS, tileLook } from '../../rules/tile-looks';

describe('designer sheet', () => {
  it('has every radius from 5 to 25', () => {
    expect(ZOOM_STEPS[0]).toBe(5);
    expect(ZOOM_STEPS.at(-1)).toBe(25);
    expect(ZOOM_STEPS).toHaveLength(21);
  });

  it('shows each zoom step at the tile size the map uses, views stacked without overlap', () => {
    const sheet = designerSheet(640);
    expect(sheet.views).toHaveLength(1 + ZOOM_STEPS.length);
    const strips = sheet.views.slice(1);
    strips.forEach((view, i) => {
      expect(view.radius).toBe(ZOOM_STEPS[i]);
      expect(view.geometry.tileSize).toBeCloseTo(640 / (2 * view.radius + 1));
      const previous = sheet.views[i];
      expect(view.top).toBeGreaterThanOrEqual(previous.top + previous.geometry.height);
    });
    const last = sheet.views.at(-1)!;
    expect(sheet.height).toBeGreaterThanOrEqual(last.top + last.geometry.height);
    expect(sheet.width).toBeGreaterThanOrEqual(Math.max(...sheet.views.map((v) => v.geometry.width)) - 1);
  });

  it('has every look in each strip, in legend order', () => {
    const chunks = designerChunks();
    const strip = designerSheet(640).views[1];
    const tiles = visibleTiles(strip.geometry);
    expect(tiles).toEqual({ minX: 0, maxX: TILE_LOOKS.length - 1, minY: 0, maxY: 0 });
    const looks = TILE_LOOKS.map((_, x) => tileLook(findTile(chunks, DESIGNER_WORLD, x, 0)!, DESIGNER_VIEWER));
    expect(looks).toEqual([...TILE_LOOKS]);
  });

  it('fills the whole sample area and nothing around it', () => {
    const chunks = designerChunks();
    const sample = designerSheet(640).views[0];
    const area = visibleTiles(sample.geometry);
    const looks = new Set<string>();
    for (let y = area.minY; y <= area.maxY; y++) {
      for (let x = area.minX; x <= area.maxX; x++) {
        const tile = findTile(chunks, DESIGNER_WORLD, x, y);
        expect(tile).not.toBeNull();
        looks.add(tileLook(tile!, DESIGNER_VIEWER));
      }
    }
    expect(looks.size).toBe(TILE_LOOKS.length);
    expect(findTile(chunks, DESIGNER_WORLD, area.maxX + 1, area.minY)).toBeNull();
  });
});
