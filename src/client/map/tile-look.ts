// Which look a tile has (own village, other village, terrain, unknown) and its fill colour; plain functions, no Pixi.
import type { MapTile } from '../state/map';
import type { MapStyle, TileLook } from './atlas-data';

export function tileLook(tile: Pick<MapTile, 'type' | 'village'>, viewerId: string | null): TileLook {
  if (tile.type === 'village') return viewerId !== null && tile.village?.owner.id === viewerId ? 'own-village' : 'village';
  return tile.type;
}

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

/** The tile's fill: the style's colour, a little lighter or darker per tile (fillVariation). */
export function tileFill(style: MapStyle, look: TileLook, x: number, y: number): number {
  const base = parseColour(style.tiles[look].fill);
  const variation = style.fillVariation;
  if (variation === 0 || look === 'unknown') return base;
  const factor = 1 + (tileNoise(x, y) * 2 - 1) * variation;
  const channel = (shift: number) => Math.max(0, Math.min(255, Math.round(((base >> shift) & 0xff) * factor)));
  return (channel(16) << 16) | (channel(8) << 8) | channel(0);
}
