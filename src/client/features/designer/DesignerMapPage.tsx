// /designer/map: every tile look at every zoom step on the map's real stage, for tuning assets/ (game masters and above).
// Under `npm run dev` the sheet and the table redraw as soon as an icon or assets/map-style.json is saved.
import atlas from 'virtual:map-atlas';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { TILE_LOOKS } from '../../../rules/tile-looks';
import { designerSheet } from '../../map/designer-sheet';
import { Link } from 'react-router';
import { formatDecimal } from '../../i18n/format';
import { zoomOf } from '../../state/map';
import { SiteHeader } from '../../ui/SiteHeader';
import { DesignerNav } from './DesignerNav';
import './designer.css';

const DesignerStage = lazy(() => import('../../map/DesignerStage'));

const STAGE_SIZES = [480, 640, 800, 960] as const;

export default function DesignerMapPage() {
  const { t } = useTranslation('designer');
  const [stageSize, setStageSize] = useState<number>(640);
  const sheet = useMemo(() => designerSheet(stageSize), [stageSize]);
  const sizeId = useId();
  const [sample, ...strips] = sheet.views;
  // The sheet always holds the sample area: without one there is nothing to draw.
  if (!sample) return null;

  return (
    <>
      <SiteHeader />
      <main className="page designer-page" aria-labelledby="designer-title">
        <Link className="designer-page__back" to="/gamemaster">
          {t('back')}
        </Link>
        <DesignerNav />
        <header className="page__header">
          <h1 id="designer-title">{t('map.title')}</h1>
          <div className="designer-page__size">
            <label htmlFor={sizeId}>{t('map.stage')}</label>
            <select id={sizeId} className="input" value={stageSize} onChange={(event) => setStageSize(Number(event.target.value))}>
              {STAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {t('map.px', { size })}
                </option>
              ))}
            </select>
          </div>
        </header>
        <p className="muted">
          <Trans t={t} i18nKey="map.intro" values={{ size: stageSize }} components={{ code: <code /> }} />
        </p>

        <div className="designer-page__body">
          <div className="designer-sheet" style={{ height: sheet.height }}>
            <ol className="designer-sheet__labels" aria-label={t('map.zoomSteps')}>
              <li className="designer-sheet__sample" style={{ top: sample.top, height: sample.geometry.height }}>
                <strong>{t('map.sample')}</strong>
                <span>{t('map.sampleSize', { radius: sample.radius, size: formatDecimal(sample.geometry.tileSize, 1, 1) })}</span>
              </li>
              {strips.map((view) => (
                <li key={view.id} data-radius={view.radius} style={{ top: view.top, height: view.geometry.tileSize }}>
                  <strong>{t('map.radius', { radius: view.radius })}</strong>
                  <span>{t('map.stripSize', { size: formatDecimal(view.geometry.tileSize, 1, 1), zoom: formatDecimal(zoomOf(view.radius), 2, 2) })}</span>
                </li>
              ))}
            </ol>
            <Suspense fallback={<div className="designer-sheet__loading">{t('loadingStage')}</div>}>
              <DesignerStage sheet={sheet} />
            </Suspense>
          </div>

          <aside className="card designer-page__styles" aria-labelledby="designer-styles-title">
            <h2 id="designer-styles-title">{t('map.tileTypes')}</h2>
            <p className="muted">{t('map.order', { version: atlas.version })}</p>
            <table className="table designer-table">
              <thead>
                <tr>
                  <th scope="col">{t('map.icon')}</th>
                  <th scope="col">{t('map.type')}</th>
                  <th scope="col">{t('map.label')}</th>
                  <th scope="col">{t('map.fill')}</th>
                </tr>
              </thead>
              <tbody>
                {TILE_LOOKS.map((look) => {
                  const style = atlas.style.tiles[look];
                  return (
                    <tr key={look}>
                      <td>
                        <span className="designer-table__icon" style={{ background: style.fill }}>
                          <img src={atlas.iconUrls[look]} alt="" width={28} height={28} />
                        </span>
                      </td>
                      <td>
                        <code>{look}</code>
                        <div className="muted designer-table__file">{style.icon}</div>
                      </td>
                      <td>{style.label}</td>
                      <td>
                        <code>{style.fill}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </aside>
        </div>
      </main>
    </>
  );
}
