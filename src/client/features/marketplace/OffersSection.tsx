// Offers: the village's own open offers (withdraw) and others' open offers nearest first, filtered and paged, each to accept from this village.
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptTradeOffer, withdrawTradeOffer, type OfferFilter, type ResourceTypeName, type TradeOffer } from '../../api/trade';
import { tradeOffersQuery } from '../../state/queries';
import { formatDistance, formatDuration, formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES, isResourceType } from '../../../rules/resources';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ResourceIcon } from '../../ui/icons';
import { useAction } from '../../ui/useAction';
import type { MarketContext } from './context';
import { offersChanged, traded } from './marketCache';
import { acceptRefusal } from './model';

/** Offers of others per page. */
export const OFFERS_PER_PAGE = 10;

function Amount({ amount }: { amount: TradeOffer['offer'] }) {
  return (
    <span className="market-amount-text">
      <ResourceIcon type={amount.resource} size={14} /> {formatNumber(amount.amount)} {RESOURCE_NAMES[amount.resource].toLowerCase()}
    </span>
  );
}

function MyOffers({ ctx, offers }: { ctx: MarketContext; offers: readonly TradeOffer[] | null }) {
  const client = useQueryClient();
  const withdraw = useAction({
    mutationFn: (offerId: string) => withdrawTradeOffer(offerId),
    onSettled: () => offersChanged(client, ctx.viewer, ctx.village.id),
    success: 'The offer is withdrawn: its resources and merchants are back.',
    failure: 'Could not withdraw the offer.',
  });
  return (
    <section className="card market-mine" aria-labelledby="market-mine-title">
      <h2 id="market-mine-title">Your open offers</h2>
      {offers === null ? (
        <p className="muted">Loading offers...</p>
      ) : offers.length === 0 ? (
        <p className="muted">This village has no open offer.</p>
      ) : (
        <ul className="market-list" aria-label="Your open offers">
          {offers.map((offer) => (
            <li key={offer.id} className="market-list__item">
              <span>
                <Amount amount={offer.offer} /> for <Amount amount={offer.want} />
                <span className="muted">
                  {' '}
                  · {offer.merchants} {offer.merchants === 1 ? 'merchant' : 'merchants'} held
                </span>
              </span>
              <ActionButton
                className="button button--secondary button--small"
                onClick={() => withdraw.run(offer.id)}
                pending={withdraw.pending && withdraw.variables === offer.id}
                disabled={withdraw.pending}
                aria-label={`Withdraw the offer of ${formatNumber(offer.offer.amount)} ${RESOURCE_NAMES[offer.offer.resource].toLowerCase()}`}
              >
                Withdraw
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
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(isResourceType(e.target.value) ? e.target.value : undefined)}>
        <option value="">Any</option>
        {RESOURCE_TYPES.map((r) => (
          <option key={r} value={r}>
            {RESOURCE_NAMES[r]}
          </option>
        ))}
      </select>
    </div>
  );
}

function OfferRow({ offer, ctx, accept }: { offer: TradeOffer; ctx: MarketContext; accept: { run: (o: TradeOffer) => void; busy: string | null } }) {
  const refusal = acceptRefusal(offer, ctx);
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
          aria-label={`Accept ${formatNumber(offer.offer.amount)} ${RESOURCE_NAMES[offer.offer.resource].toLowerCase()} for ${formatNumber(offer.want.amount)} ${RESOURCE_NAMES[offer.want.resource].toLowerCase()} from ${offer.owner.username}`}
        >
          Accept
        </ActionButton>
        {refusal && <span className="market-reason">{refusal}</span>}
      </td>
    </tr>
  );
}

function OpenOffers({ ctx, filter, onFilter }: { ctx: MarketContext; filter: OfferFilter; onFilter: (f: OfferFilter) => void }) {
  const client = useQueryClient();
  const read = useQuery(tradeOffersQuery(ctx.viewer, ctx.village.id, filter));
  const accept = useAction({
    mutationFn: (offer: TradeOffer) => acceptTradeOffer(offer.id, ctx.village.id),
    onSuccess: (reply) => traded(client, ctx.viewer, { villageId: ctx.village.id, reply }),
    // Taken by someone else meanwhile, or the village changed: the lists and the market are read again.
    onError: () => offersChanged(client, ctx.viewer, ctx.village.id),
    success: (reply) => `Traded with ${reply.offer.owner.username}: your merchants are on their way, and theirs are coming (${formatDuration(reply.incoming.remainingTime)}).`,
    failure: 'Could not accept the offer.',
  });
  const list = read.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;

  return (
    <section className="card market-offers" aria-labelledby="market-offers-title">
      <h2 id="market-offers-title">Offers of other players</h2>
      <div className="market-offers__filters">
        <ResourceFilter label="They give" value={filter.offering} onChange={(offering) => onFilter({ ...filter, offering, page: 1 })} />
        <ResourceFilter label="They ask for" value={filter.wanting} onChange={(wanting) => onFilter({ ...filter, wanting, page: 1 })} />
      </div>
      {read.isError && !list ? (
        <div>
          <p className="muted">Could not load the offers.</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void read.refetch()}>
            Try again
          </button>
        </div>
      ) : !list ? (
        <p className="muted">Loading offers...</p>
      ) : list.offers.length === 0 ? (
        <p className="muted">No open offer{filter.offering || filter.wanting ? ' matches' : ' in this world'}.</p>
      ) : (
        <div className="table-wrap">
          <table className="table market-offers__table" aria-label="Open offers, nearest first" aria-busy={read.isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Village</th>
                <th scope="col">Gives</th>
                <th scope="col">Asks</th>
                <th scope="col">Distance</th>
                <th scope="col">Travel</th>
                <th scope="col">
                  <span className="visually-hidden">Accept</span>
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
        <nav className="market-pages" aria-label="Offer pages">
          <button type="button" className="button button--secondary button--small" disabled={filter.page <= 1} onClick={() => onFilter({ ...filter, page: filter.page - 1 })}>
            Previous
          </button>
          <span>
            Page {filter.page} of {pages}
          </span>
          <button type="button" className="button button--secondary button--small" disabled={filter.page >= pages} onClick={() => onFilter({ ...filter, page: filter.page + 1 })}>
            Next
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
