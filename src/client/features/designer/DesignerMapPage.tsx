// /designer/map: every tile look at every zoom step on the map's real stage, for tuning assets/ (game masters and above).
// Under `npm run dev` the sheet and the table redraw as soon as an icon or assets/map-style.json is saved.
import atlas from 'virtual:map-atlas';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { TILE_LOOKS } from '../../../rules/tile-looks';
import { designerSheet } from '../../map/designer-sheet';
import { Link } from 'react-router';
import { zoomOf } from '../../state/map';
import { SiteHeader } from '../../ui/SiteHeader';
import { DesignerNav } from './DesignerNav';
import './designer.css';

const DesignerStage = lazy(() => import('../../map/DesignerStage'));

const STAGE_SIZES = [480, 640, 800, 960] as const;

export default function DesignerMapPage() {
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
          ← Back to the Game Master Dashboard
        </Link>
        <DesignerNav />
        <header className="page__header">
          <h1 id="designer-title">Map Designer</h1>
          <div className="designer-page__size">
            <label htmlFor={sizeId}>Map stage</label>
            <select id={sizeId} className="input" value={stageSize} onChange={(event) => setStageSize(Number(event.target.value))}>
              {STAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} px
                </option>
              ))}
            </select>
          </div>
        </header>
        <p className="muted">
          Every tile type at every zoom step, drawn by the map's own stage at the tile sizes a {stageSize} px map uses. The art comes from{' '}
          <code>assets/map-style.json</code> and the icons beside it; with <code>npm run dev</code> this page redraws as soon as one is saved.
        </p>

        <div className="designer-page__body">
          <div className="designer-sheet" style={{ height: sheet.height }}>
            <ol className="designer-sheet__labels" aria-label="Zoom steps">
              <li className="designer-sheet__sample" style={{ top: sample.top, height: sample.geometry.height }}>
                <strong>Sample area</strong>
                <span>
                  radius {sample.radius} · {sample.geometry.tileSize.toFixed(1)} px
                </span>
              </li>
              {strips.map((view) => (
                <li key={view.id} data-radius={view.radius} style={{ top: view.top, height: view.geometry.tileSize }}>
                  <strong>Radius {view.radius}</strong>
                  <span>
                    {view.geometry.tileSize.toFixed(1)} px · zoom {zoomOf(view.radius).toFixed(2)}
                  </span>
                </li>
              ))}
            </ol>
            <Suspense fallback={<div className="designer-sheet__loading">Loading stage...</div>}>
              <DesignerStage sheet={sheet} />
            </Suspense>
          </div>

          <aside className="card designer-page__styles" aria-labelledby="designer-styles-title">
            <h2 id="designer-styles-title">Tile types</h2>
            <p className="muted">Left to right in every strip. Atlas {atlas.version}.</p>
            <table className="table designer-table">
              <thead>
                <tr>
                  <th scope="col">Icon</th>
                  <th scope="col">Type</th>
                  <th scope="col">Label</th>
                  <th scope="col">Fill</th>
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
