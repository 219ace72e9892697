// /game/messages/:messageId: one message as plain text (opening an unread one marks it read), with what it shares, Reply, Delete, Report and Block.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { BattleReport } from '../../api/army';
import { ApiFailure, apiError } from '../../api/client';
import type { Message } from '../../api/messages';
import { blockedPlayersQuery, messageQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { MessagePartiesRows } from '../../ui/MessageParties';
import { Spinner } from '../../ui/Spinner';
import { REASON_MAX, characterCount, reasonError } from './model';
import { SharedInvitationCard } from './SharedInvitation';
import { useBlocking, useDeleteMessage, useMarkRead, useReportMessage } from './useMessages';
import './messages.css';

export interface MessagePageProps {
  /** Shows a battle report the message shares; app/ passes in the reports feature's view (features never import each other). */
  reportView?: (report: BattleReport) => ReactNode;
}

/** Whether the page was opened right after sending (ComposePage says so in the navigation state). */
function justSent(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sent' in state && state.sent === true;
}

function ReportForm({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [reason, setReason] = useState('');
  const report = useReportMessage(messageId);
  const length = characterCount(reason.trim());
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refused = reasonError(reason);
    if (refused) report.refuse(refused);
    else report.run(reason.trim());
  }
  if (report.mutation.isSuccess) {
    return <ActionOutcome message={report.outcome} compact={false} />;
  }
  return (
    <form className="card message-report" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('report.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('report.reason')}</label>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={3}
          value={reason}
          aria-describedby={`${id}-count`}
          onChange={(event) => setReason(event.target.value)}
        />
        <span id={`${id}-count`} className={length > REASON_MAX ? 'char-count char-count--over' : 'char-count'}>
          {t('characters', { length, max: REASON_MAX })}
        </span>
      </div>
      <ActionOutcome message={report.outcome} compact={false} />
      <div className="row">
        <ActionButton type="submit" className="button button--danger" pending={report.pending} busyLabel={t('report.sending')}>
          {t('report.send')}
        </ActionButton>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function MessageActions({ message, viewer }: { message: Message; viewer: string | null }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const incoming = message.to?.id === viewer;
  const sender = incoming ? message.from : null;
  const blocked = useQuery({ ...blockedPlayersQuery(viewer), enabled: viewer !== null && sender !== null });
  const isBlocked = sender !== null && (blocked.data ?? []).some((p) => p.id === sender.id);
  const blocking = useBlocking(viewer);
  const remove = useDeleteMessage(viewer, () => navigate(incoming ? '/game/messages' : '/game/messages?folder=sent', { replace: true }));
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);

  return (
    <>
      <div className="row message__actions">
        {sender && (
          <Link className="button" to={`/game/messages/new?reply=${encodeURIComponent(message.id)}`}>
            {t('message.reply')}
          </Link>
        )}
        {confirming ? (
          <span className="row message__confirm" role="group" aria-label={t('message.deleteQuestion')}>
            <span>
              {t('message.deleteConfirm')} {message.to && message.from ? t('message.otherKeeps') : ''}
            </span>
            <ActionButton className="button button--danger button--small" pending={remove.pending} busyLabel={t('message.deleting')} onClick={() => remove.run(message.id)}>
              {t('message.yesDelete')}
            </ActionButton>
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
              {t('message.keep')}
            </button>
          </span>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {t('message.delete')}
          </button>
        )}
        {incoming && !reporting && (
          <button type="button" className="button button--secondary" onClick={() => setReporting(true)}>
            {t('message.report')}
          </button>
        )}
        {sender && blocked.data && (
          <ActionButton className="button button--secondary" pending={blocking.pending} onClick={() => blocking.run({ player: sender, block: !isBlocked })}>
            {isBlocked ? t('blocked.unblockName', { name: sender.username }) : t('blocked.blockName', { name: sender.username })}
          </ActionButton>
        )}
      </div>
      <ActionOutcome message={remove.outcome ?? blocking.outcome} compact={false} />
      {reporting && <ReportForm messageId={message.id} onClose={() => setReporting(false)} />}
    </>
  );
}

export default function MessagePage({ reportView }: MessagePageProps) {
  const { t } = useTranslation('messages');
  const messageId = useParams().messageId ?? '';
  const viewer = useAtomValue(userIdAtom);
  const location = useLocation();
  const read = useQuery(messageQuery(viewer, messageId));
  const markRead = useMarkRead(viewer);
  const marked = useRef<string | null>(null);
  const message = read.data;
  const unreadForMe = message !== undefined && !message.read && message.to?.id === viewer;

  // Opening an unread message of one's inbox marks it read, once.
  useEffect(() => {
    if (!unreadForMe || marked.current === messageId) return;
    marked.current = messageId;
    markRead.run(messageId);
  }, [unreadForMe, messageId, markRead]);

  return (
    <section className="page message-page" aria-labelledby="message-title">
      <p className="message-page__back">
        <Link to={message && message.to?.id !== viewer ? '/game/messages?folder=sent' : '/game/messages'}>{t('back')}</Link>
      </p>
      {!message && read.isError && (
        <>
          <h1 id="message-title" className="page__title">
            {t('message.title')}
          </h1>
          <div className="card">
            <p>{read.error instanceof ApiFailure && read.error.status === 404 ? t('message.missing') : apiError(read.error, t('message.loadFailed'))}</p>
          </div>
        </>
      )}
      {!message && !read.isError && <Spinner label={t('message.loading')} />}
      {message && (
        <article className="card message" aria-labelledby="message-title">
          {justSent(location.state) && (
            <p className="alert alert--success" role="status">
              {t('message.sent')}
            </p>
          )}
          <h1 id="message-title" className="message__subject">
            {message.subject}
          </h1>
          <dl className="message__meta">
            <MessagePartiesRows message={message} />
          </dl>
          {/* Text only, line breaks kept: what a player wrote is never read as markup. */}
          <div className="message__body" data-testid="message-body">
            {message.body}
          </div>
          {message.report && (
            <section className="message__report" aria-labelledby="message-report-title">
              <h2 id="message-report-title">{t('message.sharedReport')}</h2>
              {reportView ? reportView(message.report) : <p className="muted">{t('compose.reportAttached')}</p>}
            </section>
          )}
          {message.invitation && <SharedInvitationCard invitation={message.invitation} viewer={viewer} />}
          <MessageActions message={message} viewer={viewer} />
        </article>
      )}
    </section>
  );
}
