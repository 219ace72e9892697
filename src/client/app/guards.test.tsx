// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { authStatusAtom, sessionStore, signInAtom, signOutAtom, type User } from '../state/session';

function Where() {
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{location.pathname}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
    </>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<PublicOnly>landing</PublicOnly>} />
        <Route path="/game/*" element={<RequireAuth>game shell</RequireAuth>} />
        <Route path="/admin/*" element={<RequireRole role="admin">admin area</RequireRole>} />
        <Route path="/gamemaster/*" element={<RequireRole role="gamemaster">gm area</RequireRole>} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function signInAs(role: User['role'], mustChangePassword = false) {
  sessionStore.set(signInAtom, {
    token: 't',
    user: { id: 'u1', username: 'Bjorn', email: 'b@x.no', role, discordAvatar: null, createdAt: '', mustChangePassword },
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
});
afterEach(cleanup);

describe('RequireAuth', () => {
  it('sends a visitor to /login and remembers where they were going', () => {
    renderAt('/game/map?x=3#top');
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({ from: '/game/map?x=3#top' });
  });

  it('shows a spinner while the session is being checked, then the page', () => {
    localStorage.setItem('token', 't');
    sessionStore.set(authStatusAtom, 'loading');
    renderAt('/game');
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    act(() => signInAs('user'));
    expect(screen.getByText('game shell')).toBeTruthy();
  });

  it('lets a signed-in player through', () => {
    signInAs('user');
    renderAt('/game/village');
    expect(screen.getByText('game shell')).toBeTruthy();
  });
});

describe('RequireRole', () => {
  it('sends an insufficient role to /forbidden', () => {
    signInAs('moderator');
    renderAt('/gamemaster');
    expect(screen.getByTestId('where').textContent).toBe('/forbidden');
  });

  it('admits the role and every higher one', () => {
    signInAs('admin');
    renderAt('/gamemaster');
    expect(screen.getByText('gm area')).toBeTruthy();
  });

  it('lets only admins into /admin', () => {
    signInAs('gamemaster');
    renderAt('/admin/users');
    expect(screen.getByTestId('where').textContent).toBe('/forbidden');
  });

  it('sends a visitor to /login first', () => {
    renderAt('/admin');
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({ from: '/admin' });
  });
});

describe('PublicOnly', () => {
  it('sends a signed-in player from the landing page to /dashboard', () => {
    signInAs('user');
    renderAt('/');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('shows the page to visitors', () => {
    renderAt('/');
    expect(screen.getByText('landing')).toBeTruthy();
  });
});

describe('temporary password', () => {
  it('holds a player who must change their password on the change-password page, remembering where they were going', () => {
    signInAs('user', true);
    renderAt('/game/village');
    expect(screen.getByTestId('where').textContent).toBe('/change-password');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({ from: '/game/village' });
  });

  it('holds admins too, and lets them through once the password is their own', () => {
    signInAs('admin', true);
    renderAt('/admin');
    expect(screen.getByTestId('where').textContent).toBe('/change-password');
    cleanup();
    signInAs('admin', false);
    renderAt('/admin');
    expect(screen.getByText('admin area')).toBeTruthy();
  });
});
