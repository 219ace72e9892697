// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { signInAtom } from '../../state/session';
import { movementsAtom, onClientClock, unreadReportsAtom, type Movement } from '../../state/army';
import type { Village } from '../../state/village';
import GameShell from './GameShell';

const OWNER = '33333333-3333-4333-8333-333333333333';
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
  };
}

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderShell() {
  const store = createStore();
  store.set(signInAtom, { token: 't', user: { id: OWNER, username: 'Ragnar', email: 'r@x.no', role: 'user', discordAvatar: null, createdAt: '' } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/game/village']}>
        <Routes>
          <Route path="/game" element={<GameShell />}>
            <Route path="village" element={<p>village page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/villages') return json({ villages: [CAPITAL, OTHER] });
    if (path === `/api/map/village/${CAPITAL.id}/overview`) return json(overviewOf(CAPITAL, 100));
    if (path === `/api/map/village/${OTHER.id}/overview`) return json(overviewOf(OTHER, 2000));
    return json({ error: 'unexpected' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('GameShell', () => {
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

  it('shows the unread reports beside Reports and warns of the first enemy attack with a countdown', async () => {
    const store = renderShell();
    await screen.findByRole('combobox', { name: 'Village' });
    expect(screen.queryByTestId('unread-reports')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const ref = (name: string) => ({ id: name, name, x: 0, y: 0 });
    const march = (id: string, type: Movement['type'], direction: Movement['direction'], seconds: number, from: string): Movement => ({
      id, type, direction, fromVillage: ref(from), toVillage: ref('Kattegat'), units: {}, loot: null, departedAt: '', arrivesAt: new Date().toISOString(), remainingTime: seconds,
    });
    act(() => {
      store.set(unreadReportsAtom, 3);
      store.set(movementsAtom, onClientClock([march('r', 'reinforce', 'incoming', 5, 'Birka'), march('a', 'attack', 'incoming', 125, 'York'), march('b', 'raid', 'incoming', 600, 'Jorvik')], Date.now()));
    });
    const reports = screen.getByRole('link', { name: /^Reports/ });
    expect(within(reports).getByTestId('unread-reports').textContent).toBe('3 unread');
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toMatch(/^⚔Attack on Kattegat from York in 2m [45]s \(\+1 more\)$/);
    expect(within(warning).getByRole('timer')).toBeTruthy();
    expect(warning.getAttribute('href')).toBe('/game/army');
  });
});
