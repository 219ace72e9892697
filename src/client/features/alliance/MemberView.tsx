// The alliance of a member: header with the figures, the player's role, Browse alliances and Leave; tabs for overview, members, applications (ranks that answer them), diplomacy and chat.
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { leaveAlliance, type Alliance, type Membership } from '../../api/alliances';
import { allianceApplicationsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { useAction } from '../../ui/useAction';
import { hasRight } from '../../../rules/alliances';
import { i18n } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { isOneOf } from '../../../rules/tuples';
import type { ReportView } from './ActivityFeed';
import { AllianceChat } from './AllianceChat';
import { DIRECTORY_PATH } from './AllianceLink';
import { ApplicationsTab } from './ApplicationsTab';
import { DiplomacyTab } from './DiplomacyTab';
import { MembersTab } from './MembersTab';
import { OverviewTab } from './OverviewTab';
import { left } from './allianceCache';
import { rankName } from './ranks';

/** What leaving asks first. */
export function leaveConfirmation(): string {
  return i18n.t('alliance:header.leaveConfirmation');
}

const TAB_IDS = ['overview', 'members', 'applications', 'diplomacy', 'messages'] as const;
type TabId = (typeof TAB_IDS)[number];

export interface MemberViewProps {
  alliance: Alliance;
  membership: Membership;
  myUserId: string | null;
  /** How a battle in the feed opens its full report (composed in app/). */
  reportView?: ReportView;
}

export function MemberView({ alliance, membership, myUserId, reportView }: MemberViewProps) {
  const { t } = useTranslation('alliance');
  const [params, setParams] = useSearchParams();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const mayAnswer = hasRight(membership.role, 'invite');
  // Read here for the tab's count; the tab shows the same read.
  const applications = useQuery(allianceApplicationsQuery(viewer, mayAnswer)).data;
  const leave = useAction({
    mutationFn: () => leaveAlliance(),
    onSuccess: () => left(client, viewer),
    failure: t('header.leaveFailed'),
  });
  const members = alliance.members ?? [];
  const applicationsTab: TabItem<TabId> = {
    id: 'applications',
    label: applications ? t('tabs.applicationsCount', { n: applications.length }) : t('tabs.applications'),
    panel: <ApplicationsTab />,
  };
  const tabs: TabItem<TabId>[] = [
    { id: 'overview', label: t('tabs.overview'), panel: <OverviewTab alliance={alliance} myRole={membership.role} reportView={reportView} /> },
    {
      id: 'members',
      label: t('tabs.membersCount', { n: members.length }),
      panel: <MembersTab members={members} size={alliance} myRole={membership.role} myUserId={myUserId} />,
    },
    ...(mayAnswer ? [applicationsTab] : []),
    { id: 'diplomacy', label: t('tabs.diplomacy'), panel: <DiplomacyTab myRole={membership.role} myTag={alliance.tag} /> },
    { id: 'messages', label: t('tabs.messages'), panel: <AllianceChat myUserId={myUserId} /> },
  ];
  const tabParam = params.get('tab') ?? '';
  // A tab the player's rank does not show (applications after a demotion) falls back to the overview.
  const tab: TabId = isOneOf(TAB_IDS, tabParam) && tabs.some((item) => item.id === tabParam) ? tabParam : 'overview';

  function onLeave() {
    if (!window.confirm(leaveConfirmation())) return;
    leave.run();
  }

  return (
    <>
      <header className="card alliance-header">
        <div className="alliance-header__text">
          <h1 className="alliance-header__name">
            <span className="alliance-tag">[{alliance.tag}]</span> {alliance.name}
          </h1>
          <p className="alliance-header__description">{alliance.description}</p>
          <ul className="alliance-header__facts" aria-label={t('header.figures')}>
            <li>
              <strong>{formatNumber(alliance.memberCount)}</strong> {t('header.members', { count: alliance.memberCount })}
            </li>
            <li>
              <strong>{formatNumber(alliance.totalVillages)}</strong> {t('header.villages', { count: alliance.totalVillages })}
            </li>
            <li>
              <strong>{formatNumber(alliance.totalPopulation)}</strong> {t('header.population')}
            </li>
            <li>
              <Trans t={t} i18nKey="header.yourRole" values={{ role: rankName(membership.role) }} components={{ strong: <strong data-testid="my-role" /> }} />
            </li>
          </ul>
        </div>
        <div className="alliance-header__actions">
          <Link className="button button--secondary button--small" to={DIRECTORY_PATH}>
            {t('header.browse')}
          </Link>
          <ActionButton className="button button--danger" onClick={onLeave} pending={leave.pending || leave.mutation.isSuccess}>
            {t('header.leave')}
          </ActionButton>
          <ActionOutcome message={leave.outcome} />
        </div>
      </header>
      <Tabs<TabId>
        label={t('tabs.label')}
        selected={tab}
        onSelect={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}
        tabs={tabs}
      />
    </>
  );
}
