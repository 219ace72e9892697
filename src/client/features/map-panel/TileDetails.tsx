// Details of the selected tile: coordinates and type; for a village its name, owner, population, alliance, relation to the
// player, beginner protection and vacation; for an oasis who holds it or its animals; the resource bonus; the distance; what the player can do there (send troops, found a village); and 'Center Here'.
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { findTile } from '../../map/chunks';
import { centreOnAtom, mapCameraAtom, mapChunksAtom, mapHomeAtom, mapWorldIdAtom, selectedTileAtom, type MapTile } from '../../state/map';
import { mapViewerAtom } from '../../state/relations';
import { useServerOffset } from '../../state/village';
import { ProtectionShield } from '../../ui/ProtectionShield';
import { VacationMark } from '../../ui/VacationMark';
import { distance } from '../../../rules/world';
import { formatDistance, formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES } from '../../../rules/resources';
import { BARBARIANS } from '../../../rules/barbarians';
import { PlayerLink } from '../../ui/PlayerLink';
import { tileTypeLabel } from './mapStyle';
import { relationLabel } from './tileLabels';
import { TileActions } from './TileActions';
import { OasisInfo } from './OasisInfo';

function bonuses(tile: MapTile): string[] {
  if (tile.bonuses && tile.bonuses.length > 0) return tile.bonuses.map((b) => `+${b.percent}% ${RESOURCE_NAMES[b.resourceType]}`);
  if (tile.resourceType && tile.resourceBonus) return [`+${tile.resourceBonus}% ${RESOURCE_NAMES[tile.resourceType]}`];
  return [];
}

/**
 * Where distances are measured from: the player's village when it is in the world shown, else the centre of the view.
 * The home object itself while it applies, so a drag moving the centre does not re-render the panel.
 */
const distanceOriginAtom = atom((get) => {
  const home = get(mapHomeAtom);
  const camera = get(mapCameraAtom);
  if (!camera) return null;
  return home && home.worldId === camera.worldId ? home : camera;
});

export function TileDetails() {
  const selected = useAtomValue(selectedTileAtom);
  const worldId = useAtomValue(mapWorldIdAtom);
  const chunks = useAtomValue(mapChunksAtom);
  const home = useAtomValue(mapHomeAtom);
  const origin = useAtomValue(distanceOriginAtom);
  const viewer = useAtomValue(mapViewerAtom);
  const centreOn = useSetAtom(centreOnAtom);
  const serverOffsetMs = useServerOffset();

  const tile = selected && worldId !== null ? findTile(chunks, worldId, selected.x, selected.y) : null;
  const from = origin ? { ...origin, name: origin === home ? 'your village' : 'the centre' } : null;
  const relation = tile ? relationLabel(tile, viewer) : null;

  return (
    <section className="card map-panel map-details" aria-labelledby="map-details-title">
      <h2 id="map-details-title">Tile Details</h2>
      {!selected && <p className="muted">Click on a tile to view details</p>}
      {selected && (
        <>
          <p className="map-details__coords">
            ({selected.x}|{selected.y})
          </p>
          {!tile && <p className="muted">Loading...</p>}
          {tile && (
            <dl className="map-details__list">
              <dt>Type</dt>
              <dd>{tileTypeLabel(tile, viewer)}</dd>
              {tile.type === 'oasis' && <OasisInfo tile={tile} />}
              {tile.village && (
                <>
                  <dt>Village</dt>
                  <dd>
                    {tile.village.name}
                    {tile.village.isCapital && <span title="Capital"> ♛</span>}
                    {/* Under the name, so nothing is left behind when the countdown ends. */}
                    {tile.village.protectedUntil && (
                      <span className="map-details__shield">
                        <ProtectionShield until={tile.village.protectedUntil} serverOffsetMs={serverOffsetMs} />
                      </span>
                    )}
                    {tile.village.vacationUntil && (
                      <span className="map-details__shield">
                        <VacationMark until={tile.village.vacationUntil} serverOffsetMs={serverOffsetMs} />
                      </span>
                    )}
                  </dd>
                  <dt>Owner</dt>
                  <dd>
                    <PlayerLink player={tile.village.owner} fallback={BARBARIANS} />
                  </dd>
                  <dt>Population</dt>
                  <dd>{formatNumber(tile.village.population)}</dd>
                  <dt>Alliance</dt>
                  <dd>{tile.village.alliance ? `[${tile.village.alliance.tag}] ${tile.village.alliance.name}` : 'None'}</dd>
                  {relation && (
                    <>
                      <dt>Relation</dt>
                      <dd data-testid="tile-relation">{relation}</dd>
                    </>
                  )}
                </>
              )}
              <dt>Resource bonus</dt>
              <dd>{bonuses(tile).join(', ') || 'None'}</dd>
              {from && (
                <>
                  <dt>Distance</dt>
                  <dd>
                    {formatDistance(distance(from.x, from.y, selected.x, selected.y))} tiles <span className="muted">from {from.name}</span>
                  </dd>
                </>
              )}
            </dl>
          )}
          {tile && <TileActions tile={tile} viewer={viewer} home={home} />}
          <button type="button" className="button button--small" onClick={() => centreOn(selected)}>
            Center Here
          </button>
        </>
      )}
    </section>
  );
}
