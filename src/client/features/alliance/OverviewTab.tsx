// The alliance's overview: its figures, the pinned announcement, the settings for ranks that describe it, and the activity feed.
import type { Alliance, Membership } from '../../api/alliances';
import { hasRight } from '../../../rules/alliances';
import { formatNumber } from '../../../rules/format';
import { formatDate } from '../../ui/dates';
import { ActivityFeed, type ReportView } from './ActivityFeed';
import { AllianceSettingsCard } from './AllianceSettingsCard';
import { AnnouncementCard } from './AnnouncementCard';

export interface OverviewTabProps {
  alliance: Alliance;
  myRole: Membership['role'];
  reportView?: ReportView;
}

export function OverviewTab({ alliance, myRole, reportView }: OverviewTabProps) {
  return (
    <div className="stack">
      <dl className="stat-tiles alliance-stats" aria-label="Alliance statistics">
        <div className="stat-tile">
          <dt>Members</dt>
          <dd>{formatNumber(alliance.memberCount)}</dd>
        </div>
        <div className="stat-tile">
          <dt>Villages</dt>
          <dd>{formatNumber(alliance.totalVillages)}</dd>
        </div>
        <div className="stat-tile">
          <dt>Population</dt>
          <dd>{formatNumber(alliance.totalPopulation)}</dd>
        </div>
        <div className="stat-tile">
          <dt>Founded</dt>
          <dd>{formatDate(alliance.foundedAt)}</dd>
        </div>
        <div className="stat-tile">
          <dt>Applications</dt>
          <dd>{alliance.isPublic ? 'Open' : 'Invite only'}</dd>
        </div>
      </dl>
      <AnnouncementCard announcement={alliance.announcement} myRole={myRole} />
      {hasRight(myRole, 'describe') && <AllianceSettingsCard alliance={alliance} />}
      <ActivityFeed reportView={reportView} />
    </div>
  );
}
