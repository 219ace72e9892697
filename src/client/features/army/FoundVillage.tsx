// Founding a new village: the player's allowance and what it takes, free sites near the source village (or the tile picked on the map), and the founding itself.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { foundVillage } from '../../api/settlement';
import type { Village } from '../../api/villages';
import { canSettleQuery, settlementCandidatesQuery, settlementStatsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { putVillage } from '../../state/village';
import { formatDistance, formatNumber } from '../../i18n/format';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { validateVillageName } from './model';

export interface FoundVillageProps {
  source: Village;
  /** Longhouse level of the source village, once read. */
  longhouse: number | null;
  /** The tile the map asked to settle. */
  requested: { x: number; y: number } | null;
}

/** How many candidate sites are listed (nearest first). */
const SHOWN_CANDIDATES = 8;

export function FoundVillage({ source, longhouse, requested }: FoundVillageProps) {
  const { t } = useTranslation('army');
  const formId = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [site, setSite] = useState<{ x: number; y: number } | null>(requested);
  const [name, setName] = useState('');
  const stats = useQuery(settlementStatsQuery(viewer)).data ?? null;
  const candidatesRead = useQuery(settlementCandidatesQuery(viewer, source.id));
  // A failed read lists no site (its failure is logged).
  const candidates = candidatesRead.data ?? (candidatesRead.isError ? [] : null);
  const check = useQuery({ ...canSettleQuery(source.worldId, site?.x ?? 0, site?.y ?? 0), enabled: site !== null }).data ?? null;
  const found = useAction({
    mutationFn: (order: { x: number; y: number; villageName: string }) => foundVillage({ worldId: source.worldId, fromVillageId: source.id, ...order }),
    // The reply is the new village: it joins the list; the allowance, the free sites and the paying village changed.
    onSuccess: (village) => {
      setName('');
      setSite(null);
      putVillage(client, viewer, village);
      void client.invalidateQueries({ queryKey: queryKeys.settlement(viewer) });
      void client.invalidateQueries({ queryKey: queryKeys.overview(viewer, source.id) });
    },
    success: (founded) => t('found.success', { name: founded.name, x: founded.x, y: founded.y }),
    failure: t('found.failure'),
  });

  useEffect(() => {
    if (requested) setSite(requested);
  }, [requested?.x, requested?.y]); // eslint-disable-line react-hooks/exhaustive-deps -- the coordinates name the request

  const nameProblem = name === '' ? null : validateVillageName(name);
  const cost = stats?.foundingCost;
  const required = stats?.requiredLonghouseLevel ?? 10;
  const longhouseOk = longhouse !== null && longhouse >= required;
  const allowanceOk = stats?.canFoundMore ?? false;
  const siteOk = check?.canSettle ?? false;
  const canFound = allowanceOk && longhouseOk && siteOk && name.trim() !== '' && nameProblem === null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canFound || !site || found.pending) return;
    found.run({ x: site.x, y: site.y, villageName: name.trim() });
  }

  return (
    <section className="card army-found" id="found-village" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('found.title')}</h2>
      {stats && (
        <ul className="army-found__needs" aria-label={t('found.needs')}>
          <li className={allowanceOk ? 'need need--met' : 'need'}>
            {t('found.villages', { count: stats.villageCount, max: stats.maxVillages })}
            {!allowanceOk && <span className="muted">{t('found.villagesHint')}</span>}
          </li>
          <li className={longhouseOk ? 'need need--met' : 'need'}>
            {t('found.longhouse', { required, name: source.name, level: longhouse === null ? '...' : t('found.longhouseLevel', { level: longhouse }) })}
          </li>
          {cost && (
            <li className="need need--info">
              {t('found.costs', { timber: formatNumber(cost.timber), stone: formatNumber(cost.stone), iron: formatNumber(cost.iron), mead: formatNumber(cost.mead), name: source.name })}
            </li>
          )}
        </ul>
      )}

      <h3>{t('found.sitesTitle', { name: source.name })}</h3>
      {candidates === null ? (
        <p className="muted">{t('found.looking')}</p>
      ) : candidates.length === 0 ? (
        <p className="muted">{t('found.noLand')}</p>
      ) : (
        <ul className="army-found__sites" aria-label={t('found.sites')}>
          {candidates.slice(0, SHOWN_CANDIDATES).map((c) => {
            const chosen = site?.x === c.x && site?.y === c.y;
            return (
              <li key={`${c.x}|${c.y}`}>
                <button type="button" className={`button button--small ${chosen ? '' : 'button--secondary'}`} aria-pressed={chosen} onClick={() => setSite({ x: c.x, y: c.y })}>
                  ({c.x}|{c.y})
                </button>
                <span className="muted">
                  {t('found.tiles', { distance: formatDistance(c.distance) })}
                  {c.nearbyOases > 0 ? t('found.oasesNear', { count: c.nearbyOases }) : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}

      <form className="army-found__form" onSubmit={onSubmit}>
        <p data-testid="found-site">
          {site ? (
            <>
              {t('found.site')}<strong>({site.x}|{site.y})</strong>{' '}
              {check === null ? <span className="muted">{t('found.checking')}</span> : check.canSettle ? <span className="badge badge--green">{t('found.freeLand')}</span> : <span className="field__error">{check.reason}</span>}
            </>
          ) : (
            <span className="muted">{t('found.chooseSite')}</span>
          )}
        </p>
        <div className="field">
          <label htmlFor={`${formId}-name`}>{t('found.name')}</label>
          <input id={`${formId}-name`} className="input" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={nameProblem !== null} />
          {nameProblem && <span className="field__error">{nameProblem}</span>}
        </div>
        <ActionOutcome message={found.outcome} />
        <ActionButton type="submit" className="button" disabled={!canFound} pending={found.pending} busyLabel={t('found.founding')}>
          {t('found.submit')}
        </ActionButton>
      </form>
    </section>
  );
}
