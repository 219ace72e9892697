// The audit log: every admin, game master and moderator action, who did what to whom and when, written in the same transaction as the action.
import { count, desc } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { auditLog, type AuditAction } from '../db/schema';
import { pageWindow } from '../../rules/paging';
import type { PlayerId } from '../../rules/ids';

export interface Actor {
  /** The signed-in admin, game master or moderator; null for the operator at the command line. */
  id: PlayerId | null;
  username: string;
}

/** Who the log names for a command of the operator CLI (`npm run cli`). */
export const OPERATOR: Actor = { id: null, username: 'operator (CLI)' };

/** One line of the audit log: what was done, to whom, and a short note. */
export interface AuditEntry {
  action: AuditAction;
  target: { id: string | null; name: string } | null;
  detail: string;
}

export async function recordAudit(tx: Db, actor: Actor, { action, target, detail }: AuditEntry, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.username,
    action,
    targetId: target?.id ?? null,
    targetName: target?.name ?? null,
    detail,
    createdAt: now,
  });
}

export async function listAudit(db: Db, page: number, limit: number): Promise<Schema<'AuditPage'>> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(pageWindow({ page, limit }).offset);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actor: { id: row.actorId, username: row.actorName },
      action: row.action,
      target: row.targetName === null ? null : { id: row.targetId, name: row.targetName },
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    limit,
  };
}
