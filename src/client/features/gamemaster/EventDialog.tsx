// The form of a world event: create one (world, kind, percent, window) or edit one (only what changed is sent).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createWorldEvent, updateWorldEvent, type GmWorld, type WorldEvent, type WorldEventKind } from '../../api/gamemaster';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { EVENT_KINDS, eventChanges, eventFormOf, fromLocalInput, toLocalInput, type EventForm } from './model';
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
  const { t } = useTranslation('gamemaster');
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
    failure: event ? t('eventDialog.saveFailed') : t('eventDialog.createFailed'),
  });

  function onSubmit(submit: FormEvent) {
    submit.preventDefault();
    const startTime = fromLocalInput(form.start);
    const endTime = fromLocalInput(form.end);
    if (!startTime || !endTime) save.refuse(t('eventDialog.needTimes'));
    else save.run({ startTime, endTime });
  }

  const edit = (field: keyof EventForm) => (change: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: change.target.value }));
  return (
    <Modal open title={event ? t('eventDialog.editTitle', { name: event.name }) : t('eventDialog.createTitle')} onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="event-world">{t('world.label')}</label>
          <select id="event-world" className="input" value={worldId} disabled={Boolean(event)} onChange={(change) => setWorldId(change.target.value)}>
            {worlds.map((w) => (
              <option key={w.world.id} value={w.world.id}>
                {w.world.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="event-name">{t('eventDialog.name')}</label>
          <input id="event-name" className="input" required maxLength={60} value={form.name} onChange={edit('name')} />
        </div>
        <div className="field">
          <label htmlFor="event-kind">{t('eventDialog.kind')}</label>
          <select id="event-kind" className="input" value={kind} disabled={Boolean(event)} onChange={(change) => setKind(change.target.value as WorldEventKind)}>
            {EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`events.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="event-percent">{t('eventDialog.percent')}</label>
          <input id="event-percent" className="input" type="number" min={1} max={500} step={1} required value={form.percent} onChange={edit('percent')} />
        </div>
        <div className="field">
          <label htmlFor="event-start">{t('eventDialog.starts')}</label>
          <input id="event-start" className="input" type="datetime-local" required value={form.start} onChange={edit('start')} />
        </div>
        <div className="field">
          <label htmlFor="event-end">{t('eventDialog.ends')}</label>
          <input id="event-end" className="input" type="datetime-local" required value={form.end} onChange={edit('end')} />
        </div>
        {!event && <p className="muted">{t('eventDialog.switchedOff')}</p>}
        <ActionOutcome message={save.outcome} compact={false} />
        <div className="row">
          <ActionButton type="submit" className="button" disabled={!event && !worldId} pending={save.pending || save.mutation.isSuccess}>
            {event ? t('eventDialog.save') : t('eventDialog.create')}
          </ActionButton>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('eventDialog.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
