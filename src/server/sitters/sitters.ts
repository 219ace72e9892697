// Sitters: naming and removing them, the accounts one sits for, opening a sitting session, and the owner's log of what sitters did.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { sessions, sitterActions, sitters, users, type UserRow } from '../db/schema';
import type { Schema } from '../../contract';
import { conflict, notFound, worded } from '../errors';
import { changingAccounts } from '../accounts/session-cache';
import { createSittingSession } from '../accounts/sessions';
import { publicSessionUser, suspendedMessage } from '../accounts/accounts';
import { notifyPlayers } from '../live/notify';
import { MAX_SITTERS, SITTER_LAPSE_DAYS, namingRefusal, ownerLastPlayed, sittingHolds } from '../../rules/sitters';
import { pageWindow } from '../../rules/paging';
import type { PlayerId } from '../../rules/ids';

/** Entries of the owner's log on one page. */
export const SITTER_LOG_PAGE_SIZE = 20;

/** Whether sitting for `owner` still holds at `now` (the owner played within the lapse). */
function holdsFor(owner: Pick<UserRow, 'lastSeenAt' | 'createdAt'>, now: Date): boolean {
  return sittingHolds(ownerLastPlayed({ lastSeenAt: owner.lastSeenAt?.getTime() ?? null, createdAt: owner.createdAt.getTime() }), now.getTime());
}

/** The caller's sitters (oldest first) and the accounts the caller sits for, with whether each has lapsed. */
export async function sitterOverview(db: Db, userId: PlayerId, now: Date): Promise<Schema<'SitterOverview'>> {
  const [mine, theirs] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, since: sitters.createdAt })
      .from(sitters)
      .innerJoin(users, eq(users.id, sitters.sitterId))
      .where(eq(sitters.ownerId, userId))
      .orderBy(sitters.createdAt, users.id),
    db
      .select({ id: users.id, username: users.username, since: sitters.createdAt, lastSeenAt: users.lastSeenAt, createdAt: users.createdAt })
      .from(sitters)
      .innerJoin(users, eq(users.id, sitters.ownerId))
      .where(eq(sitters.sitterId, userId))
      .orderBy(sitters.createdAt, users.id),
  ]);
  return {
    sitters: mine.map((s) => ({ user: { id: s.id, username: s.username }, since: s.since.toISOString() })),
    sittingFor: theirs.map((o) => ({ user: { id: o.id, username: o.username }, since: o.since.toISOString(), lapsed: !holdsFor(o, now) })),
    maxSitters: MAX_SITTERS,
  };
}

/**
 * Names the player called `username` a sitter of `ownerId`'s. The owner's users row is locked (`for no key update`, the
 * first lock of the lock order) while the sitters are counted, so two names added at once never make three.
 */
export async function addSitter(db: Db, ownerId: PlayerId, username: string, now: Date): Promise<Schema<'SitterOverview'>> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
    const [named] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username.trim()})`)
      .limit(1);
    const held = await tx.select({ sitterId: sitters.sitterId }).from(sitters).where(eq(sitters.ownerId, ownerId));
    const refusal = namingRefusal({ ownerId, sitterId: named?.id ?? null, sitters: held.map((s) => s.sitterId) });
    if (refusal) throw named ? conflict(worded(refusal)) : notFound(worded(refusal));
    if (named) await tx.insert(sitters).values({ ownerId, sitterId: named.id, createdAt: now });
  });
  return sitterOverview(db, ownerId, now);
}

/**
 * Ends the pair of `userId` and `playerId` whichever way it runs: the owner removing a sitter, or a sitter resigning. The
 * pair's sitting sessions are deleted in the same transaction, and end at once on every server process (the database's
 * notice of changed sessions) with their event streams.
 */
export async function removeSitter(db: Db, userId: PlayerId, playerId: PlayerId, now: Date): Promise<Schema<'SitterOverview'>> {
  await changingAccounts(
    db,
    db.transaction(async (tx) => {
      const pairs = await tx
        .delete(sitters)
        .where(or(and(eq(sitters.ownerId, userId), eq(sitters.sitterId, playerId)), and(eq(sitters.ownerId, playerId), eq(sitters.sitterId, userId))))
        .returning({ ownerId: sitters.ownerId, sitterId: sitters.sitterId });
      if (pairs.length === 0) throw notFound('neither_sitter');
      for (const pair of pairs) await endSittingSessions(tx, pair);
    }),
  );
  return sitterOverview(db, userId, now);
}

/** Deletes the sitting sessions of one pair inside the caller's transaction, closing their event streams at its commit. */
async function endSittingSessions(tx: Db, pair: { ownerId: PlayerId; sitterId: PlayerId }): Promise<void> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, pair.ownerId), eq(sessions.sitterId, pair.sitterId)))
    .returning({ tokenHash: sessions.tokenHash });
  for (const { tokenHash } of ended) await notifyPlayers(tx, [pair.ownerId], { kind: 'signed_out', session: tokenHash });
}

/**
 * Opens a sitting session for `sitterId` in the account of `ownerId`, who must have named them (404) and played within the
 * lapse (409). It is the owner's account with the sitter's rights: no sign-in of the owner is recorded, nothing of the
 * owner's (their last visit, a vacation) changes.
 */
export async function startSitting(db: Db, pair: { ownerId: PlayerId; sitterId: PlayerId }, now: Date): Promise<Schema<'AuthResponse'>> {
  return db.transaction(async (tx) => {
    // The pair's row is held (`for share`) until the session exists: a removal at the same moment either comes first (no
    // pair: 404) or waits, and then deletes this session with the pair's others.
    const [[found], [sitter]] = await Promise.all([
      tx
        .select()
        .from(sitters)
        .innerJoin(users, eq(users.id, sitters.ownerId))
        .where(and(eq(sitters.ownerId, pair.ownerId), eq(sitters.sitterId, pair.sitterId)))
        .for('share', { of: sitters }),
      tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, pair.sitterId)),
    ]);
    if (!found || !sitter) throw notFound('not_a_sitter');
    const owner = found.users;
    if (owner.suspendedAt) throw conflict(suspendedMessage(owner));
    if (!holdsFor(owner, now)) throw conflict('sitting_lapsed', { days: SITTER_LAPSE_DAYS });
    const token = await createSittingSession(tx, pair, now);
    return { user: publicSessionUser({ user: owner, sitter }), token };
  });
}

/** A page of what sitters did in `ownerId`'s account, newest first. */
export async function sitterLog(db: Db, ownerId: PlayerId, page: number): Promise<Schema<'SitterLogPage'>> {
  const { limit, offset } = pageWindow({ page, limit: SITTER_LOG_PAGE_SIZE });
  const rows = await db
    .select()
    .from(sitterActions)
    .where(eq(sitterActions.ownerId, ownerId))
    .orderBy(desc(sitterActions.at), desc(sitterActions.id))
    .limit(limit + 1)
    .offset(offset);
  return {
    entries: rows.slice(0, limit).map((row) => ({
      id: row.id,
      sitter: row.sitterId ? { id: row.sitterId, username: row.sitterName } : null,
      operation: row.operation,
      summary: row.summary,
      at: row.at.toISOString(),
    })),
    page,
    hasMore: rows.length > limit,
  };
}
