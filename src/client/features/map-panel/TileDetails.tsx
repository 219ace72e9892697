// Details of the selected tile: coordinates and type; for a village its name, owner, population, alliance, relation to the
// player, beginner protection and vacation; for an oasis who holds it or its animals; the resource bonus; the distance; what the player can do there (send troops, found a village); and 'Center Here'.
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { findTile } from '../../map/chunks';
import { centreOnAtom, mapCameraAtom, mapChunksAtom, mapHomeAtom, mapWorldIdAtom, selectedTileAtom, type MapTile } from '../../state/map';
import { mapViewerAtom } from '../../state/relations';
import { useServerOffset } from '../../state/village';
import { ProtectionShield } from '../../ui/ProtectionShield';
import { VacationMark } from '../../ui/VacationMark';
import { distance } from '../../../rules/world';
import { formatDistance, formatNumber, formatPercent } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { PlayerLink } from '../../ui/PlayerLink';
import { tileTypeLabel } from './mapStyle';
import { relationLabel } from './tileLabels';
import { TileActions } from './TileActions';
import { OasisInfo } from './OasisInfo';

function bonuses(tile: MapTile): string[] {
  const line = (percent: number, resource: Parameters<typeof resourceName>[0]) => i18n.t('map-panel:details.bonusLine', { percent: formatPercent(percent), resource: resourceName(resource) });
  if (tile.bonuses && tile.bonuses.length > 0) return tile.bonuses.map((b) => line(b.percent, b.resourceType));
  if (tile.resourceType && tile.resourceBonus) return [line(tile.resourceBonus, tile.resourceType)];
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
  const { t } = useTranslation('map-panel');
  const selected = useAtomValue(selectedTileAtom);
  const worldId = useAtomValue(mapWorldIdAtom);
  const chunks = useAtomValue(mapChunksAtom);
  const home = useAtomValue(mapHomeAtom);
  const origin = useAtomValue(distanceOriginAtom);
  const viewer = useAtomValue(mapViewerAtom);
  const centreOn = useSetAtom(centreOnAtom);
  const serverOffsetMs = useServerOffset();

  const tile = selected && worldId !== null ? findTile(chunks, worldId, selected.x, selected.y) : null;
  const from = origin ? { ...origin, name: origin === home ? t('details.yourVillage') : t('details.theCentre') } : null;
  const relation = tile ? relationLabel(tile, viewer) : null;

  return (
    <section className="card map-panel map-details" aria-labelledby="map-details-title">
      <h2 id="map-details-title">{t('details.title')}</h2>
      {!selected && <p className="muted">{t('details.empty')}</p>}
      {selected && (
        <>
          <p className="map-details__coords">
            ({selected.x}|{selected.y})
          </p>
          {!tile && <p className="muted">{t('details.loading')}</p>}
          {tile && (
            <dl className="map-details__list">
              <dt>{t('details.type')}</dt>
              <dd>{tileTypeLabel(tile, viewer)}</dd>
              {tile.type === 'oasis' && <OasisInfo tile={tile} />}
              {tile.village && (
                <>
                  <dt>{t('details.village')}</dt>
                  <dd>
                    {tile.village.name}
                    {tile.village.isCapital && <span title={t('details.capital')}> ♛</span>}
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
                  <dt>{t('details.owner')}</dt>
                  <dd>
                    <PlayerLink player={tile.village.owner} fallback={t('details.barbarians')} />
                  </dd>
                  <dt>{t('details.population')}</dt>
                  <dd>{formatNumber(tile.village.population)}</dd>
                  <dt>{t('details.alliance')}</dt>
                  <dd>{tile.village.alliance ? `[${tile.village.alliance.tag}] ${tile.village.alliance.name}` : t('details.none')}</dd>
                  {relation && (
                    <>
                      <dt>{t('details.relation')}</dt>
                      <dd data-testid="tile-relation">{relation}</dd>
                    </>
                  )}
                </>
              )}
              <dt>{t('details.bonus')}</dt>
              <dd>{bonuses(tile).join(', ') || t('details.none')}</dd>
              {from && (
                <>
                  <dt>{t('details.distance')}</dt>
                  <dd>
                    {t('details.tiles', { distance: formatDistance(distance(from.x, from.y, selected.x, selected.y)) })}
                    <span className="muted">{t('details.from', { name: from.name })}</span>
                  </dd>
                </>
              )}
            </dl>
          )}
          {tile && <TileActions tile={tile} viewer={viewer} home={home} />}
          <button type="button" className="button button--small" onClick={() => centreOn(selected)}>
            {t('details.centreHere')}
          </button>
        </>
      )}
    </section>
  );
}
