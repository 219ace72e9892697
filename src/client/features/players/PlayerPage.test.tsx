// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router';
import type { PlayerProfile } from '../../api/players';
import { i18n } from '../../i18n';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom, type Village } from '../../state/village';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import PlayerByNamePage from './PlayerByNamePage';
import PlayerPage from './PlayerPage';

const MIDGARD = { id: '11111111-1111-4111-8111-111111111111', name: 'Midgard' };
const ASGARD = { id: '22222222-2222-4222-8222-222222222222', name: 'Asgard' };
const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const ME = { id: TEST_USER.id, username: TEST_USER.username };

const MY_VILLAGE: Village = { id: 'v-mine', name: 'Kattegat', x: 0, y: 0, population: 10, loyalty: 100, isCapital: true, worldId: MIDGARD.id, ownerId: TEST_USER.id };

function profile(extra: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    player: BJORN,
    description: 'Jarl of the fjords.\n<i>Ask</i> before you raid.',
    alliance: { id: 'a1', tag: 'ODIN', name: 'Sons of Odin' },
    villages: [
      { id: 'v1', name: 'Hedeby', x: 12, y: -40, population: 1500, isCapital: true, world: MIDGARD },
      { id: 'v2', name: 'Birka', x: 3, y: 7, population: 200, isCapital: false, world: ASGARD },
    ],
    population: 1700,
    standings: [
      { world: MIDGARD, rank: 4, population: 1500 },
      { world: ASGARD, rank: null, population: 200 },
    ],
    foundedAt: '2026-01-15T10:00:00.000Z',
    vacations: [],
    isMe: false,
    ...extra,
  };
}

const server = setupFakeServer();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(url: string) {
  const store = createStore();
  store.set(selectedVillageIdAtom, MY_VILLAGE.id);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/game/players/by-name/:username" element={<PlayerByNamePage />} />
        <Route path="/game/players/:playerId" element={<PlayerPage />} />
      </Routes>
      <Where />
    </>,
    { route: url, store, data: [[queryKeys.villages(TEST_USER.id), [MY_VILLAGE]]] },
  );
}

beforeEach(() => {
  localStorage.clear();
  server.routesFrom({
    'GET /api/villages': { villages: [MY_VILLAGE] },
    [`GET /api/players/${BJORN.id}`]: profile(),
    [`GET /api/players/${ME.id}`]: profile({ player: ME, isMe: true, description: '', alliance: null }),
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a player profile', () => {
  it("shows another player's name, alliance, description as text, villages, ranks and Send message", async () => {
    renderAt(`/game/players/${BJORN.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bjorn' })).toBeTruthy();
    expect(screen.getByText('[ODIN]')).toBeTruthy();
    const about = screen.getByText(/Jarl of the fjords/);
    expect(about.textContent).toBe('Jarl of the fjords.\n<i>Ask</i> before you raid.');
    expect(about.querySelector('i')).toBeNull();

    const send = screen.getByRole('link', { name: 'Send message' });
    expect(send.getAttribute('href')).toBe('/game/messages/new?to=Bjorn');
    expect(screen.queryByLabelText('About you')).toBeNull();

    const table = screen.getByRole('table', { name: 'Villages' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'World', 'Coordinates', 'Population']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Hedeby (capital)', 'Midgard', '(12|-40) · Add to farm list', '1.5K']);
    // The map shows the selected village's world: a village there links to its tile (and to the army page's farm lists), one elsewhere does not.
    expect(within(rows[1]).getByRole('link', { name: '(12|-40) on the map' }).getAttribute('href')).toBe('/game/map?x=12&y=-40');
    expect(within(rows[1]).getByRole('link', { name: 'Add Hedeby to a farm list' }).getAttribute('href')).toBe('/game/army?farm=12%7C-40');
    expect(within(rows[2]).queryByRole('link')).toBeNull();

    expect(screen.getByText('Total population').nextElementSibling?.textContent).toBe('1.7K');
    const ranks = screen.getByRole('heading', { name: 'Rank' }).parentElement;
    expect(ranks?.textContent).toContain('Midgard: #4');
    expect(ranks?.textContent).toContain('Asgard: not ranked yet');
  });

  it('hides Send message on one’s own profile and lets one write the description', async () => {
    const saved = profile({ player: ME, isMe: true, alliance: null, description: 'Shieldmaiden.' });
    server.on('PUT /api/me/profile', () => saved);
    renderAt(`/game/players/${ME.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Ragnar/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Send message' })).toBeNull();
    expect(screen.getByText('You have not written anything about yourself yet.')).toBeTruthy();

    const field = screen.getByLabelText('About you');
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501/500 characters').className).toContain('profile__count--over');
    fireEvent.click(screen.getByRole('button', { name: 'Save description' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your description must be at most 500 characters');
    expect(server.requests('PUT', '/api/me/profile')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '  Shieldmaiden.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save description' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your description is saved.');
    expect(server.requests('PUT', '/api/me/profile').map((call) => call.body)).toEqual([{ description: 'Shieldmaiden.' }]);
    await waitFor(() => expect(screen.getByText('Shieldmaiden.', { selector: 'p' })).toBeTruthy());
  });

  it('says there is no such player', async () => {
    server.on('GET /api/players/:playerId', () => reply(404, { error: 'No such player' }));
    renderAt('/game/players/99999999-9999-4999-8999-999999999999');
    expect(await screen.findByText('There is no such player.')).toBeTruthy();
  });

  it('finds a player by name and goes on to their profile', async () => {
    server.on('GET /api/players/by-name/:username', ({ params }) => (params.username === 'bjorn' ? { player: BJORN } : reply(404, { error: 'No such player' })));
    renderAt('/game/players/by-name/bjorn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bjorn' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/game/players/${BJORN.id}`);
  });
});

describe('a profile of a player on vacation', () => {
  it('names the world and until when', async () => {
    server.on(`GET /api/players/${BJORN.id}`, profile({ vacations: [{ worldId: ASGARD.id, until: '2026-03-20T09:00:00.000Z' }] }));
    renderAt(`/game/players/${BJORN.id}`);
    const line = await screen.findByTestId('profile-vacation');
    expect(line.textContent).toMatch(/^On vacationAsgard until /);
    expect(within(line).getByText((_, element) => element?.tagName === 'TIME' && element.getAttribute('datetime') === '2026-03-20T09:00:00.000Z')).toBeTruthy();
  });
});

describe('a player profile in German', () => {
  it('shows the villages, the figures and the ranks in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderAt(`/game/players/${BJORN.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bjorn' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nachricht senden' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Dörfer' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Welt', 'Koordinaten', 'Einwohner']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Hedeby (Hauptdorf)', 'Midgard', '(12|-40) · Zur Farmliste hinzufügen', '1,5 Tsd.']);
    expect(within(rows[1]).getByRole('link', { name: '(12|-40) auf der Karte' })).toBeTruthy();
    expect(screen.getByText('Einwohner insgesamt').nextElementSibling?.textContent).toBe('1,7 Tsd.');
    const ranks = screen.getByRole('heading', { name: 'Rang' }).parentElement;
    expect(ranks?.textContent).toContain('Asgard: noch nicht gewertet');
  });

  it('refuses a too long description in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderAt(`/game/players/${ME.id}`);
    const field = await screen.findByLabelText('Über dich');
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501/500 Zeichen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Beschreibung speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Deine Beschreibung darf höchstens 500 Zeichen lang sein');
    expect(server.requests('PUT', '/api/me/profile')).toHaveLength(0);
  });
});
