// The art in step with the rules: assets/map-style.json names every tile look once, in legend order, each with an icon
// the atlas plugin packs, a label and a fill; the looks of villages by relation stand apart from everything else.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMapAtlas } from '../../../scripts/vite-map-atlas';
import { TILE_LOOKS, type TileLook } from '../../rules/tile-looks';
import { MOVEMENT_TYPES } from '../../rules/movements';
import { VILLAGE_TIERS } from '../../rules/village-tiers';
import { parseColour } from './tile-fill';

const atlas = buildMapAtlas('assets').data;
const raw: unknown = JSON.parse(readFileSync('assets/map-style.json', 'utf8'));

/** The looks of players' villages by how they stand to the viewer. */
const RELATION_LOOKS: readonly TileLook[] = ['alliance-village', 'confederate-village', 'pact-village', 'enemy-village'];

/** A '#rrggbb' colour in CIE L*a*b* (D65), where distance follows how different colours look. */
function lab(hex: string): [number, number, number] {
  const colour = parseColour(hex);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((colour >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** CIE76 colour difference: about 2 is just noticeable, above 20 two colours are plainly different. */
function colourDifference(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

describe('map style and atlas', () => {
  it('style every look of the rules once, in the legend’s order, and nothing else', () => {
    const tiles = raw && typeof raw === 'object' && 'tiles' in raw ? raw.tiles : null;
    expect(Object.keys(tiles ?? {})).toEqual([...TILE_LOOKS]);
    expect(Object.keys(atlas.style.tiles)).toEqual([...TILE_LOOKS]);
  });

  it('packs an icon of every look into its own cell of the atlas, and one for the legend', () => {
    const cells = new Set<string>();
    for (const look of TILE_LOOKS) {
      const frame = atlas.frames[look];
      expect(frame, look).toMatchObject({ width: 64, height: 64 });
      cells.add(`${frame.x},${frame.y}`);
      expect(atlas.iconUrls[look], look).toMatch(/^data:image\/svg\+xml,/);
      const icon = readFileSync(`assets/${atlas.style.tiles[look].icon}`, 'utf8');
      expect(icon, look).toMatch(/viewBox="0 0 64 64"/);
    }
    expect(cells.size).toBe(TILE_LOOKS.length);
  });

  it('names and colours every look differently', () => {
    const styles = TILE_LOOKS.map((look) => atlas.style.tiles[look]);
    expect(new Set(styles.map((style) => style.label)).size).toBe(TILE_LOOKS.length);
    expect(new Set(styles.map((style) => style.fill)).size).toBe(TILE_LOOKS.length);
    expect(new Set(styles.map((style) => style.icon)).size).toBe(TILE_LOOKS.length);
  });

  it('labels the villages by relation in the words of the legend', () => {
    expect(RELATION_LOOKS.map((look) => atlas.style.tiles[look].label)).toEqual(['Alliance Village', 'Confederate', 'Non-aggression Pact', 'Enemy (War)']);
  });

  it('keeps each relation’s fill well apart from every other look’s, terrain included', () => {
    for (const look of RELATION_LOOKS) {
      for (const other of TILE_LOOKS) {
        if (other === look) continue;
        expect(colourDifference(atlas.style.tiles[look].fill, atlas.style.tiles[other].fill), `${look} against ${other}`).toBeGreaterThan(20);
      }
    }
  });

  it('styles every village tier (an icon of its own, the relation icon smaller for smaller villages) and the capital', () => {
    expect(Object.keys(atlas.style.tiers)).toEqual([...VILLAGE_TIERS]);
    const icons = new Set(VILLAGE_TIERS.map((tier) => atlas.style.tiers[tier].icon));
    expect(icons.size).toBe(VILLAGE_TIERS.length);
    expect(atlas.style.tiers.hamlet.scale).toBeLessThan(atlas.style.tiers.village.scale);
    const cells = new Set([...TILE_LOOKS.map((look) => atlas.frames[look]), ...VILLAGE_TIERS.map((tier) => atlas.tierFrames[tier]), atlas.capitalFrame].map((f) => `${f.x},${f.y}`));
    expect(cells.size).toBe(TILE_LOOKS.length + VILLAGE_TIERS.length + 1);
    for (const tier of VILLAGE_TIERS) expect(atlas.tierIconUrls[tier]).toMatch(/^data:image\/svg\+xml,/);
    expect(atlas.style.capital.label).toBe('Capital');
  });

  it('colours every kind of movement, each differently', () => {
    expect(Object.keys(atlas.style.movements)).toEqual([...MOVEMENT_TYPES]);
    expect(new Set(MOVEMENT_TYPES.map((kind) => atlas.style.movements[kind].colour)).size).toBe(MOVEMENT_TYPES.length);
  });
});
