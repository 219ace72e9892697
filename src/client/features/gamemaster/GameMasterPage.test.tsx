// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Role } from '../../../rules/roles';
import { setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import GameMasterPage from './GameMasterPage';

const server = setupFakeServer();
const world = { id: 'w1', name: 'Midgard', status: 'online', players: 3, maxPlayers: 500, speed: 1, size: 200 };

beforeEach(() => {
  server.routesFrom({
    'GET /api/gamemaster/worlds': { worlds: [{ world, villages: 4, totalPopulation: 120, movementsInFlight: 2, sweeperLagSeconds: 0, createdAt: '' }] },
    'GET /api/gamemaster/events': { events: [] },
    'GET /api/gm/message-reports': { reports: [], page: 1, limit: 10, total: 0, open: 0 },
    'GET /api/gamemaster/fair-play': { links: [], page: 1, hasMore: false },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAs(role: Role) {
  return renderWithProviders(<GameMasterPage moderation={<p>the player search</p>} />, { user: { ...TEST_USER, role } });
}

describe('the moderator dashboard', () => {
  it('shows a moderator the player search and the reported messages, and nothing of the game masters', async () => {
    renderAs('moderator');
    expect(screen.getByRole('heading', { level: 1, name: 'Moderator Dashboard' })).toBeTruthy();
    expect(screen.getByText('the player search')).toBeTruthy();
    expect(await screen.findByText('No message has been reported.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Worlds' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Map Designer' })).toBeNull();
    for (const name of ['Create New Event', 'Send Announcement', 'Distribute Rewards', 'Moderate Players', 'View Analytics']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // What the server would refuse a moderator is not even asked for.
    expect(server.paths().filter((path) => path.includes('/api/gamemaster/'))).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Moderation' }).getAttribute('href')).toBe('/gamemaster');
    expect(within(nav).queryByRole('link', { name: 'Game Master' })).toBeNull();
  });

  for (const role of ['gamemaster', 'admin'] as const) {
    it(`shows a ${role} the game master's dashboard as before`, async () => {
      renderAs(role);
      expect(screen.getByRole('heading', { level: 1, name: 'Game Master Dashboard' })).toBeTruthy();
      expect(await screen.findByRole('table', { name: 'Worlds' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Map Designer' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Moderate Players' })).toBeTruthy();
      expect(await screen.findByText('No accounts are linked.')).toBeTruthy();
      // The search sits behind its quick action here.
      expect(screen.queryByText('the player search')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Game Master' })).toBeTruthy();
    });
  }
});
