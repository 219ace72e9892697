// The minimap's geometry: the whole world (-size..size on both axes) in a square of `pixels` CSS pixels, north up; where
// a tile is on it, which tile a point of it shows, the rectangle of the map's view, and how far a key press moves.
import type { MapCamera, TilePoint } from '../../state/map';
import { MAP_MOVE_STEP } from '../../../rules/world';

export interface MinimapFrame {
  /** The world's half-width: tiles run from -size to size. */
  size: number;
  /** Side of the minimap in CSS pixels. */
  pixels: number;
}

/** CSS pixels per tile. */
function scale({ size, pixels }: MinimapFrame): number {
  return pixels / (2 * size + 1);
}

/** The centre of a tile on the minimap. */
export function minimapPoint(frame: MinimapFrame, tile: TilePoint): { px: number; py: number } {
  const s = scale(frame);
  return { px: (tile.x + frame.size + 0.5) * s, py: (frame.size - tile.y + 0.5) * s };
}

/** The tile a point of the minimap shows, kept inside the world (a click on the very edge is the edge's tile). */
export function minimapTile(frame: MinimapFrame, point: { px: number; py: number }): TilePoint {
  const s = scale(frame);
  const clamp = (value: number) => Math.max(-frame.size, Math.min(frame.size, value));
  return { x: clamp(Math.floor(point.px / s) - frame.size) || 0, y: clamp(frame.size - Math.floor(point.py / s)) || 0 };
}

/** The map's view (its (2r + 1)^2 tiles) as a rectangle on the minimap, cut to the minimap; null when none of it is on it. */
export function minimapView(frame: MinimapFrame, camera: Pick<MapCamera, 'x' | 'y' | 'radius'>): { x: number; y: number; width: number; height: number } | null {
  const s = scale(frame);
  const left = Math.max(0, (camera.x - camera.radius + frame.size) * s);
  const right = Math.min(frame.pixels, (camera.x + camera.radius + 1 + frame.size) * s);
  const top = Math.max(0, (frame.size - camera.y - camera.radius) * s);
  const bottom = Math.min(frame.pixels, (frame.size - camera.y + camera.radius + 1) * s);
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Tiles an arrow key moves the view on the minimap: a tenth of the world, never less than an arrow button's step. */
export function minimapStep(size: number): number {
  return Math.max(MAP_MOVE_STEP, Math.round((2 * size + 1) / 10));
}
