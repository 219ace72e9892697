// The village art in step with the rules and the scene: every piece the scene can draw has its file in assets/village,
// in the box of its kind, and the build packs them into one atlas without overlaps; a wrong or stray file is refused
// with a sentence naming it.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVillageAtlas } from '../../../../scripts/vite-village-atlas';
import { FIELD_TYPES, INNER_TYPES } from '../../../rules/buildings';
import { ART_BOXES, artKind, VILLAGE_ART } from './village-atlas-data';

const built = buildVillageAtlas('assets/village');
const atlas = built.data;
const scratch = mkdtempSync(join(tmpdir(), 'vikings-village-art-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the art to spoil. */
function copy(name: string): string {
  const dir = join(scratch, name);
  cpSync('assets/village', dir, { recursive: true });
  return dir;
}

describe('village art and atlas', () => {
  it('has three looks of every inner building type, four of every field, plots, scaffolding, the wall and the ground', () => {
    for (const type of INNER_TYPES) for (const look of [1, 2, 3]) expect(VILLAGE_ART).toContain(`${type}-${look}`);
    for (const type of FIELD_TYPES) for (const look of [0, 1, 2, 3]) expect(VILLAGE_ART).toContain(`${type}-${look}`);
    for (const piece of ['ground', 'plot', 'scaffolding', 'wall-ring-1', 'wall-ring-3', 'wall-gate-2']) expect(VILLAGE_ART).toContain(piece);
    expect(Object.keys(atlas.frames).sort()).toEqual([...VILLAGE_ART].sort());
    expect(built.files).toHaveLength(VILLAGE_ART.length + 1);
  });

  it('packs every piece in a cell of its box, inside the atlas, none over another', () => {
    const cells = VILLAGE_ART.map((art) => ({ art, ...atlas.frames[art]! }));
    for (const cell of cells) {
      const box = ART_BOXES[artKind(cell.art)];
      expect([cell.width, cell.height], cell.art).toEqual([box.width, box.height]);
      expect(cell.x + cell.width).toBeLessThanOrEqual(atlas.width);
      expect(cell.y + cell.height).toBeLessThanOrEqual(atlas.height);
    }
    for (const a of cells) {
      for (const b of cells) {
        if (a === b) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.art} and ${b.art}`).toBe(true);
      }
    }
    // 4096 pixels on a side hold the atlas at 2.4 pixels per unit, enough for the largest piece on a large screen.
    expect(Math.max(atlas.width, atlas.height) * 2.4).toBeLessThanOrEqual(4096);
  });

  it('keeps each piece’s ids to itself, and the style within its bounds', () => {
    expect(atlas.svg).not.toMatch(/<script|foreignObject/);
    expect(atlas.style.sizes.greatHall).toBeGreaterThan(atlas.style.sizes.building);
    for (const colour of [atlas.style.background, atlas.style.hover, atlas.style.flash, atlas.style.countdownText, atlas.style.countdownPlate]) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses a piece in the wrong box, a missing piece and a stray file, naming the file', () => {
    const wrongBox = copy('wrong-box');
    writeFileSync(join(wrongBox, 'barracks-2.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>');
    expect(() => buildVillageAtlas(wrongBox)).toThrow(/barracks-2\.svg: its viewBox must be 0 0 128 128/);
    const missing = copy('missing');
    rmSync(join(missing, 'wall-gate-3.svg'));
    expect(() => buildVillageAtlas(missing)).toThrow(/wall-gate-3\.svg: missing/);
    const stray = copy('stray');
    writeFileSync(join(stray, 'great-hall-4.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"></svg>');
    expect(() => buildVillageAtlas(stray)).toThrow(/great-hall-4\.svg: not a piece the scene draws/);
    const linked = copy('linked');
    writeFileSync(join(linked, 'plot.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><image href="https://example.com/a.png"/></svg>');
    expect(() => buildVillageAtlas(linked)).toThrow(/plot\.svg: art must be self-contained/);
  });
});
