// The legend: every tile look with its icon, colour and label, from assets/map-style.json.
import { TILE_LOOKS } from '../../../rules/tile-looks';
import { lookLabel, mapArt } from './mapStyle';

export function MapLegend() {
  return (
    <section className="card map-panel" aria-labelledby="map-legend-title">
      <h2 id="map-legend-title">Legend</h2>
      <ul className="map-legend">
        {TILE_LOOKS.map((look) => (
          <li key={look}>
            <span className="map-legend__swatch" style={{ background: mapArt.style.tiles[look].fill }}>
              <img src={mapArt.iconUrls[look]} alt="" width={22} height={22} />
            </span>
            <span>{lookLabel(look)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
