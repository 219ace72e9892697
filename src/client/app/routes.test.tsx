// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes, lazyPage, preloadPagesAt, type AppRoute } from './routes';
import { dataLayerClient } from './DataLayer';
import { sessionStore, signInAtom, signOutAtom, type User } from '../state/session';
import type { AdminUser } from '../api/admin';
import { reply, setupFakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';

const server = setupFakeServer();

function user(role: User['role'], extra: Partial<User> = {}): User {
  return { id: '0a1b2c3d-4e5f-6789-abcd-ef0123456789', username: 'Astrid', email: 'a@x.no', role, discordAvatar: null, createdAt: '', ...extra };
}

/** The whole app at `url`, on the app's own store (the session the guards read) with a fresh QueryClient. */
function renderAt(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />, { route: false, store: sessionStore, user: null });
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  // The sign-in pages ask whether Discord is configured; this server has it.
  server.on('GET /api/auth/options', { discord: true });
});
afterEach(() => {
  cleanup();
  // The data layer's one client lives as long as the module: a read of the test before is as young as a page load's.
  dataLayerClient.clear();
});

describe('route table', () => {
  it('sends a visitor at / to sign in when the app itself was served for / (a build without the static landing page)', async () => {
    // This document was loaded at "/" (happy-dom's address): with the landing page built, the server sends that instead.
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    try {
      const router = renderAt('/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(reload).not.toHaveBeenCalled();
    } finally {
      reload.mockRestore();
    }
  });

  it('sends a signed-in player at / to /dashboard, loading nothing', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    try {
      sessionStore.set(signInAtom, { token: 't', user: user('user') });
      const router = renderAt('/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(reload).not.toHaveBeenCalled();
    } finally {
      reload.mockRestore();
    }
  });

  it('opens the village page inside the game shell by default', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    const router = renderAt('/game');
    // The village page's chunk is a large one to transform on a test's first import (its picture, cards and tabs).
    expect(await screen.findByRole('heading', { name: 'Village' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/village');
    expect(screen.getByText('No village yet')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Game' });
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/game/village', '/game/map', '/game/heroes', '/game/wonders',
      '/game/quests', '/game/army', '/game/marketplace', '/game/reports',
      '/game/messages', '/game/alliance', '/game/rankings', '/game/alerts', '/game/worlds',
    ]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the Admin link only to admins and the Discord avatar when there is one', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin', { discordAvatar: 'hash1' }) });
    renderAt('/game/army');
    expect(await screen.findByRole('heading', { level: 1, name: 'Army' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
    const avatar = screen.getByRole('img', { name: "Astrid's avatar" });
    expect(avatar.getAttribute('src')).toBe('https://cdn.discordapp.com/avatars/0a1b2c3d-4e5f-6789-abcd-ef0123456789/hash1.png');
  });

  it('logs out: calls the server, clears the session and goes to /login', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    server.on('* /api/*', () => reply(204));
    const router = renderAt('/game/village');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The shell also loads the villages; the logout call is among the calls, not necessarily the first.
    expect(server.paths()).toContain('POST /api/auth/logout');
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

  function adminUser(role: User['role'], extra: Partial<AdminUser> = {}): AdminUser {
    return {
      ...user(role),
      mustChangePassword: false,
      suspended: false,
      suspensionReason: null,
      villageCount: 1,
      lastSeenAt: null,
      ...extra,
    } as AdminUser;
  }

  /** Answers the admin page's reads by path, the way the server shapes them. */
  function adminServer(users: AdminUser[]) {
    server.routesFrom({
      'GET /api/admin/stats': { totalUsers: 42, activeSessions: 7, playersOnline: 3, serverStatus: 'Online' },
      'GET /api/admin/users/search': { users, total: 42, page: 1, limit: 20 },
      'GET /api/admin/audit': { entries: [], total: 0, page: 1, limit: 15 },
    });
  }

  it('renders the admin figures and the table with truncated ids, coloured role badges and paging', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin') });
    adminServer([
      adminUser('admin'),
      adminUser('gamemaster', { id: '11111111-2222-3333-4444-555555555555', username: 'Gm', email: 'g@x.no' }),
      adminUser('moderator', { id: '22222222-2222-3333-4444-555555555555', username: 'Mod', email: 'm@x.no', suspended: true, suspensionReason: 'spam' }),
      adminUser('premium', { id: '33333333-2222-3333-4444-555555555555', username: 'Prem', email: 'p@x.no' }),
    ]);
    renderAt('/admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(screen.getByTestId('total-users').textContent).toBe('42'));
    expect(screen.getByTestId('active-sessions').textContent).toBe('7');
    expect(screen.getByText('Online')).toBeTruthy();
    expect(within(table).getByText('0a1b2c3d')).toBeTruthy();
    expect(within(table).getByText('Admin').className).toContain('badge--red');
    expect(within(table).getByText('Game Master').className).toContain('badge--purple');
    expect(within(table).getByText('Moderator').className).toContain('badge--blue');
    expect(within(table).getByText('Premium').className).toContain('badge--green');
    expect(within(table).getByText('Suspended')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /^Edit / })).toHaveLength(4);
    expect(within(table).getAllByRole('button', { name: /^Delete / })).toHaveLength(4);
    expect(screen.getByText('Page 1 of 3 · 42 players')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Game Master' })).toBeTruthy();
  });

  it('deletes only after the username is typed exactly', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin') });
    adminServer([adminUser('user', { id: '44444444-2222-3333-4444-555555555555', username: 'Bjorn', email: 'b@x.no' })]);
    renderAt('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bjorn' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Bjorn?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/to confirm/), { target: { value: 'bjorn' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/to confirm/), { target: { value: 'Bjorn' } });
    expect(confirm.disabled).toBe(false);
  });

  it('shows the admin list failure message', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('admin') });
    server.on('* /api/*', () => reply(500, {}));
    renderAt('/admin');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Failed to load users.'));
  });

  it('loads the game master page from the server and links to the map designer', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('gamemaster') });
    const world = { id: 'w1', name: 'Midgard', status: 'online', players: 3, maxPlayers: 500, speed: 1, size: 200 };
    server.routesFrom({
      'GET /api/gamemaster/worlds': { worlds: [{ world, villages: 4, totalPopulation: 120, movementsInFlight: 2, sweeperLagSeconds: 0, createdAt: '' }] },
      'GET /api/gamemaster/events': { events: [] },
    });
    renderAt('/gamemaster');
    const worlds = await screen.findByRole('table', { name: 'Worlds' });
    const midgard = within(worlds).getByText('Midgard').closest('tr') as HTMLElement;
    expect(within(midgard).getByText('3/500')).toBeTruthy();
    expect(within(midgard).getByRole('button', { name: 'Set Maintenance: Midgard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Map Designer' }).getAttribute('href')).toBe('/designer/map');
    expect(screen.getByRole('link', { name: 'Game Master' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    for (const name of ['Create New Event', 'Send Announcement', 'Distribute Rewards', 'Moderate Players', 'View Analytics']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('opens the settings page from the top bar, with its Vacation section', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('user') });
    const router = renderAt('/game/village');
    fireEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/settings');
    expect(screen.getByRole('heading', { name: 'Vacation' })).toBeTruthy();
  });

  it('shows the 404 page for unknown addresses', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});

describe('preloadPagesAt', () => {
  /** A route table of lazy pages whose loaders count their calls. */
  function table() {
    const loads: string[] = [];
    const page = (name: string, ...companions: string[]) =>
      lazyPage(
        () => {
          loads.push(name);
          return Promise.resolve({ default: () => <p>{name}</p> });
        },
        [],
        ...companions.map((companion) => () => Promise.resolve(loads.push(companion))),
      );
    const routes: AppRoute[] = [
      { path: '/', access: 'visitors', page: page('landing'), withoutData: true },
      { path: '/login', access: 'public', page: page('login') },
      {
        path: '/game',
        access: 'signed-in',
        page: page('frame'),
        children: [
          { index: true, redirect: 'village' },
          { path: 'village', access: 'signed-in', page: page('village home', 'village page') },
          { path: 'map', access: 'signed-in', page: page('map') },
        ],
      },
      { path: '/admin/*', access: { role: 'admin' }, page: page('admin') },
    ];
    return { loads, routes };
  }

  it('fetches the page at the address with its parent and its companions at once, and nothing else', () => {
    const { loads, routes } = table();
    preloadPagesAt('/game/village', { signedIn: true }, routes);
    expect(loads.sort()).toEqual(['frame', 'village home', 'village page']);
  });

  it('leaves alone the pages the stored session may not open (the guard sends the visitor elsewhere)', () => {
    const { loads, routes } = table();
    preloadPagesAt('/game/map', { signedIn: false }, routes);
    preloadPagesAt('/', { signedIn: true }, routes);
    expect(loads).toEqual([]);
    preloadPagesAt('/login', { signedIn: false }, routes);
    preloadPagesAt('/admin/users', { signedIn: true }, routes);
    expect(loads.sort()).toEqual(['admin', 'login']);
  });

  it('fetches a page once, however often it is asked and rendered', async () => {
    const { loads, routes } = table();
    preloadPagesAt('/login', { signedIn: false }, routes);
    preloadPagesAt('/login', { signedIn: false }, routes);
    const router = createMemoryRouter(buildRoutes(routes), { initialEntries: ['/login'] });
    renderWithProviders(<RouterProvider router={router} />, { route: false, store: sessionStore, user: null });
    expect(await screen.findByText('login')).toBeTruthy();
    expect(loads).toEqual(['login']);
  });
});
