// The control panel: search, four arrows moving the centre by 5 tiles, home, zoom in and out, the radius, and the keys.
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { goHomeAtom, mapRadiusAtom, mapHomeAtom, moveCameraAtom, zoomCameraAtom, MAP_MAX_RADIUS, MAP_MIN_RADIUS, MAP_MOVE_STEP, type TilePoint } from '../../state/map';
import { MapSearch } from './MapSearch';

/** Each arrow's label is map-panel:controls.<area>. */
const ARROWS: { symbol: string; delta: TilePoint; area: 'north' | 'west' | 'east' | 'south' }[] = [
  { symbol: '↑', delta: { x: 0, y: MAP_MOVE_STEP }, area: 'north' },
  { symbol: '←', delta: { x: -MAP_MOVE_STEP, y: 0 }, area: 'west' },
  { symbol: '→', delta: { x: MAP_MOVE_STEP, y: 0 }, area: 'east' },
  { symbol: '↓', delta: { x: 0, y: -MAP_MOVE_STEP }, area: 'south' },
];

export function MapControls() {
  const { t } = useTranslation('map-panel');
  // The radius only: the controls stay put while a drag moves the centre.
  const radius = useAtomValue(mapRadiusAtom);
  const home = useAtomValue(mapHomeAtom);
  const move = useSetAtom(moveCameraAtom);
  const zoom = useSetAtom(zoomCameraAtom);
  const goHome = useSetAtom(goHomeAtom);

  return (
    <section className="card map-panel" aria-labelledby="map-controls-title">
      <h2 id="map-controls-title">{t('controls.title')}</h2>
      <MapSearch />
      <div className="map-controls">
        <div className="map-dpad" role="group" aria-label={t('controls.move')}>
          {ARROWS.map((arrow) => (
            <button
              key={arrow.area}
              type="button"
              className={`button button--secondary map-dpad__${arrow.area}`}
              aria-label={t(`controls.${arrow.area}`)}
              title={t('controls.moveTitle', { label: t(`controls.${arrow.area}`), step: MAP_MOVE_STEP })}
              disabled={radius === null}
              onClick={() => move(arrow.delta)}
            >
              {arrow.symbol}
            </button>
          ))}
          <button type="button" className="button button--secondary map-dpad__home" aria-label={t('controls.home')} title={t('controls.homeTitle')} disabled={!home} onClick={() => goHome()}>
            ⌂
          </button>
        </div>
        <div className="map-zoom" role="group" aria-label={t('controls.zoom')}>
          <button type="button" className="button button--secondary" aria-label={t('controls.zoomIn')} title={t('controls.zoomInTitle')} disabled={radius === null || radius <= MAP_MIN_RADIUS} onClick={() => zoom({ direction: 'in' })}>
            +
          </button>
          <output className="map-zoom__radius" aria-live="polite">
            {t('controls.radius', { radius: radius ?? '—' })}
          </output>
          <button type="button" className="button button--secondary" aria-label={t('controls.zoomOut')} title={t('controls.zoomOutTitle')} disabled={radius === null || radius >= MAP_MAX_RADIUS} onClick={() => zoom({ direction: 'out' })}>
            −
          </button>
        </div>
      </div>
      <p className="map-keys muted">{t('controls.keys')}</p>
    </section>
  );
}
