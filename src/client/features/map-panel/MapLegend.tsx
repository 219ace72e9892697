// The legend: every tile look with its icon, colour and label, the villages' size tiers and capital mark, and the colours
// of armies on the move, all from assets/map-style.json.
import { TILE_LOOKS } from '../../../rules/tile-looks';
import { MOVEMENT_TYPES } from '../../../rules/movements';
import { TIER_MIN_POPULATION, VILLAGE_TIERS, type VillageTier } from '../../../rules/village-tiers';
import { formatNumber } from '../../../rules/format';
import { lookLabel, mapArt } from './mapStyle';

/** The inhabitants of a tier in words: '100–299', '600 and more'. */
function tierRange(tier: VillageTier): string {
  const next = VILLAGE_TIERS[VILLAGE_TIERS.indexOf(tier) + 1];
  const from = TIER_MIN_POPULATION[tier];
  if (next === undefined) return `${formatNumber(from)} and more`;
  return from === 0 ? `under ${formatNumber(TIER_MIN_POPULATION[next])}` : `${formatNumber(from)}–${formatNumber(TIER_MIN_POPULATION[next] - 1)}`;
}

export function MapLegend() {
  const style = mapArt.style;
  return (
    <section className="card map-panel" aria-labelledby="map-legend-title">
      <h2 id="map-legend-title">Legend</h2>
      <ul className="map-legend" aria-label="Tiles">
        {TILE_LOOKS.map((look) => (
          <li key={look}>
            <span className="map-legend__swatch" style={{ background: style.tiles[look].fill }}>
              <img src={mapArt.iconUrls[look]} alt="" width={22} height={22} />
            </span>
            <span>{lookLabel(look)}</span>
          </li>
        ))}
      </ul>
      <h3 className="map-legend__heading">Village size (inhabitants)</h3>
      <ul className="map-legend" aria-label="Village sizes">
        {VILLAGE_TIERS.map((tier) => (
          <li key={tier}>
            <span className="map-legend__swatch" style={{ background: style.tiles.village.fill }}>
              <img src={mapArt.tierIconUrls[tier]} alt="" width={22} height={22} />
            </span>
            <span>
              {style.tiers[tier].label} <span className="muted">{tierRange(tier)}</span>
            </span>
          </li>
        ))}
        <li>
          <span className="map-legend__swatch" style={{ background: style.tiles.village.fill }}>
            <img src={mapArt.capitalIconUrl} alt="" width={22} height={22} />
          </span>
          <span>{style.capital.label}</span>
        </li>
      </ul>
      <h3 className="map-legend__heading">On the move</h3>
      <ul className="map-legend" aria-label="Movements">
        {MOVEMENT_TYPES.map((kind) => (
          <li key={kind}>
            <span className="map-legend__route" aria-hidden="true" style={{ color: style.movements[kind].colour }}>
              <span className="map-legend__line" />
              <span className="map-legend__marker" />
            </span>
            <span>{style.movements[kind].label}</span>
          </li>
        ))}
      </ul>
      <p className="map-legend__note muted">Round markers are your own armies and merchants; diamonds are others coming at your villages.</p>
    </section>
  );
}
