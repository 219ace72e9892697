// The alliance invitation a message shares: which alliance, whom it invites, its status, and for the invitee the way to answer it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SharedInvitation } from '../../api/messages';
import { PlayerLink } from '../../ui/PlayerLink';

/** The words of each state an invitation a message shares can be in, as keys of the messages namespace. */
const STATUS_LABEL: Record<SharedInvitation['status'], string> = {
  pending: 'invitation.status.pending',
};

export interface SharedInvitationCardProps {
  invitation: SharedInvitation;
  /** The signed-in player: only the invitee can answer. */
  viewer: string | null;
}

export function SharedInvitationCard({ invitation, viewer }: SharedInvitationCardProps) {
  const { t } = useTranslation('messages');
  const forViewer = invitation.invitee.id === viewer;
  const { tag, name } = invitation.alliance;
  return (
    <section className="message__invitation" aria-labelledby="message-invitation-title">
      <h2 id="message-invitation-title">
        {/* The alliance's name is a player's text: it stays out of the translated text, so nothing in it is read as markup. */}
        {t('invitation.title')} <span className="message__invitation-tag">[{tag}]</span> {name}
      </h2>
      <dl className="message__meta">
        <div>
          <dt>{t('invitation.for')}</dt>
          <dd>
            <PlayerLink player={invitation.invitee} />
          </dd>
        </div>
        <div>
          <dt>{t('invitation.statusLabel')}</dt>
          <dd data-testid="invitation-status">{t(STATUS_LABEL[invitation.status])}</dd>
        </div>
      </dl>
      {forViewer ? (
        <p>
          <Link className="button" to="/game/alliance">
            {t('invitation.answer')}
          </Link>
        </p>
      ) : (
        <p className="muted">{t('invitation.onlyInvitee', { name: invitation.invitee.username })}</p>
      )}
    </section>
  );
}
