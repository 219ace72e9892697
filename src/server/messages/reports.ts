// Reported mail: a recipient reports a message once, moderators and up read the reports (open first) and resolve them.
import { asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { messageReports, messages, users } from '../db/schema';
import { badRequest, conflict, notFound, worded } from '../errors';
import { messagesByIds, messageView, type MessageJoin } from './mail';
import { reportReasonError } from '../../rules/mail';
import { normaliseFreeText } from '../../rules/validation';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { MessageId, PlayerId } from '../../rules/ids';

export type MessageReportView = Schema<'MessageReport'>;

const reporter = alias(users, 'reporter');

/** A report with its reporter's name, as the list and the replies read it. */
function selectReports(db: Db) {
  return db
    .select({ report: messageReports, reporterName: reporter.username })
    .from(messageReports)
    .leftJoin(reporter, eq(reporter.id, messageReports.reporterId));
}

/** A report and the name of who made it (null once that account is gone). */
interface ReportJoin {
  report: typeof messageReports.$inferSelect;
  reporterName: string | null;
}

function reportView({ report, reporterName }: ReportJoin, message: MessageJoin): MessageReportView {
  return {
    id: report.id,
    reason: report.reason,
    reportedAt: report.reportedAt.toISOString(),
    reporter: report.reporterId !== null && reporterName !== null ? { id: report.reporterId, username: reporterName } : null,
    resolvedAt: report.resolvedAt ? report.resolvedAt.toISOString() : null,
    message: messageView(message),
  };
}

/** Reports with their messages (a report is deleted with its message, so each has one). */
async function reportViews(db: Db, rows: ReportJoin[]): Promise<MessageReportView[]> {
  const byId = await messagesByIds(
    db,
    rows.map((row) => row.report.messageId),
  );
  return rows.flatMap((row) => {
    const message = byId.get(row.report.messageId);
    return message ? [reportView(row, message)] : [];
  });
}

/** One report as a reply, read after its write. */
async function oneReport(db: Db, reportId: string): Promise<MessageReportView | null> {
  const rows = await selectReports(db).where(eq(messageReports.id, reportId));
  const [view] = await reportViews(db, rows);
  return view ?? null;
}

/** What a recipient reports: which message, and why. */
export interface Complaint {
  messageId: MessageId;
  reason: string;
}

/** Reports a message in the caller's inbox to the moderators and game masters; once per message. */
export async function reportMessage(db: Db, reporterId: PlayerId, { messageId, reason }: Complaint, now: Date): Promise<{ report: MessageReportView }> {
  const text = normaliseFreeText(reason);
  const problem = reportReasonError(text);
  if (problem) throw badRequest(worded(problem), [{ field: 'reason', message: problem }]);
  const id = await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: messages.id, recipientId: messages.recipientId, deletedAt: messages.recipientDeletedAt, blocked: messages.blocked })
      .from(messages)
      .where(eq(messages.id, messageId))
      .for('key share');
    if (!message || message.recipientId !== reporterId || message.deletedAt !== null || message.blocked) throw notFound('no_such_message_in_inbox');
    // The unique index decides, so two reports sent at once still make one.
    const [made] = await tx
      .insert(messageReports)
      .values({ messageId, reporterId, reason: text, reportedAt: now })
      .onConflictDoNothing({ target: [messageReports.messageId, messageReports.reporterId] })
      .returning({ id: messageReports.id });
    if (!made) throw conflict('already_reported');
    return made.id;
  });
  const report = await oneReport(db, id);
  if (!report) throw notFound('no_such_message_in_inbox');
  return { report };
}

/** Every report, open ones first, then newest first; with how many are open. */
export async function listMessageReports(db: Db, { page, limit }: PageRequest): Promise<Schema<'MessageReportList'>> {
  const window = pageWindow({ page, limit });
  const [rows, [total], [open]] = await Promise.all([
    selectReports(db)
      .orderBy(asc(sql`${messageReports.resolvedAt} is not null`), desc(messageReports.reportedAt), desc(messageReports.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(messageReports),
    db.select({ n: count() }).from(messageReports).where(isNull(messageReports.resolvedAt)),
  ]);
  return { reports: await reportViews(db, rows), page, limit, total: Number(total?.n ?? 0), open: Number(open?.n ?? 0) };
}

/** Marks a report dealt with; resolving it again keeps the first resolution. */
export async function resolveMessageReport(db: Db, resolverId: PlayerId, reportId: string, now: Date): Promise<{ report: MessageReportView }> {
  const resolved = await db
    .update(messageReports)
    .set({ resolvedAt: sql`coalesce(${messageReports.resolvedAt}, ${now})`, resolvedBy: sql`case when ${messageReports.resolvedAt} is null then ${resolverId} else ${messageReports.resolvedBy} end` })
    .where(eq(messageReports.id, reportId))
    .returning({ id: messageReports.id });
  const report = resolved.length === 0 ? null : await oneReport(db, reportId);
  if (!report) throw notFound('no_such_report');
  return { report };
}
