// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Quest, QuestProgressSummary, QuestsByType } from '../../api/quests';
import { reply as json, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import QuestsPage from './QuestsPage';

function quest(id: string, extra: Partial<Quest>): Quest {
  return {
    id,
    title: `Quest ${id}`,
    description: `What quest ${id} asks`,
    type: 'tutorial',
    status: 'available',
    expiresAt: null,
    objectives: { view_map: 1 },
    progress: {},
    rewards: { resources: { timber: 100 }, units: {} },
    ...extra,
  };
}

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function questBook(): QuestsByType {
  return {
    tutorial: [
      quest(ID(1), {
        title: 'Welcome, Chieftain',
        status: 'completed',
        objectives: { view_village: 1 },
        progress: { view_village: 1 },
        rewards: { resources: { timber: 100, stone: 100, iron: 100, mead: 100 }, units: {} },
      }),
      quest(ID(2), {
        title: 'A Place for Warriors',
        status: 'in_progress',
        // Two of three objectives met: 66%, rounded down.
        objectives: { 'building_upgraded:barracks': 1, view_map: 1, 'units_trained:bondi': 2 },
        progress: { 'building_upgraded:barracks': 1, view_map: 1, 'units_trained:bondi': 1 },
        rewards: { resources: { iron: 80 }, units: { bondi: 2 } },
      }),
    ],
    daily: [
      quest(ID(3), {
        title: 'Busy Hands',
        type: 'daily',
        status: 'available',
        expiresAt: '2026-03-12T00:00:00.000Z',
        objectives: { building_upgraded: 2 },
        progress: {},
      }),
      quest(ID(4), { title: 'Yesterday', type: 'daily', status: 'expired', expiresAt: '2026-03-11T00:00:00.000Z' }),
    ],
    weekly: [],
    special: [quest(ID(5), { title: 'Anything goes', type: 'special', status: 'available', objectives: {}, progress: {} })],
    story: [],
  };
}

const SUMMARY: QuestProgressSummary = {
  completedQuests: 1,
  totalQuests: 5,
  completionRate: 20,
  tutorial: { percentage: 11.1, completed: 1, total: 9 },
  dailyCompleted: 0,
};

const server = setupFakeServer();

/** Serves the quests (as `book()` says now), the summary, and starts. */
function serve(book: () => QuestsByType, start: (id: string) => Response = () => json(200, {})) {
  server.routesFrom({
    'GET /api/quests': () => ({ quests: book() }),
    'GET /api/quests/progress/summary': SUMMARY,
    'POST /api/quests/:questId/start': ({ params }) => start(params.questId),
  });
}

function calls(path: string): number {
  return server.calls.filter((call) => call.path === path).length;
}

async function renderPage() {
  renderWithProviders(<QuestsPage />);
  await screen.findByRole('tablist', { name: 'Quest types' });
}

function openTab(name: RegExp) {
  fireEvent.click(screen.getByRole('tab', { name }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('QuestsPage', () => {
  it('shows completion in the header and the summary', async () => {
    serve(questBook);
    await renderPage();
    const header = screen.getByRole('heading', { level: 1, name: 'Quests' }).parentElement as HTMLElement;
    await waitFor(() => expect(header.textContent).toContain('1/5 completed 20%'));
    const summary = screen.getByLabelText('Quest summary');
    expect(summary.textContent).toContain('Tutorial11% 1/9 steps');
    expect(summary.textContent).toContain('Daily quests completed0');
    expect(summary.textContent).toContain('Overall completion20% 1/5 quests');
  });

  it('has five tabs, each with its count', async () => {
    serve(questBook);
    await renderPage();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Tutorial (2)',
      'Daily (2)',
      'Weekly (0)',
      'Special (1)',
      'Story (0)',
    ]);
  });

  it('shows each quest with status, objectives in words, a progress bar of objectives met and the rewards', async () => {
    serve(questBook);
    await renderPage();
    const done = screen.getByRole('article', { name: 'Welcome, Chieftain' });
    expect(within(done).getByText('Completed').className).toContain('badge--green');
    expect(within(done).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe('100%');

    const running = screen.getByRole('article', { name: 'A Place for Warriors' });
    expect(within(running).getByText('In Progress')).toBeTruthy();
    const objectives = within(within(running).getByRole('list', { name: 'Objectives' })).getAllByRole('listitem');
    expect(objectives.map((item) => item.textContent)).toEqual(['✓Upgrade Barracks1/1', '✓Look at the world map1/1', '○Train Bondi1/2']);
    expect(within(running).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe('66%');
    const rewards = within(within(running).getByRole('list', { name: 'Rewards' })).getAllByRole('listitem');
    expect(rewards.map((item) => item.textContent)).toEqual(['80 Iron', '2 × Bondi']);

    // Neither completed nor running quests can be started again.
    expect(screen.queryByRole('button', { name: 'Start Quest' })).toBeNull();
  });

  it('offers Start Quest only on available quests, shows the expiry, and counts a quest without objectives as done', async () => {
    serve(questBook);
    await renderPage();
    openTab(/^Daily/);
    const available = screen.getByRole('article', { name: 'Busy Hands' });
    expect(within(available).getByRole('button', { name: 'Start Quest' })).toBeTruthy();
    expect(within(available).getByText(/^Expires/).querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-12T00:00:00.000Z');
    expect(within(available).getByText('Finish constructions')).toBeTruthy();
    const expired = screen.getByRole('article', { name: 'Yesterday' });
    expect(within(expired).getAllByText('Expired').length).toBeGreaterThan(0);
    expect(within(expired).queryByRole('button', { name: 'Start Quest' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Start Quest' })).toHaveLength(1);

    openTab(/^Special/);
    const free = screen.getByRole('article', { name: 'Anything goes' });
    expect(within(free).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe('100%');
    expect(within(free).getByText('No objectives')).toBeTruthy();
  });

  it('says an empty tab has nothing in the words of its type', async () => {
    serve(questBook);
    await renderPage();
    openTab(/^Weekly/);
    expect(screen.getByText('No weekly quests available')).toBeTruthy();
    openTab(/^Story/);
    expect(screen.getByText('No story quests available')).toBeTruthy();
  });

  it('starts an available quest and shows it in progress from the reply, without reading the list again', async () => {
    let book = questBook();
    serve(
      () => book,
      (id) => {
        book = { ...book, daily: book.daily.map((q) => (q.id === id ? { ...q, status: 'in_progress' } : q)) };
        return json(200, { quest: book.daily[0] });
      },
    );
    await renderPage();
    openTab(/^Daily/);
    expect(calls('/api/quests')).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Start Quest' }));
    const card = screen.getByRole('article', { name: 'Busy Hands' });
    await waitFor(() => expect(within(card).getByText('In Progress')).toBeTruthy());
    expect(calls(`/api/quests/${ID(3)}/start`)).toBe(1);
    expect(calls('/api/quests')).toBe(1);
    expect(within(card).queryByRole('button', { name: 'Start Quest' })).toBeNull();
  });

  it('only logs a refused start, and reloads to show the quest as it is', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(questBook, () => json(409, { error: 'This quest is not available' }));
    await renderPage();
    openTab(/^Daily/);
    fireEvent.click(screen.getByRole('button', { name: 'Start Quest' }));
    await waitFor(() => expect(calls('/api/quests')).toBe(2));
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a retry when the quests cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('* /api/quests', json(500, { error: 'Down' })).on('* /api/quests/progress/summary', json(500, { error: 'Down' }));
    renderWithProviders(<QuestsPage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    serve(questBook);
    fireEvent.click(retry);
    expect(await screen.findByRole('tablist', { name: 'Quest types' })).toBeTruthy();
  });
});
