// Actions on accounts: finding players and suspending those of a lower role (moderators and up); roles (never the last admin), temporary passwords and deletion (admins); each written to the audit log.
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, sessions, users, villages, type UserRow } from '../db/schema';
import { containsIgnoringCase } from '../db/like';
import { badRequest, conflict, errorText, forbidden, notFound, say, worded } from '../errors';
import { hashPassword } from '../accounts/passwords';
import { userFields } from '../accounts/accounts';
import { parseRole, suspensionRefusal, type Role } from '../../rules/roles';
import { freeTextError, normaliseFreeText, passwordError } from '../../rules/validation';
import { recordAudit, type Actor } from './audit';
import { leaveAlliance } from '../alliance/alliances';
import { notifyPlayers } from '../live/notify';
import { changingAccounts } from '../accounts/session-cache';
import { pageWindow } from '../../rules/paging';
import type { PlayerId } from '../../rules/ids';

export type AdminUserView = Schema<'AdminUser'>;

/** Seen within this many minutes counts as online on the dashboard. */
const ONLINE_MINUTES = 15;

/** How many villages each of the players owns (those with none are left out). */
async function villageCounts(db: Db, rows: UserRow[]): Promise<Map<PlayerId | null, number>> {
  if (rows.length === 0) return new Map();
  const counts = await db
    .select({ ownerId: villages.ownerId, n: count() })
    .from(villages)
    .where(
      inArray(
        villages.ownerId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(villages.ownerId);
  return new Map(counts.map((c) => [c.ownerId, Number(c.n)]));
}

function adminView(row: UserRow, villagesOf: ReadonlyMap<PlayerId | null, number>): AdminUserView {
  return {
    ...userFields(row),
    suspended: row.suspendedAt !== null,
    suspensionReason: row.suspensionReason,
    villageCount: villagesOf.get(row.id) ?? 0,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

async function adminViews(db: Db, rows: UserRow[]): Promise<AdminUserView[]> {
  const villagesOf = await villageCounts(db, rows);
  return rows.map((row) => adminView(row, villagesOf));
}

/** Players whose username or e-mail contains `q` (any case), oldest account first. */
export async function searchUsers(db: Db, q: string | undefined, page: number, limit: number): Promise<Schema<'AdminUserPage'>> {
  const needle = (q ?? '').trim();
  const where = needle === '' ? undefined : sql`(${containsIgnoringCase(users.username, needle)} or ${containsIgnoringCase(users.email, needle)})`;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit)
    .offset(pageWindow({ page, limit }).offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { users: await adminViews(db, rows), total: Number(total?.n ?? 0), page, limit };
}

export async function adminStats(db: Db, now: Date): Promise<Schema<'AdminStats'>> {
  const [total] = await db.select({ n: count() }).from(users);
  const [active] = await db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
  const [online] = await db
    .select({ n: count() })
    .from(users)
    .where(gt(users.lastSeenAt, new Date(now.getTime() - ONLINE_MINUTES * 60_000)));
  return { totalUsers: Number(total?.n ?? 0), activeSessions: Number(active?.n ?? 0), playersOnline: Number(online?.n ?? 0), serverStatus: 'Online' };
}

/** The target row under its lock, or 404. */
async function target(tx: Db, userId: PlayerId): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound('no_such_player');
  return row;
}

/** Refuses a change that would leave the game without an admin (the admins are locked while it is decided). */
async function keepOneAdmin(tx: Db, row: UserRow): Promise<void> {
  if (row.role !== 'admin') return;
  const admins = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), isNull(users.suspendedAt))).for('update');
  if (admins.filter((a) => a.id !== row.id).length === 0) throw conflict('last_admin');
}

/** Ends every session of a player, on every server process (their open streams close too). */
async function signOutEverywhere(tx: Db, userId: PlayerId): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await notifyPlayers(tx, [userId], { kind: 'signed_out' });
}

async function viewOf(tx: Db, row: UserRow): Promise<{ user: AdminUserView }> {
  return { user: adminView(row, await villageCounts(tx, [row])) };
}

/** Changes the player `target` has locked (so the row is still there) and returns the row as it is now. */
async function updateTarget(tx: Db, row: UserRow, changes: PgUpdateSetSource<typeof users>): Promise<UserRow> {
  const [updated] = await tx.update(users).set(changes).where(eq(users.id, row.id)).returning();
  if (!updated) throw notFound('no_such_player');
  return updated;
}

/** An admin's change of a player's role, by the role's name as asked. */
export interface RoleChange {
  userId: PlayerId;
  role: string;
}

export async function setUserRole(db: Db, actor: Actor, { userId, role: roleName }: RoleChange, now: Date): Promise<{ user: AdminUserView }> {
  const role: Role | null = parseRole(roleName);
  if (!role) throw badRequest('unknown_role', { role: roleName });
  return changingAccounts(db, db.transaction(async (tx) => {
    const row = await target(tx, userId);
    if (role !== 'admin') await keepOneAdmin(tx, row);
    const updated = await updateTarget(tx, row, { role });
    await recordAudit(tx, actor, { action: 'set_role', target: { id: row.id, name: row.username }, detail: `${row.role} -> ${role}` }, now);
    return viewOf(tx, updated);
  }));
}

/** A suspension of a player by a moderator, game master or admin, with the reason as typed. */
export interface Suspension {
  userId: PlayerId;
  reason: string;
}

/** Who suspends: the signed-in staff member as the session knows them, role included (the guard read the same). */
export interface Suspender extends Actor {
  role: Role;
}

/** Refuses, under the target's lock, a suspension or its lifting that the caller's role does not reach. */
function mayActOn(actor: Suspender, row: UserRow): void {
  const refusal = suspensionRefusal(actor.role, row.role);
  if (refusal) throw forbidden(worded(refusal));
}

export async function suspendUser(db: Db, actor: Suspender, { userId, reason: rawReason }: Suspension, now: Date): Promise<{ user: AdminUserView }> {
  const reason = normaliseFreeText(rawReason);
  const problem = reason === '' ? errorText('suspension_reason_required') : freeTextError(reason);
  if (problem) throw badRequest(worded(problem), [{ field: 'reason', message: problem }]);
  if (userId === actor.id) throw conflict('cannot_suspend_yourself');
  return changingAccounts(db, db.transaction(async (tx) => {
    const row = await target(tx, userId);
    mayActOn(actor, row);
    await keepOneAdmin(tx, row);
    const updated = await updateTarget(tx, row, { suspendedAt: now, suspensionReason: reason });
    await signOutEverywhere(tx, userId);
    await recordAudit(tx, actor, { action: 'suspend', target: { id: row.id, name: row.username }, detail: reason }, now);
    return viewOf(tx, updated);
  }));
}

export async function unsuspendUser(db: Db, actor: Suspender, userId: PlayerId, now: Date): Promise<{ user: AdminUserView }> {
  return changingAccounts(db, db.transaction(async (tx) => {
    const row = await target(tx, userId);
    mayActOn(actor, row);
    const updated = await updateTarget(tx, row, { suspendedAt: null, suspensionReason: null });
    await recordAudit(tx, actor, { action: 'unsuspend', target: { id: row.id, name: row.username }, detail: '' }, now);
    return viewOf(tx, updated);
  }));
}

/** The password an admin gives a player, who must replace it at next login. */
export interface TemporaryPassword {
  userId: PlayerId;
  password: string;
}

/** Sets a password the player must replace at next login; their sessions end, so the old holder is out. */
export async function setTemporaryPassword(db: Db, actor: Actor, { userId, password }: TemporaryPassword, now: Date): Promise<{ user: AdminUserView }> {
  const weak = passwordError(password);
  if (weak) throw badRequest(worded(weak), [{ field: 'password', message: weak }]);
  const passwordHash = await hashPassword(password);
  return changingAccounts(db, db.transaction(async (tx) => {
    const row = await target(tx, userId);
    const updated = await updateTarget(tx, row, { passwordHash, mustChangePassword: true });
    await signOutEverywhere(tx, userId);
    await recordAudit(tx, actor, { action: 'temporary_password', target: { id: row.id, name: row.username }, detail: '' }, now);
    return viewOf(tx, updated);
  }));
}

/** An admin's deletion of an account, confirmed by typing its username again. */
export interface AccountDeletion {
  userId: PlayerId;
  confirmUsername: string;
}

/**
 * Deletes an account after its username was typed again. Its villages stay on the map, abandoned; its
 * alliance hands over leadership as if the player had left; nothing of other players changes.
 */
export async function deleteUser(db: Db, actor: Actor, { userId, confirmUsername }: AccountDeletion, now: Date): Promise<{ ok: true }> {
  if (userId === actor.id) throw conflict('cannot_delete_yourself');
  const [found] = await db.select().from(users).where(eq(users.id, userId));
  if (!found) throw notFound('no_such_player');
  if (confirmUsername !== found.username) {
    throw badRequest('confirm_username', { username: found.username }, [{ field: 'confirmUsername', ...say('username_mismatch') }]);
  }
  const [member] = await db.select({ id: allianceMembers.id }).from(allianceMembers).where(eq(allianceMembers.userId, userId));
  if (member) await leaveAlliance(db, userId, now);
  return changingAccounts(db, db.transaction(async (tx) => {
    const row = await target(tx, userId);
    await keepOneAdmin(tx, row);
    await notifyPlayers(tx, [userId], { kind: 'signed_out' });
    // An abandoned village is nobody's capital. It turns barbarian: due now, the sweeper settles it and its growth starts.
    await tx.update(villages).set({ isCapital: false, nextEventAt: now }).where(eq(villages.ownerId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, actor, { action: 'delete_user', target: { id: row.id, name: row.username }, detail: row.email }, now);
    return { ok: true as const };
  }));
}
