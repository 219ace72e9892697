// One farm list: its rows (target, unit template, last raid, what the last send did with it) with checkboxes, Send all and
// Send selected in one request each, the template edited in place, rows removed, the list renamed or deleted.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UnitCounts } from '../../api/army';
import { deleteFarmList, removeFarmTarget, renameFarmList, sendFarmList, updateFarmTarget, type FarmList, type FarmListList, type FarmRowResult, type FarmTarget } from '../../api/farmLists';
import type { ArmyMovement } from '../../state/army';
import { queryKeys, type Viewer } from '../../state/queryKeys';
import { farmListNameError } from '../../../rules/farm-lists';
import { formatDateTime } from '../../ui/dates';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { useAction } from '../../ui/useAction';
import { UnitsLine } from './UnitsLine';
import { UnitTemplate } from './UnitTemplate';
import { countsFrom, hasUnits, lastRaidText, newSendKey, shortRows, templateFrom } from './farmModel';

export interface FarmListCardProps {
  list: FarmList;
  viewer: Viewer;
  /** The units at home in the list's village (what its rows take). */
  home: UnitCounts;
  /** The player's movements: a row sent shows its raid's arrival from them. */
  movements: readonly ArmyMovement[] | null;
}

/** The list as the server now has it, in the lists query. */
export function putFarmList(lists: FarmListList | undefined, list: FarmList): FarmListList | undefined {
  if (!lists) return lists;
  const known = lists.lists.some((l) => l.id === list.id);
  return { ...lists, lists: known ? lists.lists.map((l) => (l.id === list.id ? list : l)) : [...lists.lists, list] };
}

function targetName(target: FarmTarget): string {
  return `${target.village.name} (${target.village.x}|${target.village.y})`;
}

function LastRaid({ target }: { target: FarmTarget }) {
  const { t } = useTranslation('army');
  if (!target.last) return <span className="muted">{t('farm.card.noRaid')}</span>;
  const { outcome, haul } = lastRaidText(target.last);
  return (
    <span className="farm-row__last" data-testid="farm-last">
      <span className={`badge ${outcome === 'Won' ? 'badge--green' : 'badge--red'}`}>{outcome === 'Won' ? t('farm.card.won') : t('farm.card.lost')}</span>{' '}
      <span title={t('farm.card.haulTitle')}>{haul}</span> <span className="muted farm-row__when">{formatDateTime(target.last.at)}</span>
    </span>
  );
}

/** What the last send did with the row: the raid on its way (with its countdown while the movements show it), or why it stayed home. */
function SendResult({ result, movements, onArrived }: { result: FarmRowResult | undefined; movements: readonly ArmyMovement[] | null; onArrived: () => void }) {
  const { t } = useTranslation('army');
  if (!result) return null;
  if (!result.sent) return <span className="farm-row__skipped">{t('farm.card.skipped', { reason: result.reason })}</span>;
  const movement = movements?.find((m) => m.id === result.movementId);
  return (
    <span className="farm-row__sent">
      {t('farm.card.sent')}
      {movement && (
        <>
          {t('farm.card.arrivesIn')}
          <ArrivalCountdown until={movement.arrivesAtClient} onDone={onArrived} />
        </>
      )}
    </span>
  );
}

export function FarmListCard({ list, viewer, home, movements }: FarmListCardProps) {
  const { t } = useTranslation('army');
  const titleId = useId();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [results, setResults] = useState<ReadonlyMap<string, FarmRowResult>>(new Map());
  const [editing, setEditing] = useState<{ id: string; counts: Record<string, string> } | null>(null);
  const [naming, setNaming] = useState<string | null>(null);

  const putList = (changed: FarmList) => client.setQueryData<FarmListList>(queryKeys.farmLists(viewer), (lists) => putFarmList(lists, changed));
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.farmLists(viewer) });
    void client.invalidateQueries({ queryKey: queryKeys.movements(viewer) });
  };

  const send = useAction({
    mutationFn: (order: { key: string; targetIds?: string[] }) => sendFarmList(list.id, order),
    // Each row says what became of it; the raids join the movements and the units left the village.
    onSuccess: (reply) => {
      setResults(new Map(reply.results.map((r) => [r.targetId, r])));
      setChosen(new Set());
      refresh();
      void client.invalidateQueries({ queryKey: queryKeys.overview(viewer, list.village.id) });
    },
    success: (reply) => {
      const sent = reply.results.filter((r) => r.sent).length;
      const skipped = reply.results.length - sent;
      return t('farm.card.sendSuccess', { count: sent, skipped: skipped > 0 ? t('farm.card.skippedPart', { count: skipped }) : '' });
    },
    failure: t('farm.card.sendFailure'),
  });
  const rename = useAction({
    mutationFn: (name: string) => renameFarmList(list.id, name),
    onSuccess: (changed) => {
      putList(changed);
      setNaming(null);
    },
    failure: t('farm.card.renameFailure'),
  });
  const remove = useAction({
    mutationFn: () => deleteFarmList(list.id),
    onSuccess: () => client.setQueryData<FarmListList>(queryKeys.farmLists(viewer), (lists) => lists && { ...lists, lists: lists.lists.filter((l) => l.id !== list.id) }),
    failure: t('farm.card.deleteFailure'),
  });
  const saveUnits = useAction({
    mutationFn: ({ targetId, units }: { targetId: string; units: UnitCounts }) => updateFarmTarget(list.id, targetId, units),
    onSuccess: (changed) => {
      putList(changed);
      setEditing(null);
    },
    failure: t('farm.card.unitsFailure'),
  });
  const removeRow = useAction({
    mutationFn: (targetId: string) => removeFarmTarget(list.id, targetId),
    onSuccess: (changed, targetId) => {
      putList(changed);
      setChosen((old) => new Set([...old].filter((id) => id !== targetId)));
    },
    failure: t('farm.card.removeFailure'),
  });

  // A second click before the first one's reply (the button is disabled only once the page draws again) sends nothing.
  const sending = useRef(false);
  function sendRows(targetIds?: string[]) {
    if (sending.current) return;
    sending.current = true;
    // The key is made here, once for this click: a retry of this request (the same key) sends once.
    send.run({ key: newSendKey(), ...(targetIds ? { targetIds } : {}) }, { onSettled: () => void (sending.current = false) });
  }

  // Rows that would stay home for want of units if sent now: the chosen ones, or all when none is chosen.
  const short = useMemo(() => shortRows(list.targets, chosen.size > 0 ? chosen : null, home), [list.targets, chosen, home]);
  const busy = send.pending || remove.pending;

  function toggle(id: string, on: boolean) {
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onRename(event: FormEvent) {
    event.preventDefault();
    if (naming === null) return;
    const refusal = farmListNameError(naming);
    if (refusal) rename.refuse(refusal);
    else rename.run(naming);
  }

  function onSaveUnits(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const units = templateFrom(editing.counts);
    if (!hasUnits(units)) saveUnits.refuse(t('farm.noUnits'));
    else saveUnits.run({ targetId: editing.id, units });
  }

  return (
    <section className="farm-list" aria-labelledby={titleId} data-testid="farm-list">
      <header className="farm-list__head">
        {naming === null ? (
          <>
            <h3 id={titleId}>{list.name}</h3>
            <span className="muted">
              {t('farm.card.from', { name: list.village.name, x: list.village.x, y: list.village.y, count: list.targets.length, max: list.maxTargets })}
            </span>
            <span className="farm-list__tools">
              <button type="button" className="button button--ghost button--small" onClick={() => setNaming(list.name)}>
                {t('farm.card.rename')}
              </button>
              <ActionButton className="button button--ghost button--small" pending={remove.pending} busyLabel={t('farm.card.deleting')} onClick={() => remove.run()} aria-label={t('farm.card.deleteLabel', { name: list.name })}>
                {t('farm.card.delete')}
              </ActionButton>
            </span>
          </>
        ) : (
          <form className="farm-list__rename" onSubmit={onRename}>
            <h3 id={titleId} className="visually-hidden">
              {list.name}
            </h3>
            <label className="visually-hidden" htmlFor={`${titleId}-name`}>
              {t('farm.card.newName', { name: list.name })}
            </label>
            <input id={`${titleId}-name`} className="input" value={naming} maxLength={40} onChange={(e) => setNaming(e.target.value)} />
            <ActionButton type="submit" className="button button--small" pending={rename.pending} busyLabel={t('farm.card.saving')}>
              {t('farm.card.save')}
            </ActionButton>
            <button type="button" className="button button--ghost button--small" onClick={() => setNaming(null)}>
              {t('farm.card.cancel')}
            </button>
          </form>
        )}
      </header>
      <ActionOutcome message={rename.outcome ?? remove.outcome} />

      {list.targets.length === 0 ? (
        <p className="muted">{t('farm.card.noTargets')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table farm-rows">
            <caption className="visually-hidden">{t('farm.card.caption', { name: list.name })}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('farm.card.chosen')}</span>
                </th>
                <th scope="col">{t('farm.card.target')}</th>
                <th scope="col">{t('farm.card.units')}</th>
                <th scope="col">{t('farm.card.lastRaid')}</th>
                <th scope="col">{t('farm.card.thisSend')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('farm.card.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.targets.map((target) => (
                <tr key={target.id} data-testid="farm-row" aria-label={targetName(target)}>
                  <td>
                    <input type="checkbox" aria-label={t('farm.card.choose', { name: targetName(target) })} checked={chosen.has(target.id)} onChange={(e) => toggle(target.id, e.target.checked)} />
                  </td>
                  <th scope="row" className="farm-row__target">
                    <Link to={`/game/map?x=${target.village.x}&y=${target.village.y}`}>{targetName(target)}</Link>
                    <span className="muted">
                      {target.village.owner ? target.village.owner.username : t('barbarians')}
                      {t('farm.card.population', { population: target.village.population })}
                    </span>
                  </th>
                  <td className="farm-row__units">
                    {editing?.id === target.id ? (
                      <form className="farm-row__edit" onSubmit={onSaveUnits}>
                        <UnitTemplate counts={editing.counts} onChange={(counts) => setEditing({ id: target.id, counts })} home={home} forWhom={target.village.name} />
                        <ActionButton type="submit" className="button button--small" pending={saveUnits.pending} busyLabel={t('farm.card.saving')}>
                          {t('farm.card.save')}
                        </ActionButton>
                        <button type="button" className="button button--ghost button--small" onClick={() => setEditing(null)}>
                          {t('farm.card.cancel')}
                        </button>
                        <ActionOutcome message={saveUnits.outcome} />
                      </form>
                    ) : (
                      <>
                        <UnitsLine units={target.units} />
                        {/* Once sent, the row's result tells what happened; the preview is for the next send. */}
                        {short.has(target.id) && !results.has(target.id) && <span className="farm-row__short">{short.get(target.id)}</span>}
                      </>
                    )}
                  </td>
                  <td>
                    <LastRaid target={target} />
                  </td>
                  <td data-testid="farm-result">
                    <SendResult result={results.get(target.id)} movements={movements} onArrived={refresh} />
                  </td>
                  <td className="farm-row__actions">
                    {editing?.id !== target.id && (
                      <button type="button" className="button button--ghost button--small" onClick={() => setEditing({ id: target.id, counts: countsFrom(target.units) })} aria-label={t('farm.card.editLabel', { name: targetName(target) })}>
                        {t('farm.card.edit')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={removeRow.pending}
                      onClick={() => removeRow.run(target.id)}
                      aria-label={t('farm.card.removeLabel', { name: targetName(target) })}
                    >
                      {t('farm.card.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ActionOutcome message={removeRow.outcome} />
      <div className="farm-list__send">
        <ActionButton className="button" pending={send.pending} busyLabel={t('farm.card.sending')} disabled={busy || list.targets.length === 0} onClick={() => sendRows()}>
          {t('farm.card.sendAll')}
        </ActionButton>
        <ActionButton className="button button--secondary" pending={send.pending} disabled={busy || chosen.size === 0} onClick={() => sendRows([...chosen])}>
          {t('farm.card.sendSelected', { count: chosen.size })}
        </ActionButton>
        <ActionOutcome message={send.outcome} />
      </div>
    </section>
  );
}
