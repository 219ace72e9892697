// The mail's actions as mutations, each writing its reply into the caches it changed: sending, reading, deleting, reporting, blocking.
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  blockPlayer,
  deleteMessage,
  markMessageRead,
  reportMessage,
  sendMessage,
  unblockPlayer,
  type Message,
  type MessageList,
  type SendMessageRequest,
  type UserRef,
} from '../../api/messages';
import { blockedPlayersQuery, messageQuery, unreadMessagesQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { queryKeys, type Viewer } from '../../state/queryKeys';
import { useAction } from '../../ui/useAction';

/** Every cached page of both folders, changed by `change` (a message marked read, a message gone). */
function changeLists(client: QueryClient, viewer: Viewer, change: (list: MessageList) => MessageList): void {
  client.setQueriesData<MessageList>({ queryKey: queryKeys.messageLists(viewer) }, (list) => (list ? change(list) : list));
}

/** A list with one message marked read. */
function withRead(list: MessageList, messageId: string): MessageList {
  if (!list.messages.some((m) => m.id === messageId && !m.read)) return list;
  return { ...list, messages: list.messages.map((m) => (m.id === messageId ? { ...m, read: true } : m)) };
}

/**
 * Sending: the reply is the message as sent, kept for its own page; the Sent folder is read again (its pages shift).
 * `onSent` goes on with it (the page opens the message).
 */
export function useSendMessage(viewer: Viewer, onSent: (message: Message) => void) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  return useAction({
    mutationFn: (request: SendMessageRequest) => sendMessage(request),
    onSuccess: (message) => {
      client.setQueryData(messageQuery(viewer, message.id).queryKey, message);
      void client.invalidateQueries({ queryKey: queryKeys.messageLists(viewer) });
      onSent(message);
    },
    failure: t('actions.sendFailed'),
  });
}

/**
 * Opening an unread message marks it read: at once in the message and the lists; the reply is the unread count the
 * side navigation shows. A failure reads the mail again.
 */
export function useMarkRead(viewer: Viewer) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  return useAction({
    mutationFn: (messageId: string) => markMessageRead(messageId),
    onMutate: (messageId) => {
      client.setQueryData(messageQuery(viewer, messageId).queryKey, (message) => (message ? { ...message, read: true } : message));
      changeLists(client, viewer, (list) => withRead(list, messageId));
    },
    onSuccess: (unread) => putQueryData(client, unreadMessagesQuery(viewer).queryKey, unread),
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.messages(viewer) }),
    failure: t('actions.markReadFailed'),
  });
}

/** Deleting (for oneself): the message leaves the cache, the folders and the unread count are read again. */
export function useDeleteMessage(viewer: Viewer, onDeleted: () => void) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  return useAction({
    mutationFn: (messageId: string) => deleteMessage(messageId),
    onSuccess: (_nothing, messageId) => {
      onDeleted();
      client.removeQueries({ queryKey: queryKeys.message(viewer, messageId), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.messageLists(viewer) });
      void client.invalidateQueries({ queryKey: queryKeys.unreadMessages(viewer) });
    },
    failure: t('actions.deleteFailed'),
  });
}

export function useReportMessage(messageId: string) {
  const { t } = useTranslation('messages');
  return useAction({
    mutationFn: (reason: string) => reportMessage(messageId, reason),
    success: t('actions.reported'),
    failure: t('actions.reportFailed'),
  });
}

/** Blocking or unblocking a player: the reply is the blocked list as it stands now. */
export function useBlocking(viewer: Viewer) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  return useAction({
    mutationFn: ({ player, block }: { player: UserRef; block: boolean }) => (block ? blockPlayer(player.id) : unblockPlayer(player.id)),
    onSuccess: (players) => putQueryData(client, blockedPlayersQuery(viewer).queryKey, players),
    success: (_players, { player, block }) => (block ? t('actions.blocked', { name: player.username }) : t('actions.unblocked', { name: player.username })),
    failure: t('actions.blockFailed'),
  });
}
