// Screen <-> tile arithmetic. Tile coordinates grow to the right (x) and upwards (y); screen pixels grow to the right and down.
// Picking is this arithmetic, not hit-testing sprites.
import type { TilePoint } from '../state/map';

/** A point in CSS pixels from the stage's top left corner. */
export interface ScreenPoint {
  sx: number;
  sy: number;
}

/**
 * What one view of the map shows: its size in CSS pixels, the size of a tile, and the tile
 * coordinate at its centre (fractional while a drag is in progress; tile (x, y) spans x-0.5..x+0.5).
 */
export interface ViewGeometry {
  width: number;
  height: number;
  tileSize: number;
  centreX: number;
  centreY: number;
}

/** Tile size that fits (2 * radius + 1) tiles across the shorter side of the stage. */
export function tileSizeFor(width: number, height: number, radius: number): number {
  return Math.min(width, height) / (2 * radius + 1);
}

export function viewGeometry(width: number, height: number, centre: { x: number; y: number }, radius: number): ViewGeometry {
  return { width, height, tileSize: tileSizeFor(width, height, radius), centreX: centre.x, centreY: centre.y };
}

/** The tile under a screen point. */
export function screenToTile(view: ViewGeometry, point: ScreenPoint): TilePoint {
  return {
    x: wholeTile(view.centreX + (point.sx - view.width / 2) / view.tileSize),
    y: wholeTile(view.centreY - (point.sy - view.height / 2) / view.tileSize),
  };
}

/** The nearest tile coordinate; `|| 0` because Math.round(-0.4) is -0, which no tile key or comparison expects. */
function wholeTile(value: number): number {
  return Math.round(value) || 0;
}

/** The screen point at the centre of a tile. */
export function tileToScreen(view: ViewGeometry, tile: TilePoint): ScreenPoint {
  return {
    sx: view.width / 2 + (tile.x - view.centreX) * view.tileSize,
    sy: view.height / 2 - (tile.y - view.centreY) * view.tileSize,
  };
}

/** The tile's square on screen: top left corner and side. */
export function tileScreenRect(view: ViewGeometry, tile: TilePoint): { left: number; top: number; size: number } {
  const centre = tileToScreen(view, tile);
  return { left: centre.sx - view.tileSize / 2, top: centre.sy - view.tileSize / 2, size: view.tileSize };
}

/** Every tile with any part on screen. */
export function visibleTiles(view: ViewGeometry): { minX: number; maxX: number; minY: number; maxY: number } {
  const halfW = view.width / 2 / view.tileSize;
  const halfH = view.height / 2 / view.tileSize;
  // A tile spans +-0.5 around its coordinate; a tile whose edge only touches the border is not visible.
  const eps = 1e-9;
  return {
    minX: Math.ceil(view.centreX - halfW - 0.5 + eps) + 0,
    maxX: Math.floor(view.centreX + halfW + 0.5 - eps),
    minY: Math.ceil(view.centreY - halfH - 0.5 + eps) + 0,
    maxY: Math.floor(view.centreY + halfH + 0.5 - eps),
  };
}

/**
 * A drag of (dx, dy) CSS pixels turned into tiles the centre moves: dragging right pulls the map
 * right, so the centre moves left; dragging down shows what is above, so the centre's y grows.
 */
export function dragToTiles(view: Pick<ViewGeometry, 'tileSize'>, dx: number, dy: number): { x: number; y: number } {
  return { x: -dx / view.tileSize, y: dy / view.tileSize };
}

/**
 * Splits a fractional centre into the whole tile the camera holds and the rest the stage shows as
 * an offset, so the camera changes only when the centre crosses into another tile.
 */
export function splitCentre(x: number, y: number): { tile: TilePoint; restX: number; restY: number } {
  const tile = { x: Math.round(x), y: Math.round(y) };
  return { tile, restX: x - tile.x, restY: y - tile.y };
}
