// The alliance chat: the newest messages with older ones on demand, new ones fetched every few seconds, and a box to write.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { apiError } from '../../api/client';
import { listAllianceMessages, postAllianceMessage } from '../../api/alliances';
import { ALLIANCE_MESSAGE_MAX_LENGTH, allianceMessageError } from '../../../rules/validation';
import { formatDateTime } from '../../ui/dates';
import { Spinner } from '../../ui/Spinner';
import { withMessages, withNewestPage, withOlderPage, type ChatLog } from './chat';

/** New messages show within this long while the chat is open. */
export const CHAT_POLL_MS = 5_000;

export function AllianceChat({ myUserId }: { myUserId: string | null }) {
  const id = useId();
  const [log, setLog] = useState<ChatLog | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = log?.messages[log.messages.length - 1]?.id ?? null;

  const loadNewest = useCallback(async () => {
    try {
      const page = await listAllianceMessages();
      setLog((old) => withNewestPage(old, page));
      setFailed(false);
    } catch (failure) {
      // Load failures are only logged; the chat says so until a later poll works.
      console.error('Loading the alliance messages failed', failure);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void loadNewest();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void loadNewest();
    }, CHAT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [loadNewest]);

  // A new last message scrolls the chat to the bottom; loading older ones keeps the view where it is.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && lastId) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  async function onLoadOlder() {
    const oldest = log?.messages[0];
    if (!log || !oldest) return;
    setLoadingOlder(true);
    try {
      const page = await listAllianceMessages(oldest.id);
      setLog((old) => (old ? withOlderPage(old, page) : old));
    } catch (failure) {
      console.error('Loading older alliance messages failed', failure);
    } finally {
      setLoadingOlder(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rule = allianceMessageError(draft);
    setError(rule ?? null);
    if (rule) return;
    setSending(true);
    try {
      const message = await postAllianceMessage(draft.trim());
      setLog((old) => withMessages(old ?? { messages: [], hasMore: false }, [message]));
      setDraft('');
    } catch (failure) {
      setError(apiError(failure, 'Failed to send message'));
    } finally {
      setSending(false);
    }
  }

  const length = [...draft.trim()].length;
  return (
    <section className="chat" aria-label="Alliance messages">
      {!log ? (
        failed ? <p className="muted">Could not load the messages. Trying again shortly...</p> : <Spinner label="Loading messages..." />
      ) : (
        <>
          {log.hasMore && (
            <button type="button" className="button button--ghost button--small chat__older" onClick={onLoadOlder} disabled={loadingOlder}>
              Load older
            </button>
          )}
          {log.messages.length === 0 ? (
            <p className="muted chat__empty">No messages yet. Be the first to raise your voice.</p>
          ) : (
            <ol className="chat__list" ref={listRef} aria-label="Messages">
              {log.messages.map((message) => (
                <li
                  key={message.id}
                  className={message.author?.id === myUserId ? 'chat__message chat__message--mine' : 'chat__message'}
                  aria-label={`Message from ${message.author?.username ?? 'a former member'}`}
                >
                  <header className="chat__meta">
                    <strong className="chat__author">{message.author?.username ?? 'Former member'}</strong>
                    <time className="chat__time" dateTime={message.createdAt}>
                      {formatDateTime(message.createdAt)}
                    </time>
                  </header>
                  {/* Text only: what a player wrote is never read as markup. */}
                  <p className="chat__body">{message.body}</p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <form className="chat__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            className="input"
            rows={3}
            value={draft}
            placeholder="Write to your alliance..."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
          />
          <div className="chat__form-foot">
            {error ? (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            ) : (
              <span />
            )}
            <span className={length > ALLIANCE_MESSAGE_MAX_LENGTH ? 'chat__counter chat__counter--over' : 'chat__counter'}>
              {length}/{ALLIANCE_MESSAGE_MAX_LENGTH}
            </span>
          </div>
        </div>
        <button type="submit" className="button" disabled={sending}>
          Send
        </button>
      </form>
    </section>
  );
}
