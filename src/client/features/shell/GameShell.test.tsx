// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { onClientClock, type Movement } from '../../state/army';
import { queryKeys } from '../../state/queryKeys';
import type { Village } from '../../state/village';
import { setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import GameShell from './GameShell';

const OWNER = TEST_USER.id;
const CAPITAL: Village = { id: 'v-capital', name: 'Kattegat', x: 12, y: -40, population: 150, loyalty: 100, isCapital: true, worldId: 'w1', ownerId: OWNER };
const OTHER: Village = { id: 'v-other', name: 'Hedeby', x: -7, y: 3, population: 42, loyalty: 87.5, isCapital: false, worldId: 'w1', ownerId: OWNER };

function overviewOf(village: Village, timber: number) {
  return {
    village,
    resources: [
      { type: 'timber', amount: timber, capacity: 1000, production: 3600 },
      { type: 'stone', amount: 950, capacity: 1000, production: 0 },
      { type: 'iron', amount: 500, capacity: 1000, production: 0 },
      { type: 'mead', amount: 1500, capacity: 2000, production: -10 },
    ],
    statistics: { militaryPower: 0, defenseBonus: 0, totalUpkeep: 0 },
    buildings: [],
    units: [],
    availableUnitTypes: [],
    serverTime: new Date().toISOString(),
    protectedUntil: null,
    starvation: null,
  };
}

const server = setupFakeServer();

function renderShell(closedPages?: (path: string) => boolean) {
  return renderWithProviders(
    <Routes>
      <Route path="/game" element={<GameShell closedPages={closedPages} />}>
        <Route path="village" element={<p>village page</p>} />
      </Route>
    </Routes>,
    { route: '/game/village' },
  );
}

beforeEach(() => {
  localStorage.clear();
  server.routesFrom({
    'GET /api/villages': { villages: [CAPITAL, OTHER] },
    [`GET /api/map/village/${CAPITAL.id}/overview`]: () => overviewOf(CAPITAL, 100),
    [`GET /api/map/village/${OTHER.id}/overview`]: () => overviewOf(OTHER, 2000),
    'GET /api/game/movements': { movements: [] },
    'GET /api/game/battles': { battles: [], page: 1, limit: 1, total: 0, unread: 0 },
    'GET /api/messages/unread': { unread: 0 },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GameShell', () => {
  it('offers no link to the pages it is told are closed (a sitter: mail, alliance, alerts, settings)', async () => {
    renderShell((path) => /^\/game\/(messages|alliance|alerts|settings)$/.test(path));
    const nav = await screen.findByRole('navigation', { name: 'Game' });
    expect(within(nav).getByRole('link', { name: 'Village' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Alliance' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Alerts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('offers every page when none is closed', async () => {
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Game' });
    expect(within(nav).getByRole('link', { name: /Messages/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Alerts' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it('lists the villages with a capital mark and coordinates, and shows the selected one in the side card', async () => {
    renderShell();
    const selector = await screen.findByRole('combobox', { name: 'Village' });
    await waitFor(() => expect(within(selector).getAllByRole('option')).toHaveLength(2));
    expect(within(selector).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Kattegat (capital) (12|-40)',
      'Hedeby (-7|3)',
    ]);
    const card = screen.getByRole('complementary', { name: 'Selected village' });
    expect(card.textContent).toContain('Kattegat');
    expect(card.textContent).toContain('(12|-40)');
    expect(card.textContent).toContain('150');
    expect(card.textContent).toContain('100%');
    expect(within(card).getByText('Capital').nextElementSibling?.textContent).toBe('Yes');
    expect(await screen.findByTestId('topbar-timber')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('switches village, reads its overview and remembers the choice', async () => {
    renderShell();
    const selector = await screen.findByRole('combobox', { name: 'Village' });
    await waitFor(() => expect(screen.getByTestId('topbar-timber').textContent).toBe('100'));
    fireEvent.change(selector, { target: { value: OTHER.id } });
    await waitFor(() => expect(screen.getByTestId('topbar-timber').textContent).toBe('2K'));
    expect(JSON.parse(localStorage.getItem('selectedVillageId') ?? 'null')).toBe(OTHER.id);
    const card = screen.getByRole('complementary', { name: 'Selected village' });
    expect(card.textContent).toContain('Hedeby');
    expect(card.textContent).toContain('88%');
    expect(within(card).getByText('Capital').nextElementSibling?.textContent).toBe('No');
  });

  it('counts the top bar resources up every second and marks full stores', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell();
    await waitFor(() => expect(screen.getByTestId('topbar-timber').textContent).toBe('100'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    // One per second from the read; the one-second beat may fall up to a second after the read.
    const timber = Number(screen.getByTestId('topbar-timber').textContent);
    expect(timber).toBeGreaterThanOrEqual(102);
    expect(timber).toBeLessThanOrEqual(103);
    expect(screen.getByTestId('topbar-stone').closest('li')?.className).toContain('shell__resource--danger');
    expect(screen.getByTestId('topbar-mead').closest('li')?.className).toContain('shell__resource--warning');
    expect(screen.getByTestId('topbar-iron').closest('li')?.className).toContain('shell__resource--normal');
  });

  it('counts the top bar up to a stock that jumped (a shipment landed), then shows the very amount', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const { client } = renderShell();
    await waitFor(() => expect(screen.getByTestId('topbar-stone').textContent).toBe('950'));
    const withStone = (amount: number) => {
      const read = overviewOf(CAPITAL, 100);
      return { ...read, resources: read.resources.map((r) => (r.type === 'stone' ? { ...r, amount } : r)) };
    };
    const stone = () => screen.getByTestId('topbar-stone');
    // A fall (something built) is shown at once.
    await act(async () => {
      client.setQueryData(queryKeys.overview(OWNER, CAPITAL.id), withStone(600));
    });
    await waitFor(() => expect(stone().textContent).toBe('600'));
    // A rise beyond production glows while it counts up, then settles on the amount itself.
    await act(async () => {
      client.setQueryData(queryKeys.overview(OWNER, CAPITAL.id), withStone(980));
    });
    await waitFor(() => expect(stone().closest('li')?.className).toContain('resource--landing'));
    expect(Number(stone().textContent)).toBeLessThan(980);
    await waitFor(() => expect(stone().textContent).toBe('980'));
    await waitFor(() => expect(stone().closest('li')?.className).not.toContain('resource--landing'));
    vi.unstubAllGlobals();
  });

  it('shows the unread reports beside Reports and warns of the first enemy attack with a countdown', async () => {
    const { client } = renderShell();
    await screen.findByRole('combobox', { name: 'Village' });
    expect(screen.queryByTestId('unread-reports')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const ref = (name: string) => ({ id: name, name, x: 0, y: 0 });
    const march = (id: string, type: Movement['type'], direction: Movement['direction'], seconds: number, from: string): Movement => ({
      id, type, direction, fromVillage: ref(from), toVillage: ref('Kattegat'), units: {}, loot: null, cargo: null, merchants: 0, departedAt: '', arrivesAt: new Date().toISOString(), remainingTime: seconds,
    });
    await act(async () => {
      client.setQueryData(queryKeys.unreadReports(OWNER), 3);
      client.setQueryData(queryKeys.movements(OWNER), onClientClock([march('r', 'reinforce', 'incoming', 5, 'Birka'), march('a', 'attack', 'incoming', 125, 'York'), march('b', 'raid', 'incoming', 600, 'Jorvik')], Date.now()));
    });
    const reports = screen.getByRole('link', { name: /^Reports/ });
    expect((await within(reports).findByTestId('unread-reports')).textContent).toBe('3 unread');
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toMatch(/^⚔Attack on Kattegat from York in 2m [45]s \(\+1 more\)$/);
    expect(within(warning).getByRole('timer')).toBeTruthy();
    expect(warning.getAttribute('href')).toBe('/game/army');
  });
});
