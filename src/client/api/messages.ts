// Typed calls of the messages tag: the inbox and sent folders, one message, writing, reading, deleting, reporting and blocking.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type MessageSummary = Schema<'MessageSummary'>;
export type Message = Schema<'Message'>;
export type MessageList = Schema<'MessageList'>;
export type MessageFolder = MessageList['folder'];
export type SendMessageRequest = Schema<'SendMessageRequest'>;
export type MessageReport = Schema<'MessageReport'>;
export type SharedInvitation = Schema<'SharedInvitation'>;
export type UserRef = Schema<'UserRef'>;

/** One page of a folder, newest first, with the inbox's unread count. */
export function listMessages(folder: MessageFolder, page: number, limit: number): Promise<MessageList> {
  return unwrap(api.GET('/api/messages', { params: { query: { folder, page, limit } } }));
}

export async function getUnreadMessageCount(): Promise<number> {
  const { unread } = await unwrap(api.GET('/api/messages/unread'));
  return unread;
}

/** One of the caller's messages (either side), with the battle report it shares. */
export async function getMessage(messageId: string): Promise<Message> {
  const { message } = await unwrap(api.GET('/api/messages/{messageId}', { params: { path: { messageId } } }));
  return message;
}

/** Writes to a player by username; the reply is the message as sent. */
export async function sendMessage(body: SendMessageRequest): Promise<Message> {
  const { message } = await unwrap(api.POST('/api/messages', { body }));
  return message;
}

/** Deletes the message for the caller only: the other side keeps theirs. */
export async function deleteMessage(messageId: string): Promise<void> {
  await unwrap(api.DELETE('/api/messages/{messageId}', { params: { path: { messageId } } }));
}

/** Marks a received message read; the reply is the unread count afterwards. */
export async function markMessageRead(messageId: string): Promise<number> {
  const { unread } = await unwrap(api.POST('/api/messages/{messageId}/read', { params: { path: { messageId } } }));
  return unread;
}

export async function reportMessage(messageId: string, reason: string): Promise<MessageReport> {
  const { report } = await unwrap(api.POST('/api/messages/{messageId}/report', { params: { path: { messageId } }, body: { reason } }));
  return report;
}

/** The players whose messages the caller no longer receives. */
export async function listBlockedPlayers(): Promise<UserRef[]> {
  const { players } = await unwrap(api.GET('/api/blocked-players'));
  return players;
}

/** Blocks a player; the reply is the blocked list afterwards. */
export async function blockPlayer(playerId: string): Promise<UserRef[]> {
  const { players } = await unwrap(api.PUT('/api/blocked-players/{playerId}', { params: { path: { playerId } } }));
  return players;
}

/** Unblocks a player; the reply is the blocked list afterwards. */
export async function unblockPlayer(playerId: string): Promise<UserRef[]> {
  const { players } = await unwrap(api.DELETE('/api/blocked-players/{playerId}', { params: { path: { playerId } } }));
  return players;
}
