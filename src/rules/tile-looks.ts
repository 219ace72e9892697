// What a map tile shows: its look (own village, an ally's, a confederate's, a pact partner's, an enemy's, another village, terrain, unknown), a village's size tier and capital mark, and the resource bonus its terrain displays.
import { relationOf, type RelationsOf, type TargetRelation } from './diplomacy';
import { isResourceType, type ResourceType } from './resources';
import type { OasisBonus } from './terrain';
import { villageTier, type VillageTier } from './village-tiers';
import type { TerrainType, TileType } from './world';

/** Forest and mountain tiles carry +10% timber and +10% stone as their displayed bonus (docs/GAME_RULES.md). */
export const FOREST_TIMBER_BONUS = 10;
export const MOUNTAIN_STONE_BONUS = 10;

/**
 * The looks a tile can have, in legend order: the tile types, with villages split by how they stand to the viewer (their
 * own, their alliance's, a confederate's, a pact partner's, an enemy's at war, anyone else's) and the barbarians'.
 */
export const TILE_LOOKS = [
  'own-village',
  'alliance-village',
  'confederate-village',
  'pact-village',
  'enemy-village',
  'village',
  'barbarian',
  'oasis',
  'taken-oasis',
  'forest',
  'mountain',
  'water',
  'empty',
  'unknown',
] as const;
export type TileLook = (typeof TILE_LOOKS)[number];

/** The looks of villages: their fill tells the relation, and their icon the village's size (tier) and whether it is a capital. */
export const VILLAGE_LOOKS = ['own-village', 'alliance-village', 'confederate-village', 'pact-village', 'enemy-village', 'village', 'barbarian'] as const;
export type VillageLook = (typeof VILLAGE_LOOKS)[number];

export function isVillageLook(look: TileLook): look is VillageLook {
  return (VILLAGE_LOOKS as readonly TileLook[]).includes(look);
}

/** Who looks at the map: the signed-in player, their alliance (null outside one) and its active relations by the other alliance's id. */
export interface MapViewer {
  id: string;
  allianceId: string | null;
  relations: RelationsOf;
}

/** The look of a village of each relation to the viewer. */
const RELATION_LOOKS: Readonly<Record<TargetRelation, TileLook>> = {
  own: 'own-village',
  ally: 'alliance-village',
  confederate: 'confederate-village',
  pact: 'pact-village',
  war: 'enemy-village',
  other: 'village',
};

/** A tile's type as a map reply names it: `unknown` lies outside the world. */
export type ShownTileType = TileType | 'unknown';

/** The little of a map tile its look depends on. */
export interface LookedAtTile {
  type: ShownTileType;
  /** A barbarian village has no owner (founded by the world, or abandoned by its player); the alliance is its owner's. */
  village?: { owner: { id: string } | null; alliance?: { id: string }; population?: number; isCapital?: boolean } | null;
  /** Present on an oasis a village holds. */
  oasis?: { holder: unknown } | null;
}

/**
 * How a player's village stands to the viewer (relationOf), or null where there is none to tell: not a village, a
 * barbarian village, or nobody signed in.
 */
export function villageRelation(tile: LookedAtTile, viewer: MapViewer | null): TargetRelation | null {
  const owner = tile.type === 'village' ? tile.village?.owner : null;
  if (!owner || !viewer) return null;
  const target = { ownerId: owner.id, allianceId: tile.village?.alliance?.id ?? null };
  return relationOf({ ownerId: viewer.id, allianceId: viewer.allianceId }, target, viewer.relations);
}

/** The look of a tile for a viewer (null when signed out: every player's village is then just a village). */
export function tileLook(tile: LookedAtTile, viewer: MapViewer | null): TileLook {
  if (tile.type === 'village') {
    if (tile.village?.owner === null) return 'barbarian';
    const relation = villageRelation(tile, viewer);
    return relation ? RELATION_LOOKS[relation] : 'village';
  }
  if (tile.type === 'oasis' && tile.oasis) return 'taken-oasis';
  return tile.type;
}

/** What a village's icon shows besides its relation: how big it is, and whether it is its player's capital. */
export interface VillageMarks {
  tier: VillageTier;
  capital: boolean;
}

/**
 * The size tier and capital mark of a village tile (null on any other tile). The same for every viewer; a barbarian
 * village is nobody's capital, even one that was a player's before their account was deleted.
 */
export function villageMarks(tile: LookedAtTile): VillageMarks | null {
  if (tile.type !== 'village') return null;
  const village = tile.village;
  return { tier: villageTier(village?.population ?? 0), capital: village?.isCapital === true && village.owner !== null };
}

/**
 * Whether every tile of a list looks the same to two viewers: only players' villages can differ. The map keeps a chunk
 * drawn for one viewer when the next (a relation made or ended elsewhere) sees it alike.
 */
export function looksAlike(tiles: readonly (LookedAtTile | undefined)[], a: MapViewer | null, b: MapViewer | null): boolean {
  if (a === b) return true;
  for (const tile of tiles) if (tile?.type === 'village' && tileLook(tile, a) !== tileLook(tile, b)) return false;
  return true;
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
