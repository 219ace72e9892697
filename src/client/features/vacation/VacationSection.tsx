// The settings page's Vacation section: in a world of the player's (the selected village's by default), how long a vacation
// may last, the end to choose, what keeps one from starting (the server's words), Start; while on one, until when, and End.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endVacation, startVacation, type VacationStatus } from '../../api/vacation';
import { vacationQuery, worldsQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom, useServerOffset, villagesAtom } from '../../state/village';
import { describeSpan } from '../../../rules/vacation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/dates';
import { usePassed } from '../../ui/usePassed';
import { useAction } from '../../ui/useAction';
import { defaultEnd, endRefusal, endWindow, fromLocalInputText, localInputText } from './model';
import './vacation.css';

/** The worlds the player holds a village in, the selected village's first. */
function useMyWorlds(): { id: string; name: string }[] {
  const villages = useAtomValue(villagesAtom) ?? [];
  const selected = useAtomValue(selectedVillageAtom);
  const worlds = useQuery(worldsQuery()).data;
  const ids = [...new Set([selected?.worldId, ...villages.map((v) => v.worldId)].filter((id): id is string => typeof id === 'string'))];
  return ids.map((id) => ({ id, name: worlds?.find((w) => w.id === id)?.name ?? 'this world' }));
}

/** The vacation that holds: until when, and End once its minimum has passed. */
function OnVacation({ status, worldName }: { status: VacationStatus & { vacation: NonNullable<VacationStatus['vacation']> }; worldName: string }) {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const offset = useServerOffset();
  const { vacation } = status;
  const mayEnd = usePassed(Date.parse(vacation.earliestEndAt) - offset);
  const end = useAction({
    mutationFn: () => endVacation(status.worldId),
    onSuccess: (fresh) => putQueryData(client, vacationQuery(viewer, status.worldId).queryKey, fresh),
    success: `You are back in ${worldName}.`,
    failure: 'Could not end the vacation.',
  });
  return (
    <div className="vacation__on" data-testid="vacation-on">
      <p>
        You are on vacation in <strong>{worldName}</strong> until <time dateTime={vacation.endsAt}>{formatDateTime(vacation.endsAt)}</time>. Your villages
        there cannot be attacked, raided or scouted, and you cannot build, train, send troops or trade there; production goes on.
      </p>
      <p className="muted">
        {mayEnd ? (
          'You may end it now; signing in ends it too.'
        ) : (
          <>
            You may end it from <time dateTime={vacation.earliestEndAt}>{formatDateTime(vacation.earliestEndAt)}</time> on; signing in after that ends it too.
          </>
        )}
      </p>
      <div className="row">
        <ActionButton className="button" disabled={!mayEnd} pending={end.pending} busyLabel="Ending..." onClick={() => end.run()}>
          End vacation
        </ActionButton>
        <ActionOutcome message={end.outcome} />
      </div>
    </div>
  );
}

/** The form of a vacation to come: the end within the world's window, what keeps it from starting, Start. */
function StartForm({ status, worldName }: { status: VacationStatus; worldName: string }) {
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
    success: (fresh) => `You are on vacation in ${worldName} until ${formatDateTime(fresh.vacation?.endsAt)}.`,
    failure: 'Could not start the vacation.',
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = fromLocalInputText(text);
    const refused = status.refusal ?? endRefusal(chosen, status, Date.now());
    // Sent as the server's instant: the same distance from the server's now as the choice is from this clock's.
    if (refused || chosen === null) start.refuse(refused ?? 'Choose when the vacation ends');
    else start.run(new Date(chosen + offset).toISOString());
  }

  return (
    <form className="vacation__form" onSubmit={onSubmit} noValidate>
      <p>
        While on vacation in <strong>{worldName}</strong>, your villages there cannot be attacked, raided or scouted, and you cannot build, train, send troops
        or trade there; production goes on. A vacation there lasts from {describeSpan(status.minMs)} to {describeSpan(status.maxMs)}. It ends on the day you
        choose, or when you sign in after the shortest one has passed.
      </p>
      <div className="field">
        <label htmlFor={`${id}-end`}>Ends</label>
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
          Between {formatDateTime(new Date(bounds.earliest).toISOString())} and {formatDateTime(new Date(bounds.latest).toISOString())}
        </span>
      </div>
      {status.refusal && (
        <p className="alert alert--compact" role="alert" data-testid="vacation-refusal">
          {status.refusal}
        </p>
      )}
      <div className="row">
        <ActionButton type="submit" className="button" disabled={status.refusal !== null} pending={start.pending} busyLabel="Starting...">
          Start vacation
        </ActionButton>
        <ActionOutcome message={start.outcome} />
      </div>
    </form>
  );
}

export function VacationSection() {
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
      <h2 id={`${id}-title`}>Vacation</h2>
      {!world && <p className="muted">You have no village yet: a vacation is taken in a world you play in.</p>}
      {world && worlds.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-world`}>World</label>
          <select id={`${id}-world`} className="input" value={world.id} onChange={(event) => setChosen(event.target.value)}>
            {worlds.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {world && status.isPending && <Spinner label="Loading your vacation..." />}
      {world && status.isError && <p className="alert">Could not load your vacation.</p>}
      {world && status.data && (holding ? <OnVacation status={{ ...status.data, vacation: holding }} worldName={world.name} /> : <StartForm key={world.id} status={status.data} worldName={world.name} />)}
    </section>
  );
}
