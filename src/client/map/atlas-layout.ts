// Where each finished square lies in the map's atlas texture, and how large that texture grows: plain data, no Pixi, so the
// size the GPU must hold (software WebGL included) is checked by a unit test.
import { isVillageLook, TILE_LOOKS, type TileLook, type VillageLook } from '../../rules/tile-looks';
import { VILLAGE_TIERS, type VillageTier } from '../../rules/village-tiers';
import { FILL_SHADES } from './tile-fill';

/** Atlas units per tile (the icons' cells are 64 units). */
export const TILE_UNITS = 64;
/** Around each tile its rim colour continues, so neighbours in the atlas never bleed into it, not even in small mipmaps. */
export const PADDING = 4;

/** Marker shapes of movements: the player's own (a round token) and others' coming at them (a diamond). */
export type MarkerShape = 'own' | 'incoming';
export const MARKER_SHAPES: readonly MarkerShape[] = ['own', 'incoming'];

/** What one cell of the composed atlas holds. */
export type Cell =
  | { kind: 'tile'; look: TileLook; shade: number }
  | { kind: 'village'; look: VillageLook; tier: VillageTier; capital: boolean }
  | { kind: 'marker'; shape: MarkerShape };

/**
 * The cells of the atlas: every look other than a village's in each of FILL_SHADES shades (large areas of one look
 * would look flat otherwise); every village look once per tier, with and without the capital's mark, in its style's
 * fill (villages stand apart, so one shade is enough: 56 cells rather than 224); then the two marker shapes.
 */
export function atlasCells(): Cell[] {
  const cells: Cell[] = [];
  for (const look of TILE_LOOKS) {
    if (isVillageLook(look)) {
      for (const tier of VILLAGE_TIERS) for (const capital of [false, true]) cells.push({ kind: 'village', look, tier, capital });
    } else {
      for (let shade = 0; shade < FILL_SHADES; shade++) cells.push({ kind: 'tile', look, shade });
    }
  }
  for (const shape of MARKER_SHAPES) cells.push({ kind: 'marker', shape });
  return cells;
}

/** The key of a cell, to find its texture again. */
export function cellKey(cell: Cell): string {
  switch (cell.kind) {
    case 'tile':
      return `tile:${cell.look}:${cell.shade}`;
    case 'village':
      return `village:${cell.look}:${cell.tier}:${cell.capital ? 'capital' : 'plain'}`;
    case 'marker':
      return `marker:${cell.shape}`;
  }
}

/**
 * Pixels per atlas unit for a screen's pixel density: 3 gives 192 px tiles, sharp up to the largest tiles (radius 5 on
 * a big screen at 2x); mipmaps keep them smooth when a tile is only a dozen pixels.
 */
export function atlasScale(devicePixelRatio: number): number {
  return Math.min(4, Math.max(2, Math.ceil(1.5 * devicePixelRatio)));
}

/** The cells in rows of about the square root of their number, and the texture's size in pixels at `scale`. */
export function atlasGrid(scale: number): { columns: number; rows: number; width: number; height: number } {
  const count = atlasCells().length;
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const cell = (TILE_UNITS + 2 * PADDING) * scale;
  return { columns, rows, width: columns * cell, height: rows * cell };
}
