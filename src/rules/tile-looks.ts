// What a map tile shows: its look (own village, other village, terrain, unknown) and the resource bonus its terrain displays.
import { isResourceType, type ResourceType } from './resources';
import type { OasisBonus } from './terrain';
import type { TerrainType, TileType } from './world';

/** Forest and mountain tiles carry +10% timber and +10% stone as their displayed bonus (docs/GAME_RULES.md). */
export const FOREST_TIMBER_BONUS = 10;
export const MOUNTAIN_STONE_BONUS = 10;

/** The looks a tile can have: the tile types, with villages split into the viewer's own, other players' and the barbarians'. */
export const TILE_LOOKS = ['own-village', 'village', 'barbarian', 'oasis', 'taken-oasis', 'forest', 'mountain', 'water', 'empty', 'unknown'] as const;
export type TileLook = (typeof TILE_LOOKS)[number];

/** A tile's type as a map reply names it: `unknown` lies outside the world. */
export type ShownTileType = TileType | 'unknown';

/** The little of a map tile its look depends on. */
export interface LookedAtTile {
  type: ShownTileType;
  /** A barbarian village has no owner (founded by the world, or abandoned by its player). */
  village?: { owner: { id: string } | null } | null;
  /** Present on an oasis a village holds. */
  oasis?: { holder: unknown } | null;
}

/** The look of a tile for a viewer (null when signed out, who owns no village). */
export function tileLook(tile: LookedAtTile, viewerId: string | null): TileLook {
  if (tile.type === 'village') {
    if (tile.village?.owner === null) return 'barbarian';
    return viewerId !== null && tile.village?.owner?.id === viewerId ? 'own-village' : 'village';
  }
  if (tile.type === 'oasis' && tile.oasis) return 'taken-oasis';
  return tile.type;
}

/** The one resource a tile shows, with its percent: null and 0 on land that favours none. */
export interface TileResource {
  resourceType: ResourceType | null;
  resourceBonus: number;
}

/** One entry of an oasis's bonuses as map replies list them. */
export interface OasisBonusEntry {
  resourceType: ResourceType;
  percent: number;
}

/** An oasis kind as a list, in the kind's own order (its first resource leads). */
export function oasisBonusEntries(bonus: OasisBonus): OasisBonusEntry[] {
  return Object.entries(bonus).flatMap(([resourceType, percent]) => (isResourceType(resourceType) && percent !== undefined ? [{ resourceType, percent }] : []));
}

/**
 * The resource a terrain type shows. An oasis shows the first resource of its kind (the first non-mead
 * one, or mead when it is the only one), so `oasisBonus` is needed for oases and ignored otherwise.
 */
export function terrainResource(type: TerrainType, oasisBonus?: OasisBonus): TileResource {
  switch (type) {
    case 'forest':
      return { resourceType: 'timber', resourceBonus: FOREST_TIMBER_BONUS };
    case 'mountain':
      return { resourceType: 'stone', resourceBonus: MOUNTAIN_STONE_BONUS };
    case 'oasis': {
      const [first] = oasisBonus ? oasisBonusEntries(oasisBonus) : [];
      if (!first) throw new Error('An oasis needs its bonus');
      return { resourceType: first.resourceType, resourceBonus: first.percent };
    }
    case 'empty':
    case 'water':
      return { resourceType: null, resourceBonus: 0 };
  }
}
