// The village's merchants as the server counts them: at home, travelling and held by offers, of the marketplace's total, and what one carries.
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatNumber, formatWhole } from '../../i18n/format';

/** Tiles an hour as the server gives them, ungrouped as before ('1600'; German decimals with a comma). */
const speedText = (speed: number): string => (Number.isInteger(speed) ? formatWhole(speed) : formatDecimal(speed, 2));
import type { Market } from '../../api/trade';

export function MerchantsCard({ market }: { market: Market }) {
  const { t } = useTranslation('marketplace');
  const { merchants } = market;
  return (
    <section className="card market-merchants" aria-labelledby="market-merchants-title">
      <h2 id="market-merchants-title">{t('merchants.title')}</h2>
      <dl className="market-facts">
        <div>
          <dt>{t('merchants.atHome')}</dt>
          <dd data-testid="merchants-at-home">
            {formatNumber(merchants.atHome)} <span className="muted">{t('merchants.ofTotal', { total: formatNumber(merchants.total) })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('merchants.travelling')}</dt>
          <dd>{formatNumber(merchants.travelling)}</dd>
        </div>
        <div>
          <dt>{t('merchants.held')}</dt>
          <dd>{formatNumber(merchants.reserved)}</dd>
        </div>
        <div>
          <dt>{t('merchants.load')}</dt>
          <dd>{formatNumber(market.merchantLoad)}</dd>
        </div>
        <div>
          <dt>{t('merchants.speed')}</dt>
          <dd>{t('merchants.speedValue', { speed: speedText(market.merchantSpeed) })}</dd>
        </div>
        <div>
          <dt>{t('merchants.marketplace')}</dt>
          <dd>{t('merchants.level', { level: market.marketplaceLevel })}</dd>
        </div>
      </dl>
    </section>
  );
}
