// The shape of the village scene's art as the build hands it over (virtual:village-atlas): one packed SVG atlas plus assets/village/village-style.json.
// The build plugin (scripts/vite-village-atlas.ts) reads the names and boxes from here, so the extensions are written out:
// Vite's config loader takes this file as it is.
import { FIELD_TYPES, INNER_TYPES, type FieldType, type InnerType } from '../../../rules/buildings.ts';

/** The looks of an inner building (and of the wall round the village) by level range: 1-9, 10-19, 20-30. */
export const BUILDING_LOOKS = [1, 2, 3] as const;
export type BuildingLook = (typeof BUILDING_LOOKS)[number];

/** The looks of a resource field: untouched (level 0), then the same level ranges as buildings. */
export const FIELD_LOOKS = [0, 1, 2, 3] as const;
export type FieldLook = (typeof FIELD_LOOKS)[number];

/** One piece of village art: a file `<name>.svg` in assets/village/. */
export type VillageArt =
  | 'ground'
  | 'plot'
  | 'scaffolding'
  | `${InnerType}-${BuildingLook}`
  | `${FieldType}-${FieldLook}`
  | `wall-ring-${BuildingLook}`
  | `wall-gate-${BuildingLook}`;

/** Every piece the scene draws, in the order the atlas packs them. */
export const VILLAGE_ART: readonly VillageArt[] = [
  'ground',
  'plot',
  'scaffolding',
  ...INNER_TYPES.flatMap((type) => BUILDING_LOOKS.map((look) => `${type}-${look}` as const)),
  ...FIELD_TYPES.flatMap((type) => FIELD_LOOKS.map((look) => `${type}-${look}` as const)),
  ...BUILDING_LOOKS.map((look) => `wall-ring-${look}` as const),
  ...BUILDING_LOOKS.map((look) => `wall-gate-${look}` as const),
];

export type ArtKind = 'ground' | 'building' | 'field' | 'wall-ring' | 'wall-gate';

export interface ArtBox {
  /** The SVG's viewBox size. */
  width: number;
  height: number;
  /** Where the art stands (buildings, wall pieces) or is centred (fields), as a share of the box. */
  anchorX: number;
  anchorY: number;
}

/** The box every piece of a kind is drawn in; the build refuses an SVG whose viewBox differs. */
export const ART_BOXES: Readonly<Record<ArtKind, ArtBox>> = {
  ground: { width: 1200, height: 800, anchorX: 0, anchorY: 0 },
  // Buildings, plots and scaffolding stand on y = 112 of a 128 x 128 box.
  building: { width: 128, height: 128, anchorX: 0.5, anchorY: 112 / 128 },
  // A field's patch is centred on (64, 58) of a 128 x 96 box.
  field: { width: 128, height: 96, anchorX: 0.5, anchorY: 58 / 96 },
  // A piece of the wall round the village stands on y = 46 of a 32 x 48 box.
  'wall-ring': { width: 32, height: 48, anchorX: 0.5, anchorY: 46 / 48 },
  // The gate stands on y = 92 of a 96 x 96 box.
  'wall-gate': { width: 96, height: 96, anchorX: 0.5, anchorY: 92 / 96 },
};

export function artKind(art: VillageArt): ArtKind {
  if (art === 'ground') return 'ground';
  if (art.startsWith('wall-ring-')) return 'wall-ring';
  if (art.startsWith('wall-gate-')) return 'wall-gate';
  return FIELD_TYPES.some((type) => art.startsWith(`${type}-`)) ? 'field' : 'building';
}

/** How big the scene draws each kind of art, in scene units (the scene is 1200 x 800). */
export interface VillageSizes {
  /** Width (and height) of an inner building, a plot or scaffolding. */
  building: number;
  /** Width of the great hall, which stands larger in the middle. */
  greatHall: number;
  /** Width of a resource field. */
  field: number;
  /** Height of a piece of the wall round the village. */
  wall: number;
  /** Width of the gate. */
  gate: number;
}

/** assets/village/village-style.json after validation. */
export interface VillageStyle {
  /** Colour around the ground (a stage wider or taller than the scene). */
  background: string;
  /** Ring round the foot of the building under the pointer. */
  hover: string;
  /** Glow of a construction that has just finished. */
  flash: string;
  /** The countdown over a construction: its text and the plate behind it. */
  countdownText: string;
  countdownPlate: string;
  sizes: VillageSizes;
}

/** Where one piece sits in the atlas, in atlas units (the SVG's user units). */
export interface VillageAtlasFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface VillageAtlasData {
  /** Changes whenever a piece or the style changes (a hash of them). */
  version: string;
  /** The packed atlas: one SVG with every piece in its own cell. */
  svg: string;
  width: number;
  height: number;
  /** Every piece of VILLAGE_ART by its name (the build refuses an atlas that lacks one). */
  frames: Readonly<Record<string, VillageAtlasFrame>>;
  style: VillageStyle;
}
