// The small dialog that asks why a member is dismissed before it is done: the reason is told to them and kept in the feed.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllianceMember } from '../../api/alliances';
import { normaliseFreeText } from '../../../rules/validation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { DISMISSAL_REASON_MAX_LENGTH, characterCount, dismissalReasonError } from '../../../rules/validation';
import { ruleText } from './refusals';

export interface DismissDialogProps {
  /** The member to dismiss; null keeps the dialog shut. */
  member: AllianceMember | null;
  onDismiss: (reason: string) => void;
  onClose: () => void;
  /** The dismissal under way, and the server's refusal of the last try. */
  state: { pending: boolean; outcome: OutcomeMessage | null };
}

function DismissForm({ member, onDismiss, onClose, state }: DismissDialogProps & { member: AllianceMember }) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = characterCount(reason);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = dismissalReasonError(reason);
    setError(ruleText(refused) ?? null);
    if (!refused) onDismiss(normaliseFreeText(reason));
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label={t('dismiss.title', { name: member.user.username })}>
      <p className="muted">{t('dismiss.explain', { name: member.user.username })}</p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('dismiss.reason')}</label>
        <input
          id={`${id}-reason`}
          className="input"
          autoComplete="off"
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-count`}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : (
          <span id={`${id}-count`} className={length > DISMISSAL_REASON_MAX_LENGTH ? 'alliance-counter alliance-counter--over' : 'alliance-counter'}>
            {t('fields.characters', { length, max: DISMISSAL_REASON_MAX_LENGTH })}
          </span>
        )}
      </div>
      <ActionOutcome message={state.outcome} />
      <div className="row">
        <ActionButton type="submit" className="button button--danger" pending={state.pending}>
          {t('dismiss.title', { name: member.user.username })}
        </ActionButton>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}

export function DismissDialog(props: DismissDialogProps) {
  const { t } = useTranslation('alliance');
  const { member, onClose } = props;
  return (
    <Modal open={member !== null} title={member ? t('dismiss.title', { name: member.user.username }) : t('members.dismiss')} onClose={onClose}>
      {/* Keyed by the member, so another dismissal starts with an empty reason. */}
      {member && <DismissForm key={member.id} {...props} member={member} />}
    </Modal>
  );
}
