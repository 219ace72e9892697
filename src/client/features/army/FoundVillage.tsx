// Founding a new village: the player's allowance and what it takes, free sites near the source village (or the tile picked on the map), and the founding itself.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiError } from '../../api/client';
import { canSettle, foundVillage, getSettlementCandidates, getSettlementStats, type SettlementCandidate, type SettlementCheck, type SettlementStats } from '../../api/settlement';
import type { Village } from '../../api/villages';
import { formatDistance, formatNumber } from '../../../rules/format';
import { validateVillageName } from './model';

export interface FoundVillageProps {
  source: Village;
  /** Longhouse level of the source village, once read. */
  longhouse: number | null;
  /** The tile the map asked to settle. */
  requested: { x: number; y: number } | null;
  onFounded: (village: Village) => void;
}

/** How many candidate sites are listed (nearest first). */
const SHOWN_CANDIDATES = 8;

export function FoundVillage({ source, longhouse, requested, onFounded }: FoundVillageProps) {
  const formId = useId();
  const [stats, setStats] = useState<SettlementStats | null>(null);
  const [candidates, setCandidates] = useState<SettlementCandidate[] | null>(null);
  const [site, setSite] = useState<{ x: number; y: number } | null>(requested);
  const [check, setCheck] = useState<SettlementCheck | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [founded, setFounded] = useState<Village | null>(null);

  useEffect(() => {
    if (requested) setSite(requested);
  }, [requested?.x, requested?.y]); // eslint-disable-line react-hooks/exhaustive-deps -- the coordinates name the request

  useEffect(() => {
    let live = true;
    getSettlementStats().then(
      (s) => live && setStats(s),
      (e: unknown) => console.error('Loading the settlement allowance failed', e),
    );
    setCandidates(null);
    getSettlementCandidates(source.id).then(
      (c) => live && setCandidates(c),
      (e: unknown) => {
        console.error('Loading the settlement sites failed', e);
        if (live) setCandidates([]);
      },
    );
    return () => {
      live = false;
    };
  }, [source.id, founded]);

  useEffect(() => {
    setCheck(null);
    if (!site) return undefined;
    const controller = new AbortController();
    canSettle(source.worldId, site.x, site.y, controller.signal).then(
      (c) => setCheck(c),
      (e: unknown) => {
        if (!controller.signal.aborted) console.error('Checking the site failed', e);
      },
    );
    return () => controller.abort();
  }, [source.worldId, site]);

  const nameProblem = name === '' ? null : validateVillageName(name);
  const cost = stats?.foundingCost;
  const required = stats?.requiredLonghouseLevel ?? 10;
  const longhouseOk = longhouse !== null && longhouse >= required;
  const allowanceOk = stats?.canFoundMore ?? false;
  const siteOk = check?.canSettle ?? false;
  const canFound = !busy && allowanceOk && longhouseOk && siteOk && name.trim() !== '' && nameProblem === null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canFound || !site) return;
    setBusy(true);
    setError(null);
    try {
      const village = await foundVillage({ worldId: source.worldId, x: site.x, y: site.y, villageName: name.trim(), fromVillageId: source.id });
      setFounded(village);
      setName('');
      setSite(null);
      onFounded(village);
    } catch (e) {
      setError(apiError(e, 'Could not found the village.'));
    } finally {
      setBusy(false);
    }
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

      <form className="army-found__form" onSubmit={(e) => void onSubmit(e)}>
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
        {error && (
          <p className="alert alert--compact" role="alert">
            {error}
          </p>
        )}
        {founded && (
          <p className="alert alert--success alert--compact" role="status">
            {founded.name} was founded at ({founded.x}|{founded.y}). Choose it in the village selector to build it up.
          </p>
        )}
        <button type="submit" className="button" disabled={!canFound}>
          {busy ? 'Founding...' : 'Found village'}
        </button>
      </form>
    </section>
  );
}
