// The alliance invitation a message shares: which alliance, whom it invites, its status, and for the invitee the way to answer it.
import { Link } from 'react-router';
import type { SharedInvitation } from '../../api/messages';
import { PlayerLink } from '../../ui/PlayerLink';

/** The words of each state an invitation a message shares can be in. */
const STATUS_LABEL: Record<SharedInvitation['status'], string> = {
  pending: 'Waiting for an answer',
};

export interface SharedInvitationCardProps {
  invitation: SharedInvitation;
  /** The signed-in player: only the invitee can answer. */
  viewer: string | null;
}

export function SharedInvitationCard({ invitation, viewer }: SharedInvitationCardProps) {
  const forViewer = invitation.invitee.id === viewer;
  const { tag, name } = invitation.alliance;
  return (
    <section className="message__invitation" aria-labelledby="message-invitation-title">
      <h2 id="message-invitation-title">
        Invitation to join <span className="message__invitation-tag">[{tag}]</span> {name}
      </h2>
      <dl className="message__meta">
        <div>
          <dt>For</dt>
          <dd>
            <PlayerLink player={invitation.invitee} />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="invitation-status">{STATUS_LABEL[invitation.status]}</dd>
        </div>
      </dl>
      {forViewer ? (
        <p>
          <Link className="button" to="/game/alliance">
            Answer it on the alliance page
          </Link>
        </p>
      ) : (
        <p className="muted">Only {invitation.invitee.username} can accept or decline it, on their alliance page.</p>
      )}
    </section>
  );
}
