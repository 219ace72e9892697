// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { Hero, HeroLeaderboardEntry, HeroTypeInfo, RecruitmentCost } from '../../api/heroes';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom, type Village } from '../../state/village';
import { experienceForNextLevel } from '../../../rules/heroes';
import { reply as json, setupFakeServer, type FakeCall } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import HeroesPage from './HeroesPage';

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
/** The selected village is not the capital: every call must name it. */
const OUTPOST: Village = { ...CAPITAL, id: '44444444-4444-4444-8444-444444444444', name: 'Hedeby', isCapital: false, x: 3, y: 7 };

function hero(extra: Partial<Hero> = {}): Hero {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    name: 'Bjorn',
    type: 'warrior',
    rarity: 'common',
    level: 1,
    experience: 0,
    experienceToNextLevel: 110,
    attack: 20,
    defense: 10,
    speed: 10,
    leadership: 10,
    totalPower: 50,
    victories: 3,
    defeats: 1,
    isActive: true,
    isOnMission: false,
    villageId: CAPITAL.id,
    ...extra,
  };
}

const TYPES: HeroTypeInfo[] = [
  {
    type: 'warrior',
    name: 'Warrior',
    icon: 'heroes/warrior.svg',
    primaryStat: 'attack',
    description: 'A battle-hardened raider.',
    specialAbility: 'Battle Fury',
  },
  {
    type: 'skald',
    name: 'Skald',
    icon: 'heroes/skald.svg',
    primaryStat: 'experience',
    description: 'A poet.',
    specialAbility: 'Saga Keeper: experience gain +25%',
  },
];

const AFFORDABLE: RecruitmentCost = { cost: { timber: 500, stone: 400, iron: 600, mead: 300 }, maxHeroes: 5, canRecruit: true, currentHeroes: 0, reason: null };

type Call = FakeCall;

const server = setupFakeServer();

/** The game server as the heroes page sees it: answers by method and path, and records every call with its body. */
function fakeServer(options: {
  heroes?: Hero[];
  cost?: RecruitmentCost | ((call: Call) => RecruitmentCost);
  leaderboard?: HeroLeaderboardEntry[];
  recruit?: (call: Call) => Response | Promise<Response>;
  levelUp?: (call: Call) => Response | Promise<Response>;
}) {
  server.routesFrom({
    'GET /api/villages': { villages: [CAPITAL, OUTPOST] },
    'GET /api/heroes': () => ({ heroes: options.heroes ?? [] }),
    'GET /api/heroes/types': { heroTypes: TYPES },
    'GET /api/heroes/recruitment-cost': (call) => {
      const cost = options.cost ?? AFFORDABLE;
      return typeof cost === 'function' ? cost(call) : cost;
    },
    'GET /api/heroes/leaderboard': () => ({ leaderboard: options.leaderboard ?? [] }),
  });
  if (options.recruit) server.on('POST /api/heroes/recruit', options.recruit);
  if (options.levelUp) server.on('POST /api/heroes/:heroId/level-up', options.levelUp);
  return server.calls;
}

const promptMock = vi.fn<(message?: string, defaultValue?: string) => string | null>();

function renderPage(url = '/game/heroes', username?: string) {
  const store = createStore();
  store.set(selectedVillageIdAtom, OUTPOST.id);
  return renderWithProviders(<HeroesPage />, {
    route: url,
    store,
    user: username ? { ...TEST_USER, username, email: `${username}@example.com` } : TEST_USER,
    data: [[queryKeys.villages(TEST_USER.id), [CAPITAL, OUTPOST]]],
  });
}

function heroCard(name: string) {
  return screen.getByRole('article', { name });
}

beforeEach(() => {
  localStorage.clear();
  promptMock.mockReset();
  // happy-dom has no window.prompt.
  Object.defineProperty(window, 'prompt', { value: promptMock, configurable: true, writable: true });
  // The overview reread after recruiting is not stubbed here; its failure is only logged.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('HeroesPage: my heroes', () => {
  it('shows Level Up only once the experience reaches floor(100 x 1.1^level), and never at level 100', async () => {
    fakeServer({
      heroes: [
        hero({ id: '55555555-5555-4555-8555-000000000001', name: 'Short', level: 1, experience: 109 }),
        hero({ id: '55555555-5555-4555-8555-000000000002', name: 'Exact', level: 1, experience: 110 }),
        hero({ id: '55555555-5555-4555-8555-000000000003', name: 'Veteran', level: 5, experience: 161 }),
        hero({ id: '55555555-5555-4555-8555-000000000004', name: 'Almost', level: 5, experience: 160 }),
        hero({ id: '55555555-5555-4555-8555-000000000005', name: 'Legend', level: 100, experience: 10_000_000 }),
        hero({ id: '55555555-5555-4555-8555-000000000006', name: 'Penultimate', level: 99, experience: experienceForNextLevel(99) }),
      ],
    });
    renderPage();
    await screen.findByRole('article', { name: 'Short' });
    const levelUp = (name: string) => within(heroCard(name)).queryByRole('button', { name: 'Level Up' });
    expect(levelUp('Short')).toBeNull();
    expect(levelUp('Exact')).not.toBeNull();
    expect(levelUp('Veteran')).not.toBeNull();
    expect(levelUp('Almost')).toBeNull();
    expect(levelUp('Legend')).toBeNull();
    expect(levelUp('Penultimate')).not.toBeNull();
  });

  it('shows the card: stats, rarity, experience of the threshold, record and status words', async () => {
    fakeServer({
      heroes: [
        hero({ name: 'Astrid', rarity: 'legendary', level: 2, experience: 40, attack: 31, defense: 12, speed: 13, leadership: 14 }),
        hero({ id: '55555555-5555-4555-8555-000000000002', name: 'Away', isOnMission: true, isActive: false }),
        hero({ id: '55555555-5555-4555-8555-000000000003', name: 'Tired', isActive: false }),
      ],
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Astrid' });
    expect(card.className).toContain('hero-card--legendary');
    expect(within(card).getByText('Legendary').className).toContain('hero-rarity--legendary');
    expect(within(card).getByText('Level 2')).toBeTruthy();
    expect(within(card).getByText('Attack').nextElementSibling?.textContent).toBe('31');
    expect(within(card).getByText('Leadership').nextElementSibling?.textContent).toBe('14');
    // floor(100 x 1.1^2) = 121.
    const bar = within(card).getByRole('progressbar', { name: 'Experience' });
    expect(bar.getAttribute('aria-valuetext')).toBe('40 / 121');
    expect(within(card).getByText('Victories').textContent).toContain('3');
    expect(within(card).getByText('ready for action')).toBeTruthy();
    expect(within(heroCard('Away')).getByText('on mission')).toBeTruthy();
    expect(within(heroCard('Tired')).getByText('resting')).toBeTruthy();
    expect(screen.getByTestId('hero-count').textContent).toBe('3 / 5 heroes');
  });

  it('levels a hero up and says so, then shows it as the server has it', async () => {
    const heroes = [hero({ experience: 150 })];
    const calls = fakeServer({
      heroes,
      levelUp: () => {
        heroes[0] = hero({ level: 2, experience: 40, attack: 25 });
        return json(200, { hero: heroes[0] });
      },
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Bjorn' });
    fireEvent.click(within(card).getByRole('button', { name: 'Level Up' }));
    expect(await within(card).findByRole('status')).toHaveProperty('textContent', 'Hero leveled up successfully!');
    await waitFor(() => expect(within(card).getByText('Level 2')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: 'Level Up' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/heroes/55555555-5555-4555-8555-555555555555/level-up')).toBe(true);
  });

  it("shows the server's refusal of a level-up, else 'Failed to level up hero'", async () => {
    let reply: () => Promise<Response> = async () => json(409, { error: 'Needs 110 experience to reach level 2; the hero has 109' });
    fakeServer({ heroes: [hero({ experience: 200 })], levelUp: () => reply() });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Bjorn' });
    fireEvent.click(within(card).getByRole('button', { name: 'Level Up' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Needs 110 experience to reach level 2; the hero has 109');

    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(within(card).getByRole('button', { name: 'Level Up' }));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('Failed to level up hero'));
  });

  it('says Details are coming soon', async () => {
    fakeServer({ heroes: [hero()] });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Bjorn' });
    expect(within(card).queryByText('Details: coming soon')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Details' }));
    expect(within(card).getByRole('status').textContent).toBe('Details: coming soon');
  });
});

describe('HeroesPage: recruiting', () => {
  it('asks the price for the selected village and shows it in the four resources', async () => {
    const calls = fakeServer({});
    renderPage('/game/heroes?tab=recruit');
    const cost = await screen.findByRole('list', { name: 'Recruitment cost' });
    expect(within(cost).getByTestId('recruit-cost-timber').textContent).toBe('500');
    expect(within(cost).getByTestId('recruit-cost-stone').textContent).toBe('400');
    expect(within(cost).getByTestId('recruit-cost-iron').textContent).toBe('600');
    expect(within(cost).getByTestId('recruit-cost-mead').textContent).toBe('300');
    const asked = calls.filter((c) => c.path === '/api/heroes/recruitment-cost');
    expect(asked.map((c) => c.query.get('villageId'))).toEqual([OUTPOST.id]);
    const skald = screen.getByRole('article', { name: 'Skald' });
    expect(within(skald).getByText('Experience gain')).toBeTruthy();
    expect(within(skald).getByText('Saga Keeper: experience gain +25%')).toBeTruthy();
  });

  it('recruits from the selected village under the name given, says so, and rereads the rising price', async () => {
    let owned = 0;
    const calls = fakeServer({
      cost: () => ({ ...AFFORDABLE, cost: { timber: 500 * (1 + owned), stone: 400 * (1 + owned), iron: 600 * (1 + owned), mead: 300 * (1 + owned) }, currentHeroes: owned }),
      recruit: () => {
        owned += 1;
        return json(201, { hero: hero({ name: 'Ragnar' }) });
      },
    });
    promptMock.mockReturnValue('  Ragnar ');
    renderPage('/game/heroes?tab=recruit');
    const warrior = await screen.findByRole('article', { name: 'Warrior' });
    fireEvent.click(within(warrior).getByRole('button', { name: 'Recruit' }));
    expect((await within(warrior).findByRole('status')).textContent).toBe('Hero recruited successfully!');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/heroes/recruit');
    expect(post.body).toEqual({ villageId: OUTPOST.id, heroType: 'warrior', customName: 'Ragnar' });
    await waitFor(() => expect(screen.getByTestId('recruit-cost-timber').textContent).toBe('1K'));
    expect(screen.getByTestId('recruit-cost-iron').textContent).toBe('1.2K');
  });

  it('lets the server name a hero when the name is left empty, and does nothing when cancelled', async () => {
    const calls = fakeServer({ recruit: () => json(201, { hero: hero({ name: 'Leif the Skald', type: 'skald' }) }) });
    renderPage('/game/heroes?tab=recruit');
    const skald = await screen.findByRole('article', { name: 'Skald' });

    promptMock.mockReturnValueOnce(null);
    fireEvent.click(within(skald).getByRole('button', { name: 'Recruit' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(within(skald).queryByRole('status')).toBeNull();

    promptMock.mockReturnValueOnce('   ');
    fireEvent.click(within(skald).getByRole('button', { name: 'Recruit' }));
    await within(skald).findByRole('status');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ villageId: OUTPOST.id, heroType: 'skald' }]);
  });

  it("shows the server's refusal of a recruit, else 'Failed to recruit hero'", async () => {
    let reply: () => Promise<Response> = async () => json(409, { error: 'Not enough resources in Hedeby' });
    fakeServer({ recruit: () => reply() });
    promptMock.mockReturnValue('Ragnar');
    renderPage('/game/heroes?tab=recruit');
    const warrior = await screen.findByRole('article', { name: 'Warrior' });
    fireEvent.click(within(warrior).getByRole('button', { name: 'Recruit' }));
    expect((await within(warrior).findByRole('alert')).textContent).toBe('Not enough resources in Hedeby');

    reply = async () => json(500, {});
    fireEvent.click(within(warrior).getByRole('button', { name: 'Recruit' }));
    await waitFor(() => expect(within(warrior).getByRole('alert').textContent).toBe('Failed to recruit hero'));
  });

  it("disables recruiting with the server's reason when it refuses, and counts against 5 when no maximum is given", async () => {
    fakeServer({
      heroes: [hero()],
      cost: { ...AFFORDABLE, canRecruit: false, maxHeroes: 0, currentHeroes: 1, reason: 'Not enough resources in Hedeby' },
    });
    renderPage();
    const header = await screen.findByRole('button', { name: 'Recruit' });
    expect(header).toHaveProperty('disabled', true);
    expect(header.getAttribute('title')).toBe('Not enough resources in Hedeby');
    expect(screen.getByText('Not enough resources in Hedeby')).toBeTruthy();
    expect(screen.getByTestId('hero-count').textContent).toBe('1 / 5 heroes');

    fireEvent.click(screen.getByRole('tab', { name: 'Recruit' }));
    const warrior = screen.getByRole('article', { name: 'Warrior' });
    expect(within(warrior).getByRole('button', { name: 'Recruit' })).toHaveProperty('disabled', true);
  });

  it('opens the recruit tab from the header button', async () => {
    fakeServer({});
    renderPage();
    const header = await screen.findByRole('button', { name: 'Recruit' });
    fireEvent.click(header);
    expect(screen.getByRole('tab', { name: 'Recruit' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('list', { name: 'Recruitment cost' })).toBeTruthy();
  });
});

describe('HeroesPage: leaderboard', () => {
  it('lists rank, hero, type, owner, level and total power', async () => {
    fakeServer({
      leaderboard: [
        { rank: 1, hero: { id: '55555555-5555-4555-8555-000000000009', name: 'Ivar', type: 'skald', level: 12, totalPower: 1560 }, user: { username: 'boneless' } },
        { rank: 2, hero: { id: '55555555-5555-4555-8555-000000000008', name: 'Bjorn', type: 'warrior', level: 3, totalPower: 150 }, user: { username: 'ironside' } },
      ],
    });
    renderPage('/game/heroes?tab=leaderboard', 'ironside');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Hero', 'Type', 'Owner', 'Level', 'Total power']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Ivar', 'Skald', 'boneless', '12', '1.5K']);
    // The player's own heroes are marked.
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Bjorn', 'Warrior', 'ironsideYou', '3', '150']);
    expect(rows[2].className).toContain('hero-leaderboard__mine');
    expect(rows[1].className).not.toContain('hero-leaderboard__mine');
  });
});
