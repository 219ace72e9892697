// Invitations waiting for the player: which alliance, who invited and why, with Accept and Decline.
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptInvitation, declineInvitation, type Invitation } from '../../api/alliances';
import { invitationsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { useAction } from '../../ui/useAction';
import { joined } from './allianceCache';
import { EmbassyNote, embassyAllows } from './EmbassyNote';

export interface InvitationListProps {
  invitations: readonly Invitation[];
  /** The player's highest embassy level: joining needs one. */
  embassyLevel: number;
}

export function InvitationList({ invitations, embassyLevel }: InvitationListProps) {
  const { t } = useTranslation('alliance');
  const noteId = useId();
  const mayJoin = embassyAllows('join', embassyLevel);
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // The reply of accepting is the alliance with the player's membership: the page shows it at once.
  const accept = useAction({
    mutationFn: (invitationId: string) => acceptInvitation(invitationId),
    onSuccess: (reply) => joined(client, viewer, reply),
    failure: t('invitations.acceptFailed'),
  });
  const decline = useMutation({
    mutationFn: (invitationId: string) => declineInvitation(invitationId),
    // The invitation is gone: it leaves the list.
    onSuccess: (_reply, invitationId) =>
      client.setQueryData(invitationsQuery(viewer).queryKey, (list) => list?.filter((invitation) => invitation.id !== invitationId)),
    // Decline failures are only logged; the invitation stays so the player can try again.
    onError: (error) => console.error('Declining the invitation failed', error),
  });
  // Accepting keeps the buttons waiting: the page changes to the alliance.
  const busy = accept.pending || accept.mutation.isSuccess || decline.isPending;

  return (
    <section className="alliance-invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="section-title">
        {t('invitations.title')}
      </h2>
      {!mayJoin && <EmbassyNote need="join" level={embassyLevel} id={noteId} />}
      <ActionOutcome message={accept.outcome} />
      <ul className="alliance-invitations__list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="card invitation" aria-label={t('invitations.item', { name: invitation.alliance.name })}>
            <div className="invitation__text">
              <h3 className="invitation__name">
                <span className="alliance-tag">[{invitation.alliance.tag}]</span> {invitation.alliance.name}
              </h3>
              <p className="invitation__description">{invitation.alliance.description}</p>
              <p className="invitation__inviter muted">
                <Trans t={t} i18nKey="invitations.invitedBy" components={{ strong: <strong />, player: <PlayerLink player={invitation.inviter} /> }} />
              </p>
              {invitation.message && <blockquote className="invitation__message">{invitation.message}</blockquote>}
            </div>
            <div className="invitation__actions">
              <button
                type="button"
                className="button"
                onClick={() => accept.run(invitation.id)}
                disabled={busy || !mayJoin}
                aria-describedby={mayJoin ? undefined : noteId}
              >
                {t('actions.accept')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => decline.mutate(invitation.id)} disabled={busy}>
                {t('actions.decline')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
