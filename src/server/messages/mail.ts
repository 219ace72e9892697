// Mail between players: sending (blocking, the sending limit, a shared battle report or alliance invitation, a live notice), the two folders, reading, marking read and deleting one's own copy.
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { inserted } from '../db/rows';
import { allianceInvitations, allianceMembers, alliances, battleReports, messages, users, type BattleReportRow, type MessageRow } from '../db/schema';
import { badRequest, conflict, notFound, tooManyRequests, worded } from '../errors';
import { increment } from '../http/rate-limit';
import { notifyPlayers } from '../live/notify';
import { messageAlert } from '../../rules/alerts';
import { recordAlerts } from '../alerts/outbox';
import { reportView } from '../army/movements';
import { isBlocked } from './blocks';
import { MAIL_LIMIT, mailLimitMessage, validateMailForm } from '../../rules/mail';
import { normaliseFreeText } from '../../rules/validation';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { InvitationId, MessageId, PlayerId, ReportId } from '../../rules/ids';
import { playerNamed } from '../players/profiles';

export type MessageView = Schema<'Message'>;
export type MessageFolder = Schema<'MessageList'>['folder'];

/** A player as a message names them. */
export interface Correspondent {
  id: PlayerId;
  username: string;
}

/** The alliance invitation a message shares: the invitation, its alliance and the invitee's name (null when none, or once it is gone). */
export interface InvitationJoin {
  invitation: { id: string; inviteeId: PlayerId } | null;
  invitationAlliance: Schema<'AllianceRef'> | null;
  inviteeName: string | null;
}

/** A message with what its view needs: both names (null once an account is gone), the battle report and the invitation it shares. */
export interface MessageJoin extends InvitationJoin {
  message: MessageRow;
  senderName: string | null;
  recipientName: string | null;
  report: BattleReportRow | null;
}

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');
const invitee = alias(users, 'invitee');

/** The fields of an invitation with its alliance and invitee, as a message shows it. */
const invitationFields = {
  invitation: { id: allianceInvitations.id, inviteeId: allianceInvitations.userId },
  invitationAlliance: { id: alliances.id, tag: alliances.tag, name: alliances.name },
  inviteeName: invitee.username,
};

/** Messages with both names, the shared report and the shared invitation: one query. */
function selectMessages(db: Db) {
  return db
    .select({ message: messages, senderName: sender.username, recipientName: recipient.username, report: battleReports, ...invitationFields })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(recipient, eq(recipient.id, messages.recipientId))
    .leftJoin(battleReports, eq(battleReports.id, messages.reportId))
    .leftJoin(allianceInvitations, eq(allianceInvitations.id, messages.invitationId))
    .leftJoin(alliances, eq(alliances.id, allianceInvitations.allianceId))
    .leftJoin(invitee, eq(invitee.id, allianceInvitations.userId));
}

const iso = (at: Date) => at.toISOString();

const userRef = (id: PlayerId | null, username: string | null) => (id !== null && username !== null ? { id, username } : null);

/** Messages by id, with what their views need (the game masters' list of reports reads them so). */
export async function messagesByIds(db: Db, ids: readonly MessageId[]): Promise<Map<MessageId, MessageJoin>> {
  if (ids.length === 0) return new Map();
  const rows = await selectMessages(db).where(inArray(messages.id, [...ids]));
  return new Map(rows.map((row) => [row.message.id, row]));
}

/** A message as a list shows it. */
function summaryView({ message, senderName, recipientName }: MessageJoin): Schema<'MessageSummary'> {
  return {
    id: message.id,
    from: userRef(message.senderId, senderName),
    to: userRef(message.recipientId, recipientName),
    subject: message.subject,
    sentAt: iso(message.sentAt),
    read: message.readAt !== null,
  };
}

/**
 * A shared invitation as the message shows it. An invitation row lives only while it waits for an answer (answering it
 * or its ending deletes it, emptying the message's reference), so one still there is pending.
 */
function invitationView({ invitation, invitationAlliance, inviteeName }: InvitationJoin): Schema<'SharedInvitation'> | null {
  if (!invitation || !invitationAlliance || inviteeName === null) return null;
  return { id: invitation.id, alliance: invitationAlliance, status: 'pending', invitee: { id: invitation.inviteeId, username: inviteeName } };
}

/** A whole message, with the battle report it shares as its sender sees it (the recipient's view of it, if the sender is gone) and the invitation it shares. */
export function messageView(join: MessageJoin): MessageView {
  const side = join.message.senderId ?? join.message.recipientId;
  return {
    ...summaryView(join),
    body: join.message.body,
    report: join.report && side !== null ? reportView(join.report, side) : null,
    invitation: invitationView(join),
  };
}

/** The caller's copies in their inbox: addressed to them, not deleted by them, not from a player they had blocked. */
const inboxOf = (userId: PlayerId): SQL => and(eq(messages.recipientId, userId), isNull(messages.recipientDeletedAt), eq(messages.blocked, false)) ?? sql`false`;
/** The caller's copies in their sent folder. */
const sentBy = (userId: PlayerId): SQL => and(eq(messages.senderId, userId), isNull(messages.senderDeletedAt)) ?? sql`false`;
/** Every copy the caller may read. */
const visibleTo = (userId: PlayerId): SQL => or(inboxOf(userId), sentBy(userId)) ?? sql`false`;

/** How many messages in the caller's inbox are unread. */
export async function unreadCount(db: Db, userId: PlayerId): Promise<Schema<'UnreadCount'>> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(inboxOf(userId), isNull(messages.readAt)));
  return { unread: Number(row?.n ?? 0) };
}

/** What a listing asks for: a folder and a page of it. */
export interface FolderPage extends PageRequest {
  folder: MessageFolder;
}

/** One page of a folder, newest first, with how many are unread in the inbox. */
export async function listMessages(db: Db, userId: PlayerId, { folder, page, limit }: FolderPage): Promise<Schema<'MessageList'>> {
  const where = folder === 'inbox' ? inboxOf(userId) : sentBy(userId);
  const window = pageWindow({ page, limit });
  const [rows, [total], { unread }] = await Promise.all([
    selectMessages(db).where(where).orderBy(desc(messages.sentAt), desc(messages.id)).limit(window.limit).offset(window.offset),
    db.select({ n: count() }).from(messages).where(where),
    unreadCount(db, userId),
  ]);
  return { folder, messages: rows.map(summaryView), page, limit, total: Number(total?.n ?? 0), unread };
}

/** One message of the caller's (sent, or received and not blocked), unless they deleted their copy. */
export async function getMessage(db: Db, userId: PlayerId, messageId: MessageId): Promise<{ message: MessageView }> {
  const [row] = await selectMessages(db).where(and(eq(messages.id, messageId), visibleTo(userId)));
  if (!row) throw notFound('no_such_message');
  return { message: messageView(row) };
}

/** Marks a received message read (once: the first reading's instant stays) and answers the unread count afterwards. */
export async function markMessageRead(db: Db, userId: PlayerId, messageId: MessageId, now: Date): Promise<Schema<'UnreadCount'>> {
  const marked = await db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, ${now})` })
    .where(and(eq(messages.id, messageId), inboxOf(userId)))
    .returning({ id: messages.id });
  if (marked.length === 0) throw notFound('no_such_message');
  return unreadCount(db, userId);
}

/** Deletes the caller's copy only: the other side keeps theirs. One statement, whichever side the caller is on. */
export async function deleteMessage(db: Db, userId: PlayerId, messageId: MessageId, now: Date): Promise<void> {
  const deleted = await db
    .update(messages)
    .set({
      senderDeletedAt: sql`case when ${messages.senderId} = ${userId} then coalesce(${messages.senderDeletedAt}, ${now}) else ${messages.senderDeletedAt} end`,
      recipientDeletedAt: sql`case when ${messages.recipientId} = ${userId} and not ${messages.blocked} then coalesce(${messages.recipientDeletedAt}, ${now}) else ${messages.recipientDeletedAt} end`,
    })
    .where(and(eq(messages.id, messageId), visibleTo(userId)))
    .returning({ id: messages.id });
  if (deleted.length === 0) throw notFound('no_such_message');
}

/** What a player writes: to whom (a username, any case), a subject, a body, perhaps a battle report of theirs and an invitation of their alliance. */
export interface Letter {
  to: string;
  subject: string;
  body: string;
  reportId?: ReportId;
  invitationId?: InvitationId;
}

const NO_INVITATION: InvitationJoin = { invitation: null, invitationAlliance: null, inviteeName: null };

/** A battle report the sender fought in, as attacker or defender (a defender who never noticed the scouts has none). */
async function ownReport(db: Db, senderId: PlayerId, reportId: ReportId): Promise<BattleReportRow | null> {
  const [row] = await db
    .select()
    .from(battleReports)
    .where(
      and(
        eq(battleReports.id, reportId),
        or(eq(battleReports.attackerId, senderId), and(eq(battleReports.defenderId, senderId), eq(battleReports.detected, true))),
      ),
    );
  return row ?? null;
}

/**
 * An invitation of an alliance the sender is a member of, with its alliance and invitee. Its row is locked (key share)
 * so it cannot be deleted before the message referring to it is stored.
 */
async function allianceInvitation(db: Db, senderId: PlayerId, invitationId: InvitationId) {
  const [row] = await db
    .select(invitationFields)
    .from(allianceInvitations)
    .innerJoin(alliances, eq(alliances.id, allianceInvitations.allianceId))
    .innerJoin(invitee, eq(invitee.id, allianceInvitations.userId))
    .innerJoin(allianceMembers, and(eq(allianceMembers.allianceId, allianceInvitations.allianceId), eq(allianceMembers.userId, senderId)))
    .where(eq(allianceInvitations.id, invitationId))
    .for('key share', { of: allianceInvitations });
  return row ?? null;
}

/** The invitation a letter shares, checked: one of the sender's alliance (404), addressed to the recipient (409). */
async function sharedInvitation(db: Db, letter: Letter, sides: { from: Correspondent; to: Correspondent }): Promise<InvitationJoin> {
  if (letter.invitationId === undefined) return NO_INVITATION;
  const found = await allianceInvitation(db, sides.from.id, letter.invitationId);
  if (!found) throw notFound('no_such_alliance_invitation');
  if (found.invitation.inviteeId !== sides.to.id) throw conflict('invitation_for_other_player', { invitee: found.inviteeName, recipient: sides.to.username });
  return found;
}

/**
 * Sends a letter. A recipient who blocked the sender never sees it (no inbox, no count, no notice), but the sender gets
 * the same reply and finds it in Sent, so blocking is not announced. The sending limit is counted in the same
 * transaction: a refused message (for whatever reason) is not counted.
 */
export async function sendMessage(db: Db, from: Correspondent, letter: Letter, now: Date): Promise<{ message: MessageView }> {
  const subject = normaliseFreeText(letter.subject);
  const body = normaliseFreeText(letter.body);
  const fields = Object.entries(validateMailForm({ subject, body }));
  const [first] = fields;
  if (first) throw badRequest(worded(first[1]), fields.map(([field, message]) => ({ field, message })));

  return db.transaction(async (tx) => {
    const to = await playerNamed(tx, letter.to);
    if (!to) throw notFound('no_player_by_that_name');
    if (to.id === from.id) throw conflict('cannot_write_to_yourself');
    const report = letter.reportId === undefined ? null : await ownReport(tx, from.id, letter.reportId);
    if (letter.reportId !== undefined && !report) throw notFound('no_such_battle_report');
    const invitation = await sharedInvitation(tx, letter, { from, to });
    const blocked = await isBlocked(tx, { blocker: to.id, blocked: from.id });
    const sent = await increment(tx, `mail:${from.id}`, MAIL_LIMIT.windowMs, now);
    if (sent.current > MAIL_LIMIT.messages) throw tooManyRequests(worded(mailLimitMessage(sent.ttl)));
    const message = inserted(
      await tx
        .insert(messages)
        .values({ senderId: from.id, recipientId: to.id, subject, body, reportId: report?.id ?? null, invitationId: letter.invitationId ?? null, sentAt: now, blocked })
        .returning(),
    );
    if (!blocked) await notifyPlayers(tx, [to.id], { kind: 'message_received' });
    // A blocked sender's letter is filed without a word to its recipient: no alert either.
    if (!blocked) await recordAlerts(tx, [{ userId: to.id, alert: (language) => messageAlert({ from: from.username, subject, messageId: message.id }, language) }], now);
    return { message: messageView({ message, senderName: from.username, recipientName: to.username, report, ...invitation }) };
  });
}

/** Two players a letter the game writes goes between: the one on whose behalf, and the one told. */
export interface LetterParties {
  from: { id: PlayerId; name: string };
  to: { id: PlayerId; name: string };
}

/**
 * A letter the game writes on a player's behalf inside the caller's transaction (a dismissal with its reason, a
 * declined application): it arrives like mail, is not counted against the sender's limit, and a block holds as for
 * any letter. The words are the game's, already within the mail's limits.
 */
export async function sendGameLetter(tx: Db, { from, to }: LetterParties, words: { subject: string; body: string }, now: Date): Promise<void> {
  const blocked = await isBlocked(tx, { blocker: to.id, blocked: from.id });
  const [letter] = await tx.insert(messages).values({ senderId: from.id, recipientId: to.id, subject: words.subject, body: words.body, sentAt: now, blocked }).returning({ id: messages.id });
  if (!blocked) await notifyPlayers(tx, [to.id], { kind: 'message_received' });
  if (!blocked && letter) await recordAlerts(tx, [{ userId: to.id, alert: (language) => messageAlert({ from: from.name, subject: words.subject, messageId: letter.id }, language) }], now);
}
