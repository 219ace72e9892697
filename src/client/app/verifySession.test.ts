// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyStoredSession } from './verifySession';
import { connectApiToSession, setLoginRedirect } from './apiSession';
import { authStatusAtom, reloadSessionFromStorage, sessionStore, signOutAtom, tokenAtom, userAtom } from '../state/session';

const USER = { id: 'u1', username: 'Ivar', email: 'i@x.no', role: 'admin', discordAvatar: null, createdAt: '' };
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
let disconnect: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/');
  disconnect = connectApiToSession();
});
afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

describe('verifyStoredSession', () => {
  it('is anonymous without a stored token and asks nothing', async () => {
    reloadSessionFromStorage();
    await verifyStoredSession();
    expect(sessionStore.get(authStatusAtom)).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a token the server accepts and refreshes the user', async () => {
    localStorage.setItem('token', 'good');
    reloadSessionFromStorage();
    expect(sessionStore.get(authStatusAtom)).toBe('loading');
    fetchMock.mockResolvedValue(Response.json({ user: USER }));
    await verifyStoredSession();
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
    expect(sessionStore.get(userAtom)?.username).toBe('Ivar');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').role).toBe('admin');
  });

  it('drops a rejected token without leaving the public page', async () => {
    const toLogin = vi.fn();
    const release = setLoginRedirect(toLogin);
    localStorage.setItem('token', 'stale');
    localStorage.setItem('user', JSON.stringify(USER));
    reloadSessionFromStorage();
    fetchMock.mockResolvedValue(Response.json({ error: 'Invalid token' }, { status: 401 }));
    await verifyStoredSession();
    expect(sessionStore.get(authStatusAtom)).toBe('anonymous');
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
    release();
  });
});
