// Founding a new village: the player's allowance and what it takes, free sites near the source village (or the tile picked on the map), and the founding itself.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { foundVillage } from '../../api/settlement';
import type { Village } from '../../api/villages';
import { canSettleQuery, settlementCandidatesQuery, settlementStatsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { putVillage } from '../../state/village';
import { formatDistance, formatNumber } from '../../../rules/format';
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
    success: (founded) => `${founded.name} was founded at (${founded.x}|${founded.y}). Choose it in the village selector to build it up.`,
    failure: 'Could not found the village.',
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
      <h2 id={`${formId}-title`}>Found a new village</h2>
      {stats && (
        <ul className="army-found__needs" aria-label="What founding takes">
          <li className={allowanceOk ? 'need need--met' : 'need'}>
            Villages: {stats.villageCount} of {stats.maxVillages} your longhouses allow
            {!allowanceOk && <span className="muted"> (every 10 longhouse levels across your villages allow one more)</span>}
          </li>
          <li className={longhouseOk ? 'need need--met' : 'need'}>
            Longhouse at level {required} in {source.name}: {longhouse === null ? '...' : `level ${longhouse}`}
          </li>
          {cost && (
            <li className="need need--info">
              Costs {formatNumber(cost.timber)} timber, {formatNumber(cost.stone)} stone, {formatNumber(cost.iron)} iron and {formatNumber(cost.mead)} mead from {source.name}
            </li>
          )}
        </ul>
      )}

      <h3>Free sites near {source.name}</h3>
      {candidates === null ? (
        <p className="muted">Looking for free land...</p>
      ) : candidates.length === 0 ? (
        <p className="muted">No free land within 15 tiles.</p>
      ) : (
        <ul className="army-found__sites" aria-label="Free sites">
          {candidates.slice(0, SHOWN_CANDIDATES).map((c) => {
            const chosen = site?.x === c.x && site?.y === c.y;
            return (
              <li key={`${c.x}|${c.y}`}>
                <button type="button" className={`button button--small ${chosen ? '' : 'button--secondary'}`} aria-pressed={chosen} onClick={() => setSite({ x: c.x, y: c.y })}>
                  ({c.x}|{c.y})
                </button>
                <span className="muted">
                  {formatDistance(c.distance)} tiles{c.nearbyOases > 0 ? `, ${c.nearbyOases} ${c.nearbyOases === 1 ? 'oasis' : 'oases'} near` : ''}
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
              Site: <strong>({site.x}|{site.y})</strong>{' '}
              {check === null ? <span className="muted">checking...</span> : check.canSettle ? <span className="badge badge--green">free land</span> : <span className="field__error">{check.reason}</span>}
            </>
          ) : (
            <span className="muted">Choose a site above, or pick a free tile on the map.</span>
          )}
        </p>
        <div className="field">
          <label htmlFor={`${formId}-name`}>Village name</label>
          <input id={`${formId}-name`} className="input" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={nameProblem !== null} />
          {nameProblem && <span className="field__error">{nameProblem}</span>}
        </div>
        <ActionOutcome message={found.outcome} />
        <ActionButton type="submit" className="button" disabled={!canFound} pending={found.pending} busyLabel="Founding...">
          Found village
        </ActionButton>
      </form>
    </section>
  );
}
