// /game/messages/new: writing a message (?to=<username> fills the receiver, ?reply=<id> answers a message, ?report=<id> shares a battle report, ?invitation=<id> an alliance invitation).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiError } from '../../api/client';
import type { SendMessageRequest } from '../../api/messages';
import { normaliseFreeText } from '../../../rules/validation';
import { formatInteger } from '../../i18n/format';
import { messageQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { BODY_MAX, SUBJECT_MAX, USERNAME_MAX, characterCount, draftErrors, replyDraft, type Draft, type DraftErrors } from './model';
import { useSendMessage } from './useMessages';
import './messages.css';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  /** Shows 'n/max characters' under the field. */
  max: number;
}

/** '12/100 characters', marked when over. */
function Counter({ id, value, max }: { id: string; value: string; max: number }) {
  const { t } = useTranslation('messages');
  const length = characterCount(normaliseFreeText(value));
  return (
    <span id={id} className={length > max ? 'char-count char-count--over' : 'char-count'}>
      {t('characters', { length: formatInteger(length), max: formatInteger(max) })}
    </span>
  );
}

/** The ids a field's description names: its error, then its counter. */
function describedBy({ id, error }: Pick<FieldProps, 'id' | 'error'>): string {
  return error ? `${id}-error ${id}-count` : `${id}-count`;
}

function FieldFoot({ id, value, error, max }: Omit<FieldProps, 'label'>) {
  return (
    <div className="compose__foot">
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : (
        <span />
      )}
      <Counter id={`${id}-count`} value={value} max={max} />
    </div>
  );
}

/** What the address asks to share: a battle report, an alliance invitation (each null when none). */
interface Attachments {
  reportId: string | null;
  invitationId: string | null;
}

interface ComposeFormProps {
  initial: Draft;
  attachments: Attachments;
}

interface AttachmentProps {
  /** What is attached, as a sentence: 'A battle report is attached.' */
  what: string;
  /** The remove button's name for assistive technology: 'Remove the battle report'. */
  removeLabel: string;
  onRemove: () => void;
}

/** One thing the message shares, which the writer may remove before sending. */
function Attachment({ what, removeLabel, onRemove }: AttachmentProps) {
  const { t } = useTranslation('messages');
  return (
    <p className="compose__attachment">
      {what}{' '}
      <button type="button" className="link-button" onClick={onRemove} aria-label={removeLabel}>
        {t('compose.remove')}
      </button>
    </p>
  );
}

function ComposeForm({ initial, attachments }: ComposeFormProps) {
  const { t } = useTranslation('messages');
  const { reportId, invitationId } = attachments;
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [sharing, setSharing] = useState(reportId !== null);
  const [inviting, setInviting] = useState(invitationId !== null);
  const send = useSendMessage(viewer, (message) => navigate(`/game/messages/${message.id}`, { replace: true, state: { sent: true } }));

  function edit(field: keyof Draft, value: string) {
    setDraft((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = draftErrors(draft);
    setErrors(found);
    send.mutation.reset();
    if (found.to || found.subject || found.body) return;
    const request: SendMessageRequest = {
      to: normaliseFreeText(draft.to),
      subject: normaliseFreeText(draft.subject),
      body: normaliseFreeText(draft.body),
      ...(sharing && reportId ? { reportId } : {}),
      ...(inviting && invitationId ? { invitationId } : {}),
    };
    send.run(request);
  }

  const field = (name: keyof Draft) => ({ id: `${id}-${name}`, value: draft[name], error: errors[name] });
  return (
    <form className="card compose" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('compose.to')}</label>
        <input
          id={`${id}-to`}
          className="input"
          autoComplete="off"
          value={draft.to}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={describedBy(field('to'))}
          onChange={(event) => edit('to', event.target.value)}
        />
        <FieldFoot {...field('to')} max={USERNAME_MAX} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('compose.subject')}</label>
        <input
          id={`${id}-subject`}
          className="input"
          value={draft.subject}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy(field('subject'))}
          onChange={(event) => edit('subject', event.target.value)}
        />
        <FieldFoot {...field('subject')} max={SUBJECT_MAX} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>{t('compose.body')}</label>
        <textarea
          id={`${id}-body`}
          className="input compose__body"
          rows={10}
          value={draft.body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy(field('body'))}
          onChange={(event) => edit('body', event.target.value)}
        />
        <FieldFoot {...field('body')} max={BODY_MAX} />
      </div>
      {reportId && sharing && <Attachment what={t('compose.reportAttached')} removeLabel={t('compose.removeReport')} onRemove={() => setSharing(false)} />}
      {invitationId && inviting && <Attachment what={t('compose.invitationAttached')} removeLabel={t('compose.removeInvitation')} onRemove={() => setInviting(false)} />}
      <ActionOutcome message={send.outcome} compact={false} />
      <div className="row">
        <ActionButton type="submit" className="button" pending={send.pending} busyLabel={t('compose.sending')}>
          {t('compose.send')}
        </ActionButton>
        <Link className="button button--ghost" to="/game/messages">
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}

/** The form prefilled from the message answered, once it is read. */
function ReplyForm({ replyTo, attachments }: { replyTo: string; attachments: Attachments }) {
  const { t } = useTranslation('messages');
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(messageQuery(viewer, replyTo));
  if (read.data) return <ComposeForm initial={replyDraft(read.data)} attachments={attachments} />;
  if (read.isError) return <p className="alert" role="alert">{apiError(read.error, t('compose.replyLoadFailed'))}</p>;
  return <Spinner label={t('compose.replyLoading')} />;
}

export default function ComposePage() {
  const { t } = useTranslation('messages');
  const [params] = useSearchParams();
  const replyTo = params.get('reply');
  const attachments = { reportId: params.get('report'), invitationId: params.get('invitation') };
  return (
    <section className="page compose-page" aria-labelledby="compose-title">
      <p className="message-page__back">
        <Link to="/game/messages">{t('back')}</Link>
      </p>
      <h1 id="compose-title" className="page__title">
        {replyTo ? t('compose.replyTitle') : t('compose.title')}
      </h1>
      {replyTo ? (
        <ReplyForm replyTo={replyTo} attachments={attachments} />
      ) : (
        <ComposeForm initial={{ to: params.get('to') ?? '', subject: '', body: '' }} attachments={attachments} />
      )}
    </section>
  );
}
