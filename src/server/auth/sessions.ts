// Opaque bearer sessions: a random token goes to the client, only its SHA-256 is stored; 30-day expiry, revocable.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/open';
import { sessions, users, type UserRow } from '../db/schema';

export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

/** How a session is named where its token must not be kept (the database, the live streams). */
export function sessionKey(token: string): string {
  return hashToken(token);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
  });
  return token;
}

/** The user behind a live token, or null when the token is unknown, revoked or expired. */
export async function userForToken(db: Db, token: string, now: Date): Promise<UserRow | null> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
