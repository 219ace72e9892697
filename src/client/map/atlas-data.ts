// The shape of the map's art as the build hands it over (virtual:map-atlas): one packed SVG atlas plus assets/map-style.json.
import type { TileLook } from '../../rules/tile-looks.ts';

// The build plugin (scripts/vite-map-atlas.ts) reads the looks from here, beside the shapes it fills; the extension is
// written out because Vite's config loader takes this file as it is.
export { TILE_LOOKS, type TileLook } from '../../rules/tile-looks.ts';

/** One tile look from assets/map-style.json. */
export interface TileLookStyle {
  /** Icon file, relative to assets/. */
  icon: string;
  /** Fill colour of the tile square, '#rrggbb'. */
  fill: string;
  /** Name shown in the legend, the tooltip and the details. */
  label: string;
}

/** assets/map-style.json after validation. */
export interface MapStyle {
  tiles: Record<TileLook, TileLookStyle>;
  /** Icon size as a share of the tile (0.2..1). */
  iconScale: number;
  /** How much tile fills vary in brightness from tile to tile (0..0.3), so large areas do not look flat. */
  fillVariation: number;
  /** Colour behind the tiles (the thin gaps between them and the stage before tiles arrive). */
  background: string;
  /** Outline of the selected tile. */
  selection: string;
  /** Outline of the tile under the pointer. */
  hover: string;
}

/** Where one icon sits in the atlas, in atlas units (the SVG's user units). */
export interface AtlasFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapAtlasData {
  /** Changes whenever an icon or the style changes (a hash of both). */
  version: string;
  /** The packed atlas: one SVG with every icon in its own cell. */
  svg: string;
  width: number;
  height: number;
  frames: Record<TileLook, AtlasFrame>;
  style: MapStyle;
  /** Each icon alone as a data: URL, for the HUD legend. */
  iconUrls: Record<TileLook, string>;
}
