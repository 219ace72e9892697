// /admin: the Admin Dashboard: live figures, the player table with its actions, and the audit log.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { apiError } from '../../api/client';
import { adminStatsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { SiteHeader } from '../../ui/SiteHeader';
import { AuditLog } from './AuditLog';
import { PlayerManagement } from './PlayerManagement';
import './admin.css';

export { USERS_FAILED } from './PlayerManagement';

/** The figures are read again after every action on the page (the actions mark them stale). */
function Figures() {
  const read = useQuery(adminStatsQuery(useAtomValue(userIdAtom)));
  const stats = read.data ?? null;
  const error = read.isError ? apiError(read.error, 'Failed to load the figures.') : null;

  const figure = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString());
  return (
    <>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <dl className="stat-cards">
        <div className="card">
          <dt className="stat-card__label">Total Users</dt>
          <dd className="stat-card__value" data-testid="total-users">
            {figure(stats?.totalUsers)}
          </dd>
        </div>
        <div className="card">
          <dt className="stat-card__label">Active Sessions</dt>
          <dd className="stat-card__value" data-testid="active-sessions">
            {figure(stats?.activeSessions)}
          </dd>
        </div>
        <div className="card">
          <dt className="stat-card__label">Players Online</dt>
          <dd className="stat-card__value" data-testid="players-online">
            {figure(stats?.playersOnline)}
          </dd>
        </div>
        <div className="card">
          <dt className="stat-card__label">Server Status</dt>
          <dd className="stat-card__value status-online">{stats?.serverStatus ?? '—'}</dd>
        </div>
      </dl>
    </>
  );
}

export default function AdminPage() {
  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <h1 className="page__title">Admin Dashboard</h1>
        <Figures />
        <PlayerManagement canAdminister />
        <AuditLog />
      </main>
    </>
  );
}
