// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import CallbackPage from './CallbackPage';
import { authStatusAtom, sessionStore, signOutAtom, tokenAtom } from '../../state/session';

const fetchMe = vi.fn();
const startDiscordLogin = vi.fn();
vi.mock('../../api/auth', () => ({
  fetchMe: () => fetchMe(),
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
  fetchMe.mockReset();
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
    expect(fetchMe).not.toHaveBeenCalled();
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

  it('stores the token, loads the user and goes to /dashboard', async () => {
    fetchMe.mockResolvedValue(USER);
    renderAt('/auth/discord?token=jwt-123');
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('jwt-123');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('Lagertha');
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
  });

  it('drops the token when the me call fails', async () => {
    fetchMe.mockRejectedValue(new Error('401'));
    renderAt('/auth/callback?token=bad');
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.');
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
