// The map's look for the HUD (legend, labels): assets/map-style.json and the icons, as the build packed them.
import atlas from 'virtual:map-atlas';
import { tileLook } from '../../map/tile-look';
import { TILE_LOOKS, type MapAtlasData, type TileLook } from '../../map/atlas-data';
import type { MapTile } from '../../state/map';

export { TILE_LOOKS, type TileLook };

export const mapArt: MapAtlasData = atlas;

export function lookLabel(look: TileLook): string {
  return mapArt.style.tiles[look].label;
}

/** The name of a tile's type as the legend shows it ('Forest', 'Your Village'). */
export function tileTypeLabel(tile: Pick<MapTile, 'type' | 'village'>, viewerId: string | null): string {
  return lookLabel(tileLook(tile, viewerId));
}
