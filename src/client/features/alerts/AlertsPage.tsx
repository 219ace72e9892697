// /game/alerts: the player's last alerts, newest first, each opening the page it is about.
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { alertName } from '../../i18n/game';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { alertsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ALERT_LIST_SIZE } from '../../../rules/alerts';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/dates';
import { gamePath } from './model';
import './alerts.css';

export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(alertsQuery(viewer));
  return (
    <section className="page alerts-page" aria-labelledby="alerts-title">
      <header className="page__header">
        <h1 id="alerts-title" className="page__title">
          {t('title')}
        </h1>
      </header>
      <p className="muted">
        <Trans t={t} i18nKey="page.intro" values={{ size: ALERT_LIST_SIZE }} components={{ settings: <Link to="/game/settings" /> }} />
      </p>
      {read.isPending && <Spinner label={t('page.loading')} />}
      {read.isError && <p className="alert">{t('page.couldNotLoad')}</p>}
      {read.data && read.data.length === 0 && <p className="muted">{t('page.empty')}</p>}
      {read.data && read.data.length > 0 && (
        <ul className="alerts-list card" data-testid="alerts-list">
          {read.data.map((alert) => (
            <li key={alert.id} className="alerts-list__item">
              <Link className="alerts-list__title" to={gamePath(alert.url)}>
                {alert.title}
              </Link>
              <span>{alert.body}</span>
              <span className="muted alerts-list__when">
                {alertName(alert.kind)} · <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
