// Event Management: the world events with their state, the Activate / Deactivate toggle, Edit, and Create New Event.
import { useState } from 'react';
import { apiError } from '../../api/client';
import { activateWorldEvent, deactivateWorldEvent, type GmWorld, type WorldEvent } from '../../api/gamemaster';
import { formatDateTime } from '../../ui/dates';
import { EventDialog } from './EventDialog';
import { eventDisplay, eventEffect, type EventDisplay } from './model';

const DISPLAY_BADGE: Record<EventDisplay, string> = {
  Active: 'badge badge--green',
  Upcoming: 'badge badge--blue',
  Inactive: 'badge badge--grey',
};

interface Props {
  worlds: GmWorld[];
  events: WorldEvent[] | null;
  error: string | null;
  onChanged: () => void;
}

function EventRow({ event, worldName, onEdit, onChanged }: { event: WorldEvent; worldName: string; onEdit: () => void; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const display = eventDisplay(event.status);

  async function onToggle() {
    setBusy(true);
    setError(null);
    try {
      await (event.active ? deactivateWorldEvent(event.id) : activateWorldEvent(event.id));
      onChanged();
    } catch (failure) {
      setError(apiError(failure, 'Failed to switch the event.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="event">
      <div>
        <h3>{event.name}</h3>
        <p className="muted" style={{ margin: 0 }}>
          {worldName} · {eventEffect(event.kind, event.percent)} · {formatDateTime(event.startTime)} – {formatDateTime(event.endTime)}
        </p>
        {error && (
          <p className="alert alert--compact" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="row">
        <span className={DISPLAY_BADGE[display]}>{display}</span>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void onToggle()}>
          {event.active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onEdit}>
          Edit
        </button>
      </div>
    </li>
  );
}

export function EventsSection({ worlds, events, error, onChanged }: Props) {
  const [dialog, setDialog] = useState<{ event?: WorldEvent } | null>(null);
  const names = new Map(worlds.map((w) => [w.world.id, w.world.name]));
  return (
    <section className="card" aria-labelledby="gm-events-title">
      <div className="page__header">
        <h2 id="gm-events-title">Event Management</h2>
        <button type="button" className="button button--small" disabled={worlds.length === 0} onClick={() => setDialog({})}>
          Create New Event
        </button>
      </div>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {events && events.length === 0 && <p className="muted">No events yet. A production or training bonus for a while is a good start.</p>}
      {events && events.length > 0 && (
        <ul className="event-list" aria-label="World events">
          {events.map((event) => (
            <EventRow key={event.id} event={event} worldName={names.get(event.worldId) ?? 'Unknown world'} onEdit={() => setDialog({ event })} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {dialog && (
        <EventDialog
          worlds={worlds}
          event={dialog.event}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
