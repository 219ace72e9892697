// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import LoginPage from './LoginPage';
import { ApiFailure } from '../../api/client';
import { authStatusAtom, sessionStore, signOutAtom } from '../../state/session';
import { renderWithProviders } from '../../test/render';

const login = vi.fn();
const getAuthOptions = vi.fn();
vi.mock('../../api/auth', () => ({
  login: (...args: unknown[]) => login(...args),
  getAuthOptions: () => getAuthOptions(),
  startDiscordLogin: vi.fn(),
}));

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
  login.mockReset();
  getAuthOptions.mockReset();
  getAuthOptions.mockResolvedValue({ discord: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('goes back to the page the guard remembered', async () => {
    login.mockResolvedValue({ token: 't', user: USER });
    renderLogin({ from: '/game/map?x=1' });
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/game/map?x=1'));
    expect(login).toHaveBeenCalledWith({ email: 'u@x.no', password: 'Secret#123', rememberMe: true });
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
  });

  it('goes to /dashboard by default', async () => {
    login.mockResolvedValue({ token: 't', user: USER });
    renderLogin();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('shows the server message, else the fallback', async () => {
    login.mockRejectedValueOnce(new ApiFailure(401, { error: 'Invalid email or password' }));
    login.mockRejectedValueOnce(new TypeError('Failed to fetch'));
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
    expect(getAuthOptions).toHaveBeenCalledTimes(1);
  });

  it('hides the Discord login when the server has none, or cannot say', async () => {
    getAuthOptions.mockResolvedValueOnce({ discord: false });
    renderLoginAlone();
    await waitFor(() => expect(getAuthOptions).toHaveBeenCalledTimes(1));
    // Let the answer land, then the page must still offer only the e-mail login.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: 'Login with Discord' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    cleanup();

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    getAuthOptions.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderLoginAlone();
    await waitFor(() => expect(getAuthOptions).toHaveBeenCalledTimes(2));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: 'Login with Discord' })).toBeNull();
  });
});
