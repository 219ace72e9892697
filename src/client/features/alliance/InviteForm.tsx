// The small form that invites a player by username, with an optional message; says whether it was sent or why not, and offers to tell the player by mail.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invitePlayer } from '../../api/alliances';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { allianceMessageError } from '../../../rules/validation';
import { ruleText } from './refusals';

export interface InviteFormProps {
  onClose: () => void;
}

export function InviteForm({ onClose }: InviteFormProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const [username, setUsername] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ username?: string; message?: string }>({});
  /** The invitation just sent and to whom, to share it in a message. */
  const [sent, setSent] = useState<{ id: string; username: string } | null>(null);
  // No read shows the invitations sent: nothing in the cache changes.
  const invite = useAction({
    mutationFn: (invitation: { username: string; message?: string }) => invitePlayer(invitation.username, invitation.message),
    onSuccess: (reply, invitation) => {
      setUsername('');
      setMessage('');
      setSent({ id: reply.id, username: invitation.username });
    },
    success: (_sent, invitation) => t('invite.sent', { name: invitation.username }),
    failure: t('invite.failed'),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutation.reset();
    setSent(null);
    const name = username.trim();
    const found = {
      username: name === '' ? t('invite.usernameRequired') : undefined,
      // The message is optional; when there is one it follows the rule of every alliance message.
      message: message.trim() === '' ? undefined : ruleText(allianceMessageError(message)),
    };
    setErrors(found);
    if (found.username || found.message) return;
    invite.run({ username: name, message: message.trim() || undefined });
  }

  return (
    <form className="card invite-form" onSubmit={onSubmit} noValidate aria-label={t('invite.label')}>
      <div className="invite-form__fields">
        <div className="field">
          <label htmlFor={`${id}-username`}>{t('invite.username')}</label>
          <input
            id={`${id}-username`}
            className="input"
            autoComplete="off"
            value={username}
            aria-invalid={errors.username ? true : undefined}
            onChange={(event) => {
              setUsername(event.target.value);
              setErrors((old) => ({ ...old, username: undefined }));
            }}
          />
          {errors.username && <p className="field__error">{errors.username}</p>}
        </div>
        <div className="field invite-form__message">
          <label htmlFor={`${id}-message`}>{t('fields.optionalMessage')}</label>
          <input
            id={`${id}-message`}
            className="input"
            autoComplete="off"
            value={message}
            aria-invalid={errors.message ? true : undefined}
            onChange={(event) => {
              setMessage(event.target.value);
              setErrors((old) => ({ ...old, message: undefined }));
            }}
          />
          {errors.message && <p className="field__error">{errors.message}</p>}
        </div>
      </div>
      <ActionOutcome message={invite.outcome} />
      {sent && (
        <p>
          <Link to={`/game/messages/new?to=${encodeURIComponent(sent.username)}&invitation=${encodeURIComponent(sent.id)}`}>{t('invite.tell', { name: sent.username })}</Link>
        </p>
      )}
      <div className="row">
        <ActionButton type="submit" className="button button--small" pending={invite.pending}>
          {t('invite.send')}
        </ActionButton>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('actions.close')}
        </button>
      </div>
    </form>
  );
}
