// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { selectedVillageIdAtom, villagesAtom } from '../../state/village';
import WorldPicker from './WorldPicker';
import { STARTING_RESOURCES } from '../../../rules/resources';

const MIDGARD = { id: 'w-midgard', name: 'Midgard', status: 'online', players: 342, maxPlayers: 500, speed: 1, size: 200 };
const NIFLHEIM = { id: 'w-nifl', name: 'Niflheim', status: 'maintenance', players: 0, maxPlayers: 500, speed: 2.5, size: 100 };
const VILLAGE = { id: 'v1', name: "Astrid's village", x: 50, y: 60, population: 2, loyalty: 100, isCapital: true, worldId: MIDGARD.id, ownerId: 'u1' };

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker() {
  const store = createStore();
  store.set(villagesAtom, []);
  render(
    <Provider store={store}>
      <WorldPicker />
    </Provider>,
  );
  return store;
}

describe('WorldPicker', () => {
  it('lists the worlds with players/max, speed and status', async () => {
    fetchMock.mockResolvedValue(json({ worlds: [MIDGARD, NIFLHEIM] }));
    renderPicker();
    const midgard = await screen.findByRole('listitem', { name: 'Midgard' });
    expect(midgard.textContent).toContain('342/500');
    expect(midgard.textContent).toContain('x1');
    expect(midgard.textContent).toContain('Online');
    const niflheim = screen.getByRole('listitem', { name: 'Niflheim' });
    expect(niflheim.textContent).toContain('x2.5');
    expect(niflheim.textContent).toContain('Maintenance');
  });

  it("promises the starting stock the server grants (the rules' figure, not a copy)", async () => {
    fetchMock.mockResolvedValue(json({ worlds: [MIDGARD] }));
    renderPicker();
    await screen.findByRole('listitem', { name: 'Midgard' });
    expect(screen.getByText(/grant you a capital with/).textContent).toContain(`with ${STARTING_RESOURCES} of every resource`);
  });

  it('joins a world, selects the new capital and reloads the villages', async () => {
    fetchMock.mockImplementation(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/worlds') return json({ worlds: [MIDGARD] });
      if (path === `/api/worlds/${MIDGARD.id}/join`) return json({ world: MIDGARD, village: VILLAGE }, 201);
      if (path === '/api/villages') return json({ villages: [VILLAGE] });
      return json({ error: 'unexpected' }, 404);
    });
    const store = renderPicker();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Midgard' })).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(store.get(villagesAtom)).toEqual([VILLAGE]));
    expect(store.get(selectedVillageIdAtom)).toBe(VILLAGE.id);
    const paths = fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
    expect(paths).toContain(`POST /api/worlds/${MIDGARD.id}/join`);
    expect(paths).toContain('GET /api/villages');
  });

  it.each([
    [409, 'You already have a village in this world'],
    [503, 'This world is in maintenance; game actions are paused. Please try again later.'],
  ])('shows a %i refusal beside the world', async (status, message) => {
    fetchMock.mockImplementation(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/worlds') return json({ worlds: [MIDGARD, NIFLHEIM] });
      return json({ error: message }, status);
    });
    const store = renderPicker();
    const niflheim = await screen.findByRole('listitem', { name: 'Niflheim' });
    fireEvent.click(within(niflheim).getByRole('button', { name: 'Join' }));
    expect((await within(niflheim).findByRole('alert')).textContent).toBe(message);
    expect(store.get(villagesAtom)).toEqual([]);
  });
});
