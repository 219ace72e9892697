// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, useSearchParams } from 'react-router';
import { queryKeys } from '../state/queryKeys';
import type { Village } from '../state/village';
import { reply, setupFakeServer } from '../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../test/render';
import { usePageViewReports, viewActionOf } from './pageViews';

const VILLAGE: Village = { id: 'v1', name: 'Kattegat', x: 1, y: 2, population: 2, loyalty: 100, isCapital: true, worldId: 'w1', ownerId: TEST_USER.id };
const server = setupFakeServer();
const villagesKey = queryKeys.villages(TEST_USER.id);

async function reported(): Promise<string[]> {
  return server.requests('POST', '/api/tutorial/progress').map((call) => (call.body as { action: string }).action);
}

function Frame() {
  usePageViewReports();
  const [, setParams] = useSearchParams();
  return (
    <nav>
      <Link to="/game/village">village</Link>
      <Link to="/game/map">map</Link>
      <Link to="/game/quests">quests</Link>
      <Link to="/game/alliance">alliance</Link>
      <button type="button" onClick={() => setParams({ tab: 'members' })}>
        tab
      </button>
    </nav>
  );
}

/** The frame on `url` with the villages read already (null: not read yet, the read still on its way). */
function renderFrame(url: string, villages: Village[] | null) {
  server.on('GET /api/villages', () => (villages === null ? new Promise<never>(() => undefined) : { villages }));
  return renderWithProviders(<Frame />, { route: url, data: villages === null ? [] : [[villagesKey, villages]] }).client;
}

beforeEach(() => {
  server.on('* /api/*', reply(404, { error: 'not needed here' }));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('viewActionOf', () => {
  it('names the view action of each game page, and none for the map (it reports itself) or other addresses', () => {
    expect(viewActionOf('/game/village')).toBe('view_village');
    expect(viewActionOf('/game/heroes')).toBe('view_heroes');
    expect(viewActionOf('/game/wonders')).toBe('view_wonders');
    expect(viewActionOf('/game/quests/')).toBe('view_quests');
    expect(viewActionOf('/game/army')).toBe('view_army');
    expect(viewActionOf('/game/reports')).toBe('view_reports');
    expect(viewActionOf('/game/alliance')).toBe('view_alliance');
    expect(viewActionOf('/game/map')).toBeNull();
    expect(viewActionOf('/game/nowhere')).toBeNull();
    expect(viewActionOf('/game/quests/extra')).toBeNull();
    expect(viewActionOf('/dashboard')).toBeNull();
  });
});

describe('usePageViewReports', () => {
  it('reports each visit once: not for tab changes, again after leaving and coming back, never for the map', async () => {
    renderFrame('/game/quests', [VILLAGE]);
    await waitFor(async () => expect(await reported()).toEqual(['view_quests']));
    fireEvent.click(screen.getByRole('button', { name: 'tab' }));
    fireEvent.click(screen.getByRole('link', { name: 'alliance' }));
    await waitFor(async () => expect(await reported()).toEqual(['view_quests', 'view_alliance']));
    fireEvent.click(screen.getByRole('link', { name: 'map' }));
    fireEvent.click(screen.getByRole('link', { name: 'quests' }));
    await waitFor(async () => expect(await reported()).toEqual(['view_quests', 'view_alliance', 'view_quests']));
  });

  it('reports the village page only once a village shows there', async () => {
    const client = renderFrame('/game/village', null);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await reported()).toEqual([]);
    act(() => void client.setQueryData(villagesKey, []));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await reported()).toEqual([]);
    act(() => void client.setQueryData(villagesKey, [VILLAGE]));
    await waitFor(async () => expect(await reported()).toEqual(['view_village']));
    act(() => void client.setQueryData(villagesKey, [{ ...VILLAGE, name: 'Renamed' }]));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await reported()).toEqual(['view_village']);
  });
});
