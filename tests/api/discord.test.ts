// Discord login against a local OAuth2 provider on 127.0.0.1: redirect, code exchange, one-time code, linking, errors.
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
async function discordFlow(startUrl = '/api/auth/discord', startHeaders: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') {
  const start = await t.app.inject({ method, url: startUrl, headers: startHeaders });
  const authorize = method === 'GET' ? (start.headers.location as string) : (start.json().url as string);
  expect(authorize.startsWith(`${provider.baseUrl}/oauth2/authorize?`)).toBe(true);
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') as string);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(callback.headers.location as string, 'http://x');
  expect(landing.pathname).toBe('/auth/callback');
  return { params: landing.searchParams, cookie };
}

/** A whole sign-in: the flow, then the one-time code traded for a session with the browser's cookie. */
async function discordLogin(): Promise<{ token: string; user: { id: string } }> {
  const { params, cookie } = await discordFlow();
  expect(params.get('token')).toBeNull();
  const code = params.get('code');
  expect(code, params.toString()).toBeTruthy();
  const redeemed = await t.app.inject({ method: 'POST', url: '/api/auth/discord/redeem', headers: { cookie }, payload: { code } });
  expect(redeemed.statusCode).toBe(200);
  return redeemed.json();
}

const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json().user;

describe('Discord login', () => {
  it('creates an account on first login and keeps the avatar', async () => {
    const { token } = await discordLogin();
    expect(await me(token)).toMatchObject({ username: 'RagnarLothbrok', email: 'ragnar@kattegat.example', discordAvatar: 'https://cdn.discordapp.com/avatars/1001/abc123.png', role: 'user' });
  });

  it('signs the same person into the same account next time', async () => {
    const first = await discordLogin();
    provider.user = { ...provider.user, avatar: 'newavatar' };
    const second = await discordLogin();
    const a = await me(first.token);
    const b = await me(second.token);
    expect(b.id).toBe(a.id);
    expect(b.discordAvatar).toBe('https://cdn.discordapp.com/avatars/1001/newavatar.png');
  });

  it('hands out a one-time code, not a session: only the browser with the state cookie can trade it, once', async () => {
    provider.user = { id: '1001', username: 'Ragnar Lothbrok', avatar: 'abc123', email: 'ragnar@kattegat.example', verified: true };
    const { params, cookie } = await discordFlow();
    const code = params.get('code');
    const stranger = await t.app.inject({ method: 'POST', url: '/api/auth/discord/redeem', payload: { code } });
    expect(stranger.statusCode).toBe(400);
    const forged = await t.app.inject({ method: 'POST', url: '/api/auth/discord/redeem', headers: { cookie: 'discord_oauth_state=forged' }, payload: { code } });
    expect(forged.statusCode).toBe(400);
    const mine = await t.app.inject({ method: 'POST', url: '/api/auth/discord/redeem', headers: { cookie }, payload: { code } });
    expect(mine.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/discord/redeem', headers: { cookie }, payload: { code } });
    expect(again.statusCode).toBe(400);
  });

  it('never signs into an existing account by its e-mail: the owner must link Discord while signed in', async () => {
    const player = await registerPlayer(t.app, newPlayer('lnk'));
    provider.user = { id: '2002', username: 'Lagertha', avatar: null, email: player.body.email, verified: true };
    const refused = await discordFlow();
    expect(refused.params.get('error')).toBe('link_required');
    // Signed in with the password, the owner links Discord; from then on Discord signs into that account.
    const linked = await discordFlow('/api/auth/discord/link', player.auth, 'POST');
    expect(linked.params.get('linked')).toBe('1');
    const { token } = await discordLogin();
    expect((await me(token)).id).toBe(player.user.id);
  });

  it('does not trust an e-mail Discord has not verified', async () => {
    const player = await registerPlayer(t.app, newPlayer('unv'));
    for (const verified of [false, undefined]) {
      provider.user = { id: `300${String(verified)}`, username: 'Floki', avatar: null, email: player.body.email, verified: verified as boolean };
      const { token } = await discordLogin();
      const account = await me(token);
      expect(account.id).not.toBe(player.user.id);
      expect(account.email).toMatch(/@users\.noreply\.invalid$/);
    }
  });

  it('refuses a callback without the state cookie (login CSRF), and a broken cookie is no 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/discord/callback?code=abc&state=forged' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?error=invalid_state');
    const broken = await t.app.inject({ method: 'GET', url: '/api/auth/discord/callback?code=abc&state=x', headers: { cookie: 'discord_oauth_state=%E0%A4%A' } });
    expect(broken.headers.location).toBe('/auth/callback?error=invalid_state');
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
