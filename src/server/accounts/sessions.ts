// Opaque bearer sessions: a random token goes to the client, only its SHA-256 is stored; 30 days with remember-me, 12 hours without; at most 10 a player.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/open';
import { sessions, users, type UserRow } from '../db/schema';
import { callStoredRead, rowFromJson } from '../db/stored-reads';
import { SessionCache, changingAccounts } from './session-cache';
import type { PlayerId } from '../../rules/ids';

export const SESSION_DAYS = 30;
/** A login without remember-me lasts a working day. */
export const SHORT_SESSION_HOURS = 12;
/** Sessions a player may hold at once; a new one ends the oldest beyond this. */
export const MAX_SESSIONS_PER_USER = 10;
const DAY_MS = 86_400_000;

/** How a session is named where its token must not be kept (the database, the live streams). */
export function sessionKey(token: string): string {
  return hashToken(token);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: PlayerId, now: Date, remember = true): Promise<string> {
  const lifetime = remember ? SESSION_DAYS * DAY_MS : SHORT_SESSION_HOURS * 3_600_000;
  return openSession(db, { userId, sitterId: null, expiresAt: new Date(now.getTime() + lifetime) }, now);
}

/**
 * A sitting session: `sitterId` playing `ownerId`'s account with a sitter's rights. It lasts a working day, and counts
 * against that pair's sessions only, so a sitter opening many never ends the owner's own.
 */
export async function createSittingSession(db: Db, pair: { ownerId: PlayerId; sitterId: PlayerId }, now: Date): Promise<string> {
  return openSession(db, { userId: pair.ownerId, sitterId: pair.sitterId, expiresAt: new Date(now.getTime() + SHORT_SESSION_HOURS * 3_600_000) }, now);
}

async function openSession(db: Db, session: { userId: PlayerId; sitterId: PlayerId | null; expiresAt: Date }, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { userId, sitterId } = session;
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, sitterId, createdAt: now, expiresAt: session.expiresAt });
  // The oldest sessions beyond the cap end: a player signing in on many devices keeps the newest.
  const same = and(eq(sessions.userId, userId), sitterId === null ? isNull(sessions.sitterId) : eq(sessions.sitterId, sitterId));
  const held = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(same).orderBy(desc(sessions.createdAt), desc(sessions.expiresAt));
  const surplus = held.slice(MAX_SESSIONS_PER_USER).map((s) => s.tokenHash);
  if (surplus.length > 0) await changingAccounts(db, db.delete(sessions).where(inArray(sessions.tokenHash, surplus)));
  return token;
}

/** Who plays in a sitting session beside the owner whose account it is. */
export interface SessionSitter {
  id: PlayerId;
  username: string;
}

/** The account behind a live token, and the sitter playing it in a sitting session (null in the owner's own). */
export interface SessionHolder {
  user: UserRow;
  sitter: SessionSitter | null;
}

/**
 * The user behind a live token, or null when the token is unknown, revoked or expired. Every signed-in
 * request asks: one call of a stored read, or often none (accounts/session-cache.ts).
 */
export async function userForToken(db: Db, token: string, now: Date): Promise<UserRow | null> {
  return (await sessionForToken(db, token, now))?.user ?? null;
}

/** The account and sitter behind a live token (see userForToken); a sitting session of a suspended sitter has none. */
export async function sessionForToken(db: Db, token: string, now: Date): Promise<SessionHolder | null> {
  const hash = hashToken(token);
  const cache = SessionCache.for(db);
  const remembered = cache?.get(hash, now);
  if (remembered) return remembered;
  const changes = cache?.changesNow() ?? 0;
  const found = await callStoredRead<{ user: Record<string, unknown>; expiresAt: string; sitter: { id: PlayerId; username: string } | null }>(db, 'sessionUser', hash, now);
  if (!found) return null;
  const holder = { user: rowFromJson(users, found.user), sitter: found.sitter ? { id: found.sitter.id, username: found.sitter.username } : null };
  cache?.remember(hash, holder, new Date(found.expiresAt), changes);
  return holder;
}

/** Ends the session inside the caller's transaction; the caller waits to be heard (changingAccounts) once it commits. */
export async function revokeSession(tx: Db, token: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
