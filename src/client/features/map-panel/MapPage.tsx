// /game/map: the title with the centre, the WebGL stage (lazy, with PixiJS) with the player's armies on it, and the HUD panels
// beside and over it (the minimap first).
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isViewLoaded } from '../../map/chunks';
import { goHomeAtom, mapCameraAtom, mapChunksAtom, mapHomeAtom, selectTileAtom } from '../../state/map';
import { MapAddress } from './MapAddress';
import { MapControls } from './MapControls';
import { MapLegend } from './MapLegend';
import { MapTooltip } from './MapTooltip';
import { MapTruce } from './MapTruce';
import { Minimap } from './Minimap';
import { MovementTooltip } from './MovementTooltip';
import { TileDetails } from './TileDetails';
import { useMapMovements } from './useMapMovements';
import { useMapSession } from './useMapSession';
import './map-page.css';

// PixiJS arrives in its own chunk, so the HUD shows while it loads.
const MapStage = lazy(() => import('../../map/MapStage'));

function MapTitle() {
  const { t } = useTranslation('map-panel');
  const camera = useAtomValue(mapCameraAtom);
  const home = useAtomValue(mapHomeAtom);
  const goHome = useSetAtom(goHomeAtom);
  const select = useSetAtom(selectTileAtom);
  return (
    <header className="page__header map-page__header">
      <h1 id="map-title" className="map-page__title">
        {t('page.title')}{' '}
        {/* Its room is kept before the camera is known, so the header does not reflow (and the stage jump) when it is. */}
        {camera ? (
          <span className="map-page__centre" aria-label={t('page.centre', { x: camera.x, y: camera.y })}>
            ({camera.x}|{camera.y})
          </span>
        ) : (
          <span className="map-page__centre" aria-hidden="true" />
        )}
      </h1>
      <button
        type="button"
        className="button button--secondary"
        disabled={!home}
        onClick={() => {
          goHome();
          if (home) select({ x: home.x, y: home.y });
        }}
      >
        {t('page.myVillage')}
      </button>
    </header>
  );
}

function LoadingOverlay({ waiting, error }: { waiting: boolean; error: string | null }) {
  const { t } = useTranslation('map-panel');
  const camera = useAtomValue(mapCameraAtom);
  const chunks = useAtomValue(mapChunksAtom);
  if (!waiting && camera && isViewLoaded(chunks, camera)) return null;
  return (
    <div className="map-page__loading" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{t('page.loading')}</span>
      {error && <span className="map-page__loading-error">{t('page.retrying', { error })}</span>}
    </div>
  );
}

export default function MapPage() {
  const { t } = useTranslation('map-panel');
  const { status, error, loadError, openingView } = useMapSession();
  useMapMovements();
  return (
    <section className="page map-page" aria-labelledby="map-title">
      <MapAddress openingView={openingView} />
      <MapTitle />
      <MapTruce />
      {status === 'no-village' && (
        <p className="alert alert--info">{t('page.noVillage')}</p>
      )}
      {status === 'error' && error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="map-page__body">
        <div className="map-page__stage">
          {status !== 'error' && (
            <Suspense fallback={null}>
              <MapStage />
            </Suspense>
          )}
          <MapTooltip />
          <MovementTooltip />
          {status !== 'error' && <LoadingOverlay waiting={status === 'loading'} error={loadError} />}
        </div>
        <aside className="map-page__side" aria-label={t('page.panels')}>
          <Minimap />
          <MapControls />
          <TileDetails />
          <MapLegend />
        </aside>
      </div>
    </section>
  );
}
