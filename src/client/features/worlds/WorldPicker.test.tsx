// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom } from '../../state/village';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import WorldPicker from './WorldPicker';
import { STARTING_RESOURCES } from '../../../rules/resources';

const MIDGARD = { id: 'w-midgard', name: 'Midgard', status: 'online', players: 342, maxPlayers: 500, speed: 1, size: 200, truce: null, endsAt: null };
const NIFLHEIM = { id: 'w-nifl', name: 'Niflheim', status: 'maintenance', players: 0, maxPlayers: 500, speed: 2.5, size: 100, truce: null, endsAt: null };
const ASGARD = { id: 'w-asgard', name: 'Asgard', status: 'ended', players: 120, maxPlayers: 500, speed: 1, size: 200, truce: null, endsAt: '2026-03-01T12:00:00.000Z' };
const VILLAGE = { id: 'v1', name: "Astrid's village", x: 50, y: 60, population: 2, loyalty: 100, isCapital: true, worldId: MIDGARD.id, ownerId: TEST_USER.id };

const server = setupFakeServer();
const villagesKey = queryKeys.villages(TEST_USER.id);

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
});

/** The picker of a player whose villages were read: none yet. */
function renderPicker() {
  return renderWithProviders(<WorldPicker />, { data: [[villagesKey, []]] });
}

describe('WorldPicker', () => {
  it('lists the worlds with players/max, speed and status', async () => {
    server.on('GET /api/worlds', { worlds: [MIDGARD, NIFLHEIM] });
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
    server.on('GET /api/worlds', { worlds: [MIDGARD] });
    renderPicker();
    await screen.findByRole('listitem', { name: 'Midgard' });
    expect(screen.getByText(/grant you a capital with/).textContent).toContain(`with ${STARTING_RESOURCES} of every resource`);
  });

  it('joins a world, selects the new capital and puts it into the villages from the reply', async () => {
    server.on('GET /api/worlds', { worlds: [MIDGARD] });
    server.on(`POST /api/worlds/${MIDGARD.id}/join`, reply(201, { world: MIDGARD, village: VILLAGE }));
    const { client, store } = renderPicker();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Midgard' })).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(client.getQueryData(villagesKey)).toEqual([VILLAGE]));
    expect(store.get(selectedVillageIdAtom)).toBe(VILLAGE.id);
    expect(server.paths()).toContain(`POST /api/worlds/${MIDGARD.id}/join`);
    // The reply carries the capital: the list is not read again for it.
    expect(server.paths()).not.toContain('GET /api/villages');
  });

  it.each([
    [409, 'You already have a village in this world'],
    [503, 'This world is in maintenance; game actions are paused. Please try again later.'],
  ])('shows a %i refusal beside the world', async (status, message) => {
    server.on('GET /api/worlds', { worlds: [MIDGARD, NIFLHEIM] });
    server.on('POST /api/worlds/:worldId/join', reply(status, { error: message }));
    const { client } = renderPicker();
    const niflheim = await screen.findByRole('listitem', { name: 'Niflheim' });
    fireEvent.click(within(niflheim).getByRole('button', { name: 'Join' }));
    expect((await within(niflheim).findByRole('alert')).textContent).toBe(message);
    expect(client.getQueryData(villagesKey)).toEqual([]);
  });
});

describe('WorldPicker for a player of other worlds', () => {
  const OLD = { ...VILLAGE, id: 'v-old', worldId: ASGARD.id };

  /** The worlds page of a player whose only village stands in the ended Asgard, with the village page behind it. */
  function renderWorldsPage() {
    return renderWithProviders(
      <Routes>
        <Route path="/game/worlds" element={<WorldPicker />} />
        <Route path="/game/village" element={<p>The village page</p>} />
      </Routes>,
      { route: '/game/worlds', data: [[villagesKey, [OLD]]] },
    );
  }

  it("shows an ended world's end and its hall of fame instead of a Join, and the end date of a world still played", async () => {
    server.on('GET /api/worlds', { worlds: [ASGARD, { ...MIDGARD, endsAt: '2026-09-01T12:00:00.000Z' }] });
    renderWorldsPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Worlds');
    const asgard = await screen.findByRole('listitem', { name: 'Asgard' });
    expect(asgard.textContent).toContain('Ended');
    expect(within(asgard).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(within(asgard).getByRole('link', { name: 'Hall of fame: Asgard' }).getAttribute('href')).toBe('/game/worlds/w-asgard/hall-of-fame');
    expect(asgard.textContent).toContain('You played here');
    const midgard = screen.getByRole('listitem', { name: 'Midgard' });
    expect(midgard.textContent).toMatch(/Ends /);
    expect(within(midgard).getByRole('button', { name: 'Join' })).toBeTruthy();
  });

  it('joins the new world and goes to its capital', async () => {
    server.on('GET /api/worlds', { worlds: [ASGARD, MIDGARD] });
    server.on(`POST /api/worlds/${MIDGARD.id}/join`, reply(201, { world: MIDGARD, village: VILLAGE }));
    const { client, store } = renderWorldsPage();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Midgard' })).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('The village page')).toBeTruthy();
    expect(store.get(selectedVillageIdAtom)).toBe(VILLAGE.id);
    expect(client.getQueryData(villagesKey)).toEqual([OLD, VILLAGE]);
  });

  it('goes back to a world the player plays in', async () => {
    server.on('GET /api/worlds', { worlds: [{ ...MIDGARD, players: 1 }] });
    renderWithProviders(
      <Routes>
        <Route path="/game/worlds" element={<WorldPicker />} />
        <Route path="/game/village" element={<p>The village page</p>} />
      </Routes>,
      { route: '/game/worlds', data: [[villagesKey, [VILLAGE]]] },
    );
    const midgard = await screen.findByRole('listitem', { name: 'Midgard' });
    expect(within(midgard).queryByRole('button', { name: 'Join' })).toBeNull();
    fireEvent.click(within(midgard).getByRole('button', { name: 'Play' }));
    expect(await screen.findByText('The village page')).toBeTruthy();
    expect(server.paths()).not.toContain(`POST /api/worlds/${MIDGARD.id}/join`);
  });
});
