// /game/messages: the inbox and the sent messages, 20 a page, newest first (unread ones marked), Write a message, and the blocked players.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { apiError } from '../../api/client';
import type { MessageFolder, MessageList } from '../../api/messages';
import { messageListQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { formatDateTime } from '../../ui/dates';
import { Pager } from '../../ui/Pager';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { BlockedPlayers } from './BlockedPlayers';
import { MESSAGES_PAGE_SIZE, folderParam, pageCount, pageParam } from './model';
import './messages.css';

function summaryText(list: MessageList): string {
  if (list.total === 0) return list.folder === 'inbox' ? 'No messages yet.' : 'You have not written to anyone yet.';
  const count = `${list.total} message${list.total === 1 ? '' : 's'}`;
  return list.folder === 'inbox' ? `${count}, ${list.unread} unread` : count;
}

function MessageTable({ list }: { list: MessageList }) {
  const inbox = list.folder === 'inbox';
  return (
    <div className="table-wrap">
      <table className="table message-table">
        <caption className="visually-hidden">{inbox ? 'Messages received' : 'Messages sent'}</caption>
        <thead>
          <tr>
            <th scope="col">{inbox ? 'From' : 'To'}</th>
            <th scope="col">Subject</th>
            <th scope="col">{inbox ? 'Received' : 'Sent'}</th>
          </tr>
        </thead>
        <tbody>
          {list.messages.map((message) => {
            const unread = inbox && !message.read;
            return (
              <tr key={message.id} className={unread ? 'message-row message-row--unread' : 'message-row'} data-testid="message-row">
                <td>
                  <PlayerLink player={inbox ? message.from : message.to} fallback="Former player" />
                </td>
                <td>
                  <Link to={`/game/messages/${message.id}`} className="message-row__subject">
                    {message.subject}
                  </Link>
                  {unread && <span className="badge badge--gold message-row__new">New</span>}
                  {!inbox && message.read && <span className="muted message-row__seen"> · read</span>}
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
  const viewer = useAtomValue(userIdAtom);
  // A message arriving (live event) marks the folders stale: the page is read again where it stands.
  const read = useQuery(messageListQuery(viewer, folder, page, MESSAGES_PAGE_SIZE));
  if (read.isError && !read.data) {
    return (
      <div className="card">
        <p>{apiError(read.error, 'Could not load your messages.')}</p>
        <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!read.data) return <Spinner label="Loading your messages..." />;
  const list = read.data;
  return (
    <div className="card">
      <p className="messages__summary">{summaryText(list)}</p>
      {list.messages.length > 0 && <MessageTable list={list} />}
      <Pager page={page} pages={pageCount(list.total)} onPage={onPage} label={folder === 'inbox' ? 'Inbox pages' : 'Sent pages'} />
    </div>
  );
}

export default function MessagesPage() {
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
          Messages
        </h1>
        <Link className="button" to="/game/messages/new">
          Write a message
        </Link>
      </div>
      <Tabs<MessageFolder>
        label="Folders"
        selected={folder}
        onSelect={(id) => goTo({ folder: id, page: 1 })}
        tabs={[
          { id: 'inbox', label: 'Inbox', panel: <FolderPanel folder="inbox" page={folder === 'inbox' ? page : 1} onPage={(n) => goTo({ folder: 'inbox', page: n })} /> },
          { id: 'sent', label: 'Sent', panel: <FolderPanel folder="sent" page={folder === 'sent' ? page : 1} onPage={(n) => goTo({ folder: 'sent', page: n })} /> },
        ]}
      />
      <BlockedPlayers />
    </section>
  );
}
