// @vitest-environment happy-dom
// Finding an alliance: the search and its pages on the alliance page of a player without one and on the directory page, the rows leading to profiles, and the player's applications with Withdraw.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AllianceSummary, MyAlliance, MyApplication } from '../../api/alliances';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import AllianceDirectoryPage from './AllianceDirectoryPage';
import AlliancePage from './AlliancePage';

function summary(n: number, tag: string, isPublic = true): AllianceSummary {
  return { id: `00000000-0000-4000-8000-0000000000e${n}`, tag, name: `${tag} folk`, isPublic, memberCount: 10 - n, totalPopulation: 5000 - n * 100 };
}

const WOLF = summary(1, 'WOLF');
const RAVN = summary(2, 'RAVN', false);
const BEAR = summary(3, 'BEAR');

const APPLICATION: MyApplication = {
  id: '00000000-0000-4000-8000-0000000000c5',
  alliance: { id: WOLF.id, tag: WOLF.tag, name: WOLF.name },
  message: 'Let me <i>in</i>',
  createdAt: '2026-03-04T10:00:00.000Z',
};

const NONE: MyAlliance = { alliance: null, membership: null, embassyLevel: 1 };

const server = setupFakeServer();
let applications: MyApplication[];

beforeEach(() => {
  applications = [APPLICATION];
  server.routesFrom({
    'GET /api/alliances/my-alliance': NONE,
    'GET /api/alliances/invitations/received': { invitations: [] },
    'GET /api/alliances/applications': () => ({ applications }),
    // Every alliance on page 1 and BEAR alone on page 2; a search keeps those whose tag or name holds it.
    'GET /api/alliances/directory': ({ query }) => {
      const q = (query.get('q') ?? '').toLowerCase();
      const page = Number(query.get('page') ?? '1');
      if (q) return { alliances: [WOLF, RAVN, BEAR].filter((a) => `${a.tag} ${a.name}`.toLowerCase().includes(q)), page, hasMore: false };
      return page === 1 ? { alliances: [WOLF, RAVN], page, hasMore: true } : { alliances: [BEAR], page, hasMore: false };
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rows = () => screen.getAllByTestId('directory-row');
const tags = () => rows().map((row) => row.querySelector('.alliance-tag')?.textContent);

describe('finding an alliance without one', () => {
  it('lists alliances with tag, name, members, population and whether they take applications, each leading to its profile', async () => {
    renderWithProviders(<AlliancePage />, { route: '/game/alliance' });
    const section = await screen.findByRole('region', { name: 'Find an alliance' });
    await waitFor(() => expect(tags()).toEqual(['[WOLF]', '[RAVN]']));
    const [wolf, ravn] = rows();
    expect(within(wolf).getByRole('link', { name: '[WOLF] WOLF folk' }).getAttribute('href')).toBe(`/game/alliances/${WOLF.id}`);
    expect(Array.from(wolf.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual(['[WOLF] WOLF folk', '9', '4.9K', 'Open']);
    expect(ravn.textContent).toContain('Invite only');
    expect(within(section).getByRole('search', { name: 'Search alliances' })).toBeTruthy();
  });

  it('searches by part of a tag or name with Enter or the button, and pages', async () => {
    renderWithProviders(<AlliancePage />, { route: '/game/alliance' });
    await screen.findByRole('region', { name: 'Find an alliance' });
    await waitFor(() => expect(tags()).toEqual(['[WOLF]', '[RAVN]']));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Alliance directory pages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tags()).toEqual(['[BEAR]']));

    const box = screen.getByLabelText('Tag or name');
    fireEvent.change(box, { target: { value: ' rav ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(tags()).toEqual(['[RAVN]']));
    const searched = server.requests('GET', '/api/alliances/directory').at(-1)!;
    expect(searched.query.get('q')).toBe('rav');
    expect(searched.query.get('page')).toBe('1');

    fireEvent.change(box, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No alliance has “nobody” in its tag or name.')).toBeTruthy();
  });

  it('lists the player’s waiting applications and withdraws one', async () => {
    server.on('DELETE /api/alliances/applications/:applicationId', () => {
      applications = [];
      return { ok: true };
    });
    renderWithProviders(<AlliancePage />, { route: '/game/alliance' });
    const card = await screen.findByRole('listitem', { name: 'Application to WOLF folk' });
    expect(screen.getByRole('heading', { name: 'Your applications' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '[WOLF] WOLF folk' }).getAttribute('href')).toBe(`/game/alliances/${WOLF.id}`);
    expect(within(card).getByText('Let me <i>in</i>')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your application to [WOLF] is withdrawn.');
    expect(server.requests('DELETE', `/api/alliances/applications/${APPLICATION.id}`)).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: 'Application to WOLF folk' })).toBeNull();
  });

  it('shows no applications section while there are none', async () => {
    applications = [];
    renderWithProviders(<AlliancePage />, { route: '/game/alliance' });
    await screen.findByRole('region', { name: 'Find an alliance' });
    await waitFor(() => expect(server.requests('GET', '/api/alliances/applications')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your applications' })).toBeNull();
  });
});

describe('the directory page', () => {
  it('offers the same search to a member, with a way back to their alliance and no applications', async () => {
    server.on('GET /api/alliances/my-alliance', {
      embassyLevel: 3,
      alliance: { id: WOLF.id, tag: 'WOLF', name: 'WOLF folk', description: '', isPublic: true, memberCount: 1, memberCap: 9, leaderEmbassyLevel: 3, totalVillages: 1, totalPopulation: 1, foundedAt: '2026-03-01T10:00:00.000Z', members: [], announcement: null },
      membership: { role: 'member', joinedAt: '2026-03-01T10:00:00.000Z' },
    });
    renderWithProviders(<AllianceDirectoryPage />, { route: '/game/alliances' });
    expect(screen.getByRole('heading', { level: 1, name: 'Alliances' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Your alliance' })).getAttribute('href')).toBe('/game/alliance');
    await waitFor(() => expect(tags()).toEqual(['[WOLF]', '[RAVN]']));
    expect(screen.queryByRole('heading', { name: 'Your applications' })).toBeNull();
  });

  it('shows a player outside any alliance their applications too', async () => {
    renderWithProviders(<AllianceDirectoryPage />, { route: '/game/alliances' });
    expect(await screen.findByRole('listitem', { name: 'Application to WOLF folk' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Found or join an alliance' }).getAttribute('href')).toBe('/game/alliance');
  });
});
