// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from './routes';
import { sessionStore, signInAtom, signOutAtom, type User } from '../state/session';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

function user(role: User['role'], extra: Partial<User> = {}): User {
  return { id: '0a1b2c3d-4e5f-6789-abcd-ef0123456789', username: 'Astrid', email: 'a@x.no', role, discordAvatar: null, createdAt: '', ...extra };
}

function renderAt(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  fetchMock.mockReset();
  // The landing page asks whether Discord is configured; this server has it.
  fetchMock.mockImplementation(async (request) =>
    new URL(request.url).pathname === '/api/auth/options'
      ? new Response(JSON.stringify({ discord: true }), { status: 200, headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it('shows the landing page to visitors', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to the Age of Vikings' })).toBeTruthy();
    const stats = within(screen.getByRole('list', { name: 'The game in numbers' })).getAllByRole('listitem');
    expect(stats.map((item) => item.textContent)).toEqual([
      '15K+ active players',
      '820+ clans',
      '4 server worlds',
      '1.2M+ battles',
    ]);
    expect(await screen.findByRole('button', { name: 'Login with Discord' })).toBeTruthy();
  });

  it('opens the village page inside the game shell by default', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    const router = renderAt('/game');
    expect(await screen.findByRole('heading', { name: 'Village' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/village');
    expect(screen.getByText('No village yet')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Game' });
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/game/village', '/game/map', '/game/heroes', '/game/wonders',
      '/game/quests', '/game/army', '/game/reports', '/game/alliance',
    ]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the Admin link only to admins and the Discord avatar when there is one', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin', { discordAvatar: 'hash1' }) });
    renderAt('/game/army');
    expect(await screen.findByRole('heading', { level: 1, name: 'Army' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
    const avatar = screen.getByRole('img', { name: "Astrid's avatar" });
    expect(avatar.getAttribute('src')).toBe('https://cdn.discordapp.com/avatars/0a1b2c3d-4e5f-6789-abcd-ef0123456789/hash1.png');
  });

  it('logs out: calls the server, clears the session and goes to /login', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const router = renderAt('/game/village');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The shell also loads the villages; the logout call is among the calls, not necessarily the first.
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).toContain('/api/auth/logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('sends a logged-in player from /register to /dashboard and on to /game', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    const router = renderAt('/register');
    expect(await screen.findByRole('button', { name: 'Enter Game' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/village'), { timeout: 4000 });
  });

  it('enters the game at once with the Enter Game button', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    const router = renderAt('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter Game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/village'));
  });

  it('renders the admin table with truncated ids and coloured role badges', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin') });
    fetchMock.mockResolvedValue(
      Response.json([
        user('admin'),
        user('gamemaster', { id: '11111111-2222-3333-4444-555555555555', username: 'Gm', email: 'g@x.no' }),
        user('moderator', { id: '22222222-2222-3333-4444-555555555555', username: 'Mod', email: 'm@x.no' }),
        user('premium', { id: '33333333-2222-3333-4444-555555555555', username: 'Prem', email: 'p@x.no' }),
      ]),
    );
    renderAt('/admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByTestId('total-users').textContent).toBe('4');
    expect(screen.getByText('87')).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(within(table).getByText('0a1b2c3d')).toBeTruthy();
    expect(within(table).getByText('Admin').className).toContain('badge--red');
    expect(within(table).getByText('Game Master').className).toContain('badge--purple');
    expect(within(table).getByText('Moderator').className).toContain('badge--blue');
    expect(within(table).getByText('Premium').className).toContain('badge--green');
    expect(within(table).getAllByRole('button', { name: 'Edit' })).toHaveLength(4);
    expect(within(table).getAllByRole('button', { name: 'Delete' })).toHaveLength(4);
  });

  it('shows the admin list failure message', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin') });
    fetchMock.mockResolvedValue(Response.json({}, { status: 500 }));
    renderAt('/admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load users.');
  });

  it('keeps the game master page local: maintenance empties a world, events toggle', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('gamemaster') });
    renderAt('/gamemaster');
    const worlds = await screen.findByRole('table', { name: 'Worlds' });
    const midgard = within(worlds).getByText('Midgard').closest('tr') as HTMLElement;
    expect(within(midgard).getByText('342/500')).toBeTruthy();
    fireEvent.click(within(midgard).getByRole('button', { name: 'Set Maintenance' }));
    expect(within(midgard).getByText('0/500')).toBeTruthy();
    expect(within(midgard).getByRole('button', { name: 'Set Online' })).toBeTruthy();
    expect(screen.getByText('Upcoming')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Deactivate' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Deactivate' })[0]);
    expect(screen.getAllByRole('button', { name: 'Activate' })).toHaveLength(2);
    for (const name of ['Create New Event', 'Send Announcement', 'Distribute Rewards', 'Moderate Players', 'View Analytics']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows the 404 page for unknown addresses', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});
