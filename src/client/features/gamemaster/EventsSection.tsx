// Event Management: the world events with their state, the Activate / Deactivate toggle, Edit, and Create New Event.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateWorldEvent, deactivateWorldEvent, type GmWorld, type WorldEvent } from '../../api/gamemaster';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../i18n/format';
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
  const { t } = useTranslation('gamemaster');
  const cache = useGmCache();
  const toggle = useAction({
    mutationFn: (activate: boolean) => (activate ? activateWorldEvent(event.id) : deactivateWorldEvent(event.id)),
    onSuccess: (saved) => cache.eventSaved(saved),
    failure: t('events.switchFailed'),
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
        <span className={DISPLAY_BADGE[display]}>{t(`events.status.${display}`)}</span>
        <ActionButton className="button button--secondary button--small" pending={toggle.pending} onClick={() => toggle.run(!event.active)}>
          {event.active ? t('events.deactivate') : t('events.activate')}
        </ActionButton>
        <button type="button" className="button button--ghost button--small" onClick={onEdit}>
          {t('events.edit')}
        </button>
      </div>
    </li>
  );
}

export function EventsSection({ worlds, events, error }: Props) {
  const { t } = useTranslation('gamemaster');
  const [dialog, setDialog] = useState<{ event?: WorldEvent } | null>(null);
  const names = new Map(worlds.map((w) => [w.world.id, w.world.name]));
  return (
    <section className="card" aria-labelledby="gm-events-title">
      <div className="page__header">
        <h2 id="gm-events-title">{t('events.title')}</h2>
        <button type="button" className="button button--small" disabled={worlds.length === 0} onClick={() => setDialog({})}>
          {t('events.create')}
        </button>
      </div>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {events && events.length === 0 && <p className="muted">{t('events.empty')}</p>}
      {events && events.length > 0 && (
        <ul className="event-list" aria-label={t('events.list')}>
          {events.map((event) => (
            <EventRow key={event.id} event={event} worldName={names.get(event.worldId) ?? t('world.unknown')} onEdit={() => setDialog({ event })} />
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
