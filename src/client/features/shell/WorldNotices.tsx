// Banners of the selected village's world under the top bar: its end (coming, or come, with the hall of fame and the way to a new world), maintenance, game master announcements and running events.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiError } from '../../api/client';
import type { WorldNotices as Notices } from '../../api/notices';
import { noticesQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom } from '../../state/village';
import { formatDateTime, formatPercent } from '../../i18n/format';

function effect(t: TFunction, kind: Notices['events'][number]['kind'], percent: number): string {
  return t(kind === 'production_bonus' ? 'notices.production' : 'notices.training', { percent: formatPercent(percent) });
}

/** An ended world's words in the player's language: its refusal's code and params, else the server's English. */
function endedWords(ended: NonNullable<Notices['ended']>): string {
  return apiError({ error: ended.message, code: ended.code, params: ended.params }, ended.message);
}

export function WorldNotices() {
  const { t } = useTranslation('shell');
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
            <strong>{endedWords(notices.ended)}</strong>
          </p>
          <p className="world-notice__line world-notice__links">
            {notices.ended.hallOfFame && <Link to={`/game/worlds/${encodeURIComponent(notices.worldId)}/hall-of-fame`}>{t('notices.hallOfFame')}</Link>}
            <Link to="/game/worlds">{t('notices.joinNewWorld')}</Link>
          </p>
        </div>
      ) : (
        notices.endsAt && (
          <p className="world-notice world-notice--ending">
            <Trans t={t} i18nKey="notices.endsOn" values={{ date: formatDateTime(notices.endsAt) }} components={{ strong: <strong /> }} />
          </p>
        )
      )}
      {notices.maintenance && (
        <p className="world-notice world-notice--maintenance" role="alert">
          <Trans t={t} i18nKey="notices.maintenance" components={{ strong: <strong /> }} />
        </p>
      )}
      {notices.announcements.length > 0 && (
        <ul className="world-notices__list" aria-label={t('notices.announcements')}>
          {notices.announcements.map((a) => (
            <li key={a.id} className="world-notice world-notice--announcement">
              <strong>{a.author ? t('notices.announcementFrom', { author: a.author.username }) : t('notices.announcement')}</strong> <span className="world-notice__text">{a.message}</span>
            </li>
          ))}
        </ul>
      )}
      {notices.events.length > 0 && (
        <ul className="world-notices__list" aria-label={t('notices.events')}>
          {notices.events.map((e) => (
            <li key={e.id} className="world-notice world-notice--event">
              <strong>{e.name}:</strong> {t('notices.eventUntil', { effect: effect(t, e.kind, e.percent), date: formatDateTime(e.endTime) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
