// The alliance chat: the newest messages with older ones on demand, new ones fetched every few seconds, and a box to write.
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { postAllianceMessage, type AllianceMessagePage } from '../../api/alliances';
import { allianceChatQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ALLIANCE_MESSAGE_MAX_LENGTH, allianceMessageError } from '../../../rules/validation';
import { formatDateTime } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { ActionButton } from '../../ui/ActionButton';
import { PlayerLink } from '../../ui/PlayerLink';
import { useAction } from '../../ui/useAction';
import { chatLogOf } from './chat';
import { ruleText } from './refusals';

export function AllianceChat({ myUserId }: { myUserId: string | null }) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // The newest page is asked again every CHAT_POLL_MS while the tab shows; older pages come on demand. A failed read is
  // only logged: the chat says so until a later one works.
  const chat = useInfiniteQuery(allianceChatQuery(viewer));
  const log = useMemo(() => (chat.data ? chatLogOf(chat.data.pages) : null), [chat.data]);
  const failed = chat.isError;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = log?.messages[log.messages.length - 1]?.id ?? null;
  // The message sent joins the newest page at once.
  const send = useAction({
    mutationFn: (body: string) => postAllianceMessage(body),
    onSuccess: (message) => {
      client.setQueryData<InfiniteData<AllianceMessagePage, string>>(allianceChatQuery(viewer).queryKey, (old) =>
        old ? { ...old, pages: old.pages.map((page, i) => (i === 0 ? { ...page, messages: [message, ...page.messages] } : page)) } : old,
      );
      setDraft('');
    },
    failure: t('chat.sendFailed'),
  });
  const shownError = error ?? (send.outcome?.kind === 'error' ? send.outcome.text : null);

  // A new last message scrolls the chat to the bottom; loading older ones keeps the view where it is.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && lastId) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rule = allianceMessageError(draft);
    setError(ruleText(rule) ?? null);
    send.mutation.reset();
    if (rule) return;
    send.run(draft.trim());
  }

  const length = [...draft.trim()].length;
  return (
    <section className="chat" aria-label={t('chat.label')}>
      {!log ? (
        failed ? <p className="muted">{t('chat.loadFailed')}</p> : <Spinner label={t('chat.loading')} />
      ) : (
        <>
          {log.hasMore && (
            <button type="button" className="button button--ghost button--small chat__older" onClick={() => void chat.fetchNextPage()} disabled={chat.isFetchingNextPage}>
              {t('chat.older')}
            </button>
          )}
          {log.messages.length === 0 ? (
            <p className="muted chat__empty">{t('chat.empty')}</p>
          ) : (
            <ol className="chat__list" ref={listRef} aria-label={t('chat.list')}>
              {log.messages.map((message) => (
                <li
                  key={message.id}
                  className={message.author?.id === myUserId ? 'chat__message chat__message--mine' : 'chat__message'}
                  aria-label={t('chat.messageFrom', { name: message.author?.username ?? t('people.fromAFormerMember') })}
                >
                  <header className="chat__meta">
                    <strong className="chat__author">
                      <PlayerLink player={message.author} fallback={t('people.formerMember')} />
                    </strong>
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
          <label htmlFor={`${id}-message`}>{t('chat.message')}</label>
          <textarea
            id={`${id}-message`}
            className="input"
            rows={3}
            value={draft}
            placeholder={t('chat.placeholder')}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
              send.mutation.reset();
            }}
          />
          <div className="chat__form-foot">
            {shownError ? (
              <p id={`${id}-error`} className="field__error">
                {shownError}
              </p>
            ) : (
              <span />
            )}
            <span className={length > ALLIANCE_MESSAGE_MAX_LENGTH ? 'chat__counter chat__counter--over' : 'chat__counter'}>
              {length}/{ALLIANCE_MESSAGE_MAX_LENGTH}
            </span>
          </div>
        </div>
        <ActionButton type="submit" className="button" pending={send.pending}>
          {t('chat.send')}
        </ActionButton>
      </form>
    </section>
  );
}
