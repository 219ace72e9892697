// /admin: the Admin Dashboard: live figures, the player table with its actions, and the audit log.
import { useCallback, useEffect, useState } from 'react';
import { getAdminStats, type AdminStats } from '../../api/admin';
import { apiError } from '../../api/client';
import { SiteHeader } from '../../ui/SiteHeader';
import { AuditLog } from './AuditLog';
import { PlayerManagement } from './PlayerManagement';
import './admin.css';

export { USERS_FAILED } from './PlayerManagement';

function Figures({ version }: { version: number }) {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getAdminStats()
      .then((next) => {
        if (!live) return;
        setStats(next);
        setError(null);
      })
      .catch((failure: unknown) => live && setError(apiError(failure, 'Failed to load the figures.')));
    return () => {
      live = false;
    };
  }, [version]);

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
  // Bumped after every action, so the figures and the audit log read again.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((n) => n + 1), []);
  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <h1 className="page__title">Admin Dashboard</h1>
        <Figures version={version} />
        <PlayerManagement canAdminister onChanged={changed} />
        <AuditLog version={version} />
      </main>
    </>
  );
}
