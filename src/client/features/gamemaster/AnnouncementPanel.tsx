// Send Announcement: a message with an end time shown as a banner to every player of a world, and the announcements so far.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiError } from '../../api/client';
import { createAnnouncement, type AnnouncementRequest, type GmWorld } from '../../api/gamemaster';
import { announcementsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../i18n/format';
import { useAction } from '../../ui/useAction';
import { fromLocalInput, toLocalInput } from './model';
import { useGmCache } from './useGmCache';

const DAY_MS = 86_400_000;

export function AnnouncementPanel({ worlds }: { worlds: GmWorld[] }) {
  const { t } = useTranslation('gamemaster');
  const [worldId, setWorldId] = useState(worlds[0]?.world.id ?? '');
  const [message, setMessage] = useState('');
  const [endsAt, setEndsAt] = useState(() => toLocalInput(new Date(Date.now() + DAY_MS)));
  const read = useQuery(announcementsQuery(useAtomValue(userIdAtom)));
  const list = read.data ?? null;
  const listError = read.isError ? apiError(read.error, t('announce.listFailed')) : null;
  const cache = useGmCache();
  // The reply is the announcement: it leads the list.
  const announce = useAction({
    mutationFn: (request: AnnouncementRequest) => createAnnouncement(request),
    onSuccess: (announcement) => {
      setMessage('');
      cache.announced(announcement);
    },
    success: t('announce.sent'),
    failure: t('announce.failed'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ends = fromLocalInput(endsAt);
    if (!ends) announce.refuse(t('announce.needEnd'));
    else announce.run({ worldId, message: message.trim(), endsAt: ends });
  }

  const names = new Map(worlds.map((w) => [w.world.id, w.world.name]));
  const now = Date.now();
  return (
    <div className="stack">
      <form className="gm-form" onSubmit={onSubmit} aria-label={t('announce.form')}>
        <div className="field">
          <label htmlFor="announce-world">{t('world.label')}</label>
          <select id="announce-world" className="input" value={worldId} onChange={(event) => setWorldId(event.target.value)}>
            {worlds.map((w) => (
              <option key={w.world.id} value={w.world.id}>
                {w.world.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="announce-ends">{t('announce.until')}</label>
          <input id="announce-ends" className="input" type="datetime-local" required value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </div>
        <div className="field gm-form__wide">
          <label htmlFor="announce-message">{t('announce.message')}</label>
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
          <ActionButton type="submit" className="button" disabled={!worldId} pending={announce.pending}>
            {t('announce.submit')}
          </ActionButton>
          <ActionOutcome message={announce.outcome} />
        </div>
      </form>

      <h3>{t('announce.listTitle')}</h3>
      {listError && (
        <div className="alert" role="alert">
          {listError}
        </div>
      )}
      {list && list.length === 0 && <p className="muted">{t('announce.empty')}</p>}
      {list && list.length > 0 && (
        <ul className="event-list" aria-label={t('announce.listTitle')}>
          {list.map((a) => {
            const running = new Date(a.endsAt).getTime() > now;
            return (
              <li key={a.id} className="event">
                <div>
                  <p className="gm-announcement__message">{a.message}</p>
                  <p className="muted" style={{ margin: 0 }}>
                    {t('announce.line', {
                      world: names.get(a.worldId) ?? t('world.unknown'),
                      author: a.author?.username ?? t('announce.formerGameMaster'),
                      until: formatDateTime(a.endsAt),
                    })}
                  </p>
                </div>
                <span className={running ? 'badge badge--green' : 'badge badge--grey'}>{running ? t('announce.showing') : t('announce.ended')}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
