// The form of a world event: create one (world, kind, percent, window) or edit one (only what changed is sent).
import { useState, type FormEvent } from 'react';
import { createWorldEvent, updateWorldEvent, type GmWorld, type WorldEvent, type WorldEventKind } from '../../api/gamemaster';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { EVENT_KIND_NAMES, eventChanges, eventFormOf, fromLocalInput, toLocalInput, type EventForm } from './model';
import { useGmCache } from './useGmCache';

const HOUR_MS = 3_600_000;

interface Props {
  worlds: GmWorld[];
  /** The event to edit; a new one when left out. */
  event?: WorldEvent;
  onClose: () => void;
  onSaved: (event: WorldEvent) => void;
}

function blankForm(): EventForm {
  const now = Date.now();
  return { name: '', percent: '25', start: toLocalInput(new Date(now + 5 * 60_000)), end: toLocalInput(new Date(now + 24 * HOUR_MS)) };
}

export function EventDialog({ worlds, event, onClose, onSaved }: Props) {
  const [form, setForm] = useState<EventForm>(() => (event ? eventFormOf(event) : blankForm()));
  const [worldId, setWorldId] = useState(event?.worldId ?? worlds[0]?.world.id ?? '');
  const [kind, setKind] = useState<WorldEventKind>(event?.kind ?? 'production_bonus');
  const cache = useGmCache();
  // The reply is the event as saved: it goes into the list, and the dialog closes.
  const save = useAction({
    mutationFn: ({ startTime, endTime }: { startTime: string; endTime: string }) =>
      event
        ? updateWorldEvent(event.id, eventChanges(event, form))
        : createWorldEvent({ worldId, name: form.name.trim(), kind, percent: Number(form.percent), startTime, endTime }),
    onSuccess: (saved) => {
      cache.eventSaved(saved);
      onSaved(saved);
    },
    failure: event ? 'Failed to save the event.' : 'Failed to create the event.',
  });

  function onSubmit(submit: FormEvent) {
    submit.preventDefault();
    const startTime = fromLocalInput(form.start);
    const endTime = fromLocalInput(form.end);
    if (!startTime || !endTime) save.refuse('Give a start and an end.');
    else save.run({ startTime, endTime });
  }

  const edit = (field: keyof EventForm) => (change: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: change.target.value }));
  return (
    <Modal open title={event ? `Edit ${event.name}` : 'Create New Event'} onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="event-world">World</label>
          <select id="event-world" className="input" value={worldId} disabled={Boolean(event)} onChange={(change) => setWorldId(change.target.value)}>
            {worlds.map((w) => (
              <option key={w.world.id} value={w.world.id}>
                {w.world.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="event-name">Name</label>
          <input id="event-name" className="input" required maxLength={60} value={form.name} onChange={edit('name')} />
        </div>
        <div className="field">
          <label htmlFor="event-kind">Kind</label>
          <select id="event-kind" className="input" value={kind} disabled={Boolean(event)} onChange={(change) => setKind(change.target.value as WorldEventKind)}>
            {(Object.keys(EVENT_KIND_NAMES) as WorldEventKind[]).map((k) => (
              <option key={k} value={k}>
                {EVENT_KIND_NAMES[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="event-percent">Bonus (percent)</label>
          <input id="event-percent" className="input" type="number" min={1} max={500} step={1} required value={form.percent} onChange={edit('percent')} />
        </div>
        <div className="field">
          <label htmlFor="event-start">Starts</label>
          <input id="event-start" className="input" type="datetime-local" required value={form.start} onChange={edit('start')} />
        </div>
        <div className="field">
          <label htmlFor="event-end">Ends</label>
          <input id="event-end" className="input" type="datetime-local" required value={form.end} onChange={edit('end')} />
        </div>
        {!event && <p className="muted">New events start switched off: activate one when it should count.</p>}
        <ActionOutcome message={save.outcome} compact={false} />
        <div className="row">
          <ActionButton type="submit" className="button" disabled={!event && !worldId} pending={save.pending || save.mutation.isSuccess}>
            {event ? 'Save Event' : 'Create Event'}
          </ActionButton>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
