// Discord (chat-platform) login: build the authorize address, exchange the code, link or create the account.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { users, type UserRow } from '../db/schema';
import { createSession } from '../auth/sessions';
import type { DiscordConfig } from '../config';
import { isUniqueViolation } from './accounts';

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
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== 'string') throw new DiscordLoginError('token_exchange_failed');
  return body.access_token;
}

async function fetchDiscordUser(config: DiscordConfig, accessToken: string): Promise<DiscordUser> {
  const response = await fetch(`${config.apiBase}/api/users/@me`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new DiscordLoginError('profile_failed');
  const body = (await response.json()) as Partial<DiscordUser>;
  if (typeof body.id !== 'string' || typeof body.username !== 'string') throw new DiscordLoginError('profile_failed');
  return { id: body.id, username: body.username, avatar: body.avatar ?? null, email: body.email ?? null, verified: body.verified };
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

/** Links the Discord account to an existing user (same id, or same verified email) or creates one. */
async function linkOrCreate(db: Db, profile: DiscordUser, now: Date): Promise<UserRow> {
  const [byDiscord] = await db.select().from(users).where(eq(users.discordId, profile.id)).limit(1);
  if (byDiscord) {
    const [updated] = await db.update(users).set({ discordAvatar: avatarUrl(profile) }).where(eq(users.id, byDiscord.id)).returning();
    return updated;
  }
  const email = profile.email && profile.verified !== false ? profile.email : null;
  if (email) {
    const [byEmail] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
    if (byEmail) {
      const [updated] = await db
        .update(users)
        .set({ discordId: profile.id, discordAvatar: avatarUrl(profile) })
        .where(eq(users.id, byEmail.id))
        .returning();
      return updated;
    }
  }
  const username = await freeUsername(db, profile.username);
  try {
    const [created] = await db
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
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DiscordLoginError('account_conflict');
    throw error;
  }
}

/** Runs the whole callback: code -> access token -> profile -> account -> our session token. */
export async function completeDiscordLogin(db: Db, config: DiscordConfig, code: string, now: Date): Promise<string> {
  let accessToken: string;
  let profile: DiscordUser;
  try {
    accessToken = await exchangeCode(config, code);
    profile = await fetchDiscordUser(config, accessToken);
  } catch (error) {
    if (error instanceof DiscordLoginError) throw error;
    throw new DiscordLoginError('provider_unreachable');
  }
  const user = await linkOrCreate(db, profile, now);
  if (user.suspendedAt) throw new DiscordLoginError('suspended');
  return createSession(db, user.id, now);
}
