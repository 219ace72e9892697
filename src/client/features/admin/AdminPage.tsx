// /admin: the Admin Dashboard: live figures, the player table with its actions, and the audit log.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiError } from '../../api/client';
import { formatInteger } from '../../i18n/format';
import { adminStatsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { SiteHeader } from '../../ui/SiteHeader';
import { AuditLog } from './AuditLog';
import { PlayerManagement } from './PlayerManagement';
import './admin.css';

/** The figures are read again after every action on the page (the actions mark them stale). */
function Figures() {
  const { t } = useTranslation('admin');
  const read = useQuery(adminStatsQuery(useAtomValue(userIdAtom)));
  const stats = read.data ?? null;
  const error = read.isError ? apiError(read.error, t('figures.failed')) : null;

  const figure = (value: number | undefined) => (value === undefined ? '—' : formatInteger(value));
  return (
    <>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <dl className="stat-cards">
        <div className="card">
          <dt className="stat-card__label">{t('figures.totalUsers')}</dt>
          <dd className="stat-card__value" data-testid="total-users">
            {figure(stats?.totalUsers)}
          </dd>
        </div>
        <div className="card">
          <dt className="stat-card__label">{t('figures.activeSessions')}</dt>
          <dd className="stat-card__value" data-testid="active-sessions">
            {figure(stats?.activeSessions)}
          </dd>
        </div>
        <div className="card">
          <dt className="stat-card__label">{t('figures.playersOnline')}</dt>
          <dd className="stat-card__value" data-testid="players-online">
            {figure(stats?.playersOnline)}
          </dd>
        </div>
        <div className="card">
          <dt className="stat-card__label">{t('figures.serverStatus')}</dt>
          <dd className="stat-card__value status-online">{stats ? t('figures.online') : '—'}</dd>
        </div>
      </dl>
    </>
  );
}

export default function AdminPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <h1 className="page__title">{t('page.title')}</h1>
        <Figures />
        <PlayerManagement canAdminister />
        <AuditLog />
      </main>
    </>
  );
}
