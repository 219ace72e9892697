// The village's merchants as the server counts them: at home, travelling and held by offers, of the marketplace's total, and what one carries.
import { formatNumber } from '../../../rules/format';
import type { Market } from '../../api/trade';

export function MerchantsCard({ market }: { market: Market }) {
  const { merchants } = market;
  return (
    <section className="card market-merchants" aria-labelledby="market-merchants-title">
      <h2 id="market-merchants-title">Merchants</h2>
      <dl className="market-facts">
        <div>
          <dt>At home</dt>
          <dd data-testid="merchants-at-home">
            {formatNumber(merchants.atHome)} <span className="muted">of {formatNumber(merchants.total)}</span>
          </dd>
        </div>
        <div>
          <dt>Travelling</dt>
          <dd>{formatNumber(merchants.travelling)}</dd>
        </div>
        <div>
          <dt>Held by offers</dt>
          <dd>{formatNumber(merchants.reserved)}</dd>
        </div>
        <div>
          <dt>Load per merchant</dt>
          <dd>{formatNumber(market.merchantLoad)}</dd>
        </div>
        <div>
          <dt>Speed</dt>
          <dd>{market.merchantSpeed} tiles/h</dd>
        </div>
        <div>
          <dt>Marketplace</dt>
          <dd>Level {market.marketplaceLevel}</dd>
        </div>
      </dl>
    </section>
  );
}
