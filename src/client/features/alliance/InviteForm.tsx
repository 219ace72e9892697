// The small form that invites a player by username, with an optional message; says whether it was sent or why not, and offers to tell the player by mail.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { invitePlayer } from '../../api/alliances';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { allianceMessageError } from '../../../rules/validation';

export interface InviteFormProps {
  onClose: () => void;
}

export function InviteForm({ onClose }: InviteFormProps) {
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
    success: (_sent, invitation) => `Invitation sent to ${invitation.username}.`,
    failure: 'Failed to send invitation',
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutation.reset();
    setSent(null);
    const name = username.trim();
    const found = {
      username: name === '' ? 'Username is required' : undefined,
      // The message is optional; when there is one it follows the rule of every alliance message.
      message: message.trim() === '' ? undefined : allianceMessageError(message),
    };
    setErrors(found);
    if (found.username || found.message) return;
    invite.run({ username: name, message: message.trim() || undefined });
  }

  return (
    <form className="card invite-form" onSubmit={onSubmit} noValidate aria-label="Invite a player">
      <div className="invite-form__fields">
        <div className="field">
          <label htmlFor={`${id}-username`}>Username</label>
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
          <label htmlFor={`${id}-message`}>Message (optional)</label>
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
          <Link to={`/game/messages/new?to=${encodeURIComponent(sent.username)}&invitation=${encodeURIComponent(sent.id)}`}>Tell {sent.username} in a message</Link>
        </p>
      )}
      <div className="row">
        <ActionButton type="submit" className="button button--small" pending={invite.pending}>
          Send Invitation
        </ActionButton>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
