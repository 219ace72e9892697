// The settings page's Vacation section: in a world of the player's (the selected village's by default), how long a vacation
// may last, the end to choose, what keeps one from starting (the server's words), Start; while on one, until when, and End.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { endVacation, startVacation, type VacationStatus } from '../../api/vacation';
import { vacationQuery, worldsQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom, useServerOffset, villagesAtom } from '../../state/village';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/dates';
import { usePassed } from '../../ui/usePassed';
import { useAction } from '../../ui/useAction';
import { defaultEnd, endRefusal, endWindow, fromLocalInputText, localInputText } from './model';
import { refusalText, spanText } from './refusals';
import './vacation.css';

/** The worlds the player holds a village in, the selected village's first. */
function useMyWorlds(): { id: string; name: string }[] {
  const { t } = useTranslation('vacation');
  const villages = useAtomValue(villagesAtom) ?? [];
  const selected = useAtomValue(selectedVillageAtom);
  const worlds = useQuery(worldsQuery()).data;
  const ids = [...new Set([selected?.worldId, ...villages.map((v) => v.worldId)].filter((id): id is string => typeof id === 'string'))];
  return ids.map((id) => ({ id, name: worlds?.find((w) => w.id === id)?.name ?? t('thisWorld') }));
}

/** The vacation that holds: until when, and End once its minimum has passed. */
function OnVacation({ status, worldName }: { status: VacationStatus & { vacation: NonNullable<VacationStatus['vacation']> }; worldName: string }) {
  const { t } = useTranslation('vacation');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const offset = useServerOffset();
  const { vacation } = status;
  const mayEnd = usePassed(Date.parse(vacation.earliestEndAt) - offset);
  const end = useAction({
    mutationFn: () => endVacation(status.worldId),
    onSuccess: (fresh) => putQueryData(client, vacationQuery(viewer, status.worldId).queryKey, fresh),
    success: t('on.ended', { world: worldName }),
    failure: t('on.endFailed'),
  });
  return (
    <div className="vacation__on" data-testid="vacation-on">
      <p>
        <Trans
          t={t}
          i18nKey="on.text"
          values={{ world: worldName }}
          components={{ strong: <strong />, until: <time dateTime={vacation.endsAt}>{formatDateTime(vacation.endsAt)}</time> }}
        />
      </p>
      <p className="muted">
        {mayEnd ? (
          t('on.mayEnd')
        ) : (
          <Trans t={t} i18nKey="on.mayEndFrom" components={{ from: <time dateTime={vacation.earliestEndAt}>{formatDateTime(vacation.earliestEndAt)}</time> }} />
        )}
      </p>
      <div className="row">
        <ActionButton className="button" disabled={!mayEnd} pending={end.pending} busyLabel={t('on.ending')} onClick={() => end.run()}>
          {t('on.end')}
        </ActionButton>
        <ActionOutcome message={end.outcome} />
      </div>
    </div>
  );
}

/** The form of a vacation to come: the end within the world's window, what keeps it from starting, Start. */
function StartForm({ status, worldName }: { status: VacationStatus; worldName: string }) {
  const { t } = useTranslation('vacation');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const offset = useServerOffset();
  // The window as of when the form opened, on this computer's clock; checked again against the clock on Start.
  const [opened] = useState(() => Date.now());
  const bounds = endWindow(status, opened);
  const [text, setText] = useState(() => localInputText(defaultEnd(bounds)));
  const start = useAction({
    mutationFn: (endsAt: string) => startVacation(status.worldId, endsAt),
    onSuccess: (fresh) => putQueryData(client, vacationQuery(viewer, status.worldId).queryKey, fresh),
    success: (fresh) => t('start.started', { world: worldName, until: formatDateTime(fresh.vacation?.endsAt) }),
    failure: t('start.failed'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = fromLocalInputText(text);
    const refused = status.refusal ?? endRefusal(chosen, status, Date.now());
    // Sent as the server's instant: the same distance from the server's now as the choice is from this clock's.
    // No choice at all is refused too (endRefusal's 'Choose when the vacation ends').
    if (refused) start.refuse(refusalText(refused, status));
    else if (chosen !== null) start.run(new Date(chosen + offset).toISOString());
  }

  return (
    <form className="vacation__form" onSubmit={onSubmit} noValidate>
      <p>
        <Trans
          t={t}
          i18nKey="start.text"
          values={{ world: worldName, min: spanText(status.minMs), max: spanText(status.maxMs) }}
          components={{ strong: <strong /> }}
        />
      </p>
      <div className="field">
        <label htmlFor={`${id}-end`}>{t('start.ends')}</label>
        <input
          id={`${id}-end`}
          className="input"
          type="datetime-local"
          value={text}
          min={localInputText(bounds.earliest)}
          max={localInputText(bounds.latest)}
          onChange={(event) => {
            setText(event.target.value);
            start.mutation.reset();
          }}
        />
        <span className="muted vacation__window">
          {t('start.between', { earliest: formatDateTime(bounds.earliest), latest: formatDateTime(bounds.latest) })}
        </span>
      </div>
      {status.refusal && (
        <p className="alert alert--compact" role="alert" data-testid="vacation-refusal">
          {refusalText(status.refusal, status)}
        </p>
      )}
      <div className="row">
        <ActionButton type="submit" className="button" disabled={status.refusal !== null} pending={start.pending} busyLabel={t('start.starting')}>
          {t('start.submit')}
        </ActionButton>
        <ActionOutcome message={start.outcome} />
      </div>
    </form>
  );
}

export function VacationSection() {
  const { t } = useTranslation('vacation');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const worlds = useMyWorlds();
  const [chosen, setChosen] = useState<string | null>(null);
  const world = worlds.find((w) => w.id === chosen) ?? worlds[0] ?? null;
  const status = useQuery(vacationQuery(viewer, world?.id ?? null));
  const client = useQueryClient();
  const offset = useServerOffset();
  // A vacation that ends by time while the page is open is read again at its end.
  const ended = usePassed(status.data?.vacation ? Date.parse(status.data.vacation.endsAt) - offset : null);
  const holding = ended ? null : (status.data?.vacation ?? null);
  const worldId = world?.id ?? null;
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: vacationQuery(viewer, worldId).queryKey });
  }, [ended, client, viewer, worldId]);

  return (
    <section className="card vacation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      {!world && <p className="muted">{t('noVillage')}</p>}
      {world && worlds.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-world`}>{t('world')}</label>
          <select id={`${id}-world`} className="input" value={world.id} onChange={(event) => setChosen(event.target.value)}>
            {worlds.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {world && status.isPending && <Spinner label={t('loading')} />}
      {world && status.isError && <p className="alert">{t('couldNotLoad')}</p>}
      {world && status.data && (holding ? <OnVacation status={{ ...status.data, vacation: holding }} worldName={world.name} /> : <StartForm key={world.id} status={status.data} worldName={world.name} />)}
    </section>
  );
}
