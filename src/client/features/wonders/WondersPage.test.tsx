// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { AllianceEffects, VictoryCheck, Wonder, WonderTypeInfo } from '../../api/wonders';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom, type Village } from '../../state/village';
import { reply as json, setupFakeServer, type FakeCall } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import WondersPage from './WondersPage';

const CAPITAL: Village = {
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
/** The selected village lies in another world than the capital: every call must name that world and village. */
const OUTPOST: Village = {
  ...CAPITAL,
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Hedeby',
  isCapital: false,
  worldId: '66666666-6666-4666-8666-666666666666',
};

const WONDER_ID = '77777777-7777-4777-8777-777777777777';

function wonder(extra: Partial<Wonder> = {}): Wonder {
  return {
    id: WONDER_ID,
    name: 'Ash of Ages',
    type: 'yggdrasil',
    description: 'The World Tree that binds the nine realms.',
    status: 'planned',
    level: 0,
    completionPercentage: 0,
    remainingConstructionTime: null,
    requiredResources: { timber: 5000, stone: 5000, iron: 5000, mead: 5000 },
    totalResourcesInvested: { timber: 0, stone: 0, iron: 0, mead: 0 },
    user: { id: CAPITAL.ownerId!, username: 'ragnar' },
    alliance: { id: '88888888-8888-4888-8888-888888888888', tag: 'LOTH', name: 'Sons of Lothbrok' },
    village: { id: OUTPOST.id, name: 'Hedeby', x: 3, y: 7 },
    worldId: OUTPOST.worldId,
    ...extra,
  };
}

const TYPES: WonderTypeInfo[] = [
  {
    type: 'yggdrasil',
    name: 'Yggdrasil',
    icon: 'wonders/yggdrasil.svg',
    description: 'The World Tree.',
    victoryCondition: true,
    baseRequirements: { greatHallLevel: 20, resources: { timber: 5000, stone: 5000, iron: 5000, mead: 5000 } },
    effects: { resourceBonus: 10, defenseBonus: 0, combatBonus: 0, movementSpeedBonus: 0, prestigePoints: 1000, victory: true },
  },
  {
    type: 'odins_throne',
    name: "Odin's Throne",
    icon: 'wonders/odins_throne.svg',
    description: 'The high seat.',
    victoryCondition: false,
    baseRequirements: { greatHallLevel: 20, resources: { timber: 5000, stone: 5000, iron: 5000, mead: 5000 } },
    effects: { resourceBonus: 0, defenseBonus: 25, combatBonus: 0, movementSpeedBonus: 0, prestigePoints: 500, victory: false },
  },
];

const NO_EFFECTS: AllianceEffects = { resourceBonus: 0, defenseBonus: 0, combatBonus: 0, prestigePoints: 0, specialAbilities: [] };
const NO_WINNER: VictoryCheck = { hasWinner: false, winner: null };

type Call = FakeCall;

const server = setupFakeServer();
const promptMock = vi.fn<(message?: string, defaultValue?: string) => string | null>();

/** The game server as the wonders page sees it: answers by method and path, and records every call with its body. */
function fakeServer(options: {
  wonders?: Wonder[];
  effects?: AllianceEffects;
  victory?: VictoryCheck;
  contribute?: (call: Call) => Response | Promise<Response>;
  construct?: (call: Call) => Response | Promise<Response>;
}) {
  server.routesFrom({
    'GET /api/villages': { villages: [CAPITAL, OUTPOST] },
    'GET /api/wonders': () => ({ wonders: options.wonders ?? [] }),
    'GET /api/wonders/types/info': { wonderTypes: TYPES },
    'GET /api/wonders/alliance/effects': () => ({ effects: options.effects ?? NO_EFFECTS }),
    'GET /api/wonders/victory/check': () => options.victory ?? NO_WINNER,
  });
  if (options.contribute) server.on('POST /api/wonders/:wonderId/contribute', options.contribute);
  if (options.construct) server.on('POST /api/wonders/construct', options.construct);
  return server.calls;
}

function renderPage(url = '/game/wonders') {
  const store = createStore();
  store.set(selectedVillageIdAtom, OUTPOST.id);
  return renderWithProviders(<WondersPage />, { route: url, store, data: [[queryKeys.villages(TEST_USER.id), [CAPITAL, OUTPOST]]] });
}

beforeEach(() => {
  localStorage.clear();
  promptMock.mockReset();
  // happy-dom has no window.prompt.
  Object.defineProperty(window, 'prompt', { value: promptMock, configurable: true, writable: true });
  // The overview reread after contributing is not stubbed here; its failure is only logged.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('WondersPage: the list', () => {
  it("reads the selected village's world and shows each wonder with its progress, builder and place", async () => {
    const calls = fakeServer({
      wonders: [
        wonder({
          level: 3,
          completionPercentage: 3.2,
          totalResourcesInvested: { timber: 2000, stone: 1000, iron: 500, mead: 5788 },
          requiredResources: { timber: 5788, stone: 5788, iron: 5788, mead: 5788 },
        }),
      ],
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Ash of Ages' });
    for (const path of ['/api/wonders', '/api/wonders/alliance/effects', '/api/wonders/victory/check']) {
      expect(calls.find((c) => c.path === path)?.query.get('worldId')).toBe(OUTPOST.worldId);
    }
    expect(within(card).getByText('Planned')).toBeTruthy();
    expect(within(card).getByText('Level 3')).toBeTruthy();
    expect(within(card).getByTestId('wonder-completion').textContent).toBe('3.2%');
    expect(within(card).getByText('The World Tree that binds the nine realms.')).toBeTruthy();
    const resources = within(card).getByRole('region', { name: 'Resources for level 4' });
    const timber = within(resources).getByRole('progressbar', { name: 'Timber' });
    expect(timber.getAttribute('aria-valuenow')).toBe('2000');
    expect(timber.getAttribute('aria-valuemax')).toBe('5788');
    expect(within(resources).getByRole('progressbar', { name: 'Mead' }).getAttribute('aria-valuetext')).toBe('5.7K / 5.7K');
    expect(within(card).getByText('Owner').nextElementSibling?.textContent).toBe('ragnar');
    expect(within(card).getByText('Alliance').nextElementSibling?.textContent).toBe('[LOTH] Sons of Lothbrok');
    expect(within(card).getByText('Village').nextElementSibling?.textContent).toBe('Hedeby (3|7)');
    expect(within(card).getByRole('button', { name: 'Contribute' })).toBeTruthy();
  });

  it('contributes exactly 1000 timber, 1000 stone, 500 iron and 500 mead from the selected village, then rereads the wonder', async () => {
    const wonders = [wonder()];
    const calls = fakeServer({
      wonders,
      contribute: () => {
        wonders[0] = wonder({ completionPercentage: 0.2, totalResourcesInvested: { timber: 1000, stone: 1000, iron: 500, mead: 500 } });
        return json(200, { wonder: wonders[0] });
      },
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Ash of Ages' });
    expect(within(card).getByTestId('wonder-completion').textContent).toBe('0%');
    fireEvent.click(within(card).getByRole('button', { name: 'Contribute' }));
    expect((await within(card).findByRole('status')).textContent).toBe('Resources contributed successfully!');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].path).toBe(`/api/wonders/${WONDER_ID}/contribute`);
    expect(posts[0].body).toEqual({ villageId: OUTPOST.id, resources: { timber: 1000, stone: 1000, iron: 500, mead: 500 } });
    await waitFor(() => expect(within(card).getByTestId('wonder-completion').textContent).toBe('0.2%'));
    expect(within(card).getByRole('progressbar', { name: 'Timber' }).getAttribute('aria-valuenow')).toBe('1000');
  });

  it("shows the server's refusal of a contribution, else 'Failed to contribute resources'", async () => {
    let reply: () => Promise<Response> = async () => json(409, { error: 'Not enough resources in Hedeby' });
    fakeServer({ wonders: [wonder()], contribute: () => reply() });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Ash of Ages' });
    fireEvent.click(within(card).getByRole('button', { name: 'Contribute' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Not enough resources in Hedeby');

    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(within(card).getByRole('button', { name: 'Contribute' }));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('Failed to contribute resources'));
  });

  it('shows no Contribute on a completed wonder, and the time left of a level under construction', async () => {
    fakeServer({
      wonders: [
        wonder({ status: 'completed', level: 100, completionPercentage: 100 }),
        wonder({
          id: '77777777-7777-4777-8777-000000000002',
          name: 'High Seat',
          type: 'odins_throne',
          status: 'under_construction',
          level: 4,
          remainingConstructionTime: 2 * 86_400 + 5 * 3600 + 59,
        }),
      ],
    });
    renderPage();
    const done = await screen.findByRole('article', { name: 'Ash of Ages' });
    expect(within(done).queryByRole('button', { name: 'Contribute' })).toBeNull();
    const building = screen.getByRole('article', { name: 'High Seat' });
    expect(within(building).getByRole('timer').textContent).toBe('2d 5h');
    expect(within(building).getByText('Under construction')).toBeTruthy();
    expect(within(building).getByRole('region', { name: 'Resources for level 6' })).toBeTruthy();
  });

  it('shows the victory banner naming the winning alliance', async () => {
    fakeServer({
      victory: {
        hasWinner: true,
        winner: {
          type: 'multiple_wonders_victory',
          alliance: { id: '88888888-8888-4888-8888-888888888888', tag: 'LOTH', name: 'Sons of Lothbrok' },
          user: { id: CAPITAL.ownerId!, username: 'ragnar' },
          worldId: OUTPOST.worldId,
          achievedAt: '2026-03-01T12:00:00.000Z',
        },
      },
    });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Multiple wonders victory' });
    expect(banner.textContent).toContain('[LOTH] Sons of Lothbrok completed three world wonders and won this world.');
  });

  it('shows no banner while nobody has won', async () => {
    fakeServer({});
    renderPage();
    await screen.findByRole('tab', { name: 'World Wonders' });
    expect(screen.queryByRole('region', { name: /victory/i })).toBeNull();
  });
});

describe('WondersPage: construct', () => {
  it('lists the requirements and a card per type with its base requirements and effects', async () => {
    fakeServer({ wonders: [wonder()] });
    renderPage('/game/wonders?tab=construct');
    const requirements = await screen.findByRole('region', { name: 'Requirements' });
    expect(within(requirements).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Great Hall at level 20 or higher',
      'One wonder of each type per world',
      'Construction takes several days',
    ]);
    const ygg = screen.getByRole('article', { name: 'Yggdrasil' });
    expect(within(ygg).getByText('Great Hall level 20')).toBeTruthy();
    expect(within(ygg).getByRole('list', { name: 'Resources of the first level' }).textContent).toContain('5K');
    expect(within(ygg).getByText('Resource production +10%')).toBeTruthy();
    expect(within(ygg).getByText('1000 prestige points')).toBeTruthy();
    expect(within(ygg).getByText('Wins the world when completed')).toBeTruthy();
    // Yggdrasil already rises in this world: one wonder of each type per world.
    expect(within(ygg).getByRole('button', { name: 'Construct' })).toHaveProperty('disabled', true);
    const throne = screen.getByRole('article', { name: "Odin's Throne" });
    expect(within(throne).getByText('Defense +25%')).toBeTruthy();
    expect(within(throne).queryByText(/Combat/)).toBeNull();
  });

  it('does nothing when the name is empty or the prompt is cancelled', async () => {
    const calls = fakeServer({ construct: () => json(201, { wonder: wonder() }) });
    renderPage('/game/wonders?tab=construct');
    const throne = await screen.findByRole('article', { name: "Odin's Throne" });
    for (const answer of ['', '   ', null]) {
      promptMock.mockReturnValueOnce(answer);
      fireEvent.click(within(throne).getByRole('button', { name: 'Construct' }));
    }
    expect(promptMock).toHaveBeenCalledTimes(3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(within(throne).queryByRole('status')).toBeNull();
    expect(within(throne).queryByRole('alert')).toBeNull();
  });

  it('founds a wonder in the selected village under the name given, or shows why not', async () => {
    let reply: () => Promise<Response> = async () =>
      json(409, { error: 'A wonder needs a Great Hall at level 20 or higher in this village; it stands at level 3' });
    const calls = fakeServer({ construct: () => reply() });
    promptMock.mockReturnValue(' High Seat ');
    renderPage('/game/wonders?tab=construct');
    const throne = await screen.findByRole('article', { name: "Odin's Throne" });
    fireEvent.click(within(throne).getByRole('button', { name: 'Construct' }));
    expect((await within(throne).findByRole('alert')).textContent).toBe(
      'A wonder needs a Great Hall at level 20 or higher in this village; it stands at level 3',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ villageId: OUTPOST.id, wonderType: 'odins_throne', wonderName: 'High Seat' });

    reply = async () => json(500, {});
    fireEvent.click(within(throne).getByRole('button', { name: 'Construct' }));
    await waitFor(() => expect(within(throne).getByRole('alert').textContent).toBe('Failed to start wonder construction'));

    reply = async () => json(201, { wonder: wonder({ name: 'High Seat', type: 'odins_throne' }) });
    fireEvent.click(within(throne).getByRole('button', { name: 'Construct' }));
    expect((await within(throne).findByRole('status')).textContent).toBe('Wonder construction started!');
  });
});

describe('WondersPage: alliance effects', () => {
  it('shows the bonuses in percent, the prestige points and the special abilities', async () => {
    fakeServer({ effects: { resourceBonus: 2.5, defenseBonus: 0.25, combatBonus: 0, prestigePoints: 105, specialAbilities: ['All-Seeing: villages of the alliance defend better'] } });
    renderPage('/game/wonders?tab=effects');
    expect((await screen.findByText('Resource production')).nextElementSibling?.textContent).toBe('+2.5%');
    expect(screen.getByText('Defense bonus').nextElementSibling?.textContent).toBe('+0.25%');
    expect(screen.getByText('Combat bonus').nextElementSibling?.textContent).toBe('+0%');
    expect(screen.getByText('Prestige points').nextElementSibling?.textContent).toBe('105');
    expect(screen.getByText('All-Seeing: villages of the alliance defend better')).toBeTruthy();
  });
});
