// The alliance's overview: its figures, the pinned announcement, the settings for ranks that describe it, and the activity feed.
import { useTranslation } from 'react-i18next';
import type { Alliance, Membership } from '../../api/alliances';
import { hasRight } from '../../../rules/alliances';
import { formatDate, formatNumber } from '../../i18n/format';
import { ActivityFeed, type ReportView } from './ActivityFeed';
import { AllianceSettingsCard } from './AllianceSettingsCard';
import { AnnouncementCard } from './AnnouncementCard';

export interface OverviewTabProps {
  alliance: Alliance;
  myRole: Membership['role'];
  reportView?: ReportView;
}

export function OverviewTab({ alliance, myRole, reportView }: OverviewTabProps) {
  const { t } = useTranslation('alliance');
  return (
    <div className="stack">
      <dl className="stat-tiles alliance-stats" aria-label={t('overview.statistics')}>
        <div className="stat-tile">
          <dt>{t('overview.members')}</dt>
          <dd>{formatNumber(alliance.memberCount)}</dd>
        </div>
        <div className="stat-tile">
          <dt>{t('overview.villages')}</dt>
          <dd>{formatNumber(alliance.totalVillages)}</dd>
        </div>
        <div className="stat-tile">
          <dt>{t('overview.population')}</dt>
          <dd>{formatNumber(alliance.totalPopulation)}</dd>
        </div>
        <div className="stat-tile">
          <dt>{t('overview.founded')}</dt>
          <dd>{formatDate(alliance.foundedAt)}</dd>
        </div>
        <div className="stat-tile">
          <dt>{t('overview.applications')}</dt>
          <dd>{alliance.isPublic ? t('openness.open') : t('openness.inviteOnly')}</dd>
        </div>
      </dl>
      <AnnouncementCard announcement={alliance.announcement} myRole={myRole} />
      {hasRight(myRole, 'describe') && <AllianceSettingsCard alliance={alliance} />}
      <ActivityFeed reportView={reportView} />
    </div>
  );
}
