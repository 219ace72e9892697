// Posting an offer: what to give and what to ask, with the ratio limit and the merchants it holds shown while typing.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createTradeOffer, type CreateTradeOfferRequest } from '../../api/trade';
import { formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES, isResourceType, type ResourceType } from '../../../rules/resources';
import { MAX_OFFER_RATIO, merchantsNeeded } from '../../../rules/trade';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import type { MarketContext } from './context';
import { offersChanged } from './marketCache';
import { amountOf, askRange, newOfferRefusal } from './model';
import { refusalText } from './refusals';

function ResourceSelect({ id, value, onChange }: { id: string; value: ResourceType; onChange: (r: ResourceType) => void }) {
  useTranslation();
  return (
    <select id={id} className="input" value={value} onChange={(e) => isResourceType(e.target.value) && onChange(e.target.value)}>
      {RESOURCE_TYPES.map((r) => (
        <option key={r} value={r}>
          {resourceName(r)}
        </option>
      ))}
    </select>
  );
}

export function CreateOfferForm({ ctx }: { ctx: MarketContext }) {
  const { t } = useTranslation('marketplace');
  const inText = (r: ResourceType) => t(`common:resourcesInText.${r}`);
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
    success: (offer) => t('post.posted', { amount: formatNumber(offer.offer.amount), resource: inText(offer.offer.resource) }),
    failure: t('post.failed'),
  });

  const offer = { resource: offerResource, amount: amountOf(offerText) };
  const want = { resource: wantResource, amount: amountOf(wantText) };
  const refusal = newOfferRefusal({ offer, want, market, stock });
  const range = askRange(offer.amount, market.maxOfferRatio);
  const typed = offerText !== '' || wantText !== '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refusal) return post.refuse(refusalText(refusal));
    post.run({ offer, want });
  }

  return (
    <form className="card market-offer-form" aria-labelledby={`${formId}-title`} onSubmit={onSubmit}>
      <h2 id={`${formId}-title`}>{t('post.title')}</h2>
      <div className="market-offer-form__sides">
        <fieldset>
          <legend>{t('post.youGive')}</legend>
          <label className="visually-hidden" htmlFor={`${formId}-offer-resource`}>
            {t('post.giveResource')}
          </label>
          <ResourceSelect id={`${formId}-offer-resource`} value={offerResource} onChange={setOfferResource} />
          <label className="visually-hidden" htmlFor={`${formId}-offer-amount`}>
            {t('post.giveAmount')}
          </label>
          <input id={`${formId}-offer-amount`} className="input" type="number" min={1} placeholder="0" value={offerText} onChange={(e) => setOfferText(e.target.value)} />
        </fieldset>
        <fieldset>
          <legend>{t('post.youAsk')}</legend>
          <label className="visually-hidden" htmlFor={`${formId}-want-resource`}>
            {t('post.askResource')}
          </label>
          <ResourceSelect id={`${formId}-want-resource`} value={wantResource} onChange={setWantResource} />
          <label className="visually-hidden" htmlFor={`${formId}-want-amount`}>
            {t('post.askAmount')}
          </label>
          <input id={`${formId}-want-amount`} className="input" type="number" min={1} placeholder="0" value={wantText} onChange={(e) => setWantText(e.target.value)} />
        </fieldset>
      </div>
      <p className="muted market-hint" data-testid="offer-ratio" aria-live="polite">
        {range
          ? t('post.range', { amount: formatNumber(offer.amount), resource: inText(offerResource), min: formatNumber(range.min), max: formatNumber(range.max), wanted: inText(wantResource) })
          : t('post.rule', { ratio: MAX_OFFER_RATIO })}{' '}
        {offer.amount > 0 && t('post.holds', { needed: merchantsNeeded(offer.amount), atHome: market.merchants.atHome })}
      </p>
      {typed && refusal && (
        <p className="alert alert--compact" role="alert" data-testid="offer-refusal">
          {refusalText(refusal)}
        </p>
      )}
      <ActionOutcome message={post.outcome} />
      <ActionButton type="submit" className="button" disabled={refusal !== null} pending={post.pending} busyLabel={t('post.posting')}>
        {t('post.submit')}
      </ActionButton>
    </form>
  );
}
