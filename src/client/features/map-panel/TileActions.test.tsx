// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MapTile } from '../../state/map';
import type { MapViewer } from '../../state/relations';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { TileActions } from './TileActions';

const WORLD = '22222222-2222-4222-8222-222222222222';
const ME = '33333333-3333-4333-8333-333333333333';
const HOME = { worldId: WORLD, x: 0, y: 0 };
const MINE = { id: '44444444-4444-4444-8444-444444444444', tag: 'ODIN', name: 'Ravens' };
const FRIENDS = { id: '55555555-5555-4555-8555-555555555555', tag: 'THOR', name: 'Thunder' };
const NEIGHBOURS = { id: '66666666-6666-4666-8666-666666666666', tag: 'FREY', name: 'Harvest' };
const FOES = { id: '77777777-7777-4777-8777-777777777777', tag: 'LOKI', name: 'Tricksters' };
const STRANGERS = { id: '88888888-8888-4888-8888-888888888888', tag: 'HEL', name: 'Shades' };
/** The player in ODIN, confederated with THOR, at peace by pact with FREY, at war with LOKI. */
const VIEWER: MapViewer = {
  id: ME,
  allianceId: MINE.id,
  relations: new Map([
    [FRIENDS.id, 'confederation'],
    [NEIGHBOURS.id, 'nap'],
    [FOES.id, 'war'],
  ]),
};

function villageTile(x: number, y: number, owner: { id: string; username: string } | null, alliance?: { id: string; tag: string; name: string }): MapTile {
  return { x, y, type: 'village', worldId: WORLD, village: { id: `v${x}`, name: `Village ${x}`, owner, population: 10, ...(alliance ? { alliance } : {}) } };
}

const server = setupFakeServer();

beforeEach(() => {
  server.on('GET /api/settlement/can-settle/:worldId/:x/:y', ({ params }) => {
    const free = params.x === '4';
    return { worldId: WORLD, x: Number(params.x), y: Number(params.y), tileType: 'empty', canSettle: free, reason: free ? null : 'Too close to another village: keep 3 tiles apart' };
  });
});
afterEach(() => {
  cleanup();
});

function show(tile: MapTile, home: typeof HOME | null = HOME, viewer: MapViewer = VIEWER) {
  renderWithProviders(<TileActions tile={tile} viewer={viewer} home={home} />);
}

const other = { id: 'other', username: 'Aelle' };

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('TileActions', () => {
  it("sends troops to a stranger's village as an attack, or raids or scouts it, and never reinforces it", () => {
    for (const alliance of [undefined, STRANGERS]) {
      show(villageTile(5, -3, other, alliance));
      expect(href('Send troops')).toBe('/game/army?x=5&y=-3&mission=attack');
      expect(href('Raid')).toBe('/game/army?x=5&y=-3&mission=raid');
      expect(href('Scout')).toBe('/game/army?x=5&y=-3&mission=scout');
      expect(href('Add to farm list')).toBe('/game/army?farm=5%7C-3');
      expect(screen.queryByRole('link', { name: 'Reinforce' })).toBeNull();
      cleanup();
    }
  });

  it("attacks, raids or scouts an enemy's village in a war, and never reinforces it", () => {
    show(villageTile(5, -3, other, FOES));
    expect(href('Send troops')).toBe('/game/army?x=5&y=-3&mission=attack');
    expect(href('Raid')).toBe('/game/army?x=5&y=-3&mission=raid');
    expect(href('Scout')).toBe('/game/army?x=5&y=-3&mission=scout');
    expect(screen.queryByRole('link', { name: 'Reinforce' })).toBeNull();
  });

  it("reinforces an ally's, a confederate's or a pact partner's village, and offers no attack, raid or scout there", () => {
    for (const alliance of [MINE, FRIENDS, NEIGHBOURS]) {
      show(villageTile(5, -3, other, alliance));
      expect(href('Reinforce')).toBe('/game/army?x=5&y=-3&mission=reinforce');
      for (const name of ['Send troops', 'Raid', 'Scout', 'Add to farm list']) expect(screen.queryByRole('link', { name })).toBeNull();
      expect(href('Send resources')).toBe('/game/marketplace?x=5&y=-3');
      cleanup();
    }
  });

  it('tells friends from strangers by the alliance of the player looking: outside one, every alliance is a stranger', () => {
    show(villageTile(5, -3, other, MINE), HOME, { id: ME, allianceId: null, relations: new Map() });
    expect(href('Send troops')).toBe('/game/army?x=5&y=-3&mission=attack');
    expect(screen.queryByRole('link', { name: 'Reinforce' })).toBeNull();
  });

  it('attacks or raids an oasis, and sends no resources there', () => {
    show({ x: 2, y: 1, type: 'oasis', worldId: WORLD, resourceType: 'timber', resourceBonus: 25 });
    expect(href('Send troops')).toBe('/game/army?x=2&y=1&mission=attack');
    expect(href('Raid')).toBe('/game/army?x=2&y=1&mission=raid');
    expect(screen.queryByRole('link', { name: 'Send resources' })).toBeNull();
  });

  it("reinforces the player's other villages and offers nothing on the village the army would leave from", () => {
    show(villageTile(7, 7, { id: ME, username: 'Ragnar' }));
    expect(href('Send troops')).toBe('/game/army?x=7&y=7&mission=reinforce');
    expect(screen.queryByRole('link', { name: 'Raid' })).toBeNull();
    cleanup();
    show(villageTile(0, 0, { id: ME, username: 'Ragnar' }));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('sends resources to any village but the one merchants would leave from', () => {
    show(villageTile(5, -3, { id: 'other', username: 'Aelle' }));
    expect(href('Send resources')).toBe('/game/marketplace?x=5&y=-3');
    cleanup();
    show(villageTile(7, 7, { id: ME, username: 'Ragnar' }));
    expect(href('Send resources')).toBe('/game/marketplace?x=7&y=7');
    cleanup();
    show(villageTile(0, 0, { id: ME, username: 'Ragnar' }));
    expect(screen.queryByRole('link', { name: 'Send resources' })).toBeNull();
  });

  it('attacks or raids a barbarian village (no owner), and sends it no resources', () => {
    show(villageTile(6, 2, null));
    expect(href('Send troops')).toBe('/game/army?x=6&y=2&mission=attack');
    expect(href('Raid')).toBe('/game/army?x=6&y=2&mission=raid');
    expect(screen.queryByRole('link', { name: 'Send resources' })).toBeNull();
  });

  it('offers to found a village on free land, and says why not elsewhere', async () => {
    show({ x: 4, y: 9, type: 'empty', worldId: WORLD });
    expect((await screen.findByRole('link', { name: 'Found village here' })).getAttribute('href')).toBe('/game/army?x=4&y=9&mission=settle');
    expect(server.calls[0].path).toBe(`/api/settlement/can-settle/${WORLD}/4/9`);
    cleanup();
    show({ x: 1, y: 1, type: 'empty', worldId: WORLD });
    expect(await screen.findByText('Too close to another village: keep 3 tiles apart')).toBeTruthy();
  });

  it('offers nothing in a world where the player has no village, or on land nobody settles', () => {
    show(villageTile(5, -3, { id: 'other', username: 'Aelle' }), { ...HOME, worldId: 'elsewhere' });
    expect(screen.queryByRole('group')).toBeNull();
    show({ x: 4, y: 9, type: 'water', worldId: WORLD });
    expect(screen.queryByRole('group')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});
