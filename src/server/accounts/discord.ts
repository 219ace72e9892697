// Discord (chat-platform) login: build the authorize address, exchange the code, link or create the account.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { oauthStates, users, type UserRow } from '../db/schema';
import { inserted } from '../db/rows';
import { createSession } from './sessions';
import { endVacationsAtSignIn } from '../vacation/vacation';
import type { DiscordConfig } from '../config';
import { isUniqueViolation } from './accounts';
import type { PlayerId } from '../../rules/ids';
import { recordSignIn, type SignInSignals } from '../fair-play/signals';

export function newOAuthState(): string {
  return randomBytes(18).toString('base64url');
}

export function authorizeUrl(config: DiscordConfig, state: string): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: 'identify email',
    state,
    prompt: 'none',
  });
  return `${config.apiBase}/oauth2/authorize?${params}`;
}

interface DiscordUser {
  id: string;
  username: string;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
}

/** Whether a parsed JSON value is an object whose fields can be looked at one by one. */
function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

export class DiscordLoginError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

async function exchangeCode(config: DiscordConfig, code: string): Promise<string> {
  const response = await fetch(`${config.apiBase}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: config.redirectUri,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new DiscordLoginError('token_exchange_failed');
  const body: unknown = await response.json();
  if (!isObject(body) || !('access_token' in body) || typeof body.access_token !== 'string') throw new DiscordLoginError('token_exchange_failed');
  return body.access_token;
}

async function fetchDiscordUser(config: DiscordConfig, accessToken: string): Promise<DiscordUser> {
  const response = await fetch(`${config.apiBase}/api/users/@me`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new DiscordLoginError('profile_failed');
  const body: unknown = await response.json();
  if (!isObject(body) || !('id' in body) || typeof body.id !== 'string' || !('username' in body) || typeof body.username !== 'string') {
    throw new DiscordLoginError('profile_failed');
  }
  // The rest is optional: a field of another type counts as missing.
  const avatar = 'avatar' in body && typeof body.avatar === 'string' ? body.avatar : null;
  const email = 'email' in body && typeof body.email === 'string' ? body.email : null;
  const verified = 'verified' in body && typeof body.verified === 'boolean' ? body.verified : undefined;
  return { id: body.id, username: body.username, avatar, email, verified };
}

/** A username that fits our rules (3-20 of letters, digits, underscore) and is not taken yet. */
async function freeUsername(db: Db, wanted: string): Promise<string> {
  let base = wanted.replace(/[^A-Za-z0-9_]/g, '').slice(0, 16);
  if (base.length < 3) base = `viking${base}`.slice(0, 16);
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base.slice(0, 15)}${Math.floor(Math.random() * 10_000)}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${candidate})`).limit(1);
    if (!taken) return candidate;
  }
  return `viking${randomBytes(5).toString('hex')}`.slice(0, 20);
}

/** The avatar as a full CDN address, so the client can show it without knowing the Discord id. */
function avatarUrl(profile: DiscordUser): string | null {
  return profile.avatar ? `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.png` : null;
}

/** What a sign-in with Discord may end in besides an account: a readable reason code for the client page. */
export const LINK_REQUIRED = 'link_required';

/**
 * The account a Discord profile signs into: the one it is linked to, else a new one. A profile whose
 * e-mail belongs to an existing account never signs into it: that player must sign in with the password
 * and link Discord while signed in (a provider's e-mail is not proof of owning our account). An e-mail
 * Discord has not verified is not used at all.
 */
async function accountFor(db: Db, profile: DiscordUser, now: Date): Promise<UserRow> {
  const [byDiscord] = await db.select().from(users).where(eq(users.discordId, profile.id)).limit(1);
  if (byDiscord) {
    const [updated] = await db.update(users).set({ discordAvatar: avatarUrl(profile) }).where(eq(users.id, byDiscord.id)).returning();
    // Gone since the select (the account was deleted): the profile is linked to no account any more, so it gets a new one.
    if (updated) return updated;
  }
  const email = profile.email && profile.verified === true ? profile.email : null;
  if (email) {
    const [byEmail] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
    if (byEmail) throw new DiscordLoginError(LINK_REQUIRED);
  }
  const username = await freeUsername(db, profile.username);
  try {
    const created = await db
      .insert(users)
      .values({
        username,
        email: email ?? `discord-${profile.id}@users.noreply.invalid`,
        passwordHash: null,
        role: 'user',
        discordId: profile.id,
        discordAvatar: avatarUrl(profile),
        createdAt: now,
      })
      .returning();
    return inserted(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DiscordLoginError('account_conflict');
    throw error;
  }
}

/** How long a started sign-in may take, and how long its one-time code lives. */
const STATE_MINUTES = 10;
const CODE_SECONDS = 60;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** What a Discord sign-in is started for: a login (nobody yet) or a link to the signed-in player's account. */
export interface DiscordStart {
  purpose: 'login' | 'link';
  userId: PlayerId | null;
}

/** Starts a sign-in (anyone) or a link (a signed-in player); returns the state for the cookie and the provider's address. */
export async function startDiscord(db: Db, config: DiscordConfig, { purpose, userId }: DiscordStart, now: Date): Promise<{ state: string; url: string }> {
  const state = newOAuthState();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values({ stateHash: hash(state), purpose, userId, expiresAt: new Date(now.getTime() + STATE_MINUTES * 60_000) });
  return { state, url: authorizeUrl(config, state) };
}

async function exchange(config: DiscordConfig, code: string): Promise<DiscordUser> {
  try {
    return await fetchDiscordUser(config, await exchangeCode(config, code));
  } catch (error) {
    if (error instanceof DiscordLoginError) throw error;
    throw new DiscordLoginError('provider_unreachable');
  }
}

export type DiscordOutcome = { kind: 'code'; code: string } | { kind: 'linked' };

/** What Discord's callback brings back: the state this browser started (its cookie) and the provider's code. */
export interface DiscordCallback {
  state: string;
  code: string;
}

/**
 * The callback: the state must be one this browser started (its cookie) and still open. A login ends
 * with a one-time code bound to that state; a link attaches the Discord account to the player who asked.
 */
export async function finishDiscord(db: Db, config: DiscordConfig, { state, code }: DiscordCallback, now: Date): Promise<DiscordOutcome> {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateHash, hash(state)));
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.codeHash) throw new DiscordLoginError('invalid_state');
  const profile = await exchange(config, code);
  if (row.purpose === 'link') {
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.discordId, profile.id)).limit(1);
    if (other && other.id !== row.userId) throw new DiscordLoginError('discord_in_use');
    await db.update(users).set({ discordId: profile.id, discordAvatar: avatarUrl(profile) }).where(eq(users.id, row.userId!));
    await db.delete(oauthStates).where(eq(oauthStates.stateHash, row.stateHash));
    return { kind: 'linked' };
  }
  const user = await accountFor(db, profile, now);
  if (user.suspendedAt) throw new DiscordLoginError('suspended');
  const oneTime = randomBytes(24).toString('base64url');
  await db
    .update(oauthStates)
    .set({ userId: user.id, codeHash: hash(oneTime), expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000) })
    .where(eq(oauthStates.stateHash, row.stateHash));
  return { kind: 'code', code: oneTime };
}

/** What the browser brings to trade a Discord sign-in for a session: its state cookie, the one-time code, and fair play's signals. */
export interface DiscordRedeem extends SignInSignals {
  state: string | null;
  code: string;
}

/** Trades the one-time code for a session, once, only with the state cookie of the browser that signed in. */
export async function redeemDiscordCode(db: Db, { state, code, ...signals }: DiscordRedeem, now: Date): Promise<{ user: UserRow; token: string }> {
  if (!state) throw new DiscordLoginError('invalid_state');
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hash(state)), eq(oauthStates.codeHash, hash(code))))
    .returning();
  if (!row || !row.userId || row.expiresAt.getTime() <= now.getTime()) throw new DiscordLoginError('invalid_code');
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.suspendedAt) throw new DiscordLoginError('invalid_code');
  // Coming back after a vacation's minimum ends it, whichever way the player signs in.
  await endVacationsAtSignIn(db, user.id, now);
  const token = await createSession(db, user.id, now);
  await recordSignIn(db, { userId: user.id, ...signals }, now);
  return { user, token };
}
