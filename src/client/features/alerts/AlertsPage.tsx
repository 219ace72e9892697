// /game/alerts: the player's last alerts, newest first, each opening the page it is about.
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { alertsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ALERT_LIST_SIZE, ALERT_NAMES } from '../../../rules/alerts';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/dates';
import { gamePath } from './model';
import './alerts.css';

export default function AlertsPage() {
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(alertsQuery(viewer));
  return (
    <section className="page alerts-page" aria-labelledby="alerts-title">
      <header className="page__header">
        <h1 id="alerts-title" className="page__title">
          Alerts
        </h1>
      </header>
      <p className="muted">
        The last {ALERT_LIST_SIZE} things that happened to you, as alerts tell them. Choose which reach this browser while the game is closed in{' '}
        <Link to="/game/settings">Settings</Link>.
      </p>
      {read.isPending && <Spinner label="Loading your alerts..." />}
      {read.isError && <p className="alert">Could not load your alerts.</p>}
      {read.data && read.data.length === 0 && <p className="muted">No alerts yet.</p>}
      {read.data && read.data.length > 0 && (
        <ul className="alerts-list card" data-testid="alerts-list">
          {read.data.map((alert) => (
            <li key={alert.id} className="alerts-list__item">
              <Link className="alerts-list__title" to={gamePath(alert.url)}>
                {alert.title}
              </Link>
              <span>{alert.body}</span>
              <span className="muted alerts-list__when">
                {ALERT_NAMES[alert.kind]} · <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
