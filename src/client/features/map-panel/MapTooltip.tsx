// The tooltip over the hovered tile: its coordinates and type (and the village's name on a village).
import { useAtomValue } from 'jotai';
import { findTile } from '../../map/chunks';
import { hoveredTileAtom, mapCameraAtom, mapChunksAtom } from '../../state/map';
import { userAtom } from '../../state/session';
import { tileTypeLabel } from './mapStyle';

export function MapTooltip() {
  const hovered = useAtomValue(hoveredTileAtom);
  const camera = useAtomValue(mapCameraAtom);
  const chunks = useAtomValue(mapChunksAtom);
  const viewerId = useAtomValue(userAtom)?.id ?? null;
  if (!hovered || !camera) return null;
  const tile = findTile(chunks, camera.worldId, hovered.x, hovered.y);
  // Above the tile, or below it near the top edge of the stage.
  const below = hovered.top < 44;
  const style = {
    left: hovered.left + hovered.size / 2,
    top: below ? hovered.top + hovered.size : hovered.top,
  };
  return (
    <div className={`map-tooltip${below ? ' map-tooltip--below' : ''}`} role="tooltip" style={style}>
      <strong>
        ({hovered.x}|{hovered.y})
      </strong>{' '}
      {tile ? tileTypeLabel(tile, viewerId) : 'Loading...'}
      {tile?.village && <span className="map-tooltip__village">{tile.village.name}</span>}
    </div>
  );
}
