// The tooltip over the hovered tile: its coordinates and type (on a village its name, alliance, relation to the player and beginner protection; on a held oasis its holder).
import { useAtomValue } from 'jotai';
import { findTile } from '../../map/chunks';
import { hoveredTileAtom, mapChunksAtom, mapWorldIdAtom } from '../../state/map';
import { mapViewerAtom } from '../../state/relations';
import { useServerOffset } from '../../state/village';
import { ProtectionShield } from '../../ui/ProtectionShield';
import { tileTypeLabel } from './mapStyle';
import { relationLabel } from './tileLabels';

export function MapTooltip() {
  const hovered = useAtomValue(hoveredTileAtom);
  const worldId = useAtomValue(mapWorldIdAtom);
  const chunks = useAtomValue(mapChunksAtom);
  const viewer = useAtomValue(mapViewerAtom);
  const serverOffsetMs = useServerOffset();
  if (!hovered || worldId === null) return null;
  const tile = findTile(chunks, worldId, hovered.x, hovered.y);
  const relation = tile ? relationLabel(tile, viewer) : null;
  // Above the tile, or below it near the top edge; centred on it, or flush with it near the sides, so it stays on the stage.
  const below = hovered.top < 44;
  const centre = hovered.left + hovered.size / 2;
  const side = centre < 90 ? 'start' : centre > hovered.stageWidth - 90 ? 'end' : 'middle';
  const style = {
    left: side === 'start' ? Math.max(0, hovered.left) : side === 'end' ? Math.min(hovered.stageWidth, hovered.left + hovered.size) : centre,
    top: below ? hovered.top + hovered.size : hovered.top,
  };
  return (
    <div className={`map-tooltip map-tooltip--${side}${below ? ' map-tooltip--below' : ''}`} role="tooltip" style={style}>
      <strong>
        ({hovered.x}|{hovered.y})
      </strong>{' '}
      {tile ? tileTypeLabel(tile, viewer) : 'Loading...'}
      {tile?.village && (
        <span className="map-tooltip__village">
          {tile.village.name}
          {tile.village.alliance && ` [${tile.village.alliance.tag}] ${tile.village.alliance.name}`}
        </span>
      )}
      {relation && <span className="map-tooltip__relation">Relation: {relation}</span>}
      {tile?.oasis && (
        <span className="map-tooltip__village">
          Held by {tile.oasis.holder.villageName}
          {tile.oasis.holder.owner && ` (${tile.oasis.holder.owner.username})`}
        </span>
      )}
      {tile?.village?.protectedUntil && (
        <span className="map-tooltip__shield">
          <ProtectionShield until={tile.village.protectedUntil} serverOffsetMs={serverOffsetMs} />
        </span>
      )}
    </div>
  );
}
