// Routes of the auth tag: register, login, me, logout and the Discord redirect pair.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { Redirect, type Handlers } from '../operations';
import * as accounts from '../services/accounts';
import { authorizeUrl, completeDiscordLogin, DiscordLoginError, newOAuthState } from '../services/discord';
import { tooManyRequests } from '../errors';

const STATE_COOKIE = 'discord_oauth_state';

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function callbackRedirect(reply: FastifyReply, params: Record<string, string>): Redirect {
  reply.header('set-cookie', `${STATE_COOKIE}=; Path=/api/auth/discord; HttpOnly; SameSite=Lax; Max-Age=0`);
  return new Redirect(`/auth/callback?${new URLSearchParams(params)}`);
}

export function authRoutes(ctx: AppContext): Handlers {
  const { db, clock, config } = ctx;

  function limit(request: FastifyRequest, purpose: string) {
    const wait = ctx.authLimiter.hit(`${purpose}:${request.ip}`);
    if (wait > 0) throw tooManyRequests(`Too many attempts. Please wait ${wait} seconds and try again.`);
  }

  return {
    async register({ request, body }) {
      limit(request, 'register');
      return accounts.register(db, body, clock.now());
    },

    async login({ request, body }) {
      limit(request, 'login');
      return accounts.login(db, body, clock.now());
    },

    async getAuthOptions() {
      return { discord: config.discord !== null };
    },

    async changePassword({ user, request, body }) {
      return { user: await accounts.changePassword(db, user, request.sessionToken ?? '', body) };
    },

    async getMe({ user }) {
      return { user: accounts.publicUser(user) };
    },

    async logout({ request, user }) {
      if (!request.sessionToken) return;
      await accounts.logout(db, user.id, request.sessionToken);
    },

    async discordRedirect({ reply }) {
      if (!config.discord) return callbackRedirect(reply, { error: 'not_configured' });
      const state = newOAuthState();
      reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=/api/auth/discord; HttpOnly; SameSite=Lax; Max-Age=600`);
      return new Redirect(authorizeUrl(config.discord, state));
    },

    async discordCallback({ request, reply, query }) {
      if (!config.discord) return callbackRedirect(reply, { error: 'not_configured' });
      if (query.error) return callbackRedirect(reply, { error: query.error.slice(0, 100) });
      if (!query.code) return callbackRedirect(reply, { error: 'missing_code' });
      // The state cookie ties the callback to a login this browser started (no login CSRF).
      const expected = readCookie(request, STATE_COOKIE);
      if (!expected || expected !== query.state) return callbackRedirect(reply, { error: 'invalid_state' });
      try {
        const token = await completeDiscordLogin(db, config.discord, query.code, clock.now());
        return callbackRedirect(reply, { token });
      } catch (error) {
        if (error instanceof DiscordLoginError) return callbackRedirect(reply, { error: error.reason });
        throw error;
      }
    },
  };
}
