// @vitest-environment happy-dom
// An alliance's profile: its figures, members by rank and public relations; applying and withdrawing for a player outside any alliance; invitation only; one's own alliance; a missing one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { AllianceProfile, MyAlliance, MyApplication } from '../../api/alliances';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import AllianceProfilePage from './AllianceProfilePage';

const ref = (n: number, tag: string) => ({ id: `00000000-0000-4000-8000-0000000000e${n}`, tag, name: `${tag} folk` });
const WOLF = ref(1, 'WOLF');
const user = (n: number, username: string) => ({ id: `00000000-0000-4000-8000-0000000000a${n}`, username });

const PROFILE: AllianceProfile = {
  ...WOLF,
  description: 'We howl <b>together</b>.\nAt night.',
  isPublic: true,
  memberCount: 3,
  memberCap: 9,
  totalVillages: 7,
  totalPopulation: 4321,
  foundedAt: '2026-02-01T10:00:00.000Z',
  members: [
    { role: 'member', user: user(3, 'Bjorn') },
    { role: 'leader', user: user(1, 'Ragnar') },
    { role: 'officer', user: user(2, 'Ivar') },
  ],
  relations: [
    { kind: 'war', alliance: ref(2, 'RAVN') },
    { kind: 'confederation', alliance: ref(3, 'BEAR') },
    { kind: 'nap', alliance: ref(4, 'ELK') },
  ],
  myApplication: null,
};

const NONE: MyAlliance = { alliance: null, membership: null, embassyLevel: 1 };

const server = setupFakeServer();
let profile: AllianceProfile;
let mine: MyAlliance;

beforeEach(() => {
  profile = PROFILE;
  mine = NONE;
  server.routesFrom({
    'GET /api/alliances/directory/:allianceId': ({ params }) => (params.allianceId === WOLF.id ? profile : reply(404, { error: 'No such alliance' })),
    'GET /api/alliances/my-alliance': () => mine,
    'GET /api/alliances/applications': { applications: [] },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderProfile(allianceId: string = WOLF.id) {
  renderWithProviders(
    <Routes>
      <Route path="/game/alliances/:allianceId" element={<AllianceProfilePage />} />
    </Routes>,
    { route: `/game/alliances/${allianceId}` },
  );
}

describe('an alliance profile', () => {
  it('shows the figures, the description as text, the members by rank and its relations linking to their profiles', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: '[WOLF] WOLF folk' })).toBeTruthy();
    expect(screen.getByText('Open to applications')).toBeTruthy();
    expect(document.querySelector('.alliance-header__description')?.textContent).toBe('We howl <b>together</b>.\nAt night.');
    expect(document.querySelector('.alliance-header__description b')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Alliance figures' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3 / 9 members',
      '7 villages',
      '4.3K population',
      expect.stringMatching(/^Founded /),
    ]);
    const members = within(screen.getByRole('table', { name: 'Members of [WOLF]' })).getAllByRole('row').slice(1);
    expect(members.map((row) => row.textContent)).toEqual(['RagnarLeader', 'IvarOfficer', 'BjornMember']);
    expect(within(members[0]).getByRole('link', { name: 'Ragnar' }).getAttribute('href')).toBe('/game/players/00000000-0000-4000-8000-0000000000a1');
    expect(within(screen.getByRole('list', { name: 'Confederations' })).getByRole('link', { name: '[BEAR] BEAR folk' }).getAttribute('href')).toBe(
      `/game/alliances/${ref(3, 'BEAR').id}`,
    );
    expect(within(screen.getByRole('list', { name: 'Non-aggression pacts' })).getByRole('link', { name: '[ELK] ELK folk' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Wars' })).getByRole('link', { name: '[RAVN] RAVN folk' })).toBeTruthy();
  });

  it('lets a player outside any alliance apply with an optional message, then withdraw', async () => {
    const application: MyApplication = { id: '00000000-0000-4000-8000-0000000000c5', alliance: WOLF, message: 'Strong arms', createdAt: '2026-03-04T10:00:00.000Z' };
    server.on('POST /api/alliances/directory/:allianceId/applications', reply(201, { application }));
    server.on('DELETE /api/alliances/applications/:applicationId', { ok: true });
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Apply to WOLF folk' });
    fireEvent.change(within(form).getByLabelText('Message (optional)'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert').textContent).toBe('Message must be at most 500 characters');
    expect(server.requests('POST', `/api/alliances/directory/${WOLF.id}/applications`)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Message (optional)'), { target: { value: ' Strong arms ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your application is waiting')).toBeTruthy();
    expect(server.requests('POST', `/api/alliances/directory/${WOLF.id}/applications`)[0].body).toEqual({ message: 'Strong arms' });
    expect(screen.getByText('Strong arms')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('form', { name: 'Apply to WOLF folk' })).toBeTruthy();
    expect(server.requests('DELETE', `/api/alliances/applications/${application.id}`)).toHaveLength(1);
  });

  it('sends no message when none is written, and shows the refusal of the server', async () => {
    server.on('POST /api/alliances/directory/:allianceId/applications', reply(409, { error: 'The alliance is full' }));
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Apply to WOLF folk' });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The alliance is full');
    expect(server.requests('POST', `/api/alliances/directory/${WOLF.id}/applications`)[0].body).toEqual({});
  });

  it('says an application is waiting when the profile says so', async () => {
    profile = { ...PROFILE, myApplication: { id: 'a1', alliance: WOLF, message: null, createdAt: '2026-03-04T10:00:00.000Z' } };
    renderProfile();
    expect(await screen.findByText('Your application is waiting')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Apply to WOLF folk' })).toBeNull();
  });

  it('keeps Apply shut for a full alliance and without an embassy', async () => {
    profile = { ...PROFILE, memberCount: 9 };
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Apply to WOLF folk' });
    expect(within(form).getByText('The alliance is full (9 of 9 members).')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    profile = PROFILE;
    mine = { ...NONE, embassyLevel: 0 };
    renderProfile();
    const shut = await screen.findByRole('form', { name: 'Apply to WOLF folk' });
    expect(within(shut).getByText(/Joining an alliance needs an Embassy at level 1/)).toBeTruthy();
    expect((within(shut).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says an invitation-only alliance takes members by invitation only', async () => {
    profile = { ...PROFILE, isPublic: false };
    renderProfile();
    expect(await screen.findByText('[WOLF] takes members by invitation only.')).toBeTruthy();
    expect(screen.getByText('Invite only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('offers no Apply to a member of an alliance, and leads a member of this one to their alliance page', async () => {
    const alliance = { ...PROFILE, leaderEmbassyLevel: 3, members: [], announcement: null };
    mine = { embassyLevel: 3, alliance, membership: { role: 'member', joinedAt: '2026-03-01T10:00:00.000Z' } };
    renderProfile();
    expect((await screen.findByRole('link', { name: 'Go to your alliance' })).getAttribute('href')).toBe('/game/alliance');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    cleanup();

    mine = { ...mine, alliance: { ...alliance, ...ref(5, 'OWL') } };
    renderProfile();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Join' }).textContent).toContain('You are a member of [OWL] OWL folk.'));
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('says when there is no such alliance', async () => {
    renderProfile('00000000-0000-4000-8000-0000000000e9');
    expect(await screen.findByText('There is no such alliance. It may have dissolved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All alliances' }).getAttribute('href')).toBe('/game/alliances');
  });
});
