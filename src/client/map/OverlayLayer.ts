// Highlights above the tiles: the selected tile and the tile under the pointer. Redrawn only when they or the zoom change.
import { Graphics, type Container } from 'pixi.js';
import type { TilePoint } from '../state/map';
import type { MapStyle } from './atlas-data';
import type { ViewGeometry } from './coords';
import { parseColour } from './tile-fill';
import { UNIT, tilePosition } from './TerrainLayer';

/** Tile size (CSS px) under which the player's village gets a ring. */
const HOME_RING_BELOW = 26;

/** The tiles the overlay marks: the selected one, the one under the pointer, and the player's village (none: null). */
export interface MapHighlights {
  selected: TilePoint | null;
  hovered: TilePoint | null;
  home?: TilePoint | null;
}

export class OverlayLayer {
  private readonly selection = new Graphics({ label: 'selection' });
  private readonly hover = new Graphics({ label: 'hover' });
  private readonly home = new Graphics({ label: 'home' });
  private drawn = '';

  constructor(root: Container) {
    root.addChild(this.home, this.hover, this.selection);
  }

  /** `home` is the player's village when it is in the world shown. */
  update(view: ViewGeometry, style: MapStyle | null, { selected, hovered, home = null }: MapHighlights): void {
    // Outline widths are wanted in screen pixels, so they depend on the zoom.
    const key = `${selected?.x},${selected?.y}|${hovered?.x},${hovered?.y}|${home?.x},${home?.y}|${view.tileSize.toFixed(3)}|${style?.selection}|${style?.hover}`;
    if (key === this.drawn) return;
    this.drawn = key;
    const perPixel = UNIT / view.tileSize;

    // Zoomed out, the village icon is a few pixels: a ring of fixed screen size keeps home easy to find.
    this.home.clear();
    if (home && style && view.tileSize < HOME_RING_BELOW) {
      const p = tilePosition(home.x, home.y);
      const radius = Math.max(UNIT * 0.75, 10 * perPixel);
      this.home
        .circle(p.x, p.y, radius)
        .stroke({ width: 4 * perPixel, color: 0x000000, alpha: 0.55 })
        .circle(p.x, p.y, radius)
        .stroke({ width: 2 * perPixel, color: parseColour(style.selection), alpha: 0.95 });
    }

    this.hover.clear();
    if (hovered && style && (!selected || hovered.x !== selected.x || hovered.y !== selected.y)) {
      const p = tilePosition(hovered.x, hovered.y);
      const width = 1.5 * perPixel;
      this.hover
        .rect(p.x - UNIT / 2 + width / 2, p.y - UNIT / 2 + width / 2, UNIT - width, UNIT - width)
        .fill({ color: parseColour(style.hover), alpha: 0.12 })
        .stroke({ width, color: parseColour(style.hover), alpha: 0.75 });
    }

    this.selection.clear();
    if (selected && style) {
      const p = tilePosition(selected.x, selected.y);
      const inner = 2.5 * perPixel;
      const outer = 1.5 * perPixel;
      const colour = parseColour(style.selection);
      // A dark rim outside the bright outline keeps the selection readable on any tile colour.
      this.selection
        .rect(p.x - UNIT / 2 - outer / 2, p.y - UNIT / 2 - outer / 2, UNIT + outer, UNIT + outer)
        .stroke({ width: outer, color: 0x000000, alpha: 0.7 })
        .rect(p.x - UNIT / 2 + inner / 2, p.y - UNIT / 2 + inner / 2, UNIT - inner, UNIT - inner)
        .fill({ color: colour, alpha: 0.18 })
        .stroke({ width: inner, color: colour, alpha: 1 });
    }
  }

  destroy(): void {
    this.home.destroy();
    this.hover.destroy();
    this.selection.destroy();
  }
}
