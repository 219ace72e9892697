// The fill colour of a tile's square: its look's colour from the style, in a few steady shades; plain functions, no Pixi.
import type { TileLook } from '../../rules/tile-looks';
import type { MapStyle } from './atlas-data';

/** A stable pseudo-random number in [0, 1) for a tile, so the same tile always gets the same shade. */
export function tileNoise(x: number, y: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export function parseColour(hex: string): number {
  return Number.parseInt(hex.slice(1), 16);
}

/** Fill shades per look: tiles pick one by their noise, so large areas are not flat. */
export const FILL_SHADES: number = 4;

/** Which of the FILL_SHADES shades a tile gets. */
export function tileShade(x: number, y: number): number {
  return Math.min(FILL_SHADES - 1, Math.floor(tileNoise(x, y) * FILL_SHADES));
}

/** Multiplies each channel of a colour by `factor`. */
export function scaleColour(colour: number, factor: number): number {
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((colour >> shift) & 0xff) * factor)));
  return (channel(16) << 16) | (channel(8) << 8) | channel(0);
}

/** The fill of one shade of a look: from (1 - fillVariation) to (1 + fillVariation) times the style's colour. */
export function shadeFill(style: MapStyle, look: TileLook, shade: number): number {
  const base = parseColour(style.tiles[look].fill);
  if (style.fillVariation === 0 || look === 'unknown' || FILL_SHADES === 1) return base;
  const position = (shade / (FILL_SHADES - 1)) * 2 - 1;
  return scaleColour(base, 1 + position * style.fillVariation);
}

/** The tile's fill colour, as the stage draws it. */
export function tileFill(style: MapStyle, look: TileLook, x: number, y: number): number {
  return shadeFill(style, look, tileShade(x, y));
}
