// @vitest-environment happy-dom
// The map's panels name what the colours show: the legend lists every look with its label, the village sizes and the
// movements' colours, the tooltip and the details name the relation of another player's village to the player in words,
// with its alliance as [TAG] name, and a marching army's tooltip says what the player may know of it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Diplomacy, MyAlliance } from '../../api/alliances';
import { chunkKey, chunkOf, chunkTiles } from '../../map/chunks';
import { hoveredTileAtom, makeCamera, mapCameraAtom, mapChunksAtom, selectedTileAtom, type MapTile } from '../../state/map';
import { hoveredMovementAtom, mapMovementsAtom, type MapMovement } from '../../state/mapMovements';
import { relationsKnownAtom } from '../../state/relations';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders, TEST_USER } from '../../test/render';
import { TILE_LOOKS } from '../../../rules/tile-looks';
import { MapLegend } from './MapLegend';
import { MapTooltip } from './MapTooltip';
import { MovementTooltip } from './MovementTooltip';
import { TileDetails } from './TileDetails';

// The unit tests run without the build's atlas plugin: the art is packed here, from the real assets/, as the plugin packs it.
vi.mock('./mapStyle', async () => {
  const { buildMapAtlas } = await import('../../../../scripts/vite-map-atlas');
  const { tileLabels } = await import('./tileLabels');
  const mapArt = buildMapAtlas('assets').data;
  return { mapArt, ...tileLabels(mapArt.style) };
});

const WORLD = '22222222-2222-4222-8222-222222222222';
const MINE = { id: '44444444-4444-4444-8444-444444444444', tag: 'ODIN', name: 'Ravens' };
const FRIENDS = { id: '55555555-5555-4555-8555-555555555555', tag: 'THOR', name: 'Thunder' };
const NEIGHBOURS = { id: '66666666-6666-4666-8666-666666666666', tag: 'FREY', name: 'Harvest' };
const FOES = { id: '77777777-7777-4777-8777-777777777777', tag: 'LOKI', name: 'Tricksters' };

const myAlliance: MyAlliance = {
  embassyLevel: 1,
  alliance: {
    ...MINE,
    description: '',
    isPublic: true,
    memberCount: 2,
    memberCap: 3,
    leaderEmbassyLevel: 1,
    totalVillages: 2,
    totalPopulation: 20,
    foundedAt: '2026-01-01T00:00:00.000Z',
    members: [],
    announcement: null,
  },
  membership: { role: 'member', joinedAt: '2026-01-01T00:00:00.000Z' },
};

const active = (alliance: typeof FRIENDS, kind: 'confederation' | 'nap' | 'war') => ({
  id: `r-${alliance.tag}`,
  kind,
  status: 'active' as const,
  direction: 'outgoing' as const,
  alliance,
  proposedAt: '2026-01-01T00:00:00.000Z',
  acceptedAt: '2026-01-02T00:00:00.000Z',
  proposedBy: null,
});

const diplomacy: Diplomacy = {
  allianceId: MINE.id,
  relations: [active(FRIENDS, 'confederation'), active(NEIGHBOURS, 'nap'), active(FOES, 'war')],
  caps: { confederation: 3, nap: 3 },
};

function village(x: number, owner: { id: string; username: string } | null, alliance?: typeof MINE): MapTile {
  return { x, y: 0, type: 'village', worldId: WORLD, village: { id: `v${x}`, name: `Village ${x}`, owner, population: 10, ...(alliance ? { alliance } : {}) } };
}

const other = { id: 'other', username: 'Aelle' };
/** One row of villages: the player's, an ally's, a confederate's, a pact partner's, an enemy's, a stranger's, the barbarians'. */
const TILES = [
  village(1, { id: TEST_USER.id, username: TEST_USER.username }, MINE),
  village(2, other, MINE),
  village(3, other, FRIENDS),
  village(4, other, NEIGHBOURS),
  village(5, other, FOES),
  village(6, other),
  village(7, null),
];

const server = setupFakeServer();

beforeEach(() => {
  server.on('GET /api/alliances/my-alliance', myAlliance);
  server.on('GET /api/alliances/diplomacy', diplomacy);
  server.on('GET /api/villages', { villages: [] });
});
afterEach(() => {
  cleanup();
});

/** Renders a panel over a map showing TILES, once the player's relations are read. */
async function showMap(ui: React.ReactElement) {
  const rendered = renderWithProviders(ui);
  const { cx, cy } = chunkOf(1, 0);
  const chunk = { key: chunkKey(WORLD, cx, cy), worldId: WORLD, cx, cy, status: 'ready' as const, tiles: chunkTiles({ cx, cy }, TILES) };
  rendered.store.set(mapCameraAtom, makeCamera(WORLD, 0, 0));
  rendered.store.set(mapChunksAtom, new Map([[chunk.key, chunk]]));
  await vi.waitFor(() => expect(rendered.store.get(relationsKnownAtom)).toBe(true));
  return rendered;
}

describe('MapLegend', () => {
  it('lists every look with its label, the villages by relation among them', () => {
    renderWithProviders(<MapLegend />);
    const legend = screen.getByRole('region', { name: 'Legend' });
    const items = within(within(legend).getByRole('list', { name: 'Tiles' })).getAllByRole('listitem');
    expect(items).toHaveLength(TILE_LOOKS.length);
    for (const label of ['Your Village', 'Alliance Village', 'Confederate', 'Non-aggression Pact', 'Enemy (War)', 'Other Village', 'Barbarian village']) {
      expect(within(legend).getByText(label, { exact: true })).toBeTruthy();
    }
    // Each beside its colour: the enemy's red swatch next to its name.
    const enemy = items.find((item) => item.textContent === 'Enemy (War)');
    expect(enemy?.querySelector('.map-legend__swatch')?.getAttribute('style')).toMatch(/#d8434a|rgb\(216, 67, 74\)/);
  });

  it('explains the village sizes by inhabitants, the capital, and the colour of each kind of movement', () => {
    renderWithProviders(<MapLegend />);
    const sizes = screen.getByRole('list', { name: 'Village sizes' });
    expect(within(sizes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Hamlet under 100', 'Village 100–299', 'Town 300–599', 'City 600 and more', 'Capital']);
    const moves = screen.getByRole('list', { name: 'Movements' });
    expect(within(moves).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Attack', 'Raid', 'Reinforcement', 'Return', 'Merchants', 'Merchants returning', 'Scouts']);
  });
});

describe('MapTooltip', () => {
  const hover = (x: number) => ({ x, y: 0, left: 200, top: 200, size: 30, stageWidth: 600 });

  it("names the look and the relation of another player's village", async () => {
    const { store } = await showMap(<MapTooltip />);
    const expected: [number, string, string][] = [
      [2, 'Alliance Village', 'Relation: Your alliance'],
      [3, 'Confederate', 'Relation: Confederate'],
      [4, 'Non-aggression Pact', 'Relation: Non-aggression pact'],
      [5, 'Enemy (War)', 'Relation: At war'],
      [6, 'Other Village', 'Relation: No relation'],
    ];
    for (const [x, look, relation] of expected) {
      store.set(hoveredTileAtom, hover(x));
      const tooltip = await screen.findByRole('tooltip');
      await vi.waitFor(() => expect(tooltip.textContent).toContain(`(${x}|0) ${look}`));
      expect(within(tooltip).getByText(relation)).toBeTruthy();
    }
  });

  it('names the size of a village', async () => {
    const { store } = await showMap(<MapTooltip />);
    store.set(hoveredTileAtom, hover(6));
    await vi.waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('Hamlet'));
  });

  it("says nothing of a relation on the player's own village or the barbarians'", async () => {
    const { store } = await showMap(<MapTooltip />);
    store.set(hoveredTileAtom, hover(1));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Your Village');
    expect(screen.queryByText(/Relation:/)).toBeNull();
    store.set(hoveredTileAtom, hover(7));
    await vi.waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('Barbarian village'));
    expect(screen.queryByText(/Relation:/)).toBeNull();
  });
});

describe('TileDetails', () => {
  it("names a confederate's village's relation and alliance in words", async () => {
    const { store } = await showMap(<TileDetails />);
    store.set(selectedTileAtom, { x: 3, y: 0 });
    const details = screen.getByRole('region', { name: 'Tile Details' });
    await vi.waitFor(() => expect(within(details).getByTestId('tile-relation').textContent).toBe('Confederate'));
    expect(within(details).getByText('[THOR] Thunder')).toBeTruthy();
    expect(within(details).getAllByText('Confederate')).toHaveLength(2);
    expect(within(details).getByText('Relation')).toBeTruthy();
  });

  it("names an enemy's relation, and none on the player's own village", async () => {
    const { store } = await showMap(<TileDetails />);
    store.set(selectedTileAtom, { x: 5, y: 0 });
    const details = screen.getByRole('region', { name: 'Tile Details' });
    await vi.waitFor(() => expect(within(details).getByTestId('tile-relation').textContent).toBe('At war'));
    expect(within(details).getByText('Enemy (War)')).toBeTruthy();
    expect(within(details).getByText('[LOKI] Tricksters')).toBeTruthy();
    store.set(selectedTileAtom, { x: 1, y: 0 });
    await vi.waitFor(() => expect(within(details).getByText('Your Village')).toBeTruthy());
    expect(within(details).queryByTestId('tile-relation')).toBeNull();
  });
});

describe('MovementTooltip', () => {
  const march = (own: boolean): MapMovement => ({
    id: own ? 'mine' : 'theirs',
    kind: 'attack',
    own,
    worldId: WORLD,
    from: { id: 'a', name: 'Hedeby', x: 1, y: 2 },
    to: { id: 'b', name: 'Jorvik', x: 9, y: -4 },
    departsAt: Date.now() - 60_000,
    arrivesAt: Date.now() + 125_000,
    units: own ? { viking_raider: 5, bondi: 12 } : null,
    merchants: 0,
  });

  it("shows the player's own army's units and arrival", async () => {
    const { store } = renderWithProviders(<MovementTooltip />);
    store.set(mapMovementsAtom, [march(true)]);
    store.set(hoveredMovementAtom, { id: 'mine', left: 200, top: 200, stageWidth: 600 });
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Attack');
    expect(tooltip.textContent).toContain('Hedeby (1|2) → Jorvik (9|-4)');
    expect(tooltip.textContent).toContain('12 Bondi, 5 Viking Raider');
    expect(within(tooltip).getByRole('timer').textContent).toMatch(/^2m \d+s$/);
  });

  it("shows only the arrival of someone else's army coming at the player", async () => {
    const { store } = renderWithProviders(<MovementTooltip />);
    store.set(mapMovementsAtom, [march(false)]);
    store.set(hoveredMovementAtom, { id: 'theirs', left: 200, top: 200, stageWidth: 600 });
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Incoming attack');
    expect(tooltip.textContent).not.toMatch(/Bondi|Raider/);
    expect(within(tooltip).getByRole('timer')).toBeTruthy();
  });
});
