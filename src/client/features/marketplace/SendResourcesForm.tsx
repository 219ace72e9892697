// Sending resources with merchants: the target tile, four amounts with 'max', and the server's live preview (merchants, travel, arrival, losses, refusal).
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sendResources, type Shipment, type ShipmentPreview } from '../../api/trade';
import { queryKeys } from '../../state/queryKeys';
import { formatDuration, formatNumber, formatTimeWithSeconds } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES, type ResourceType } from '../../../rules/resources';
import { TRADE_MESSAGES, merchantsNeeded, shipmentTotal } from '../../../rules/trade';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ResourceIcon } from '../../ui/icons';
import { describeResources, useClock } from '../../ui/resources';
import { useAction } from '../../ui/useAction';
import type { MarketContext } from './context';
import { shipped } from './marketCache';
import { amountsOf, carryLimit, coordinate, instantRefusal, maxToSend } from './model';
import { refusalText } from './refusals';
import { useShipmentPreview, type PreviewState } from './useShipmentPreview';

export interface SendResourcesFormProps {
  ctx: MarketContext;
  /** The tile the address asked for (the map's 'Send resources'). */
  initialTarget: { x: number; y: number } | null;
}

/** Arrival if the merchants left now: the server's travel time from this second on. */
function ArrivalIfSentNow({ seconds }: { seconds: number }) {
  const now = useClock();
  return <>{formatTimeWithSeconds(now + seconds * 1000)}</>;
}

function Losses({ preview }: { preview: ShipmentPreview }) {
  const { t } = useTranslation('marketplace');
  const lost = shipmentTotal(preview.lost) > 0;
  return (
    <>
      {lost && (
        <p className="market-preview__loss" data-testid="preview-lost">
          {t('preview.lost', { what: describeResources(preview.lost) })}
        </p>
      )}
      {!preview.stockKnown && (
        <p className="muted market-preview__note">
          {t('preview.notYours', { village: preview.target.name })}
        </p>
      )}
    </>
  );
}

function PreviewPanel({ state, needed, atHome }: { state: PreviewState; needed: number; atHome: number }) {
  const { t } = useTranslation('marketplace');
  const { preview, current, error } = state;
  return (
    <section className={`market-preview${preview && !current ? ' market-preview--old' : ''}`} aria-label={t('preview.label')} aria-busy={preview !== null && !current}>
      {error ? (
        <p className="muted">{refusalText(error)}</p>
      ) : !preview ? (
        <p className="muted">{t('preview.typeTarget')}</p>
      ) : (
        <>
          <dl className="market-facts">
            <div>
              <dt>{t('preview.target')}</dt>
              <dd data-testid="preview-target">
                {preview.target.name} <span className="muted">({preview.target.x}|{preview.target.y})</span>
                {preview.stockKnown && <span className="badge badge--green">{t('preview.yours')}</span>}
              </dd>
            </div>
            <div>
              <dt>{t('preview.merchants')}</dt>
              <dd data-testid="preview-merchants">
                {t('preview.merchantsValue', { needed: current ? preview.merchantsNeeded : needed, atHome: current ? preview.merchantsAtHome : atHome })}
              </dd>
            </div>
            <div>
              <dt>{t('preview.travel')}</dt>
              <dd data-testid="preview-travel">{formatDuration(preview.travelSeconds)}</dd>
            </div>
            <div>
              <dt>{t('preview.arrival')}</dt>
              <dd>
                <ArrivalIfSentNow seconds={preview.travelSeconds} />
              </dd>
            </div>
          </dl>
          <Losses preview={preview} />
        </>
      )}
    </section>
  );
}

export function SendResourcesForm({ ctx, initialTarget }: SendResourcesFormProps) {
  const { t } = useTranslation('marketplace');
  const { village, market, stock, viewer } = ctx;
  const formId = useId();
  const client = useQueryClient();
  const [xText, setXText] = useState(initialTarget ? String(initialTarget.x) : '');
  const [yText, setYText] = useState(initialTarget ? String(initialTarget.y) : '');
  const [texts, setTexts] = useState<Partial<Record<ResourceType, string>>>({});
  const send = useAction({
    mutationFn: (shipment: Shipment) => sendResources(village.id, shipment),
    onSuccess: (reply) => {
      setTexts({});
      shipped(client, viewer, reply);
    },
    // A refusal means the village changed behind the page: its market and previews are read again.
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.market(viewer, village.id) }),
    success: (reply) => t('send.sent', { village: reply.movement.toVillage.name, time: formatDuration(reply.movement.remainingTime) }),
    failure: t('send.failed'),
  });

  const x = coordinate(xText);
  const y = coordinate(yText);
  const target = x !== null && y !== null ? { x, y } : null;
  const amounts = amountsOf(texts);
  const shipment: Shipment | null = target ? { ...target, resources: amounts } : null;
  const state = useShipmentPreview(viewer, village.id, shipment);
  const needed = merchantsNeeded(shipmentTotal(amounts));
  // The client's own word until the server's preview of exactly this shipment is in; then the server's.
  const said = state.current && state.preview ? state.preview.refusal : instantRefusal({ amounts, market, from: village, target });
  // Nothing chosen yet needs no alarm: the button waits, and the carry line says 0.
  const refusal = said === TRADE_MESSAGES.nothingToSend ? null : said;
  const canSend = target !== null && state.current && state.preview !== null && state.preview.refusal === null && !send.pending;

  function setAmount(resource: ResourceType, text: string) {
    setTexts((old) => ({ ...old, [resource]: text }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSend || !shipment) return;
    send.run(shipment);
  }

  return (
    <form className="card market-send" aria-labelledby={`${formId}-title`} onSubmit={onSubmit}>
      <h2 id={`${formId}-title`}>{t('send.title')}</h2>
      <fieldset className="market-send__target">
        <legend>{t('send.target')}</legend>
        <div className="market-coords">
          <label htmlFor={`${formId}-x`}>{t('send.x')}</label>
          <input id={`${formId}-x`} className="input" inputMode="numeric" value={xText} onChange={(e) => setXText(e.target.value)} placeholder={t('send.xPlaceholder')} />
          <label htmlFor={`${formId}-y`}>{t('send.y')}</label>
          <input id={`${formId}-y`} className="input" inputMode="numeric" value={yText} onChange={(e) => setYText(e.target.value)} placeholder={t('send.yPlaceholder')} />
          <Link className="button button--ghost button--small" to={target ? `/game/map?x=${target.x}&y=${target.y}` : '/game/map'}>
            {t('send.pickOnMap')}
          </Link>
        </div>
      </fieldset>

      <fieldset className="market-send__amounts">
        <legend>{t('send.resources')}</legend>
        {RESOURCE_TYPES.map((r) => {
          const max = stock ? maxToSend(r, { amounts, stock, market }) : null;
          return (
            <div key={r} className="market-amount">
              <label htmlFor={`${formId}-${r}`}>
                <ResourceIcon type={r} size={16} /> {resourceName(r)}
              </label>
              <input
                id={`${formId}-${r}`}
                className="input"
                type="number"
                min={0}
                value={texts[r] ?? ''}
                placeholder="0"
                onChange={(e) => setAmount(r, e.target.value)}
              />
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={max === null}
                onClick={() => max !== null && setAmount(r, String(max))}
                aria-label={t('send.maxLabel', { resource: t(`common:resourcesInText.${r}`) })}
              >
                {t('send.max')}
              </button>
            </div>
          );
        })}
        <p className="muted market-send__carry">
          {t('send.carry', { total: formatNumber(shipmentTotal(amounts)), limit: formatNumber(carryLimit(market)) })}
        </p>
      </fieldset>

      <PreviewPanel state={state} needed={needed} atHome={market.merchants.atHome} />

      {refusal && (
        <p className="alert alert--compact" role="alert" data-testid="send-refusal">
          {refusalText(refusal)}
        </p>
      )}
      <ActionOutcome message={send.outcome} />
      <ActionButton type="submit" className="button" disabled={!canSend} pending={send.pending} busyLabel={t('send.sending')}>
        {t('send.submit')}
      </ActionButton>
    </form>
  );
}
