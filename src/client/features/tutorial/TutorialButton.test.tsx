// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { TutorialStatus } from '../../api/tutorial';
import { reportTutorialAction } from '../../api/tutorial';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { TutorialButton } from './TutorialButton';
import { SKIP_CONFIRMATION } from './TutorialOverlay';
import { TUTORIAL_POLL_MS } from './useTutorialSync';

const STEP_2: TutorialStatus = {
  isCompleted: false,
  currentStep: 2,
  totalSteps: 9,
  progressPercentage: 11,
  currentQuest: {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Mead for the Hall',
    description: 'Upgrade one of your Mead Halls to level 1.',
    objectives: { 'building_upgraded:mead_hall': 1 },
    progress: {},
    rewards: { resources: { timber: 150, stone: 100, iron: 200, mead: 80 }, units: { bondi: 2 } },
    metadata: { hint: 'On the Village page open Buildings.' },
  },
};
const STEP_3: TutorialStatus = { ...STEP_2, currentStep: 3, progressPercentage: 22, currentQuest: { ...STEP_2.currentQuest!, title: 'A Place for Warriors' } };
const DONE: TutorialStatus = { isCompleted: true, currentStep: 9, totalSteps: 9, progressPercentage: 100, currentQuest: null };

const server = setupFakeServer();
const confirmMock = vi.fn<(message?: string) => boolean>();

/** The server as the tutorial sees it: `status` is what GET answers now. */
let status: TutorialStatus = STEP_2;

function requests(method: string, path: string) {
  return server.requests(method, path);
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderButton() {
  renderWithProviders(
    <>
      <TutorialButton />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/game/quests' },
  );
}

async function openOverlay() {
  fireEvent.click(await screen.findByRole('button', { name: /^Tutorial/ }));
  return screen.findByRole('dialog', { name: 'Tutorial' });
}

beforeEach(() => {
  status = STEP_2;
  server.routesFrom({
    'GET /api/tutorial/status': () => status,
    'POST /api/tutorial/skip': () => (status = DONE),
    'POST /api/tutorial/progress': () => status,
    'GET /api/tutorial/hints': {
      hints: [
        { title: 'Timber store nearly full', message: 'Build a Warehouse.', priority: 'high' },
        { title: 'Builders are idle', message: 'Start an upgrade.', priority: 'medium' },
      ],
    },
  });
  confirmMock.mockReset();
  // happy-dom has no window.confirm.
  Object.defineProperty(window, 'confirm', { value: confirmMock, configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the tutorial button', () => {
  it('shows the percent in the top bar and follows the polls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderButton();
    expect(await screen.findByRole('button', { name: 'Tutorial 11%' })).toBeTruthy();
    status = STEP_3;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TUTORIAL_POLL_MS);
    });
    expect(await screen.findByRole('button', { name: 'Tutorial 22%' })).toBeTruthy();
  });

  it('takes the status a reported action brings back, wherever it was reported', async () => {
    renderButton();
    await screen.findByRole('button', { name: 'Tutorial 11%' });
    const before = requests('GET', '/api/tutorial/status').length;
    status = STEP_3;
    await act(async () => {
      await reportTutorialAction('view_map');
    });
    expect(await screen.findByRole('button', { name: 'Tutorial 22%' })).toBeTruthy();
    expect(requests('GET', '/api/tutorial/status')).toHaveLength(before);
  });
});

describe('the tutorial overlay', () => {
  it('shows the step, progress, quest, objectives in words and rewards', async () => {
    renderButton();
    const dialog = await openOverlay();
    expect(within(dialog).getByText('Step 2 of 9')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Tutorial progress' }).getAttribute('aria-valuetext')).toBe('11%');
    expect(within(dialog).getByRole('heading', { name: 'Mead for the Hall' })).toBeTruthy();
    expect(within(dialog).getByText('Upgrade one of your Mead Halls to level 1.')).toBeTruthy();
    const objectives = within(within(dialog).getByRole('list', { name: 'Objectives' })).getAllByRole('listitem');
    expect(objectives.map((item) => item.textContent)).toEqual(['○Upgrade Mead Hall0/1']);
    const rewards = within(within(dialog).getByRole('list', { name: 'Rewards' })).getAllByRole('listitem');
    expect(rewards.map((item) => item.textContent)).toEqual(['150 Timber', '100 Stone', '200 Iron', '80 Mead', '2 × Bondi']);
    expect(dialog.textContent).toContain('On the Village page open Buildings.');
  });

  it('shows and hides the hints with their priority', async () => {
    renderButton();
    const dialog = await openOverlay();
    expect(within(dialog).queryByRole('list', { name: 'Hints' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Hints' }));
    const hints = await within(dialog).findByRole('list', { name: 'Hints' });
    const items = within(hints).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Timber store nearly fullHighBuild a Warehouse.', 'Builders are idleMediumStart an upgrade.']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide Hints' }));
    expect(within(dialog).queryByRole('list', { name: 'Hints' })).toBeNull();
  });

  it('asks before skipping and keeps the tutorial when the player says no', async () => {
    confirmMock.mockReturnValue(false);
    renderButton();
    const dialog = await openOverlay();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip Tutorial' }));
    expect(confirmMock).toHaveBeenCalledWith(SKIP_CONFIRMATION);
    expect(SKIP_CONFIRMATION).toBe('Are you sure you want to skip the tutorial? You will miss out on guided learning and some rewards.');
    expect(requests('POST', '/api/tutorial/skip')).toHaveLength(0);
    expect(within(dialog).getByText('Step 2 of 9')).toBeTruthy();
  });

  it('skips after the confirmation and says the tutorial is complete', async () => {
    confirmMock.mockReturnValue(true);
    renderButton();
    const dialog = await openOverlay();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip Tutorial' }));
    expect(await within(dialog).findByText('Tutorial complete')).toBeTruthy();
    expect(requests('POST', '/api/tutorial/skip')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Skip Tutorial' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Tutorial 100%' })).toBeTruthy();
  });

  it('asks for the hints again when the step changes', async () => {
    confirmMock.mockReturnValue(true);
    renderButton();
    const dialog = await openOverlay();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Hints' }));
    await within(dialog).findByRole('list', { name: 'Hints' });
    expect(requests('GET', '/api/tutorial/hints')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip Tutorial' }));
    await within(dialog).findByText('Tutorial complete');
    await waitFor(() => expect(requests('GET', '/api/tutorial/hints')).toHaveLength(2));
  });

  it('goes to the pages it names and closes', async () => {
    renderButton();
    for (const [button, path] of [
      ['View Village', '/game/village'],
      ['View Map', '/game/map'],
      ['View Alliance', '/game/alliance'],
    ] as const) {
      const dialog = await openOverlay();
      fireEvent.click(within(dialog).getByRole('button', { name: button }));
      expect(screen.getByTestId('where').textContent).toBe(path);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('reports the login with Mark Login Complete and closes with its button', async () => {
    renderButton();
    const dialog = await openOverlay();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Login Complete' }));
    expect(await within(dialog).findByText('Login marked complete.')).toBeTruthy();
    const reports = requests('POST', '/api/tutorial/progress');
    expect(reports).toHaveLength(1);
    expect(reports[0].body).toEqual({ action: 'login', amount: 1 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('never crashes on a status without a quest', async () => {
    status = { ...STEP_2, currentQuest: null };
    renderButton();
    const dialog = await openOverlay();
    expect(within(dialog).getByText('Step 2 of 9')).toBeTruthy();
    expect(dialog.textContent).toContain('The next step is being prepared');
  });
});
