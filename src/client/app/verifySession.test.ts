// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyStoredSession } from './verifySession';
import { connectApiToSession, setLoginRedirect } from './apiSession';
import { authStatusAtom, reloadSessionFromStorage, sessionStore, signOutAtom, tokenAtom, userAtom } from '../state/session';
import { reply, setupFakeServer } from '../test/fakeServer';

const USER = { id: 'u1', username: 'Ivar', email: 'i@x.no', role: 'admin', discordAvatar: null, createdAt: '' };
const server = setupFakeServer();
let disconnect: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  window.history.replaceState(null, '', '/');
  disconnect = connectApiToSession();
});
afterEach(() => {
  disconnect();
});

describe('verifyStoredSession', () => {
  it('is anonymous without a stored token and asks nothing', async () => {
    reloadSessionFromStorage();
    await verifyStoredSession();
    expect(sessionStore.get(authStatusAtom)).toBe('anonymous');
    expect(server.calls).toHaveLength(0);
  });

  it('keeps a token the server accepts and refreshes the user', async () => {
    localStorage.setItem('token', 'good');
    reloadSessionFromStorage();
    expect(sessionStore.get(authStatusAtom)).toBe('loading');
    server.on('GET /api/auth/me', { user: USER });
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
    server.on('GET /api/auth/me', reply(401, { error: 'Invalid token' }));
    await verifyStoredSession();
    expect(sessionStore.get(authStatusAtom)).toBe('anonymous');
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
    release();
  });
});
