// Posting an offer: what to give and what to ask, with the ratio limit and the merchants it holds shown while typing.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createTradeOffer, type CreateTradeOfferRequest } from '../../api/trade';
import { formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES, isResourceType, type ResourceType } from '../../../rules/resources';
import { MAX_OFFER_RATIO, merchantsNeeded } from '../../../rules/trade';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import type { MarketContext } from './context';
import { offersChanged } from './marketCache';
import { amountOf, askRange, newOfferRefusal } from './model';

function ResourceSelect({ id, value, onChange }: { id: string; value: ResourceType; onChange: (r: ResourceType) => void }) {
  return (
    <select id={id} className="input" value={value} onChange={(e) => isResourceType(e.target.value) && onChange(e.target.value)}>
      {RESOURCE_TYPES.map((r) => (
        <option key={r} value={r}>
          {RESOURCE_NAMES[r]}
        </option>
      ))}
    </select>
  );
}

export function CreateOfferForm({ ctx }: { ctx: MarketContext }) {
  const { village, market, stock, viewer } = ctx;
  const formId = useId();
  const client = useQueryClient();
  const [offerResource, setOfferResource] = useState<ResourceType>('timber');
  const [offerText, setOfferText] = useState('');
  const [wantResource, setWantResource] = useState<ResourceType>('iron');
  const [wantText, setWantText] = useState('');
  const post = useAction({
    mutationFn: (order: CreateTradeOfferRequest) => createTradeOffer(village.id, order),
    onSuccess: () => {
      setOfferText('');
      setWantText('');
      offersChanged(client, viewer, village.id);
    },
    onError: () => offersChanged(client, viewer, village.id),
    success: (offer) => `Your offer of ${formatNumber(offer.offer.amount)} ${RESOURCE_NAMES[offer.offer.resource].toLowerCase()} is open.`,
    failure: 'Could not post the offer.',
  });

  const offer = { resource: offerResource, amount: amountOf(offerText) };
  const want = { resource: wantResource, amount: amountOf(wantText) };
  const refusal = newOfferRefusal({ offer, want, market, stock });
  const range = askRange(offer.amount, market.maxOfferRatio);
  const typed = offerText !== '' || wantText !== '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refusal) return post.refuse(refusal);
    post.run({ offer, want });
  }

  return (
    <form className="card market-offer-form" aria-labelledby={`${formId}-title`} onSubmit={onSubmit}>
      <h2 id={`${formId}-title`}>Post an offer</h2>
      <div className="market-offer-form__sides">
        <fieldset>
          <legend>You give</legend>
          <label className="visually-hidden" htmlFor={`${formId}-offer-resource`}>
            Resource to give
          </label>
          <ResourceSelect id={`${formId}-offer-resource`} value={offerResource} onChange={setOfferResource} />
          <label className="visually-hidden" htmlFor={`${formId}-offer-amount`}>
            Amount to give
          </label>
          <input id={`${formId}-offer-amount`} className="input" type="number" min={1} placeholder="0" value={offerText} onChange={(e) => setOfferText(e.target.value)} />
        </fieldset>
        <fieldset>
          <legend>You ask for</legend>
          <label className="visually-hidden" htmlFor={`${formId}-want-resource`}>
            Resource to ask for
          </label>
          <ResourceSelect id={`${formId}-want-resource`} value={wantResource} onChange={setWantResource} />
          <label className="visually-hidden" htmlFor={`${formId}-want-amount`}>
            Amount to ask for
          </label>
          <input id={`${formId}-want-amount`} className="input" type="number" min={1} placeholder="0" value={wantText} onChange={(e) => setWantText(e.target.value)} />
        </fieldset>
      </div>
      <p className="muted market-hint" data-testid="offer-ratio" aria-live="polite">
        {range
          ? `For ${formatNumber(offer.amount)} ${RESOURCE_NAMES[offerResource].toLowerCase()} you may ask between ${formatNumber(range.min)} and ${formatNumber(range.max)} ${RESOURCE_NAMES[wantResource].toLowerCase()}.`
          : `An offer may ask at most ${MAX_OFFER_RATIO} times what it gives, and give at most ${MAX_OFFER_RATIO} times what it asks.`}{' '}
        {offer.amount > 0 && `It holds ${merchantsNeeded(offer.amount)} of your ${market.merchants.atHome} merchants at home until it is taken or withdrawn.`}
      </p>
      {typed && refusal && (
        <p className="alert alert--compact" role="alert" data-testid="offer-refusal">
          {refusal}
        </p>
      )}
      <ActionOutcome message={post.outcome} />
      <ActionButton type="submit" className="button" disabled={refusal !== null} pending={post.pending} busyLabel="Posting...">
        Post offer
      </ActionButton>
    </form>
  );
}
