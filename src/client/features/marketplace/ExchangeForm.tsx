// The merchant exchange: one resource for the same amount of another (1:1), once per cooldown, with its next use counted down.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { exchangeResources, type ExchangeRequest } from '../../api/trade';
import { queryKeys } from '../../state/queryKeys';
import { formatDuration, formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES, isResourceType, type ResourceType } from '../../../rules/resources';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { useAction } from '../../ui/useAction';
import type { MarketContext } from './context';
import { exchanged } from './marketCache';
import { amountOf, exchangeMax, exchangeRefusal, onClientClock } from './model';
import { refusalText } from './refusals';

function ResourceChoice({ label, value, onChange }: { label: string; value: ResourceType; onChange: (r: ResourceType) => void }) {
  const id = useId();
  useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => isResourceType(e.target.value) && onChange(e.target.value)}>
        {RESOURCE_TYPES.map((r) => (
          <option key={r} value={r}>
            {resourceName(r)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ExchangeForm({ ctx }: { ctx: MarketContext }) {
  const { t } = useTranslation('marketplace');
  const inText = (r: ResourceType) => t(`common:resourcesInText.${r}`);
  const { village, market, viewer } = ctx;
  const formId = useId();
  const client = useQueryClient();
  const [from, setFrom] = useState<ResourceType>('timber');
  const [to, setTo] = useState<ResourceType>('stone');
  const [amountText, setAmountText] = useState('');
  const exchange = useAction({
    mutationFn: (order: ExchangeRequest) => exchangeResources(village.id, order),
    onSuccess: (reply) => {
      setAmountText('');
      exchanged(client, viewer, reply);
    },
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.market(viewer, village.id), exact: true }),
    success: (_market, order) => t('exchange.done', { amount: formatNumber(order.amount), from: inText(order.from), to: inText(order.to) }),
    failure: t('exchange.failed'),
  });

  const amount = amountOf(amountText);
  const stores = ctx.stock && ctx.capacity ? { stock: ctx.stock, capacity: ctx.capacity } : null;
  const max = stores ? exchangeMax({ from, to }, stores) : null;
  const refusal = exchangeRefusal({ from, to, amount }, stores);
  const availableAt = onClientClock(market.exchange.availableAt, ctx.serverOffsetMs);
  const waiting = availableAt !== null && availableAt > Date.now();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (refusal) return exchange.refuse(refusalText(refusal));
    exchange.run({ from, to, amount });
  }

  return (
    <form className="card market-exchange" aria-labelledby={`${formId}-title`} onSubmit={onSubmit}>
      <h2 id={`${formId}-title`}>{t('exchange.title')}</h2>
      <p className="muted market-hint">
        {t('exchange.hint', { cooldown: formatDuration(market.exchange.cooldownSeconds) })}
      </p>
      <p className="market-exchange__next" data-testid="exchange-next">
        {availableAt === null || !waiting ? (
          <span className="badge badge--green">{t('exchange.availableNow')}</span>
        ) : (
          <Trans
            t={t}
            i18nKey="exchange.nextIn"
            components={{
              countdown: (
                <ArrivalCountdown
                  until={availableAt}
                  onDone={() => void client.invalidateQueries({ queryKey: queryKeys.market(viewer, village.id), exact: true })}
                />
              ),
            }}
          />
        )}
      </p>
      <div className="market-exchange__fields">
        <ResourceChoice label={t('exchange.give')} value={from} onChange={setFrom} />
        <ResourceChoice label={t('exchange.receive')} value={to} onChange={setTo} />
        <div className="field">
          <label htmlFor={`${formId}-amount`}>{t('exchange.amount')}</label>
          <div className="market-amount">
            <input id={`${formId}-amount`} className="input" type="number" min={1} placeholder="0" value={amountText} onChange={(e) => setAmountText(e.target.value)} />
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={max === null}
              onClick={() => max !== null && setAmountText(String(max))}
              aria-label={t('exchange.maxLabel')}
            >
              {t('exchange.max')}
            </button>
          </div>
        </div>
      </div>
      {amount > 0 && from !== to && (
        <p className="muted market-hint">
          {t('exchange.youGive', { amount: formatNumber(amount), from: inText(from), to: inText(to) })}
        </p>
      )}
      {amountText !== '' && refusal && (
        <p className="alert alert--compact" role="alert">
          {refusalText(refusal)}
        </p>
      )}
      <ActionOutcome message={exchange.outcome} />
      <ActionButton type="submit" className="button" disabled={refusal !== null || waiting} pending={exchange.pending} busyLabel={t('exchange.exchanging')}>
        {t('exchange.submit')}
      </ActionButton>
    </form>
  );
}
