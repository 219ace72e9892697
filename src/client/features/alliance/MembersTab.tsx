// The member list: how many the leader's embassy admits, then picture, name, joined date and role, with Invite Player for those whose role may invite.
import { useState } from 'react';
import type { Alliance, AllianceMember } from '../../api/alliances';
import { canInvite, roleLabel } from '../../../rules/alliances';
import { MAX_ALLIANCE_MEMBERS, MEMBERS_PER_EMBASSY_LEVEL } from '../../../rules/embassy';
import { formatNumber } from '../../../rules/format';
import { Avatar } from '../../ui/Avatar';
import { formatDate } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { InviteForm } from './InviteForm';

const ROLE_BADGE: Record<string, string> = { leader: 'badge--gold', elder: 'badge--purple', officer: 'badge--blue' };

export interface MembersTabProps {
  members: readonly AllianceMember[];
  /** The alliance's size against the cap its leader's embassy sets. */
  size: Pick<Alliance, 'memberCount' | 'memberCap' | 'leaderEmbassyLevel'>;
  myRole: string;
  myUserId: string | null;
}

export function MembersTab({ members, size, myRole, myUserId }: MembersTabProps) {
  const [inviting, setInviting] = useState(false);
  const full = size.memberCount >= size.memberCap;
  return (
    <div className="stack">
      <p className="alliance-cap">
        <strong data-testid="member-cap">
          {formatNumber(size.memberCount)} of {formatNumber(size.memberCap)} members (Embassy level {size.leaderEmbassyLevel})
        </strong>{' '}
        <span className="muted">
          {full ? 'The alliance is full. ' : ''}The leader&apos;s embassy admits {MEMBERS_PER_EMBASSY_LEVEL} members per level, up to {MAX_ALLIANCE_MEMBERS}.
        </span>
      </p>
      {canInvite(myRole) && (
        <div className="alliance-members__invite">
          {inviting ? (
            <InviteForm onClose={() => setInviting(false)} />
          ) : (
            <button type="button" className="button button--small" onClick={() => setInviting(true)}>
              Invite Player
            </button>
          )}
        </div>
      )}
      <ul className="alliance-members" aria-label="Members">
        {members.map((member) => (
          <li key={member.id} className="alliance-member" aria-label={member.user.username}>
            <Avatar userId={member.user.id} username={member.user.username} discordAvatar={member.user.discordAvatar} />
            <div className="alliance-member__text">
              <span className="alliance-member__name">
                <PlayerLink player={member.user} />
                {member.user.id === myUserId && <span className="muted"> (you)</span>}
              </span>
              <span className="alliance-member__joined muted">Joined {formatDate(member.joinedAt)}</span>
            </div>
            <span className={`badge ${ROLE_BADGE[member.role] ?? 'badge--grey'}`}>{roleLabel(member.role)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
