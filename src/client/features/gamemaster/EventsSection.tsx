// Event Management: the world events with their state, the Activate / Deactivate toggle, Edit, and Create New Event.
import { useState } from 'react';
import { activateWorldEvent, deactivateWorldEvent, type GmWorld, type WorldEvent } from '../../api/gamemaster';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { useAction } from '../../ui/useAction';
import { EventDialog } from './EventDialog';
import { eventDisplay, eventEffect, type EventDisplay } from './model';
import { useGmCache } from './useGmCache';

const DISPLAY_BADGE: Record<EventDisplay, string> = {
  Active: 'badge badge--green',
  Upcoming: 'badge badge--blue',
  Inactive: 'badge badge--grey',
};

interface Props {
  worlds: GmWorld[];
  events: WorldEvent[] | null;
  error: string | null;
}

function EventRow({ event, worldName, onEdit }: { event: WorldEvent; worldName: string; onEdit: () => void }) {
  const cache = useGmCache();
  const toggle = useAction({
    mutationFn: (activate: boolean) => (activate ? activateWorldEvent(event.id) : deactivateWorldEvent(event.id)),
    onSuccess: (saved) => cache.eventSaved(saved),
    failure: 'Failed to switch the event.',
  });
  const display = eventDisplay(event.status);

  return (
    <li className="event">
      <div>
        <h3>{event.name}</h3>
        <p className="muted" style={{ margin: 0 }}>
          {worldName} · {eventEffect(event.kind, event.percent)} · {formatDateTime(event.startTime)} – {formatDateTime(event.endTime)}
        </p>
        <ActionOutcome message={toggle.outcome} />
      </div>
      <div className="row">
        <span className={DISPLAY_BADGE[display]}>{display}</span>
        <ActionButton className="button button--secondary button--small" pending={toggle.pending} onClick={() => toggle.run(!event.active)}>
          {event.active ? 'Deactivate' : 'Activate'}
        </ActionButton>
        <button type="button" className="button button--ghost button--small" onClick={onEdit}>
          Edit
        </button>
      </div>
    </li>
  );
}

export function EventsSection({ worlds, events, error }: Props) {
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
            <EventRow key={event.id} event={event} worldName={names.get(event.worldId) ?? 'Unknown world'} onEdit={() => setDialog({ event })} />
          ))}
        </ul>
      )}
      {dialog && (
        <EventDialog
          worlds={worlds}
          event={dialog.event}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
    </section>
  );
}
