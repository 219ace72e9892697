// The control panel: search, four arrows moving the centre by 5 tiles, home, zoom in and out, the radius, and the keys.
import { useAtomValue, useSetAtom } from 'jotai';
import { goHomeAtom, mapRadiusAtom, mapHomeAtom, moveCameraAtom, zoomCameraAtom, MAP_MAX_RADIUS, MAP_MIN_RADIUS, MAP_MOVE_STEP, type TilePoint } from '../../state/map';
import { MapSearch } from './MapSearch';

const ARROWS: { label: string; symbol: string; delta: TilePoint; area: string }[] = [
  { label: 'Move north', symbol: '↑', delta: { x: 0, y: MAP_MOVE_STEP }, area: 'north' },
  { label: 'Move west', symbol: '←', delta: { x: -MAP_MOVE_STEP, y: 0 }, area: 'west' },
  { label: 'Move east', symbol: '→', delta: { x: MAP_MOVE_STEP, y: 0 }, area: 'east' },
  { label: 'Move south', symbol: '↓', delta: { x: 0, y: -MAP_MOVE_STEP }, area: 'south' },
];

export function MapControls() {
  // The radius only: the controls stay put while a drag moves the centre.
  const radius = useAtomValue(mapRadiusAtom);
  const home = useAtomValue(mapHomeAtom);
  const move = useSetAtom(moveCameraAtom);
  const zoom = useSetAtom(zoomCameraAtom);
  const goHome = useSetAtom(goHomeAtom);

  return (
    <section className="card map-panel" aria-labelledby="map-controls-title">
      <h2 id="map-controls-title">Controls</h2>
      <MapSearch />
      <div className="map-controls">
        <div className="map-dpad" role="group" aria-label="Move the map">
          {ARROWS.map((arrow) => (
            <button
              key={arrow.area}
              type="button"
              className={`button button--secondary map-dpad__${arrow.area}`}
              aria-label={arrow.label}
              title={`${arrow.label} (${MAP_MOVE_STEP} tiles)`}
              disabled={radius === null}
              onClick={() => move(arrow.delta)}
            >
              {arrow.symbol}
            </button>
          ))}
          <button type="button" className="button button--secondary map-dpad__home" aria-label="Home" title="Back to my village" disabled={!home} onClick={() => goHome()}>
            ⌂
          </button>
        </div>
        <div className="map-zoom" role="group" aria-label="Zoom">
          <button type="button" className="button button--secondary" aria-label="Zoom in" title="Zoom in (fewer tiles)" disabled={radius === null || radius <= MAP_MIN_RADIUS} onClick={() => zoom({ direction: 'in' })}>
            +
          </button>
          <output className="map-zoom__radius" aria-live="polite">
            Radius: {radius ?? '—'}
          </output>
          <button type="button" className="button button--secondary" aria-label="Zoom out" title="Zoom out (more tiles)" disabled={radius === null || radius >= MAP_MAX_RADIUS} onClick={() => zoom({ direction: 'out' })}>
            −
          </button>
        </div>
      </div>
      <p className="map-keys muted">Drag to pan, wheel to zoom. Keys: arrows or WASD (Shift: 5 tiles), + and −, Home, Esc.</p>
    </section>
  );
}
