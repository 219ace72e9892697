// Offers: the village's own open offers (withdraw) and others' open offers nearest first, filtered and paged, each to accept from this village.
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acceptTradeOffer, withdrawTradeOffer, type OfferFilter, type ResourceTypeName, type TradeOffer } from '../../api/trade';
import { tradeOffersQuery } from '../../state/queries';
import { i18n } from '../../i18n';
import { formatDistance, formatDuration, formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES, isResourceType, type ResourceType } from '../../../rules/resources';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ResourceIcon } from '../../ui/icons';
import { useAction } from '../../ui/useAction';
import type { MarketContext } from './context';
import { offersChanged, traded } from './marketCache';
import { acceptRefusal } from './model';
import { refusalText } from './refusals';

/** A resource's name in running text ('timber', German 'Holz'). */
const inText = (r: ResourceType): string => i18n.t(`common:resourcesInText.${r}`);

/** Offers of others per page. */
export const OFFERS_PER_PAGE = 10;

function Amount({ amount }: { amount: TradeOffer['offer'] }) {
  const { t } = useTranslation('marketplace');
  return (
    <span className="market-amount-text">
      <ResourceIcon type={amount.resource} size={14} /> {t('amount', { amount: formatNumber(amount.amount), resource: inText(amount.resource) })}
    </span>
  );
}

function MyOffers({ ctx, offers }: { ctx: MarketContext; offers: readonly TradeOffer[] | null }) {
  const { t } = useTranslation('marketplace');
  const client = useQueryClient();
  const withdraw = useAction({
    mutationFn: (offerId: string) => withdrawTradeOffer(offerId),
    onSettled: () => offersChanged(client, ctx.viewer, ctx.village.id),
    success: t('mine.withdrawn'),
    failure: t('mine.withdrawFailed'),
  });
  return (
    <section className="card market-mine" aria-labelledby="market-mine-title">
      <h2 id="market-mine-title">{t('mine.title')}</h2>
      {offers === null ? (
        <p className="muted">{t('mine.loading')}</p>
      ) : offers.length === 0 ? (
        <p className="muted">{t('mine.empty')}</p>
      ) : (
        <ul className="market-list" aria-label={t('mine.title')}>
          {offers.map((offer) => (
            <li key={offer.id} className="market-list__item">
              <span>
                <Amount amount={offer.offer} /> {t('mine.for')} <Amount amount={offer.want} />
                <span className="muted">
                  {' '}
                  · {t('mine.held', { count: offer.merchants })}
                </span>
              </span>
              <ActionButton
                className="button button--secondary button--small"
                onClick={() => withdraw.run(offer.id)}
                pending={withdraw.pending && withdraw.variables === offer.id}
                disabled={withdraw.pending}
                aria-label={t('mine.withdrawLabel', { amount: formatNumber(offer.offer.amount), resource: inText(offer.offer.resource) })}
              >
                {t('mine.withdraw')}
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <ActionOutcome message={withdraw.outcome} />
    </section>
  );
}

function ResourceFilter({ label, value, onChange }: { label: string; value: ResourceTypeName | undefined; onChange: (r: ResourceTypeName | undefined) => void }) {
  const { t } = useTranslation('marketplace');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(isResourceType(e.target.value) ? e.target.value : undefined)}>
        <option value="">{t('offers.any')}</option>
        {RESOURCE_TYPES.map((r) => (
          <option key={r} value={r}>
            {resourceName(r)}
          </option>
        ))}
      </select>
    </div>
  );
}

function OfferRow({ offer, ctx, accept }: { offer: TradeOffer; ctx: MarketContext; accept: { run: (o: TradeOffer) => void; busy: string | null } }) {
  const { t } = useTranslation('marketplace');
  const said = acceptRefusal(offer, ctx);
  const refusal = said === null ? null : refusalText(said);
  return (
    <tr>
      <td>{offer.owner.username}</td>
      <td>
        {offer.village.name} <span className="muted">({offer.village.x}|{offer.village.y})</span>
      </td>
      <td>
        <Amount amount={offer.offer} />
      </td>
      <td>
        <Amount amount={offer.want} />
      </td>
      <td>{formatDistance(offer.distance)}</td>
      <td>{formatDuration(offer.travelSeconds)}</td>
      <td>
        <ActionButton
          className="button button--small"
          onClick={() => accept.run(offer)}
          pending={accept.busy === offer.id}
          disabled={refusal !== null || accept.busy !== null}
          title={refusal ?? undefined}
          aria-label={t('offers.acceptLabel', {
            give: formatNumber(offer.offer.amount),
            giveResource: inText(offer.offer.resource),
            want: formatNumber(offer.want.amount),
            wantResource: inText(offer.want.resource),
            player: offer.owner.username,
          })}
        >
          {t('offers.accept')}
        </ActionButton>
        {refusal && <span className="market-reason">{refusal}</span>}
      </td>
    </tr>
  );
}

function OpenOffers({ ctx, filter, onFilter }: { ctx: MarketContext; filter: OfferFilter; onFilter: (f: OfferFilter) => void }) {
  const { t } = useTranslation('marketplace');
  const client = useQueryClient();
  const read = useQuery(tradeOffersQuery(ctx.viewer, ctx.village.id, filter));
  const accept = useAction({
    mutationFn: (offer: TradeOffer) => acceptTradeOffer(offer.id, ctx.village.id),
    onSuccess: (reply) => traded(client, ctx.viewer, { villageId: ctx.village.id, reply }),
    // Taken by someone else meanwhile, or the village changed: the lists and the market are read again.
    onError: () => offersChanged(client, ctx.viewer, ctx.village.id),
    success: (reply) => t('offers.traded', { player: reply.offer.owner.username, time: formatDuration(reply.incoming.remainingTime) }),
    failure: t('offers.acceptFailed'),
  });
  const list = read.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;

  return (
    <section className="card market-offers" aria-labelledby="market-offers-title">
      <h2 id="market-offers-title">{t('offers.title')}</h2>
      <div className="market-offers__filters">
        <ResourceFilter label={t('offers.theyGive')} value={filter.offering} onChange={(offering) => onFilter({ ...filter, offering, page: 1 })} />
        <ResourceFilter label={t('offers.theyAsk')} value={filter.wanting} onChange={(wanting) => onFilter({ ...filter, wanting, page: 1 })} />
      </div>
      {read.isError && !list ? (
        <div>
          <p className="muted">{t('offers.couldNotLoad')}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void read.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : !list ? (
        <p className="muted">{t('offers.loading')}</p>
      ) : list.offers.length === 0 ? (
        <p className="muted">{filter.offering || filter.wanting ? t('offers.noneMatches') : t('offers.noneInWorld')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table market-offers__table" aria-label={t('offers.table')} aria-busy={read.isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col">{t('offers.player')}</th>
                <th scope="col">{t('offers.village')}</th>
                <th scope="col">{t('offers.gives')}</th>
                <th scope="col">{t('offers.asks')}</th>
                <th scope="col">{t('offers.distance')}</th>
                <th scope="col">{t('offers.travel')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('offers.accept')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.offers.map((offer) => (
                <OfferRow key={offer.id} offer={offer} ctx={ctx} accept={{ run: accept.run, busy: accept.pending ? (accept.variables?.id ?? null) : null }} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ActionOutcome message={accept.outcome} />
      {list && pages > 1 && (
        <nav className="market-pages" aria-label={t('offers.pages')}>
          <button type="button" className="button button--secondary button--small" disabled={filter.page <= 1} onClick={() => onFilter({ ...filter, page: filter.page - 1 })}>
            {t('offers.previous')}
          </button>
          <span>{t('offers.page', { page: filter.page, pages })}</span>
          <button type="button" className="button button--secondary button--small" disabled={filter.page >= pages} onClick={() => onFilter({ ...filter, page: filter.page + 1 })}>
            {t('offers.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** The village's own offers and others', read together (one call answers both). */
export function OffersSection({ ctx }: { ctx: MarketContext }) {
  const [filter, setFilter] = useState<OfferFilter>({ page: 1, limit: OFFERS_PER_PAGE });
  const mine = useQuery(tradeOffersQuery(ctx.viewer, ctx.village.id, filter)).data?.mine ?? null;
  return (
    <>
      <MyOffers ctx={ctx} offers={mine} />
      <OpenOffers ctx={ctx} filter={filter} onFilter={setFilter} />
    </>
  );
}
