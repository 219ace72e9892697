// How the map's panels name a tile in words (its look's label from the style, a village's size, another player's village's relation to the player): plain functions, no atlas module.
import type { MapStyle } from '../../map/atlas-data';
import type { MapTile } from '../../state/map';
import { currentLanguage, i18n } from '../../i18n';
import { tileLook, villageMarks, villageRelation, type MapViewer, type TileLook } from '../../../rules/tile-looks';

type NamedTile = Pick<MapTile, 'type' | 'village'>;

/** A label the style names: English is the style's own (the designer edits it there); another language reads map-panel:<key>. */
export function styledLabel(key: string, english: string): string {
  return currentLanguage() === 'en' ? english : i18n.t(`map-panel:${key}`, { defaultValue: english });
}

export interface TileLabels {
  /** A look's label in the legend ('Forest', 'Confederate'). */
  lookLabel(look: TileLook): string;
  /** The name of a tile's type as the legend shows it, for the player looking ('Your Village', 'Enemy (War)'). */
  tileTypeLabel(tile: NamedTile, viewer: MapViewer | null): string;
  /** A village's size as its icon shows it, with its capital's mark ('Town, capital'); null on any other tile. */
  tierLabel(tile: NamedTile): string | null;
}

export function tileLabels(style: Pick<MapStyle, 'tiles' | 'tiers' | 'capital'>): TileLabels {
  const lookLabel = (look: TileLook) => styledLabel(`looks.${look}`, style.tiles[look].label);
  const tierLabel = (tile: NamedTile) => {
    const marks = villageMarks(tile);
    if (!marks) return null;
    const tier = styledLabel(`tiers.${marks.tier}`, style.tiers[marks.tier].label);
    const capital = styledLabel('capital', style.capital.label);
    return marks.capital ? i18n.t('map-panel:tierWithCapital', { tier, capital: currentLanguage() === 'en' ? capital.toLowerCase() : capital }) : tier;
  };
  return { lookLabel, tileTypeLabel: (tile, viewer) => lookLabel(tileLook(tile, viewer)), tierLabel };
}

/**
 * How another player's village stands to the player, in the rules' words ('Confederate', 'At war', 'No relation'), so
 * colour is never the only sign; null on the player's own villages, the barbarians', other tiles, and for nobody signed in.
 */
export function relationLabel(tile: NamedTile, viewer: MapViewer | null): string | null {
  const relation = villageRelation(tile, viewer);
  return relation === null || relation === 'own' ? null : i18n.t(`map-panel:relations.${relation}`);
}
