// The shape of the map's art as the build hands it over (virtual:map-atlas): one packed SVG atlas plus assets/map-style.json.
import type { TileLook } from '../../rules/tile-looks.ts';
import type { MovementType } from '../../rules/movements.ts';
import type { VillageTier } from '../../rules/village-tiers.ts';

// The build plugin (scripts/vite-map-atlas.ts) reads the looks, tiers and movement kinds from here, beside the shapes it
// fills; the extension is written out because Vite's config loader takes this file as it is.
export { TILE_LOOKS, type TileLook } from '../../rules/tile-looks.ts';
export { VILLAGE_TIERS, type VillageTier } from '../../rules/village-tiers.ts';
export { MOVEMENT_TYPES, type MovementType } from '../../rules/movements.ts';

/** One tile look from assets/map-style.json. */
export interface TileLookStyle {
  /** Icon file, relative to assets/. */
  icon: string;
  /** Fill colour of the tile square, '#rrggbb'. */
  fill: string;
  /** Name shown in the legend, the tooltip and the details. */
  label: string;
}

/**
 * How a village of one population tier is drawn: its relation's icon at `scale` of the icon box, centred across and
 * `centreY` down it, then the tier's own icon (extra houses, a wall) over it, at the size of the box.
 */
export interface TierStyle {
  /** Icon file, relative to assets/. */
  icon: string;
  /** Name shown in the legend and the tooltip. */
  label: string;
  /** Size of the relation's icon as a share of the icon box (0.3..1). */
  scale: number;
  /** Where the relation's icon is centred, as a share of the icon box from its top (0.2..0.8). */
  centreY: number;
}

/** A mark drawn over a village's icon (the capital's crown). */
export interface MarkStyle {
  icon: string;
  label: string;
}

/** The colour of an army's (or merchants') line and marker on the map, and its name in the legend and the tooltip. */
export interface MovementStyle {
  colour: string;
  label: string;
}

/** assets/map-style.json after validation. */
export interface MapStyle {
  tiles: Record<TileLook, TileLookStyle>;
  /** Villages by population tier (src/rules/village-tiers.ts), smallest first. */
  tiers: Record<VillageTier, TierStyle>;
  /** Drawn over a player's capital. */
  capital: MarkStyle;
  /** Lines and markers of movements by kind. */
  movements: Record<MovementType, MovementStyle>;
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
  tierFrames: Record<VillageTier, AtlasFrame>;
  capitalFrame: AtlasFrame;
  style: MapStyle;
  /** Each icon alone as a data: URL, for the HUD legend. */
  iconUrls: Record<TileLook, string>;
  /** Each tier as the map draws it, over another player's village icon, as a data: URL for the legend. */
  tierIconUrls: Record<VillageTier, string>;
  capitalIconUrl: string;
}
