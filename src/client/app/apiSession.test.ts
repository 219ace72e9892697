// @vitest-environment happy-dom
// The API client tied to the session: bearer token from the stored session, and what a 401 does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApiToSession, setLoginRedirect } from './apiSession';
import { fetchMe, login } from '../api/auth';
import { ApiFailure } from '../api/client';
import { authStatusAtom, reloadSessionFromStorage, sessionStore, signInAtom, signOutAtom, tokenAtom, userAtom } from '../state/session';
import { reply, setupFakeServer } from '../test/fakeServer';

const USER = { id: 'u1', username: 'Floki', email: 'f@x.no', role: 'user' as const, discordAvatar: null, createdAt: '' };

const server = setupFakeServer();
const toLogin = vi.fn<() => void>();
let disconnect: () => void = () => undefined;
let releaseRedirect: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  toLogin.mockReset();
  window.history.replaceState(null, '', '/game/village');
  disconnect = connectApiToSession();
  releaseRedirect = setLoginRedirect(toLogin);
});
afterEach(() => {
  releaseRedirect();
  disconnect();
});

describe('the API client on the stored session', () => {
  it('sends the stored token as a bearer header', async () => {
    sessionStore.set(signInAtom, { token: 'secret', user: USER });
    server.on('GET /api/auth/me', { user: USER });
    await expect(fetchMe()).resolves.toEqual(USER);
    expect(server.calls[0].request.headers.get('Authorization')).toBe('Bearer secret');
  });

  it('sends no Authorization header when signed out', async () => {
    server.on('POST /api/auth/login', { user: USER, token: 'new' });
    await login({ email: 'f@x.no', password: 'pw' });
    expect(server.calls[0].request.headers.get('Authorization')).toBeNull();
  });

  it('on 401 clears the token and user and goes to /login', async () => {
    sessionStore.set(signInAtom, { token: 'old', user: USER });
    server.on('GET /api/auth/me', reply(401, { error: 'Session expired' }));
    await expect(fetchMe()).rejects.toBeInstanceOf(ApiFailure);
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.get(authStatusAtom)).toBe('anonymous');
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/auth/discord/callback'])('does not navigate on 401 from %s, which shows its own message', async (page) => {
    window.history.replaceState(null, '', page);
    sessionStore.set(signInAtom, { token: 'old', user: USER });
    server.on('POST /api/auth/login', reply(401, { error: 'Invalid email or password' }));
    await expect(login({ email: 'a@b.c', password: 'x' })).rejects.toBeInstanceOf(ApiFailure);
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('during the startup token check a 401 only drops the token', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('user', JSON.stringify(USER));
    reloadSessionFromStorage();
    expect(sessionStore.get(authStatusAtom)).toBe('loading');
    server.on('GET /api/auth/me', reply(401, { error: 'Invalid token' }));
    await expect(fetchMe()).rejects.toBeInstanceOf(ApiFailure);
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
  });
});
