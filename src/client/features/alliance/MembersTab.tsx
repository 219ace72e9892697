// The member list: how many the leader's embassy admits, then picture, name, joined date and role, with Invite Player for those whose role may invite; the leader sets ranks and hands over leadership, ranks that dismiss dismiss lower ranks.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { dismissMember, handOverLeadership, setMemberRank, type Alliance, type AllianceMember, type Membership } from '../../api/alliances';
import {
  APPOINTABLE_ROLES,
  FORMER_LEADER_ROLE,
  canInvite,
  dismissalRefusal,
  handoverRefusal,
  rankChangeRefusal,
  type AllianceRole,
  type AppointableRole,
  type RankedMember,
} from '../../../rules/alliances';
import { MAX_ALLIANCE_MEMBERS, MEMBERS_PER_EMBASSY_LEVEL } from '../../../rules/embassy';
import { isOneOf } from '../../../rules/tuples';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Avatar } from '../../ui/Avatar';
import { i18n } from '../../i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import { PlayerLink } from '../../ui/PlayerLink';
import { useAction } from '../../ui/useAction';
import { allianceChanged } from './allianceCache';
import { DismissDialog } from './DismissDialog';
import { InviteForm } from './InviteForm';
import { aRank, rankName } from './ranks';
import { ruleText } from './refusals';

const ROLE_BADGE: Record<string, string> = { leader: 'badge--gold', elder: 'badge--purple', officer: 'badge--blue' };

/** What the leader is asked before handing over: who leads then, and what the leader becomes. */
export function handoverConfirmation(username: string): string {
  return i18n.t('alliance:members.handoverConfirmation', { name: username, rank: aRank(FORMER_LEADER_ROLE) });
}

export interface MembersTabProps {
  members: readonly AllianceMember[];
  /** The alliance's size against the cap its leader's embassy sets. */
  size: Pick<Alliance, 'memberCount' | 'memberCap' | 'leaderEmbassyLevel'>;
  myRole: Membership['role'];
  myUserId: string | null;
}

interface RankOrder {
  member: AllianceMember;
  role: AppointableRole;
}

interface RankControlProps {
  member: AllianceMember;
  target: RankedMember;
  myRole: AllianceRole;
  /** Another action on the members runs: this one waits. */
  busy: boolean;
  onSet: (order: RankOrder) => void;
}

/** The leader's rank select of one member, and its button; what the rules refuse stays shut. */
function RankControl({ member, target, myRole, busy, onSet }: RankControlProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const [role, setRole] = useState<AppointableRole>(isOneOf(APPOINTABLE_ROLES, member.role) ? member.role : 'member');
  const refusal = rankChangeRefusal(myRole, target, role);
  return (
    <div className="alliance-member__rank">
      <label className="visually-hidden" htmlFor={`${id}-rank`}>
        {t('members.rankOf', { name: member.user.username })}
      </label>
      <select
        id={`${id}-rank`}
        className="input alliance-member__select"
        value={role}
        onChange={(event) => {
          const next = event.target.value;
          if (isOneOf(APPOINTABLE_ROLES, next)) setRole(next);
        }}
      >
        {APPOINTABLE_ROLES.map((rank) => (
          <option key={rank} value={rank}>
            {rankName(rank)}
          </option>
        ))}
      </select>
      {/* The rank the member holds already is refused by the rules: the button waits for another. */}
      <button type="button" className="button button--secondary button--small" disabled={busy || refusal !== null} title={ruleText(refusal)} onClick={() => onSet({ member, role })}>
        {t('members.setRank')}
      </button>
    </div>
  );
}

export function MembersTab({ members, size, myRole, myUserId }: MembersTabProps) {
  const { t } = useTranslation('alliance');
  const [inviting, setInviting] = useState(false);
  const [dismissing, setDismissing] = useState<AllianceMember | null>(null);
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const full = size.memberCount >= size.memberCap;

  // Each reply is the alliance as it now stands: the list shows the new ranks (or the member gone) at once.
  const rank = useAction({
    mutationFn: (order: RankOrder) => setMemberRank(order.member.id, order.role),
    onSuccess: (reply) => allianceChanged(client, viewer, reply),
    success: (_reply, order) => t('members.rankChanged', { name: order.member.user.username, rank: aRank(order.role) }),
    failure: t('members.rankFailed'),
  });
  const handover = useAction({
    mutationFn: (member: AllianceMember) => handOverLeadership(member.id),
    onSuccess: (reply) => allianceChanged(client, viewer, reply),
    success: (_reply, member) => t('members.handedOver', { name: member.user.username, rank: aRank(FORMER_LEADER_ROLE) }),
    failure: t('members.handoverFailed'),
  });
  const dismiss = useAction({
    mutationFn: (order: { member: AllianceMember; reason: string }) => dismissMember(order.member.id, order.reason),
    onSuccess: (reply) => {
      allianceChanged(client, viewer, reply, { directory: true });
      setDismissing(null);
    },
    success: (_reply, order) => t('members.dismissed', { name: order.member.user.username }),
    failure: t('members.dismissFailed'),
  });
  const busy = rank.pending || handover.pending || dismiss.pending;

  /** One outcome at a time: the last action's. */
  function quiet(...others: { mutation: { reset: () => void } }[]) {
    for (const other of others) other.mutation.reset();
  }

  function onHandover(member: AllianceMember) {
    if (!window.confirm(handoverConfirmation(member.user.username))) return;
    quiet(rank, dismiss);
    handover.run(member);
  }

  return (
    <div className="stack">
      <p className="alliance-cap">
        <strong data-testid="member-cap">
          {t('members.cap', { members: formatNumber(size.memberCount), cap: formatNumber(size.memberCap), level: size.leaderEmbassyLevel })}
        </strong>{' '}
        <span className="muted">
          {full ? `${t('members.full')} ` : ''}
          {t('members.capRule', { perLevel: MEMBERS_PER_EMBASSY_LEVEL, max: MAX_ALLIANCE_MEMBERS })}
        </span>
      </p>
      {canInvite(myRole) && (
        <div className="alliance-members__invite">
          {inviting ? (
            <InviteForm onClose={() => setInviting(false)} />
          ) : (
            <button type="button" className="button button--small" onClick={() => setInviting(true)}>
              {t('members.invite')}
            </button>
          )}
        </div>
      )}
      {/* A refused dismissal is told inside its dialog; the list says only that it was done. */}
      <ActionOutcome message={rank.outcome ?? handover.outcome ?? (dismiss.outcome?.kind === 'success' ? dismiss.outcome : null)} />
      <ul className="alliance-members" aria-label={t('members.list')}>
        {members.map((member) => {
          const target: RankedMember = { role: member.role, self: member.user.id === myUserId };
          const mayRank = APPOINTABLE_ROLES.some((next) => rankChangeRefusal(myRole, target, next) === null);
          const mayHandOver = handoverRefusal(myRole, target) === null;
          const mayDismiss = dismissalRefusal(myRole, target) === null;
          return (
            <li key={member.id} className="alliance-member" aria-label={member.user.username}>
              <Avatar userId={member.user.id} username={member.user.username} discordAvatar={member.user.discordAvatar} />
              <div className="alliance-member__text">
                <span className="alliance-member__name">
                  <PlayerLink player={member.user} />
                  {target.self && <span className="muted"> {t('members.you')}</span>}
                </span>
                <span className="alliance-member__joined muted">{t('members.joined', { date: formatDate(member.joinedAt) })}</span>
              </div>
              <span className={`badge ${ROLE_BADGE[member.role] ?? 'badge--grey'}`}>{rankName(member.role)}</span>
              {(mayRank || mayHandOver || mayDismiss) && (
                <div className="alliance-member__actions">
                  {mayRank && (
                    <RankControl
                      member={member}
                      target={target}
                      myRole={myRole}
                      busy={busy}
                      onSet={(order) => {
                        quiet(handover, dismiss);
                        rank.run(order);
                      }}
                    />
                  )}
                  {mayHandOver && (
                    <ActionButton className="button button--ghost button--small" pending={handover.pending} disabled={busy} onClick={() => onHandover(member)}>
                      {t('members.makeLeader')}
                    </ActionButton>
                  )}
                  {mayDismiss && (
                    <button
                      type="button"
                      className="button button--danger button--small"
                      disabled={busy}
                      onClick={() => {
                        quiet(rank, handover, dismiss);
                        setDismissing(member);
                      }}
                    >
                      {t('members.dismiss')}
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <DismissDialog
        member={dismissing}
        onDismiss={(reason) => {
          if (dismissing) dismiss.run({ member: dismissing, reason });
        }}
        onClose={() => setDismissing(null)}
        state={{ pending: dismiss.pending, outcome: dismiss.outcome?.kind === 'error' ? dismiss.outcome : null }}
      />
    </div>
  );
}
