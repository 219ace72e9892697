// The legend: every tile look with its icon, colour and label, the villages' size tiers and capital mark, and the colours
// of armies on the move, all from assets/map-style.json.
import { TILE_LOOKS } from '../../../rules/tile-looks';
import { MOVEMENT_TYPES } from '../../../rules/movements';
import { TIER_MIN_POPULATION, VILLAGE_TIERS, type VillageTier } from '../../../rules/village-tiers';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { lookLabel, mapArt } from './mapStyle';
import { styledLabel } from './tileLabels';

/** The inhabitants of a tier in words: '100–299', '600 and more'. */
function tierRange(tier: VillageTier): string {
  const next = VILLAGE_TIERS[VILLAGE_TIERS.indexOf(tier) + 1];
  const from = TIER_MIN_POPULATION[tier];
  if (next === undefined) return i18n.t('map-panel:legend.andMore', { from: formatNumber(from) });
  return from === 0
    ? i18n.t('map-panel:legend.under', { to: formatNumber(TIER_MIN_POPULATION[next]) })
    : i18n.t('map-panel:legend.range', { from: formatNumber(from), to: formatNumber(TIER_MIN_POPULATION[next] - 1) });
}

export function MapLegend() {
  const { t } = useTranslation('map-panel');
  const style = mapArt.style;
  return (
    <section className="card map-panel" aria-labelledby="map-legend-title">
      <h2 id="map-legend-title">{t('legend.title')}</h2>
      <ul className="map-legend" aria-label={t('legend.tiles')}>
        {TILE_LOOKS.map((look) => (
          <li key={look}>
            <span className="map-legend__swatch" style={{ background: style.tiles[look].fill }}>
              <img src={mapArt.iconUrls[look]} alt="" width={22} height={22} />
            </span>
            <span>{lookLabel(look)}</span>
          </li>
        ))}
      </ul>
      <h3 className="map-legend__heading">{t('legend.sizesTitle')}</h3>
      <ul className="map-legend" aria-label={t('legend.sizes')}>
        {VILLAGE_TIERS.map((tier) => (
          <li key={tier}>
            <span className="map-legend__swatch" style={{ background: style.tiles.village.fill }}>
              <img src={mapArt.tierIconUrls[tier]} alt="" width={22} height={22} />
            </span>
            <span>
              {styledLabel(`tiers.${tier}`, style.tiers[tier].label)} <span className="muted">{tierRange(tier)}</span>
            </span>
          </li>
        ))}
        <li>
          <span className="map-legend__swatch" style={{ background: style.tiles.village.fill }}>
            <img src={mapArt.capitalIconUrl} alt="" width={22} height={22} />
          </span>
          <span>{styledLabel('capital', style.capital.label)}</span>
        </li>
      </ul>
      <h3 className="map-legend__heading">{t('legend.movingTitle')}</h3>
      <ul className="map-legend" aria-label={t('legend.movements')}>
        {MOVEMENT_TYPES.map((kind) => (
          <li key={kind}>
            <span className="map-legend__route" aria-hidden="true" style={{ color: style.movements[kind].colour }}>
              <span className="map-legend__line" />
              <span className="map-legend__marker" />
            </span>
            <span>{styledLabel(`movementKinds.${kind}`, style.movements[kind].label)}</span>
          </li>
        ))}
      </ul>
      <p className="map-legend__note muted">{t('legend.note')}</p>
    </section>
  );
}
