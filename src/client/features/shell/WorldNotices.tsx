// Banners of the selected village's world under the top bar: its end (coming, or come, with the hall of fame and the way to a new world), maintenance, game master announcements and running events.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { WorldNotices as Notices } from '../../api/notices';
import { noticesQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom } from '../../state/village';
import { formatDateTime } from '../../ui/dates';

function effect(kind: Notices['events'][number]['kind'], percent: number): string {
  return kind === 'production_bonus' ? `+${percent}% production` : `+${percent}% training speed`;
}

export function WorldNotices() {
  const viewer = useAtomValue(userIdAtom);
  const worldId = useAtomValue(selectedVillageAtom)?.worldId ?? null;
  // A missed read only leaves the last banners up; the next one tries again.
  const notices = useQuery({ ...noticesQuery(viewer, worldId ?? ''), enabled: viewer !== null && worldId !== null }).data;

  if (!notices || (!notices.maintenance && !notices.endsAt && notices.announcements.length === 0 && notices.events.length === 0)) return null;
  return (
    <div className="world-notices">
      {notices.ended ? (
        <div className="world-notice world-notice--ended" role="alert">
          <p className="world-notice__line">
            <strong>{notices.ended.message}</strong>
          </p>
          <p className="world-notice__line world-notice__links">
            {notices.ended.hallOfFame && <Link to={`/game/worlds/${encodeURIComponent(notices.worldId)}/hall-of-fame`}>See the hall of fame</Link>}
            <Link to="/game/worlds">Join a new world</Link>
          </p>
        </div>
      ) : (
        notices.endsAt && (
          <p className="world-notice world-notice--ending">
            <strong>This world ends on {formatDateTime(notices.endsAt)}.</strong> Then game actions stop for good and the final standing goes into its hall of fame.
          </p>
        )
      )}
      {notices.maintenance && (
        <p className="world-notice world-notice--maintenance" role="alert">
          <strong>Maintenance.</strong> This world is paused for maintenance: you can look around, but building, training and sending troops wait until it is back
          online.
        </p>
      )}
      {notices.announcements.length > 0 && (
        <ul className="world-notices__list" aria-label="Announcements">
          {notices.announcements.map((a) => (
            <li key={a.id} className="world-notice world-notice--announcement">
              <strong>Announcement{a.author ? ` from ${a.author.username}` : ''}:</strong> <span className="world-notice__text">{a.message}</span>
            </li>
          ))}
        </ul>
      )}
      {notices.events.length > 0 && (
        <ul className="world-notices__list" aria-label="World events">
          {notices.events.map((e) => (
            <li key={e.id} className="world-notice world-notice--event">
              <strong>{e.name}:</strong> {effect(e.kind, e.percent)} until {formatDateTime(e.endTime)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
