// @vitest-environment happy-dom
// The map and the game's time rules: a village whose owner is on vacation says 'On vacation until …' in the tooltip and the
// tile details (beside a beginner's shield), and the page names the world's night truce hours.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { chunkKey, chunkOf, chunkTiles } from '../../map/chunks';
import { hoveredTileAtom, makeCamera, mapCameraAtom, mapChunksAtom, selectedTileAtom, type MapTile } from '../../state/map';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import type { NightTruce } from '../../../rules/night-truce';
import { MapTooltip } from './MapTooltip';
import { MapTruce } from './MapTruce';
import { TileDetails } from './TileDetails';

// The unit tests run without the build's atlas plugin: the art is packed here, from the real assets/, as the plugin packs it.
vi.mock('./mapStyle', async () => {
  const { buildMapAtlas } = await import('../../../../scripts/vite-map-atlas');
  const { tileLabels } = await import('./tileLabels');
  const mapArt = buildMapAtlas('assets').data;
  return { mapArt, ...tileLabels(mapArt.style) };
});

const WORLD = '22222222-2222-4222-8222-222222222222';
const DAY = 86_400_000;
const owner = { id: 'other', username: 'Aelle' };
const until = new Date(Date.now() + 3 * DAY).toISOString();
const TILES: MapTile[] = [
  { x: 1, y: 0, type: 'village', worldId: WORLD, village: { id: 'v1', name: 'Resting Hall', owner, population: 10, vacationUntil: until } },
  { x: 2, y: 0, type: 'village', worldId: WORLD, village: { id: 'v2', name: 'Busy Hall', owner, population: 10 } },
];

const server = setupFakeServer();
let truce: NightTruce | null = null;

beforeEach(() => {
  truce = null;
  server.on('GET /api/alliances/my-alliance', { embassyLevel: 0, alliance: null, membership: null });
  server.on('GET /api/villages', { villages: [] });
  server.on('GET /api/worlds', () => ({ worlds: [{ id: WORLD, name: 'Midgard', status: 'online', players: 2, maxPlayers: 500, speed: 1, size: 200, truce }] }));
});
afterEach(() => {
  cleanup();
});

function showMap(ui: React.ReactElement) {
  const rendered = renderWithProviders(ui);
  const { cx, cy } = chunkOf(1, 0);
  const chunk = { key: chunkKey(WORLD, cx, cy), worldId: WORLD, cx, cy, status: 'ready' as const, tiles: chunkTiles({ cx, cy }, TILES) };
  rendered.store.set(mapCameraAtom, makeCamera(WORLD, 0, 0));
  rendered.store.set(mapChunksAtom, new Map([[chunk.key, chunk]]));
  return rendered;
}

describe('a village whose owner is on vacation', () => {
  it('says so in the tooltip, and nothing of it on another village', async () => {
    const { store } = showMap(<MapTooltip />);
    store.set(hoveredTileAtom, { x: 1, y: 0, left: 200, top: 200, size: 30, stageWidth: 600 });
    const tooltip = await screen.findByRole('tooltip');
    expect((await within(tooltip).findByTestId('vacation-mark')).textContent).toMatch(/^⏾ On vacation until /);
    expect(within(tooltip).getByText((_, element) => element?.tagName === 'TIME' && element.getAttribute('datetime') === until)).toBeTruthy();
    store.set(hoveredTileAtom, { x: 2, y: 0, left: 200, top: 200, size: 30, stageWidth: 600 });
    await vi.waitFor(() => expect(within(screen.getByRole('tooltip')).getByText('Busy Hall')).toBeTruthy());
    expect(within(screen.getByRole('tooltip')).queryByTestId('vacation-mark')).toBeNull();
  });

  it('says so in the tile details', async () => {
    const { store } = showMap(<TileDetails />);
    store.set(selectedTileAtom, { x: 1, y: 0 });
    const details = screen.getByRole('region', { name: 'Tile Details' });
    expect((await within(details).findByTestId('vacation-mark')).textContent).toContain('On vacation until');
  });
});

describe('the night truce on the map page', () => {
  it('names the hours and what they do, and nothing for a world without one', async () => {
    truce = { startHour: 22, endHour: 6, timeZone: 'Europe/Oslo', mode: 'refuse', bonusPercent: 50 };
    showMap(<MapTruce />);
    expect((await screen.findByTestId('map-truce')).textContent).toBe('Night truce in Midgard: 22:00 to 06:00 (Europe/Oslo): no attack, raid or scouting mission may land.');
    cleanup();
    truce = null;
    showMap(<MapTruce />);
    await vi.waitFor(() => expect(server.requests('GET', '/api/worlds').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('map-truce')).toBeNull();
  });
});
