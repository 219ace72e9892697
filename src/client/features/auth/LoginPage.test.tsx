// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import LoginPage from './LoginPage';
import { authStatusAtom, sessionStore, signOutAtom } from '../../state/session';
import { renderWithProviders } from '../../test/render';
import { reply, setupFakeServer } from '../../test/fakeServer';

const server = setupFakeServer();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** On the app's own store, whose session the guards read. */
function renderLogin(state?: unknown) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: { pathname: '/login', state }, store: sessionStore, user: null },
  );
}

/** A store of its own: the sign-in options are asked once per page load. */
function renderLoginAlone() {
  return renderWithProviders(<LoginPage />, { route: '/login', user: null });
}

const USER = { id: 'u1', username: 'Ubbe', email: 'u@x.no', role: 'user', discordAvatar: null, createdAt: '' };

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'u@x.no' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
  fireEvent.click(screen.getByLabelText('Remember me'));
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  server.on('GET /api/auth/options', { discord: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('goes back to the page the guard remembered', async () => {
    server.on('POST /api/auth/login', { token: 't', user: USER });
    renderLogin({ from: '/game/map?x=1' });
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/game/map?x=1'));
    expect(server.requests('POST', '/api/auth/login').map((call) => call.body)).toEqual([{ email: 'u@x.no', password: 'Secret#123', rememberMe: true }]);
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
  });

  it('goes to /dashboard by default', async () => {
    server.on('POST /api/auth/login', { token: 't', user: USER });
    renderLogin();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('shows the server message, else the fallback', async () => {
    // The first try is refused with the server's words; the second never reaches it.
    let tries = 0;
    server.on('POST /api/auth/login', () => {
      tries++;
      if (tries === 1) return reply(401, { error: 'Invalid email or password' });
      throw new TypeError('Failed to fetch');
    });
    renderLogin();
    fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Login failed. Please check your credentials.'),
    );
  });

  it('toggles the password visibility', () => {
    renderLogin();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('links to forgot password and register', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it('offers the Discord login when the server has it configured', async () => {
    renderLoginAlone();
    expect(await screen.findByRole('button', { name: 'Login with Discord' })).toBeTruthy();
    expect(server.requests('GET', '/api/auth/options')).toHaveLength(1);
  });

  it('hides the Discord login when the server has none, or cannot say', async () => {
    server.on('GET /api/auth/options', { discord: false });
    renderLoginAlone();
    await waitFor(() => expect(server.requests('GET', '/api/auth/options')).toHaveLength(1));
    // Let the answer land, then the page must still offer only the e-mail login.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: 'Login with Discord' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    cleanup();

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('GET /api/auth/options', () => {
      throw new TypeError('Failed to fetch');
    });
    renderLoginAlone();
    await waitFor(() => expect(server.requests('GET', '/api/auth/options')).toHaveLength(2));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: 'Login with Discord' })).toBeNull();
  });
});
