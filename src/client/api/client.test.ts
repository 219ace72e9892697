// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, apiError, setUnauthorizedHandler } from './client';
import { fetchMe, login } from './auth';
import { authStatusAtom, sessionStore, signInAtom, signOutAtom, tokenAtom, userAtom } from '../state/session';

const USER = { id: 'u1', username: 'Floki', email: 'f@x.no', role: 'user' as const, discordAvatar: null, createdAt: '' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/game/village');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiError', () => {
  it('prefers the server error field', () => {
    expect(apiError(new ApiFailure(401, { error: 'Invalid email or password' }), 'fallback')).toBe('Invalid email or password');
    expect(apiError({ error: 'Alliance tag taken' }, 'fallback')).toBe('Alliance tag taken');
  });

  it('falls back for network failures and bodies without a message', () => {
    expect(apiError(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(apiError(new ApiFailure(500, 'Internal'), 'fallback')).toBe('fallback');
    expect(apiError(new ApiFailure(400, { error: '' }), 'fallback')).toBe('fallback');
    expect(apiError(undefined, 'fallback')).toBe('fallback');
  });
});

describe('the typed client', () => {
  it('sends the stored token as a bearer header', async () => {
    sessionStore.set(signInAtom, { token: 'secret', user: USER });
    fetchMock.mockResolvedValue(json(200, { user: USER }));
    await expect(fetchMe()).resolves.toEqual(USER);
    const request = fetchMock.mock.calls[0][0];
    expect(request.headers.get('Authorization')).toBe('Bearer secret');
    expect(new URL(request.url).pathname).toBe('/api/auth/me');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(json(200, { user: USER, token: 'new' }));
    await login({ email: 'f@x.no', password: 'pw' });
    const request = fetchMock.mock.calls[0][0];
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ email: 'f@x.no', password: 'pw' });
  });

  it('throws ApiFailure carrying the server message', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'Too many attempts' }));
    const failure = await login({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(429);
    expect(apiError(failure, 'fallback')).toBe('Too many attempts');
  });

  it('on 401 clears the token and user and goes to /login', async () => {
    const toLogin = vi.fn();
    const release = setUnauthorizedHandler(toLogin);
    sessionStore.set(signInAtom, { token: 'old', user: USER });
    fetchMock.mockResolvedValue(json(401, { error: 'Session expired' }));
    await expect(fetchMe()).rejects.toBeInstanceOf(ApiFailure);
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.get(authStatusAtom)).toBe('anonymous');
    expect(toLogin).toHaveBeenCalledTimes(1);
    release();
  });

  it('does not navigate on 401 when already on /login', async () => {
    const toLogin = vi.fn();
    const release = setUnauthorizedHandler(toLogin);
    window.history.replaceState(null, '', '/login');
    fetchMock.mockResolvedValue(json(401, { error: 'Invalid email or password' }));
    await expect(login({ email: 'a@b.c', password: 'x' })).rejects.toBeInstanceOf(ApiFailure);
    expect(toLogin).not.toHaveBeenCalled();
    release();
  });
});
