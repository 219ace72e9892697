// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { RankedPlayer } from '../../api/rankings';
import { i18n } from '../../i18n';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom, type Village } from '../../state/village';
import { setupFakeServer, type FakeCall } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import RankingsPage from './RankingsPage';

const WORLD = '11111111-1111-4111-8111-111111111111';
const VILLAGE: Village = { id: 'v1', name: 'Kattegat', x: 0, y: 0, population: 10, loyalty: 100, isCapital: true, worldId: WORLD, ownerId: TEST_USER.id };
const TOTAL = 45;

/** Player n of the world, rank n; the viewer is number 45. */
function ranked(rank: number): RankedPlayer {
  const id = rank === 45 ? TEST_USER.id : `00000000-0000-4000-8000-${String(rank).padStart(12, '0')}`;
  return { rank, player: { id, username: rank === 45 ? TEST_USER.username : `Player${rank}` }, population: 1000 - rank, villages: 1, alliance: rank % 2 ? { id: 'a', tag: 'ODIN', name: 'Sons of Odin' } : null };
}

function pageOf(call: FakeCall) {
  const page = Number(call.query.get('page'));
  const limit = Number(call.query.get('limit'));
  const ranks = Array.from({ length: limit }, (_, i) => (page - 1) * limit + i + 1).filter((rank) => rank <= TOTAL);
  return { page, limit, ranks };
}

const server = setupFakeServer();

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-03-02T12:00:00Z') });
  server.routesFrom({
    'GET /api/villages': { villages: [VILLAGE] },
    'GET /api/worlds': { worlds: [{ id: WORLD, name: 'Midgard', status: 'online' }] },
    [`GET /api/worlds/${WORLD}/rankings/players`]: (call) => {
      const { page, limit, ranks } = pageOf(call);
      return { worldId: WORLD, computedAt: '2026-03-02T11:56:00Z', entries: ranks.map(ranked), page, limit, total: TOTAL };
    },
    [`GET /api/worlds/${WORLD}/rankings/combat/:board`]: (call) => {
      const { page, limit } = pageOf(call);
      const week = call.query.get('period') === 'week';
      return {
        worldId: WORLD,
        board: call.params.board,
        period: week ? 'week' : 'all',
        since: week ? '2026-03-02T00:00:00Z' : null,
        entries: [{ rank: 1, player: { id: 'p9', username: week ? 'Ivar' : 'Ubbe' }, points: 1234, alliance: null }],
        page,
        limit,
        total: 1,
      };
    },
    [`GET /api/worlds/${WORLD}/rankings/me`]: { worldId: WORLD, players: 45, alliances: null, attackersWeek: null, attackersAll: 1, defendersWeek: null, defendersAll: null },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderPage(url = '/game/rankings') {
  const store = createStore();
  store.set(selectedVillageIdAtom, VILLAGE.id);
  return renderWithProviders(<RankingsPage heroes={<p>the heroes leaderboard</p>} />, { route: url, store, data: [[queryKeys.villages(TEST_USER.id), [VILLAGE]]] });
}

describe('RankingsPage', () => {
  it("lists the selected village's world's players, paged, with the freshness of the list", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Players by population' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Player', 'Alliance', 'Villages', 'Population']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Player1', '[ODIN] Sons of Odin', '1', '999']);
    expect(within(rows[1]).getByRole('link', { name: 'Player1' }).getAttribute('href')).toBe('/game/players/00000000-0000-4000-8000-000000000001');
    expect(rows).toHaveLength(21);
    expect(screen.getByText('Updated 4 minutes ago')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Player ranking pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[1]?.textContent).toContain('Player21'));
  });

  it('Find me asks for my ranks, jumps to the page holding my row and highlights it', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Players by population' });
    fireEvent.click(screen.getByRole('button', { name: 'Find me' }));
    expect((await screen.findByText('You are #45.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Player ranking pages' }).textContent).toContain('Page 3 of 3'));
    const asked = () => server.requests('GET', `/api/worlds/${WORLD}/rankings/players`).map((call) => call.query.get('page'));
    await waitFor(() => expect(asked()).toEqual(['1', '3']));
    const table = await screen.findByRole('table', { name: 'Players by population' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    const mine = within(table).getAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true');
    expect(mine?.textContent).toContain('45');
    expect(mine?.textContent).toContain('You');
    expect(mine?.className).toContain('rankings__row--found');
    expect(server.requests('GET', `/api/worlds/${WORLD}/rankings/me`)).toHaveLength(1);
  });

  it('ranks attackers this week or of all time, counted as battles happen, and says when I am not on the list', async () => {
    renderPage('/game/rankings?tab=attackers');
    const table = await screen.findByRole('table', { name: 'Attackers by points, this week' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Ivar');
    expect(screen.getByText(/^Counted as battles happen, since/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'This week' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Find me' }));
    expect((await screen.findByText('You are not on this list yet.')).getAttribute('role')).toBe('status');

    fireEvent.click(screen.getByRole('button', { name: 'All time' }));
    expect(await screen.findByRole('table', { name: 'Attackers by points, all time' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]?.textContent).toContain('Ubbe');
    expect(server.requests('GET', `/api/worlds/${WORLD}/rankings/combat/attackers`).map((call) => call.query.get('period'))).toEqual(['week', 'all']);
  });

  it('shows the heroes leaderboard it is given on the Heroes tab, without Find me', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Heroes' }));
    expect(screen.getByText('the heroes leaderboard')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Find me' })).toBeNull();
  });
});

describe('RankingsPage in German', () => {
  it('lists the players with German headers, freshness and Find me', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Spieler nach Einwohnern' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rang', 'Spieler', 'Allianz', 'Dörfer', 'Einwohner']);
    expect(screen.getByText('Vor 4 Minuten aktualisiert')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Angreifer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finde mich' }));
    expect((await screen.findByText('Du bist auf Platz 45.')).getAttribute('role')).toBe('status');
  });

  it('ranks attackers with the German period and caption', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderPage('/game/rankings?tab=attackers');
    expect(await screen.findByRole('table', { name: 'Angreifer nach Punkten, diese Woche' })).toBeTruthy();
    expect(screen.getByText(/^Gezählt wird, sobald Kämpfe stattfinden, seit/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Diese Woche' }).getAttribute('aria-pressed')).toBe('true');
  });
});
