// Discord login against a local OAuth2 provider on 127.0.0.1: redirect, code exchange, link or create, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, newPlayer, startTestApp, type TestApp } from './harness';
import { startOAuthProvider, type OAuthProvider } from '../support/oauth-provider';

let provider: OAuthProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOAuthProvider({ id: '1001', username: 'Ragnar Lothbrok', avatar: 'abc123', email: 'ragnar@kattegat.example', verified: true });
  t = await startTestApp({
    discord: {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: 'http://127.0.0.1:3999/api/auth/discord/callback',
      apiBase: provider.baseUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Follows the browser's path: our redirect -> provider authorize -> our callback, carrying the state cookie. */
async function discordLogin(): Promise<URLSearchParams> {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord' });
  expect(start.statusCode).toBe(302);
  const authorize = start.headers.location as string;
  expect(authorize.startsWith(`${provider.baseUrl}/oauth2/authorize?`)).toBe(true);
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') as string);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(callback.headers.location as string, 'http://x');
  expect(landing.pathname).toBe('/auth/callback');
  return landing.searchParams;
}

describe('Discord login', () => {
  it('creates an account on first login and keeps the avatar', async () => {
    const params = await discordLogin();
    const token = params.get('token');
    expect(token).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ username: 'RagnarLothbrok', email: 'ragnar@kattegat.example', discordAvatar: 'https://cdn.discordapp.com/avatars/1001/abc123.png', role: 'user' });
  });

  it('signs the same person into the same account next time', async () => {
    const first = await discordLogin();
    provider.user = { ...provider.user, avatar: 'newavatar' };
    const second = await discordLogin();
    const who = async (token: string | null) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json().user;
    const a = await who(first.get('token'));
    const b = await who(second.get('token'));
    expect(b.id).toBe(a.id);
    expect(b.discordAvatar).toBe('https://cdn.discordapp.com/avatars/1001/newavatar.png');
  });

  it('links to an existing account with the same verified email', async () => {
    const player = await registerPlayer(t.app, newPlayer('lnk'));
    provider.user = { id: '2002', username: 'Lagertha', avatar: null, email: player.body.email, verified: true };
    const params = await discordLogin();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${params.get('token')}` } });
    expect(me.json().user.id).toBe(player.user.id);
  });

  it('refuses a callback without the state cookie (login CSRF)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/discord/callback?code=abc&state=forged' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?error=invalid_state');
  });

  it('passes the provider error on, and a bad code ends in an error not a 500', async () => {
    const denied = await t.app.inject({ method: 'GET', url: '/api/auth/discord/callback?error=access_denied' });
    expect(denied.headers.location).toBe('/auth/callback?error=access_denied');
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord' });
    const cookie = String(start.headers['set-cookie']).split(';')[0];
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const bad = await t.app.inject({ method: 'GET', url: `/api/auth/discord/callback?code=wrong&state=${state}`, headers: { cookie } });
    expect(bad.headers.location).toBe('/auth/callback?error=token_exchange_failed');
  });
});

describe('Discord not configured', () => {
  it('sends the browser back with error=not_configured', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/discord' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth/callback?error=not_configured');
    } finally {
      await plain.close();
    }
  });
});
