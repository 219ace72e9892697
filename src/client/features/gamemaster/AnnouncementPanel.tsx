// Send Announcement: a message with an end time shown as a banner to every player of a world, and the announcements so far.
import { useEffect, useState, type FormEvent } from 'react';
import { apiError } from '../../api/client';
import { createAnnouncement, listAnnouncements, type Announcement, type GmWorld } from '../../api/gamemaster';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { fromLocalInput, toLocalInput } from './model';

const DAY_MS = 86_400_000;

export function AnnouncementPanel({ worlds }: { worlds: GmWorld[] }) {
  const [worldId, setWorldId] = useState(worlds[0]?.world.id ?? '');
  const [message, setMessage] = useState('');
  const [endsAt, setEndsAt] = useState(() => toLocalInput(new Date(Date.now() + DAY_MS)));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);
  const [list, setList] = useState<Announcement[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    listAnnouncements()
      .then((all) => live && setList(all))
      .catch((failure: unknown) => live && setListError(apiError(failure, 'Failed to load the announcements.')));
    return () => {
      live = false;
    };
  }, [version]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ends = fromLocalInput(endsAt);
    if (!ends) {
      setOutcome({ kind: 'error', text: 'Give the time the announcement ends.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await createAnnouncement({ worldId, message: message.trim(), endsAt: ends });
      setMessage('');
      setOutcome({ kind: 'success', text: 'Announcement sent: players of that world see it now.' });
      setVersion((n) => n + 1);
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiError(failure, 'Failed to send the announcement.') });
    } finally {
      setBusy(false);
    }
  }

  const names = new Map(worlds.map((w) => [w.world.id, w.world.name]));
  const now = Date.now();
  return (
    <div className="stack">
      <form className="gm-form" onSubmit={onSubmit} aria-label="Send announcement">
        <div className="field">
          <label htmlFor="announce-world">World</label>
          <select id="announce-world" className="input" value={worldId} onChange={(event) => setWorldId(event.target.value)}>
            {worlds.map((w) => (
              <option key={w.world.id} value={w.world.id}>
                {w.world.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="announce-ends">Shown until</label>
          <input id="announce-ends" className="input" type="datetime-local" required value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </div>
        <div className="field gm-form__wide">
          <label htmlFor="announce-message">Message</label>
          <textarea
            id="announce-message"
            className="input"
            rows={3}
            required
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <div className="gm-form__actions">
          <button type="submit" className="button" disabled={busy || !worldId}>
            Send Announcement
          </button>
          <ActionOutcome message={outcome} />
        </div>
      </form>

      <h3>Announcements</h3>
      {listError && (
        <div className="alert" role="alert">
          {listError}
        </div>
      )}
      {list && list.length === 0 && <p className="muted">None sent yet.</p>}
      {list && list.length > 0 && (
        <ul className="event-list" aria-label="Announcements">
          {list.map((a) => {
            const running = new Date(a.endsAt).getTime() > now;
            return (
              <li key={a.id} className="event">
                <div>
                  <p className="gm-announcement__message">{a.message}</p>
                  <p className="muted" style={{ margin: 0 }}>
                    {names.get(a.worldId) ?? 'Unknown world'} · by {a.author?.username ?? 'a former game master'} · until {formatDateTime(a.endsAt)}
                  </p>
                </div>
                <span className={running ? 'badge badge--green' : 'badge badge--grey'}>{running ? 'Showing' : 'Ended'}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
