// Routes of the auth tag: register, login, me, logout, password change, and the Discord sign-in (redirect, callback, one-time code) and link.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { Redirect, type Handlers } from '../operations';
import * as accounts from './accounts';
import { DiscordLoginError, finishDiscord, redeemDiscordCode, startDiscord } from './discord';
import { badRequest, GameError, say } from '../errors';
import { DEVICE_COOKIE, deviceCookie, deviceOf } from '../fair-play/device';
import { configureHashing } from './passwords';
import { hashingBusyRetryAfter } from './hash-pool';

const STATE_COOKIE = 'discord_oauth_state';
const COOKIE_PATH = '/api/auth/discord';

/** A cookie of the request; a value that does not decode (a hand-made cookie) counts as absent. */
function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** A sign-in's hashing: refused with 503 when the hashing pool's line is full, the reply then says when to come back (Retry-After). */
async function hashing<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = hashingBusyRetryAfter(error);
    if (seconds !== null) reply.header('retry-after', String(seconds));
    throw error;
  }
}

export function authRoutes(ctx: AppContext): Handlers {
  const { db, clock, config } = ctx;
  // Argon2 runs on a bounded pool of threads of its own (hash-pool.ts), sized by HASH_POOL.
  configureHashing(config.hashPool);
  // Secure only over HTTPS: on a plain-http LAN a Secure cookie would never come back.
  const secure = config.https ? '; Secure' : '';

  const setState = (reply: FastifyReply, state: string) =>
    reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`);
  const clearState = (reply: FastifyReply) => reply.header('set-cookie', `${STATE_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
  /**
   * Fair play's signals of a sign-in: the client's address (as TRUST_PROXY settles `request.ip`) and the browser's
   * device cookie; `given` hands a browser without one its new name, once the sign-in succeeded.
   */
  const signalsOf = (request: FastifyRequest) => {
    const device = deviceOf(readCookie(request, DEVICE_COOKIE));
    const given = (reply: FastifyReply) => {
      if (device.fresh) reply.header('set-cookie', deviceCookie(device.id, config.https));
    };
    return { signals: { address: request.ip, device: device.id }, given };
  };
  /** Back to the client's callback page; never with a session token in the address. */
  const toClient = (params: Record<string, string>) => new Redirect(`/auth/callback?${new URLSearchParams(params)}`);

  return {
    // Sign-in calls are limited per address and per account before they get here (x-rate-limit in openapi.yaml).
    async register({ body, request, reply }) {
      const { signals, given } = signalsOf(request);
      const result = await hashing(reply, () => accounts.register(db, body, clock.now(), { ...signals, registrationsPerAddress: config.registrationsPerAddress }));
      given(reply);
      return result;
    },

    async login({ body, request, reply }) {
      const { signals, given } = signalsOf(request);
      const result = await hashing(reply, () => accounts.login(db, body, clock.now(), signals));
      given(reply);
      return result;
    },

    async getAuthOptions() {
      return { discord: config.discord !== null };
    },

    async changePassword({ user, request, reply, body }) {
      return { user: await hashing(reply, () => accounts.changePassword(db, user, request.sessionToken ?? '', body)) };
    },

    async getMe({ user, sitter }) {
      // In a sitting session: the owner's account, and who sits in it.
      return { user: accounts.publicSessionUser({ user, sitter }) };
    },

    async setMyLocale({ user, body }) {
      await accounts.setLocale(db, user.id, body.locale);
    },

    async logout({ request, user }) {
      if (!request.sessionToken) return;
      await accounts.logout(db, user.id, request.sessionToken);
    },

    async discordRedirect({ reply }) {
      if (!config.discord) return toClient({ error: 'not_configured' });
      const { state, url } = await startDiscord(db, config.discord, { purpose: 'login', userId: null }, clock.now());
      setState(reply, state);
      return new Redirect(url);
    },

    async startDiscordLink({ user, reply }) {
      if (!config.discord) throw new GameError(409, say('discord_not_set_up'));
      const { state, url } = await startDiscord(db, config.discord, { purpose: 'link', userId: user.id }, clock.now());
      setState(reply, state);
      return { url };
    },

    async discordCallback({ request, reply, query }) {
      if (!config.discord) return toClient({ error: 'not_configured' });
      if (query.error) {
        clearState(reply);
        return toClient({ error: query.error.slice(0, 100) });
      }
      if (!query.code) return toClient({ error: 'missing_code' });
      // The state cookie ties the callback to a sign-in this browser started (no login CSRF).
      const expected = readCookie(request, STATE_COOKIE);
      if (!expected || expected !== query.state) return toClient({ error: 'invalid_state' });
      try {
        const outcome = await finishDiscord(db, config.discord, { state: expected, code: query.code }, clock.now());
        if (outcome.kind === 'linked') {
          clearState(reply);
          return toClient({ linked: '1' });
        }
        // The cookie stays: only this browser can redeem the code.
        return toClient({ code: outcome.code });
      } catch (error) {
        if (!(error instanceof DiscordLoginError)) throw error;
        clearState(reply);
        return toClient({ error: error.reason });
      }
    },

    async redeemDiscordCode({ request, reply, body }) {
      try {
        const { signals, given } = signalsOf(request);
        const { user, token } = await redeemDiscordCode(db, { state: readCookie(request, STATE_COOKIE), code: body.code, ...signals }, clock.now());
        clearState(reply);
        given(reply);
        return { user: accounts.publicUser(user), token };
      } catch (error) {
        if (error instanceof DiscordLoginError) throw badRequest('discord_sign_in_expired');
        throw error;
      }
    },
  };
}
