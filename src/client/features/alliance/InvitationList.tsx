// Invitations waiting for the player: which alliance, who invited and why, with Accept and Decline.
import { useState } from 'react';
import { apiError } from '../../api/client';
import { acceptInvitation, declineInvitation, type AllianceWithMembership, type Invitation } from '../../api/alliances';

export const ACCEPT_FAILED = 'Failed to accept invitation';

export interface InvitationListProps {
  invitations: readonly Invitation[];
  onAccepted: (joined: AllianceWithMembership) => void;
  /** The invitation is gone (declined): the page drops it from its list. */
  onDeclined: (invitationId: string) => void;
}

export function InvitationList({ invitations, onAccepted, onDeclined }: InvitationListProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onAccept(invitation: Invitation) {
    setBusy(invitation.id);
    setFailure(null);
    try {
      onAccepted(await acceptInvitation(invitation.id));
    } catch (error) {
      setFailure(apiError(error, ACCEPT_FAILED));
      setBusy(null);
    }
  }

  async function onDecline(invitation: Invitation) {
    setBusy(invitation.id);
    setFailure(null);
    try {
      await declineInvitation(invitation.id);
      onDeclined(invitation.id);
    } catch (error) {
      // Decline failures are only logged; the invitation stays so the player can try again.
      console.error('Declining the invitation failed', error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="alliance-invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="section-title">
        Invitations
      </h2>
      {failure && (
        <p className="alert alert--compact" role="alert">
          {failure}
        </p>
      )}
      <ul className="alliance-invitations__list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="card invitation" aria-label={`Invitation from ${invitation.alliance.name}`}>
            <div className="invitation__text">
              <h3 className="invitation__name">
                <span className="alliance-tag">[{invitation.alliance.tag}]</span> {invitation.alliance.name}
              </h3>
              <p className="invitation__description">{invitation.alliance.description}</p>
              <p className="invitation__inviter muted">
                Invited by <strong>{invitation.inviter.username}</strong>
              </p>
              {invitation.message && <blockquote className="invitation__message">{invitation.message}</blockquote>}
            </div>
            <div className="invitation__actions">
              <button type="button" className="button" onClick={() => onAccept(invitation)} disabled={busy !== null}>
                Accept
              </button>
              <button type="button" className="button button--secondary" onClick={() => onDecline(invitation)} disabled={busy !== null}>
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
