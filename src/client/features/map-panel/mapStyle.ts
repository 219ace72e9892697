// The map's look for the HUD (legend, labels): assets/map-style.json and the icons, as the build packed them.
import atlas from 'virtual:map-atlas';
import type { MapAtlasData } from '../../map/atlas-data';
import { tileLook, type TileLook } from '../../../rules/tile-looks';
import type { MapTile } from '../../state/map';

export const mapArt: MapAtlasData = atlas;

export function lookLabel(look: TileLook): string {
  return mapArt.style.tiles[look].label;
}

/** The name of a tile's type as the legend shows it ('Forest', 'Your Village'). */
export function tileTypeLabel(tile: Pick<MapTile, 'type' | 'village'>, viewerId: string | null): string {
  return lookLabel(tileLook(tile, viewerId));
}
