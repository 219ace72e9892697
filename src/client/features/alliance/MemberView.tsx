// The alliance of a member: header with the figures, the player's role and Leave; tabs for overview, members, diplomacy and chat.
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { leaveAlliance, type Alliance, type Membership } from '../../api/alliances';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { roleLabel } from '../../../rules/alliances';
import { formatNumber } from '../../../rules/format';
import { formatDate } from '../../ui/dates';
import { Tabs } from '../../ui/Tabs';
import { AllianceChat } from './AllianceChat';
import { MembersTab } from './MembersTab';
import { left } from './allianceCache';

export const LEAVE_CONFIRMATION = 'Are you sure you want to leave your alliance?';
export const LEAVE_FAILED = 'Failed to leave alliance';

const TAB_IDS = ['overview', 'members', 'diplomacy', 'messages'] as const;
type TabId = (typeof TAB_IDS)[number];

function isTabId(value: string | null): value is TabId {
  return (TAB_IDS as readonly (string | null)[]).includes(value);
}

export interface MemberViewProps {
  alliance: Alliance;
  membership: Membership;
  myUserId: string | null;
}

function OverviewTab({ alliance }: { alliance: Alliance }) {
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
          <dt>Visibility</dt>
          <dd>{alliance.isPublic ? 'Public' : 'Private'}</dd>
        </div>
      </dl>
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">Activity feed</h2>
        <p className="muted">Coming soon</p>
      </section>
    </div>
  );
}

export function MemberView({ alliance, membership, myUserId }: MemberViewProps) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = isTabId(tabParam) ? tabParam : 'overview';
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const leave = useAction({
    mutationFn: () => leaveAlliance(),
    onSuccess: () => left(client, viewer),
    failure: LEAVE_FAILED,
  });
  const members = alliance.members ?? [];

  function onLeave() {
    if (!window.confirm(LEAVE_CONFIRMATION)) return;
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
          <ul className="alliance-header__facts" aria-label="Alliance figures">
            <li>
              <strong>{formatNumber(alliance.memberCount)}</strong> {alliance.memberCount === 1 ? 'member' : 'members'}
            </li>
            <li>
              <strong>{formatNumber(alliance.totalVillages)}</strong> {alliance.totalVillages === 1 ? 'village' : 'villages'}
            </li>
            <li>
              <strong>{formatNumber(alliance.totalPopulation)}</strong> population
            </li>
            <li>
              Your role: <strong data-testid="my-role">{roleLabel(membership.role)}</strong>
            </li>
          </ul>
        </div>
        <div className="alliance-header__actions">
          <ActionButton className="button button--danger" onClick={onLeave} pending={leave.pending || leave.mutation.isSuccess}>
            Leave
          </ActionButton>
          <ActionOutcome message={leave.outcome} />
        </div>
      </header>
      <Tabs<TabId>
        label="Alliance sections"
        selected={tab}
        onSelect={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}
        tabs={[
          { id: 'overview', label: 'Overview', panel: <OverviewTab alliance={alliance} /> },
          {
            id: 'members',
            label: `Members (${members.length})`,
            panel: <MembersTab members={members} size={alliance} myRole={membership.role} myUserId={myUserId} />,
          },
          { id: 'diplomacy', label: 'Diplomacy', panel: <p className="card muted alliance-soon">Diplomacy is coming soon</p> },
          { id: 'messages', label: 'Messages', panel: <AllianceChat myUserId={myUserId} /> },
        ]}
      />
    </>
  );
}
