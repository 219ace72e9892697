// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from './routes';
import { sessionStore, signInAtom, signOutAtom, type User } from '../state/session';
import type { AdminUser } from '../api/admin';
import { setupFakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';

const server = setupFakeServer();

function user(role: User['role']): User {
  return { id: '0a1b2c3d-4e5f-6789-abcd-ef0123456789', username: 'Ulf', email: 'u@x.no', role, discordAvatar: null, createdAt: '' };
}

function listed(username: string, role: AdminUser['role'], id: string): AdminUser {
  return { id, username, email: `${username}@x.no`, role, discordAvatar: null, createdAt: '', mustChangePassword: false, suspended: false, suspensionReason: null, villageCount: 1, lastSeenAt: null };
}

/** The whole app at `url`, on the app's own store (the session the guards read). */
function renderAt(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />, { route: false, store: sessionStore, user: null });
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set(signOutAtom);
  server.routesFrom({
    'GET /api/admin/users/search': {
      users: [listed('Bjorn', 'user', '11111111-0000-4000-8000-000000000000'), listed('Gunnar', 'gamemaster', '22222222-0000-4000-8000-000000000000')],
      total: 2,
      page: 1,
      limit: 20,
    },
    'GET /api/gm/message-reports': { reports: [], page: 1, limit: 10, total: 0, open: 0 },
  });
});
afterEach(() => {
  cleanup();
});

describe('/gamemaster', () => {
  it('opens the Moderator Dashboard with the player search, Suspend offered for lower roles only', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('moderator') });
    const router = renderAt('/gamemaster');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderator Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gamemaster');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('button', { name: 'Suspend Bjorn' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Suspend Gunnar' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(await screen.findByText('No message has been reported.')).toBeTruthy();
    expect(server.paths().filter((path) => path.includes('/api/gamemaster/'))).toEqual([]);
  });

  it('keeps the map designer for game masters', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('moderator') });
    const router = renderAt('/designer/map');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it('sends a premium player to /forbidden', async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('premium') });
    const router = renderAt('/gamemaster');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it("gives the game master's Moderate Players panel Suspend on players of a lower role only", async () => {
    sessionStore.set(signInAtom, { token: 't', user: user('gamemaster') });
    server.routesFrom({
      'GET /api/gamemaster/worlds': { worlds: [] },
      'GET /api/gamemaster/events': { events: [] },
    });
    renderAt('/gamemaster');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Master Dashboard' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Moderate Players' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    // Bjorn is a plain player; Gunnar a game master like the viewer.
    expect(within(table).getAllByRole('button').map((b) => [b.closest('tr')?.textContent?.includes('Bjorn'), b.textContent])).toEqual([[true, 'Suspend']]);
  });
});
