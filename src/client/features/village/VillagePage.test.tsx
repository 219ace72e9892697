// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { VillageOverview } from '../../api/villages';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom, type Village } from '../../state/village';
import { buildTimeSeconds } from '../../../rules/buildings';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { formatTime } from '../../ui/dates';
import { TEST_USER, renderWithProviders } from '../../test/render';
import VillagePage from './VillagePage';
import { BUILDINGS_VIEW_KEY } from './buildingsView';

// The picture view's scene is PixiJS on WebGL: here it is a stand-in with a button per slot it would draw, which opens
// that slot as a click on the picture does and hovers it on focus, so the page's side of the picture can be tested.
vi.mock('../../map/village/VillageScene', () => ({
  default: function FakeVillageScene(props: {
    data: { buildings: readonly { slot: number }[] };
    onOpen: (slot: number) => void;
    onHover?: (hover: { slot: number; x: number; y: number } | null) => void;
    label: string;
  }) {
    const slots = Array.from({ length: 40 }, (_, i) => i + 1).filter((slot) => slot > 18 || props.data.buildings.some((b) => b.slot === slot));
    return (
      <div role="img" aria-label={props.label}>
        {slots.map((slot) => (
          <button key={slot} type="button" onClick={() => props.onOpen(slot)} onFocus={() => props.onHover?.({ slot, x: 10, y: 20 })}>
            scene slot {slot}
          </button>
        ))}
      </div>
    );
  },
}));

const VILLAGE: Village = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Kattegat',
  x: 12,
  y: -40,
  population: 2,
  loyalty: 100,
  isCapital: true,
  worldId: '22222222-2222-4222-8222-222222222222',
  ownerId: TEST_USER.id,
};

function overview(extra: Partial<VillageOverview> = {}): VillageOverview {
  return {
    village: VILLAGE,
    resources: [
      { type: 'timber', amount: 750, capacity: 800, production: 3600 },
      { type: 'stone', amount: 10, capacity: 800, production: 0 },
      { type: 'iron', amount: 750, capacity: 800, production: 8 },
      { type: 'mead', amount: 795, capacity: 800, production: 7200 },
    ],
    statistics: { militaryPower: 1500, defenseBonus: 6, totalUpkeep: 12 },
    buildings: [
      { id: 'b1', type: 'timber_camp', level: 0, slot: 1, isUpgrading: false, remainingTime: null, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' },
      { id: 'b19', type: 'great_hall', level: 1, slot: 19, isUpgrading: false, remainingTime: null, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' },
    ],
    units: [],
    availableUnitTypes: [],
    serverTime: new Date().toISOString(),
    protectedUntil: null,
    starvation: null,
    ...extra,
  };
}

const server = setupFakeServer();
const promptMock = vi.fn<(message?: string, defaultValue?: string) => string | null>();
const WORLD = { id: VILLAGE.worldId, name: 'Midgard', status: 'online', players: 1, maxPlayers: 500, speed: 1, size: 200 };

/** The page on a village already read (the shell read it); reading it again answers the same. */
function renderPage(read: VillageOverview = overview(), url = '/game/village') {
  server.on('GET /api/villages', { villages: [VILLAGE] });
  server.on(`GET /api/map/village/${VILLAGE.id}/overview`, () => read);
  const store = createStore();
  store.set(selectedVillageIdAtom, VILLAGE.id);
  return renderWithProviders(<VillagePage />, {
    route: url,
    store,
    data: [
      [queryKeys.villages(TEST_USER.id), [VILLAGE]],
      [queryKeys.worlds(), [WORLD]],
      [queryKeys.overview(TEST_USER.id, VILLAGE.id), read],
    ],
  });
}

const overviewReads = () => server.requests('GET', `/api/map/village/${VILLAGE.id}/overview`).length;

/** The buildings tab as cards: the list view, switched to as a player would (the picture is the default). */
function renderList(read: VillageOverview = overview()) {
  const rendered = renderPage(read, '/game/village?tab=buildings');
  fireEvent.click(screen.getByRole('button', { name: 'List' }));
  return rendered;
}

beforeEach(() => {
  localStorage.clear();
  promptMock.mockReset();
  // happy-dom has no window.prompt.
  Object.defineProperty(window, 'prompt', { value: promptMock, configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('VillagePage resources', () => {
  it('counts the stock up every second from the last read, up to the capacity', () => {
    vi.useFakeTimers();
    renderPage();
    expect(screen.getByTestId('resource-timber').textContent).toBe('750');
    expect(screen.getByTestId('resource-mead').textContent).toBe('795');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('resource-timber').textContent).toBe('751');
    expect(screen.getByTestId('resource-mead').textContent).toBe('797');
    act(() => vi.advanceTimersByTime(9000));
    expect(screen.getByTestId('resource-timber').textContent).toBe('760');
    expect(screen.getByTestId('resource-mead').textContent).toBe('800');
    expect(screen.getByTestId('resource-stone').textContent).toBe('10');
  });

  it('colours the store bars: yellow above 70%, red above 90%', () => {
    renderPage(
      overview({
        resources: [
          { type: 'timber', amount: 400, capacity: 800, production: 0 },
          { type: 'stone', amount: 600, capacity: 800, production: 0 },
          { type: 'iron', amount: 760, capacity: 800, production: 0 },
          { type: 'mead', amount: 560, capacity: 800, production: 0 },
        ],
      }),
    );
    const tone = (name: string) => screen.getByRole('progressbar', { name: `${name} store` }).parentElement?.className;
    expect(tone('Timber')).toContain('progress--good');
    expect(tone('Stone')).toContain('progress--warning');
    expect(tone('Iron')).toContain('progress--danger');
    expect(tone('Mead')).toContain('progress--good');
  });

  it('shows the statistics', () => {
    renderPage();
    expect(screen.getByText('Military power').nextElementSibling?.textContent).toBe('1.5K');
    expect(screen.getByText('Defense bonus').nextElementSibling?.textContent).toBe('6%');
    expect(screen.getByText('Unit upkeep').nextElementSibling?.textContent).toBe('12 mead/h');
  });
});

describe('renaming', () => {
  it('ignores a cancelled, empty or unchanged answer and sends a new name trimmed', async () => {
    const prompt = promptMock;
    server.on('PUT /api/map/village/:villageId/rename', ({ body }) => ({ village: { ...VILLAGE, name: (body as { name: string }).name } }));
    const { client } = renderPage();
    const rename = screen.getByRole('button', { name: 'Rename' });

    for (const answer of [null, '', '   ', 'Kattegat', '  Kattegat  ']) {
      prompt.mockReturnValueOnce(answer);
      fireEvent.click(rename);
    }
    expect(prompt).toHaveBeenCalledTimes(5);
    expect(prompt).toHaveBeenLastCalledWith(expect.any(String), 'Kattegat');
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    prompt.mockReturnValueOnce('  Hedeby ');
    fireEvent.click(rename);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hedeby' })).toBeTruthy();
    const [renameCall] = server.calls.filter((call) => call.method === 'PUT');
    expect(renameCall.path).toBe(`/api/map/village/${VILLAGE.id}/rename`);
    expect(renameCall.body).toEqual({ name: 'Hedeby' });
    // The reply is the renamed village: the list holds it without being read again.
    expect(client.getQueryData<Village[]>(queryKeys.villages(TEST_USER.id))?.map((v) => v.name)).toEqual(['Hedeby']);
  });

  it('shows the server refusal as an alert', async () => {
    promptMock.mockReturnValue('Birka');
    server.on('PUT /api/map/village/:villageId/rename', reply(503, { error: 'This world is in maintenance; game actions are paused. Please try again later.' }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This world is in maintenance; game actions are paused. Please try again later.',
    );
  });
});

describe('buildings tab', () => {
  it('shows the next level cost and time and says what is missing', () => {
    renderList();
    const camp = screen.getByRole('article', { name: 'Timber Camp, slot 1' });
    // Timber camp level 1: 40 timber, 100 stone, 50 iron, 60 mead, 260 s at speed 1.
    expect(within(camp).getByRole('list', { name: 'Cost' }).textContent).toBe('Timber 40Stone 100Iron 50Mead 60Time 4m 20s');
    expect(within(camp).getByRole('button', { name: 'Upgrade' })).toHaveProperty('disabled', true);
    expect(camp.textContent).toContain('Not enough stone');
  });

  it('shows the running upgrade as a filling bar with its countdown, and disables every other Upgrade', () => {
    vi.useFakeTimers();
    const read = overview();
    // Great hall level 2 takes 2320 s at speed 1 with great hall level 1: 65 s left is 97% done.
    read.buildings[1] = { ...read.buildings[1], isUpgrading: true, remainingTime: 65, upgradeFinishesAt: new Date(Date.now() + 65_000).toISOString() };
    renderList(read);
    const hall = screen.getByRole('article', { name: 'Great Hall, slot 19' });
    expect(within(hall).getByRole('timer').textContent).toBe('1m 5s');
    const bar = within(hall).getByRole('progressbar', { name: 'Upgrade to level 2' });
    expect(buildTimeSeconds('great_hall', 2, 1, 1)).toBe(2320);
    expect(bar.getAttribute('aria-valuetext')).toBe('97%');
    act(() => vi.advanceTimersByTime(2000));
    expect(within(hall).getByRole('timer').textContent).toBe('1m 3s');
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(((2320 - 63) / 2320) * 100, 5);
    // The card being upgraded has no dead button.
    expect(within(hall).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    const camp = screen.getByRole('article', { name: 'Timber Camp, slot 1' });
    expect(within(camp).getByRole('button', { name: 'Upgrade' })).toHaveProperty('disabled', true);
    // Why is said once, above the list, not on each card.
    expect(camp.textContent).not.toContain('Another construction is running');
    expect(screen.getAllByText('Another construction is running')).toHaveLength(1);
  });

  it('says nothing about a running construction while the builders are idle', () => {
    renderList();
    expect(screen.queryByText('Another construction is running')).toBeNull();
    expect(screen.getByText('No construction running. Your builders are ready.')).toBeTruthy();
  });

  it('offers only buildings whose requirements are met and lists the others with their requirements', () => {
    renderList();
    const panel = screen.getByRole('region', { name: 'Build a new building' });
    const options = within(panel).getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('Warehouse');
    expect(options).toContain('Barracks');
    expect(options).not.toContain('Shipyard');
    expect(options).toContain('Slot 20');
    expect(panel.textContent).toContain('Shipyard requires Great Hall level 5');
  });

  it('refetches the overview when a countdown ends', async () => {
    vi.useFakeTimers();
    const read = overview();
    read.buildings[0] = { ...read.buildings[0], isUpgrading: true, remainingTime: 2, upgradeFinishesAt: new Date(Date.now() + 2000).toISOString() };
    renderList(read);
    // Opening the page asks nothing the page load read already (the villages in the cache are that young); the
    // countdown has not ended yet.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    const before = overviewReads();
    expect(server.paths().filter((path) => path !== `GET /api/map/village/${VILLAGE.id}/overview`)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(overviewReads()).toBe(before + 1);
  });
});

describe('buildings tab as a picture', () => {
  const rich = () => overview({ resources: overview().resources.map((r) => ({ ...r, amount: 790 })) });

  it('shows the picture by default, remembers the list once chosen, and shows the list for ?build=', () => {
    const { unmount } = renderPage(undefined, '/game/village?tab=buildings');
    expect(screen.getByRole('button', { name: 'Picture' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: /^Picture of Kattegat: 1 resource fields round the village and 1 building inside/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Build a new building' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('article', { name: 'Great Hall, slot 19' })).toBeTruthy();
    expect(localStorage.getItem(BUILDINGS_VIEW_KEY)).toBe('list');
    unmount();
    cleanup();
    // Remembered: the next visit opens on the list (and never loads the picture).
    renderPage(undefined, '/game/village?tab=buildings');
    expect(screen.getByRole('region', { name: 'Build a new building' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Picture of/ })).toBeNull();
    cleanup();
    localStorage.setItem(BUILDINGS_VIEW_KEY, 'picture');
    // Another page sends the player here to build something: the build form it asks for, this once.
    renderPage(undefined, '/game/village?tab=buildings&build=barracks');
    expect(within(screen.getByRole('region', { name: 'Build a new building' })).getByLabelText('Building')).toHaveProperty('value', 'barracks');
    expect(localStorage.getItem(BUILDINGS_VIEW_KEY)).toBe('picture');
  });

  it('opens a clicked building’s card in a dialog, whose Upgrade works as the list’s does', async () => {
    server.on('PUT /api/villages/:villageId/buildings/:buildingId/upgrade', ({ params }) => ({ id: params.buildingId, type: 'great_hall', level: 1, slot: 19, isUpgrading: true, remainingTime: 2320, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' }));
    renderPage(rich(), '/game/village?tab=buildings');
    fireEvent.focus(await screen.findByRole('button', { name: 'scene slot 19' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Great Hall · level 1');
    fireEvent.click(screen.getByRole('button', { name: 'scene slot 19' }));
    const dialog = screen.getByRole('dialog', { name: 'Great Hall' });
    const card = within(dialog).getByRole('article', { name: 'Great Hall, slot 19' });
    expect(within(card).getByRole('list', { name: 'Cost' }).textContent).toContain('Time 38m 40s');
    const reads = overviewReads();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Upgrade' })));
    expect(server.requests('PUT', '/api/villages/11111111-1111-4111-8111-111111111111/buildings/b19/upgrade')).toHaveLength(1);
    // The same cache as the list's: the overview is read again.
    expect(overviewReads()).toBeGreaterThan(reads);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a free plot’s card: what may be built there with its cost, and what is not available yet with its requirements', async () => {
    server.on('POST /api/villages/:villageId/buildings', ({ body }) => ({ id: 'b22', type: (body as { buildingType: string }).buildingType, level: 0, slot: 22, isUpgrading: true, remainingTime: 300, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' }));
    renderPage(rich(), '/game/village?tab=buildings');
    fireEvent.focus(await screen.findByRole('button', { name: 'scene slot 22' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Building plot · slot 22');
    fireEvent.click(screen.getByRole('button', { name: 'scene slot 22' }));
    const dialog = screen.getByRole('dialog', { name: 'Building plot, slot 22' });
    const barracks = within(dialog).getByRole('article', { name: 'Barracks' });
    // Barracks level 1: 210 timber, 140 stone, 260 iron, 120 mead, 300 s.
    expect(within(barracks).getByRole('list', { name: 'Cost' }).textContent).toBe('Timber 210Stone 140Iron 260Mead 120Time 5m 0s');
    expect(within(dialog).queryByRole('article', { name: 'Shipyard' })).toBeNull();
    expect(dialog.textContent).toContain('Shipyard requires Great Hall level 5');
    await act(async () => fireEvent.click(within(barracks).getByRole('button', { name: 'Build here' })));
    const [post] = server.requests('POST', `/api/villages/${VILLAGE.id}/buildings`);
    expect(post?.body).toEqual({ buildingType: 'barracks', slot: 22 });
  });
});

describe('units tab', () => {
  const barracksVillage = () =>
    overview({
      buildings: [
        { id: 'b19', type: 'great_hall', level: 3, slot: 19, isUpgrading: false, remainingTime: null, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' },
        { id: 'b20', type: 'barracks', level: 1, slot: 20, isUpgrading: false, remainingTime: null, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' },
      ],
      units: [
        {
          id: 'u1',
          type: 'bondi',
          count: 7,
          isTraining: true,
          remainingTime: 100,
          trainingQueue: [
            {
              id: 'o1',
              unitType: 'bondi',
              count: 3,
              unitTrainingTime: 600,
              nextUnitFinishesAt: new Date().toISOString(),
              finishesAt: new Date().toISOString(),
              remainingTime: 1300,
            },
          ],
        },
      ],
      availableUnitTypes: [
        { type: 'bondi', trainingTime: 600, cost: { timber: 80, stone: 60, iron: 40, mead: 30 }, canTrain: true },
        { type: 'huscarl', trainingTime: 1300, cost: { timber: 150, stone: 120, iron: 180, mead: 50 }, canTrain: true },
      ],
    });

  it('shows units at home, the training countdown and the types to train with their time', () => {
    renderPage(barracksVillage(), '/game/village?tab=units');
    const home = within(screen.getByRole('region', { name: 'Your units' })).getByRole('article', { name: 'Bondi' });
    expect(within(home).getByLabelText('At home').textContent).toBe('7');
    expect(home.textContent).toContain('Training 3 more: next in 1m 40s, all in 21m 40s');
    const train = screen.getByRole('region', { name: 'Train units' });
    expect(within(train).getByRole('article', { name: 'Bondi' }).textContent).toContain('10m 0s each');
    expect(within(train).getByRole('article', { name: 'Huscarl' }).textContent).toContain('21m 40s each');
  });

  it('trains the count asked for and shows a refusal near the button', async () => {
    server.on('POST /api/villages/:villageId/units', reply(409, { error: 'Not enough resources' }));
    const rich = barracksVillage();
    rich.resources = rich.resources.map((r) => ({ ...r, amount: 5000, capacity: 8000 }));
    renderPage(rich, '/game/village?tab=units');
    const card = within(screen.getByRole('region', { name: 'Train units' })).getByRole('article', { name: 'Bondi' });
    fireEvent.change(within(card).getByLabelText('Count'), { target: { value: '4' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Train' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Not enough resources');
    const [post] = server.requests('POST', `/api/villages/${VILLAGE.id}/units`);
    expect(post.body).toEqual({ unitType: 'bondi', count: 4 });
  });

  it('says why a count cannot be paid', () => {
    renderPage(barracksVillage(), '/game/village?tab=units');
    const card = within(screen.getByRole('region', { name: 'Train units' })).getByRole('article', { name: 'Huscarl' });
    fireEvent.change(within(card).getByLabelText('Count'), { target: { value: '5' } });
    // 5 huscarls: 750 timber, 600 stone, 900 iron, 250 mead; the village holds 750 / 10 / 750 / 795.
    expect(card.textContent).toContain('Not enough stone and iron');
    expect(within(card).getByRole('button', { name: 'Train' })).toHaveProperty('disabled', true);
  });
});

describe('starvation', () => {
  it('warns what hunger cost and when, as the overview tells it', () => {
    const at = '2026-01-01T14:05:00.000Z';
    renderPage(overview({ starvation: { at, units: { catapult: 2, bondi: 12 } } }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(`Your units starved: 12 Bondi, 2 Catapult lost at ${formatTime(at)} — mead ran out. Raise mead production or train fewer units.`);
    expect(alert.querySelector('time')?.getAttribute('datetime')).toBe(at);
  });

  it('says nothing while the overview tells of no starvation', () => {
    renderPage();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/starved/)).toBeNull();
  });
});

describe('beginner protection', () => {
  it('shows the shield with its countdown while the overview names its end', () => {
    const serverTime = Date.now();
    renderPage(overview({ serverTime: new Date(serverTime).toISOString(), protectedUntil: new Date(serverTime + (2 * 3600 + 14 * 60) * 1000).toISOString() }));
    expect(screen.getByTestId('protection-shield').textContent).toMatch(/^ Under beginner protection · ends in 2h 1[34]m \d+s$/);
  });

  it('shows no shield once protection is over', () => {
    renderPage();
    expect(screen.queryByTestId('protection-shield')).toBeNull();
  });
});

describe('smithy tab', () => {
  const track = (level: number, next: { level: number; refusal: string | null } | null) => ({
    level,
    next: next && { level: next.level, cost: { timber: 160, stone: 120, iron: 80, mead: 60 }, researchTime: 360, refusal: next.refusal },
  });
  const smithy = (research: unknown = null) => ({
    villageId: VILLAGE.id,
    blacksmithLevel: 3,
    maxLevel: 3,
    bonusPerLevel: 1.015,
    research,
    unitTypes: [
      { unitType: 'bondi', attack: track(2, { level: 3, refusal: null }), defense: track(1, { level: 2, refusal: null }) },
      { unitType: 'huscarl', attack: track(3, { level: 4, refusal: 'Huscarl attack level 4 needs a Blacksmith of level 4' }), defense: track(0, { level: 1, refusal: null }) },
    ],
  });

  it('lists each unit type’s levels with the next level’s cost, and starts a research with the button', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/smithy`, smithy());
    server.on('POST /api/villages/:villageId/smithy/research', () =>
      smithy({ unitType: 'bondi', track: 'attack', level: 3, startedAt: new Date().toISOString(), finishesAt: new Date().toISOString(), remainingTime: 360 }),
    );
    const rich = overview().resources.map((r) => ({ ...r, amount: 750 }));
    renderPage(overview({ resources: rich }), '/game/village?tab=smithy');
    const bondi = await screen.findByRole('article', { name: 'Bondi research' });
    expect(within(bondi).getByLabelText('Bondi attack').textContent).toContain('Level 2');
    expect(within(bondi).getByLabelText('Bondi attack').textContent).toContain('+3.0%');
    const huscarl = screen.getByRole('article', { name: 'Huscarl research' });
    expect(within(huscarl).getByLabelText('Huscarl attack').textContent).toContain('needs a Blacksmith of level 4');
    expect(within(huscarl).getByRole('button', { name: 'Research level 4' }).hasAttribute('disabled')).toBe(true);

    await act(async () => fireEvent.click(within(bondi).getByRole('button', { name: 'Research level 3' })));
    const [post] = server.requests('POST', `/api/villages/${VILLAGE.id}/smithy/research`);
    expect(post?.body).toEqual({ unitType: 'bondi', track: 'attack' });
    expect((await screen.findByText(/Researching Bondi attack level 3/)).textContent).toMatch(/Researching Bondi attack level 3: (6m 0s|5m 59s)/);
    expect(screen.getByText('Bondi attack research started')).toBeTruthy();
    expect(within(bondi).getByLabelText('Bondi attack').textContent).toContain('Level 3 is being researched');
  });

  it('says what the blacksmith is for when the village has none', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/smithy`, { ...smithy(), blacksmithLevel: 0, maxLevel: 0 });
    renderPage(overview(), '/game/village?tab=smithy');
    expect((await screen.findByRole('region', { name: 'Smithy' })).textContent).toContain('Build a Blacksmith to improve your units’ attack and defence');
  });

  it('the units tab shows each type’s levels', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/smithy`, smithy());
    const unit = { id: 'u1', type: 'bondi' as const, count: 7, isTraining: false, remainingTime: null, trainingQueue: [] };
    renderPage(overview({ units: [unit] }), '/game/village?tab=units');
    const home = within(screen.getByRole('region', { name: 'Your units' })).getByRole('article', { name: 'Bondi' });
    expect((await within(home).findByLabelText('Smithy levels')).textContent).toBe('Att 2 · Def 1');
  });
});
