// The member list: picture, name, joined date and role, with Invite Player for those whose role may invite.
import { useState } from 'react';
import type { AllianceMember } from '../../api/alliances';
import { canInvite, roleLabel } from '../../../rules/alliances';
import { Avatar } from '../../ui/Avatar';
import { formatDate } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { InviteForm } from './InviteForm';

const ROLE_BADGE: Record<string, string> = { leader: 'badge--gold', elder: 'badge--purple', officer: 'badge--blue' };

export interface MembersTabProps {
  members: readonly AllianceMember[];
  myRole: string;
  myUserId: string | null;
}

export function MembersTab({ members, myRole, myUserId }: MembersTabProps) {
  const [inviting, setInviting] = useState(false);
  return (
    <div className="stack">
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
