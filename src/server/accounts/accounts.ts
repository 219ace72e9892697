// Accounts: registration, password login, session lookup and roles; the HTTP layer passes plain values in.
import { and, eq, ne, sql, asc } from 'drizzle-orm';
import type { Db } from '../db/open';
import { sessions, users, type UserRow } from '../db/schema';
import { inserted } from '../db/rows';
import { hashPassword, signInHashing } from './passwords';
import { createSession, revokeSession, sessionForToken, sessionKey, type SessionHolder } from './sessions';
import type { Schema } from '../../contract';
import { passwordError, validateRegistration } from '../../rules/validation';
import { notifyPlayers } from '../live/notify';
import { badRequest, conflict, forbidden, notFound, say, unauthorized, worded, type Said } from '../errors';
import { changingAccounts } from './session-cache';
import { endVacationsAtSignIn } from '../vacation/vacation';
import type { PlayerId } from '../../rules/ids';
import { countRegistration, recordSignIn, type SignInSignals } from '../fair-play/signals';

/** A user as every reply shows one (never the password hash nor the Discord id). */
export type PublicUser = Schema<'User'>;

/** The fields of a user that every view of one shows, the player's own and the admin's alike. */
export function userFields(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    discordAvatar: row.discordAvatar,
    createdAt: row.createdAt.toISOString(),
    mustChangePassword: row.mustChangePassword,
  };
}

/** The stored language as the contract names it: a value other than the game's languages (never written) reads as none. */
function localeOf(row: UserRow): Locale | null {
  return row.locale === 'en' || row.locale === 'de' ? row.locale : null;
}

export function publicUser(row: UserRow): PublicUser {
  return {
    ...userFields(row),
    discordLinked: row.discordId !== null,
    locale: localeOf(row),
  };
}

export type Locale = Schema<'Locale'>;

/** Remembers the language the player chose for the game; their own replies (User.locale) carry it from now on. */
export async function setLocale(db: Db, userId: PlayerId, locale: Locale): Promise<void> {
  // Through the session cache's notice, so the player's next read of themselves (getMe) already shows the choice.
  const updated = await changingAccounts(db, db.update(users).set({ locale }).where(eq(users.id, userId)).returning({ id: users.id }));
  // The account was deleted while the request ran, and its sessions with it.
  if (updated.length === 0) throw unauthorized();
}

/** The account as a session shows it: in a sitting session, with the sitter playing it. */
export function publicSessionUser({ user, sitter }: SessionHolder): PublicUser {
  return sitter ? { ...publicUser(user), sitter: { id: sitter.id, username: sitter.username } } : publicUser(user);
}

export type AuthResult = Schema<'AuthResponse'>;

/** Which of email and username are taken, as the 409 message a person reads. */
async function assertFree(db: Db, email: string, username: string): Promise<void> {
  const taken = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) or lower(${users.username}) = lower(${username})`);
  const emailTaken = taken.some((u) => u.email.toLowerCase() === email.toLowerCase());
  const usernameTaken = taken.some((u) => u.username.toLowerCase() === username.toLowerCase());
  if (emailTaken && usernameTaken) throw conflict('email_and_username_taken');
  if (emailTaken) throw conflict('email_taken');
  if (usernameTaken) throw conflict('username_taken');
}

/** Where a registration comes from (fair play's signals), and how many accounts that address may register a day. */
export interface Newcomer extends SignInSignals {
  registrationsPerAddress: number;
}

export async function register(db: Db, input: { username: string; email: string; password: string }, now: Date, from: Newcomer): Promise<AuthResult> {
  const username = input.username.trim();
  const email = input.email.trim();
  const errors = validateRegistration({ username, email, password: input.password });
  const fields = Object.entries(errors);
  const [first] = fields;
  if (first) throw badRequest(worded(first[1]), fields.map(([field, message]) => ({ field, message })));
  await assertFree(db, email, username);
  // Refused with 503 when the hashing pool's line is full: before anything is stored.
  const passwordHash = await signInHashing.hash(input.password);
  let row: UserRow;
  try {
    row = await db.transaction(async (tx) => {
      // Counted with the insert: a registration refused for any reason does not use up the address's day.
      await countRegistration(tx, { address: from.address, perDay: from.registrationsPerAddress }, now);
      return inserted(await tx.insert(users).values({ username, email, passwordHash, role: 'user', createdAt: now }).returning());
    });
  } catch (error) {
    // Two registrations raced past assertFree: the unique index decides, and the loser gets the same 409.
    if (isUniqueViolation(error)) {
      await assertFree(db, email, username);
      throw conflict('email_or_username_taken');
    }
    throw error;
  }
  const token = await createSession(db, row.id, now);
  await recordSignIn(db, { userId: row.id, address: from.address, device: from.device }, now);
  return { user: publicUser(row), token };
}

export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let at: unknown = error;
  while (at && typeof at === 'object' && !seen.has(at)) {
    seen.add(at);
    if ('code' in at && at.code === '23505') return true;
    at = 'cause' in at ? at.cause : undefined;
  }
  return false;
}

export async function login(db: Db, input: { email: string; password: string; rememberMe?: boolean }, now: Date, signals: SignInSignals): Promise<AuthResult> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email.trim()})`)
    .limit(1);
  if (!row || !row.passwordHash) {
    // Spend the same time as a real check (and be refused when the pool is full, as one would be) so the reply does not reveal whether the email exists.
    await signInHashing.verifyDecoy(input.password);
    throw unauthorized('login_failed');
  }
  if (!(await signInHashing.verify(row.passwordHash, input.password))) throw unauthorized('login_failed');
  // Only the right password learns of a suspension: nobody else finds out the account exists.
  if (row.suspendedAt) throw forbidden(suspendedMessage(row));
  // Coming back after a vacation's minimum ends it (GAME_RULES, Vacation).
  await endVacationsAtSignIn(db, row.id, now);
  const token = await createSession(db, row.id, now, input.rememberMe === true);
  await recordSignIn(db, { userId: row.id, ...signals }, now);
  return { user: publicUser(row), token };
}

/** What a player with a temporary password may still call. */
export const OPEN_WITH_TEMPORARY_PASSWORD: ReadonlySet<string> = new Set(['getMe', 'changePassword', 'logout']);

/** What a suspended player reads when signing in. */
export function suspendedMessage(row: Pick<UserRow, 'suspensionReason'>): Said {
  return row.suspensionReason ? say('account_suspended_because', { reason: row.suspensionReason }) : say('account_suspended');
}

/** The user of a live session, and its sitter in a sitting session; a suspended account has none (its sessions ended with the suspension). */
export async function currentSession(db: Db, token: string, now: Date): Promise<SessionHolder | null> {
  const session = await sessionForToken(db, token, now);
  return session && !session.user.suspendedAt ? session : null;
}

/**
 * Replaces the player's password after checking the current one; ends their other sessions, and clears
 * the duty to change a temporary password.
 */
export async function changePassword(db: Db, user: UserRow, sessionToken: string, input: { currentPassword: string; newPassword: string }): Promise<PublicUser> {
  if (!user.passwordHash || !(await signInHashing.verify(user.passwordHash, input.currentPassword))) {
    throw badRequest('current_password_wrong', [{ field: 'currentPassword', ...say('current_password_wrong') }]);
  }
  const weak = passwordError(input.newPassword);
  if (weak) throw badRequest(worded(weak), [{ field: 'newPassword', message: weak }]);
  if (input.newPassword === input.currentPassword) {
    throw badRequest('password_unchanged', [{ field: 'newPassword', ...say('password_unchanged') }]);
  }
  const [updated] = await db
    .update(users)
    // Admitted with the check above: never refused halfway through.
    .set({ passwordHash: await signInHashing.hashAdmitted(input.newPassword), mustChangePassword: false })
    .where(eq(users.id, user.id))
    .returning();
  // The account was deleted while the request ran, and its sessions with it.
  if (!updated) throw unauthorized();
  await changingAccounts(db, db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, sessionKey(sessionToken)))));
  return publicUser(updated);
}

/** Ends the session, and its event streams on every server process. */
export async function logout(db: Db, userId: PlayerId, token: string): Promise<void> {
  await changingAccounts(
    db,
    db.transaction(async (tx) => {
      await revokeSession(tx, token);
      await notifyPlayers(tx, [userId], { kind: 'signed_out', session: sessionKey(token) });
    }),
  );
}

export async function listUsers(db: Db): Promise<PublicUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt));
  return rows.map(publicUser);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
  return row ?? null;
}

/** The id of the account with `email`, for operator commands that name players by e-mail. */
export async function userIdByEmail(db: Db, email: string): Promise<PlayerId> {
  const row = await findUserByEmail(db, email);
  if (!row) throw notFound('no_user_with_email', { email });
  return row.id;
}

export async function setPassword(db: Db, email: string, password: string): Promise<PublicUser> {
  const weak = passwordError(password);
  if (weak) throw badRequest(worded(weak));
  const row = await findUserByEmail(db, email);
  if (!row) throw notFound('no_user_with_email', { email });
  const [updated] = await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, row.id)).returning();
  if (!updated) throw notFound('no_user_with_email', { email });
  // A reset password must lock out whoever held the old one.
  await changingAccounts(db, db.delete(sessions).where(eq(sessions.userId, row.id)));
  return publicUser(updated);
}
