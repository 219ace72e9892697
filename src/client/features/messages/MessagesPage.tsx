// /game/messages: the inbox and the sent messages, 20 a page, newest first (unread ones marked), Write a message, and the blocked players.
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { apiError } from '../../api/client';
import type { MessageFolder, MessageList } from '../../api/messages';
import { messageListQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { i18n } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { Pager } from '../../ui/Pager';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { BlockedPlayers } from './BlockedPlayers';
import { MESSAGES_PAGE_SIZE, folderParam, pageCount, pageParam } from './model';
import './messages.css';

function summaryText(list: MessageList): string {
  if (list.total === 0) return i18n.t(list.folder === 'inbox' ? 'messages:list.noneReceived' : 'messages:list.noneSent');
  return i18n.t(list.folder === 'inbox' ? 'messages:list.summaryInbox' : 'messages:list.summarySent', { count: list.total, unread: list.unread });
}

function MessageTable({ list }: { list: MessageList }) {
  const { t } = useTranslation('messages');
  const inbox = list.folder === 'inbox';
  return (
    <div className="table-wrap">
      <table className="table message-table">
        <caption className="visually-hidden">{inbox ? t('list.received') : t('list.sent')}</caption>
        <thead>
          <tr>
            <th scope="col">{inbox ? t('list.from') : t('list.to')}</th>
            <th scope="col">{t('list.subject')}</th>
            <th scope="col">{inbox ? t('list.receivedAt') : t('list.sentAt')}</th>
          </tr>
        </thead>
        <tbody>
          {list.messages.map((message) => {
            const unread = inbox && !message.read;
            return (
              <tr key={message.id} className={unread ? 'message-row message-row--unread' : 'message-row'} data-testid="message-row">
                <td>
                  <PlayerLink player={inbox ? message.from : message.to} fallback={t('formerPlayer')} />
                </td>
                <td>
                  <Link to={`/game/messages/${message.id}`} className="message-row__subject">
                    {message.subject}
                  </Link>
                  {unread && <span className="badge badge--gold message-row__new">{t('list.new')}</span>}
                  {!inbox && message.read && <span className="muted message-row__seen"> · {t('list.read')}</span>}
                </td>
                <td className="muted">
                  <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function FolderPanel({ folder, page, onPage }: { folder: MessageFolder; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('messages');
  const viewer = useAtomValue(userIdAtom);
  // A message arriving (live event) marks the folders stale: the page is read again where it stands.
  const read = useQuery(messageListQuery(viewer, folder, page, MESSAGES_PAGE_SIZE));
  if (read.isError && !read.data) {
    return (
      <div className="card">
        <p>{apiError(read.error, t('list.loadFailed'))}</p>
        <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (!read.data) return <Spinner label={t('list.loading')} />;
  const list = read.data;
  return (
    <div className="card">
      <p className="messages__summary">{summaryText(list)}</p>
      {list.messages.length > 0 && <MessageTable list={list} />}
      <Pager page={page} pages={pageCount(list.total)} onPage={onPage} label={folder === 'inbox' ? t('list.inboxPages') : t('list.sentPages')} />
    </div>
  );
}

export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const folder = folderParam(params.get('folder'));
  const page = pageParam(params.get('page'));
  const goTo = (next: { folder: MessageFolder; page: number }) => {
    const query: Record<string, string> = {};
    if (next.folder !== 'inbox') query.folder = next.folder;
    if (next.page !== 1) query.page = String(next.page);
    setParams(query);
  };

  return (
    <section className="page messages" aria-labelledby="messages-title">
      <div className="page__header">
        <h1 id="messages-title" className="page__title">
          {t('page.title')}
        </h1>
        <Link className="button" to="/game/messages/new">
          {t('page.write')}
        </Link>
      </div>
      <Tabs<MessageFolder>
        label={t('page.folders')}
        selected={folder}
        onSelect={(id) => goTo({ folder: id, page: 1 })}
        tabs={[
          { id: 'inbox', label: t('page.inbox'), panel: <FolderPanel folder="inbox" page={folder === 'inbox' ? page : 1} onPage={(n) => goTo({ folder: 'inbox', page: n })} /> },
          { id: 'sent', label: t('page.sent'), panel: <FolderPanel folder="sent" page={folder === 'sent' ? page : 1} onPage={(n) => goTo({ folder: 'sent', page: n })} /> },
        ]}
      />
      <BlockedPlayers />
    </section>
  );
}
