// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import CallbackPage from './CallbackPage';
import { authStatusAtom, sessionStore, signOutAtom, tokenAtom } from '../../state/session';

const redeemDiscordCode = vi.fn();
const startDiscordLogin = vi.fn();
vi.mock('../../api/auth', () => ({
  redeemDiscordCode: (code: string) => redeemDiscordCode(code),
  startDiscordLogin: () => startDiscordLogin(),
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/callback" element={<CallbackPage />} />
        <Route path="/auth/discord" element={<CallbackPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const USER = { id: 'u1', username: 'Lagertha', email: 'l@x.no', role: 'user', discordAvatar: 'abc', createdAt: '' };

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  redeemDiscordCode.mockReset();
  startDiscordLogin.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CallbackPage', () => {
  it('shows the Discord error for ?error and returns to /login after 3 seconds', () => {
    vi.useFakeTimers();
    renderAt('/auth/callback?error=access_denied');
    expect(screen.getByRole('alert').textContent).toBe('Discord authentication failed. Please try again.');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(redeemDiscordCode).not.toHaveBeenCalled();
  });

  it('tells a player whose e-mail has an account to log in and link Discord', () => {
    renderAt('/auth/callback?error=link_required');
    expect(screen.getByRole('alert').textContent).toBe(
      'An account with this e-mail already exists. Log in with your password, then link Discord from your dashboard.',
    );
  });

  it('goes back to the dashboard after linking, without redeeming anything', async () => {
    renderAt('/auth/callback?linked=1');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(redeemDiscordCode).not.toHaveBeenCalled();
  });

  it('reports a missing token', () => {
    renderAt('/auth/callback');
    expect(screen.getByRole('alert').textContent).toBe('Authentication token not found.');
  });

  it('starts the Discord login when /auth/discord has no params', () => {
    renderAt('/auth/discord');
    expect(startDiscordLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('trades the one-time code for a session once and goes to /dashboard', async () => {
    redeemDiscordCode.mockResolvedValue({ token: 'session-123', user: USER });
    renderAt('/auth/discord?code=once-123');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(redeemDiscordCode).toHaveBeenCalledTimes(1);
    expect(redeemDiscordCode).toHaveBeenCalledWith('once-123');
    expect(localStorage.getItem('token')).toBe('session-123');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('Lagertha');
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
  });

  it('never takes a session token from the address', () => {
    renderAt('/auth/callback?token=attacker-session');
    expect(screen.getByRole('alert').textContent).toBe('Authentication token not found.');
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(redeemDiscordCode).not.toHaveBeenCalled();
  });

  it('says so when the code cannot be redeemed', async () => {
    redeemDiscordCode.mockRejectedValue(new Error('400'));
    renderAt('/auth/callback?code=stale');
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.');
    expect(sessionStore.get(tokenAtom)).toBeNull();
  });
});
