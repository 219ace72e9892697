// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import RegisterPage from './RegisterPage';
import { ApiFailure } from '../../api/client';
import { sessionStore, signOutAtom, tokenAtom } from '../../state/session';
import { renderWithProviders } from '../../test/render';

const register = vi.fn();
vi.mock('../../api/auth', () => ({
  register: (...args: unknown[]) => register(...args),
  getAuthOptions: () => Promise.resolve({ discord: false }),
  startDiscordLogin: vi.fn(),
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/register', store: sessionStore, user: null },
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

const STRONG = 'Valhalla#2024';

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  register.mockReset();
});
afterEach(cleanup);

describe('RegisterPage', () => {
  it('shows the required messages for an empty form', () => {
    renderPage();
    submit();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('shows each format message under its field', () => {
    renderPage();
    type('Username', 'ab');
    type('Email', 'not-an-address');
    type('Password', 'weak');
    type('Confirm Password', 'other');
    submit();
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText("Password doesn't meet requirements")).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    // The message is tied to its input for screen readers.
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toContain('register-username-error');
  });

  it('refuses a username longer than 20 characters', () => {
    renderPage();
    type('Username', 'a'.repeat(21));
    submit();
    expect(screen.getByText('Username must be less than 20 characters')).toBeTruthy();
  });

  it('clears only the edited field’s error', () => {
    renderPage();
    submit();
    type('Username', 'E');
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
    type('Email', 'e');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Password', 'x');
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('clears the mismatch message when confirm password is edited', () => {
    renderPage();
    type('Password', STRONG);
    type('Confirm Password', 'nope');
    submit();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    type('Confirm Password', STRONG);
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('updates the password checklist while typing', () => {
    renderPage();
    const item = (label: string) => screen.getByText(label).closest('li') as HTMLElement;
    const rules = ['At least 8 characters', 'An uppercase letter', 'A lowercase letter', 'A number'];
    for (const rule of rules) expect(item(rule).dataset.met).toBe('false');

    type('Password', 'abc');
    expect(item('A lowercase letter').dataset.met).toBe('true');
    expect(item('An uppercase letter').dataset.met).toBe('false');

    type('Password', 'Abc1');
    expect(item('An uppercase letter').dataset.met).toBe('true');
    expect(item('A number').dataset.met).toBe('true');
    expect(item('At least 8 characters').dataset.met).toBe('false');

    type('Password', STRONG);
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(list.querySelectorAll('li[data-met="true"]').length).toBe(5);
  });

  it('registers, stores the session and goes to /dashboard', async () => {
    register.mockResolvedValue({
      token: 'tok-1',
      user: { id: 'u1', username: 'Ragnar', email: 'r@x.no', role: 'user', discordAvatar: null, createdAt: '' },
    });
    renderPage();
    type('Username', ' Ragnar ');
    type('Email', 'r@x.no');
    type('Password', STRONG);
    type('Confirm Password', STRONG);
    submit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(register).toHaveBeenCalledWith({ username: 'Ragnar', email: 'r@x.no', password: STRONG });
    expect(sessionStore.get(tokenAtom)).toBe('tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('Ragnar');
  });

  it('shows the server message, else the fallback', async () => {
    register.mockRejectedValueOnce(new ApiFailure(409, { error: 'Email already registered' }));
    register.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    type('Username', 'Ragnar');
    type('Email', 'r@x.no');
    type('Password', STRONG);
    type('Confirm Password', STRONG);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Email already registered');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Registration failed. Please try again.'));
  });
});
