// The tooltip over the hovered tile: its coordinates and type (on a village its name, alliance, size, relation to the player, beginner protection and vacation; on a held oasis its holder).
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { findTile } from '../../map/chunks';
import { hoveredTileAtom, mapChunksAtom, mapWorldIdAtom } from '../../state/map';
import { mapViewerAtom } from '../../state/relations';
import { useServerOffset } from '../../state/village';
import { ProtectionShield } from '../../ui/ProtectionShield';
import { VacationMark } from '../../ui/VacationMark';
import { tierLabel, tileTypeLabel } from './mapStyle';
import { relationLabel } from './tileLabels';
import { tooltipPlace } from './tooltipPlace';

export function MapTooltip() {
  const { t } = useTranslation('map-panel');
  const hovered = useAtomValue(hoveredTileAtom);
  const worldId = useAtomValue(mapWorldIdAtom);
  const chunks = useAtomValue(mapChunksAtom);
  const viewer = useAtomValue(mapViewerAtom);
  const serverOffsetMs = useServerOffset();
  if (!hovered || worldId === null) return null;
  const tile = findTile(chunks, worldId, hovered.x, hovered.y);
  const relation = tile ? relationLabel(tile, viewer) : null;
  const size = tile ? tierLabel(tile) : null;
  const place = tooltipPlace(hovered);
  return (
    <div className={place.className} role="tooltip" style={place.style}>
      <strong>
        ({hovered.x}|{hovered.y})
      </strong>{' '}
      {tile ? tileTypeLabel(tile, viewer) : t('tooltip.loading')}
      {tile?.village && (
        <span className="map-tooltip__village">
          {tile.village.name}
          {tile.village.alliance && ` [${tile.village.alliance.tag}] ${tile.village.alliance.name}`}
        </span>
      )}
      {size && <span className="map-tooltip__tier">{size}</span>}
      {relation && <span className="map-tooltip__relation">{t('tooltip.relation', { relation })}</span>}
      {tile?.oasis && (
        <span className="map-tooltip__village">
          {t('tooltip.heldBy', { name: tile.oasis.holder.villageName })}
          {tile.oasis.holder.owner && ` (${tile.oasis.holder.owner.username})`}
        </span>
      )}
      {tile?.village?.protectedUntil && (
        <span className="map-tooltip__shield">
          <ProtectionShield until={tile.village.protectedUntil} serverOffsetMs={serverOffsetMs} />
        </span>
      )}
      {tile?.village?.vacationUntil && (
        <span className="map-tooltip__shield">
          <VacationMark until={tile.village.vacationUntil} serverOffsetMs={serverOffsetMs} />
        </span>
      )}
    </div>
  );
}
