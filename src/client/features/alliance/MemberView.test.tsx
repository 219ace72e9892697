// @vitest-environment happy-dom
// The member view by rank: which tabs and controls each rank sees, ranks and leadership, dismissal with a reason, the announcement, the settings and the applications.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alliance, AllianceApplication, AllianceMember, MyAlliance } from '../../api/alliances';
import type { AllianceRole } from '../../../rules/alliances';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import AlliancePage from './AlliancePage';

const ME = { id: '00000000-0000-4000-8000-0000000000a1', username: 'Lagertha' };
const player = (n: number, username: string) => ({ id: `00000000-0000-4000-8000-0000000000a${n}`, username, discordAvatar: null });
const RAGNAR = player(2, 'Ragnar');
const UBBE = player(3, 'Ubbe');
const IVAR = player(4, 'Ivar');
const BJORN = player(5, 'Bjorn');

function member(id: string, role: AllianceRole, user: AllianceMember['user']): AllianceMember {
  return { id: `00000000-0000-4000-8000-0000000003${id}`, role, joinedAt: '2026-03-01T10:00:00.000Z', user };
}

/** The alliance with the player at `role`: a leader (the player or Ragnar), an elder, an officer and a member besides. */
function allianceAs(role: AllianceRole, extra: Partial<Alliance> = {}): MyAlliance {
  const others = [member('02', 'elder', UBBE), member('03', 'officer', IVAR), member('04', 'member', BJORN)];
  const members = [member('01', role, { ...ME, discordAvatar: null }), ...(role === 'leader' ? [] : [member('05', 'leader', RAGNAR)]), ...others];
  return {
    embassyLevel: 3,
    alliance: {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'Sons of Ragnar',
      tag: 'SOR',
      description: 'Shields up.',
      isPublic: true,
      memberCount: members.length,
      memberCap: 9,
      leaderEmbassyLevel: 3,
      totalVillages: 5,
      totalPopulation: 1234,
      foundedAt: '2026-03-01T10:00:00.000Z',
      announcement: null,
      members,
      ...extra,
    },
    membership: { role, joinedAt: '2026-03-01T10:00:00.000Z' },
  };
}

const APPLICATION: AllianceApplication = {
  id: '00000000-0000-4000-8000-0000000000c7',
  user: { id: '00000000-0000-4000-8000-0000000000a9', username: 'Hvitserk' },
  population: 2345,
  message: 'I bring <b>ships</b>',
  createdAt: '2026-03-04T10:00:00.000Z',
};

const server = setupFakeServer();
const confirmMock = vi.fn<(message?: string) => boolean>();
let state: { mine: MyAlliance; applications: AllianceApplication[] };

/** The alliance as the server holds it after an action: the player's membership from `mine`. */
function withAlliance(alliance: Alliance, role: AllianceRole = 'leader') {
  state.mine = { ...state.mine, alliance, membership: { role, joinedAt: '2026-03-01T10:00:00.000Z' } };
  return { alliance, membership: state.mine.membership };
}

function serve(mine: MyAlliance) {
  state = { mine, applications: [APPLICATION] };
  server.routesFrom({
    'GET /api/alliances/my-alliance': () => state.mine,
    'GET /api/alliances/messages': { messages: [], hasMore: false },
    'GET /api/alliances/my-alliance/feed': { entries: [], page: 1, hasMore: false },
    'GET /api/alliances/my-alliance/applications': () => ({ applications: state.applications }),
    'GET /api/alliances/diplomacy': { allianceId: mine.alliance?.id, relations: [], caps: { confederation: 3, nap: 3 } },
  });
}

function renderPage(url = '/game/alliance') {
  return renderWithProviders(<AlliancePage />, { route: url, user: { ...TEST_USER, ...ME, email: 'l@x.no' } });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const row = (name: string) => within(screen.getByRole('list', { name: 'Members' })).getByRole('listitem', { name });

beforeEach(() => {
  confirmMock.mockReset();
  Object.defineProperty(window, 'confirm', { value: confirmMock, configurable: true, writable: true });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('what each rank sees', () => {
  it('the leader: every tab, rank selects, Make leader and Dismiss on everyone else, the announcement box and the settings', async () => {
    serve(allianceAs('leader'));
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(tabNames()).toEqual(['Overview', 'Members (4)', 'Applications (1)', 'Diplomacy', 'Messages']));
    for (const name of ['Ubbe', 'Ivar', 'Bjorn']) {
      expect(within(row(name)).getByLabelText(`Rank of ${name}`)).toBeTruthy();
      expect(within(row(name)).getByRole('button', { name: 'Make leader' })).toBeTruthy();
      expect(within(row(name)).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    }
    expect(within(row('Lagertha')).queryAllByRole('button')).toHaveLength(0);
    expect(within(row('Lagertha')).queryByRole('combobox')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByRole('form', { name: 'Post an announcement' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Alliance settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Diplomacy' }));
    expect(await screen.findByRole('form', { name: 'Propose a relation' })).toBeTruthy();
  });

  it('an elder: dismisses officers and members only, sets no ranks, describes and announces', async () => {
    serve(allianceAs('elder'));
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Make leader' })).toBeNull();
    expect(within(row('Ragnar')).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(row('Ubbe')).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(row('Ivar')).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(within(row('Bjorn')).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByRole('form', { name: 'Post an announcement' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Alliance settings' })).toBeTruthy();
  });

  it('an officer: answers applications and announces, but neither dismisses nor describes', async () => {
    serve(allianceAs('officer'));
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(tabNames()).toContain('Applications (1)'));
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByRole('form', { name: 'Post an announcement' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Alliance settings' })).toBeNull();
  });

  it('a member: no applications tab, no controls on anyone, diplomacy read-only', async () => {
    serve(allianceAs('member'));
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    expect(tabNames()).toEqual(['Overview', 'Members (5)', 'Diplomacy', 'Messages']);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make leader' })).toBeNull();
    expect(server.requests('GET', '/api/alliances/my-alliance/applications')).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.queryByRole('form', { name: 'Post an announcement' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Alliance settings' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Diplomacy' }));
    expect(await screen.findByText('Only the leader and elders may manage diplomacy.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Propose a relation' })).toBeNull();
  });

  it('links to the directory from the header', async () => {
    serve(allianceAs('member'));
    renderPage();
    expect((await screen.findByRole('link', { name: 'Browse alliances' })).getAttribute('href')).toBe('/game/alliances');
  });
});

describe('ranks and leadership', () => {
  it('sets a member’s rank; the rank held already is refused by the rules, so its button waits', async () => {
    serve(allianceAs('leader'));
    server.on('PUT /api/alliances/members/:memberId/rank', ({ params, body }) => {
      const { role } = body as { role: AllianceRole };
      const alliance = state.mine.alliance!;
      return withAlliance({ ...alliance, members: alliance.members.map((m) => (m.id === params.memberId ? { ...m, role } : m)) });
    });
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    const set = within(row('Bjorn')).getByRole('button', { name: 'Set rank' }) as HTMLButtonElement;
    expect(set.disabled).toBe(true);
    fireEvent.change(within(row('Bjorn')).getByLabelText('Rank of Bjorn'), { target: { value: 'officer' } });
    expect(set.disabled).toBe(false);
    const feedReads = server.requests('GET', '/api/alliances/my-alliance/feed').length;
    fireEvent.click(set);
    expect((await screen.findByRole('status')).textContent).toBe('Bjorn is now an officer.');
    expect(server.requests('PUT', `/api/alliances/members/${member('04', 'member', BJORN).id}/rank`)[0].body).toEqual({ role: 'officer' });
    expect(within(row('Bjorn')).getByText('Officer', { selector: '.badge' })).toBeTruthy();
    // The feed tells of it: its pages are read again when next shown.
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(server.requests('GET', '/api/alliances/my-alliance/feed').length).toBeGreaterThan(feedReads));
  });

  it('hands over leadership after a confirmation saying the leader becomes an elder', async () => {
    serve(allianceAs('leader'));
    server.on('POST /api/alliances/leadership', ({ body }) => {
      const { memberId } = body as { memberId: string };
      const alliance = state.mine.alliance!;
      const members = alliance.members.map((m) => (m.id === memberId ? { ...m, role: 'leader' as const } : m.user.id === ME.id ? { ...m, role: 'elder' as const } : m));
      return withAlliance({ ...alliance, members }, 'elder');
    });
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    confirmMock.mockReturnValueOnce(false);
    fireEvent.click(within(row('Ubbe')).getByRole('button', { name: 'Make leader' }));
    expect(confirmMock).toHaveBeenCalledWith('Make Ubbe the leader of the alliance? You become an elder and can no longer appoint ranks.');
    expect(server.requests('POST', '/api/alliances/leadership')).toHaveLength(0);
    confirmMock.mockReturnValueOnce(true);
    fireEvent.click(within(row('Ubbe')).getByRole('button', { name: 'Make leader' }));
    expect((await screen.findByRole('status')).textContent).toBe('Ubbe now leads the alliance. You are an elder.');
    expect(server.requests('POST', '/api/alliances/leadership')[0].body).toEqual({ memberId: member('02', 'elder', UBBE).id });
    expect(screen.getByTestId('my-role').textContent).toBe('Elder');
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
  });
});

describe('dismissing a member', () => {
  it('asks for a reason in a dialog, checks it by the rules and sends it', async () => {
    serve(allianceAs('elder'));
    server.on('POST /api/alliances/members/:memberId/dismiss', ({ params }) => {
      const alliance = state.mine.alliance!;
      return withAlliance({ ...alliance, memberCount: alliance.memberCount - 1, members: alliance.members.filter((m) => m.id !== params.memberId) }, 'elder');
    });
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    fireEvent.click(within(row('Bjorn')).getByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss Bjorn' });
    const send = within(dialog).getByRole('button', { name: 'Dismiss Bjorn' });
    fireEvent.click(send);
    expect(within(dialog).getByText('Give a reason for the dismissal')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'x'.repeat(201) } });
    expect(within(dialog).getByText('201/200 characters')).toBeTruthy();
    fireEvent.click(send);
    expect(within(dialog).getByText('The reason must be at most 200 characters')).toBeTruthy();
    expect(server.requests('POST', `/api/alliances/members/${member('04', 'member', BJORN).id}/dismiss`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Never raids  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests('POST', `/api/alliances/members/${member('04', 'member', BJORN).id}/dismiss`)[0].body).toEqual({ reason: 'Never raids' });
    expect(screen.getByRole('status').textContent).toBe('Bjorn was dismissed.');
    expect(within(screen.getByRole('list', { name: 'Members' })).queryByRole('listitem', { name: 'Bjorn' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Members (4)' })).toBeTruthy();
  });

  it('shows the refusal of the server inside the dialog, and Cancel closes it', async () => {
    serve(allianceAs('leader'));
    server.on('POST /api/alliances/members/:memberId/dismiss', reply(409, { error: 'You can only dismiss members of a lower rank than yours' }));
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    fireEvent.click(within(row('Ivar')).getByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss Ivar' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Too loud' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss Ivar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You can only dismiss members of a lower rank than yours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the announcement and the settings', () => {
  it('shows the pinned announcement as text with its author and date to every member', async () => {
    serve(allianceAs('member', { announcement: { text: 'Ships at <b>dawn</b>\nBring mead', postedAt: '2026-03-03T10:00:00.000Z', author: RAGNAR } }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Announcement' });
    expect(card.querySelector('.alliance-announcement__text')?.textContent).toBe('Ships at <b>dawn</b>\nBring mead');
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Ragnar' }).getAttribute('href')).toBe(`/game/players/${RAGNAR.id}`);
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-03T10:00:00.000Z');
  });

  it('posts an announcement and takes it down', async () => {
    serve(allianceAs('officer'));
    server.on('PUT /api/alliances/my-alliance/announcement', ({ body }) => {
      const { text } = body as { text: string };
      return withAlliance({ ...state.mine.alliance!, announcement: text ? { text, postedAt: '2026-03-05T10:00:00.000Z', author: ME } : null }, 'officer');
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Announcement' });
    expect(within(card).getByText('No announcement is pinned.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Take down' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Post announcement' }));
    expect(within(card).getByRole('alert').textContent).toBe('Write the announcement first');
    fireEvent.change(within(card).getByLabelText('New announcement'), { target: { value: 'a'.repeat(501) } });
    fireEvent.click(within(card).getByRole('button', { name: 'Post announcement' }));
    expect(within(card).getByRole('alert').textContent).toBe('Announcement must be at most 500 characters');
    expect(server.requests('PUT', '/api/alliances/my-alliance/announcement')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('New announcement'), { target: { value: ' Raid at dawn\nBring shields ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Post announcement' }));
    expect((await within(card).findByRole('status')).textContent).toBe('The announcement is posted.');
    expect(server.requests('PUT', '/api/alliances/my-alliance/announcement')[0].body).toEqual({ text: 'Raid at dawn\nBring shields' });
    expect(card.querySelector('.alliance-announcement__text')?.textContent).toBe('Raid at dawn\nBring shields');
    expect((within(card).getByLabelText('New announcement') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(within(card).getByRole('button', { name: 'Take down' }));
    expect((await within(card).findByText('No announcement is pinned.'))).toBeTruthy();
    expect(server.requests('PUT', '/api/alliances/my-alliance/announcement')[1].body).toEqual({ text: '' });
    expect(within(card).getByRole('status').textContent).toBe('The announcement is taken down.');
  });

  it('saves the description and whether the alliance takes applications', async () => {
    serve(allianceAs('elder'));
    server.on('PUT /api/alliances/my-alliance/settings', ({ body }) => withAlliance({ ...state.mine.alliance!, ...(body as Pick<Alliance, 'description' | 'isPublic'>) }, 'elder'));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Alliance settings' });
    const description = within(form).getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.value).toBe('Shields up.');
    fireEvent.change(description, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('Description is required');
    fireEvent.change(description, { target: { value: 'Shields up,\noars out.' } });
    const open = within(form).getByLabelText('Open to applications') as HTMLInputElement;
    expect(open.checked).toBe(true);
    fireEvent.click(open);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('status')).textContent).toBe('The settings are saved.');
    expect(server.requests('PUT', '/api/alliances/my-alliance/settings')[0].body).toEqual({ description: 'Shields up,\noars out.', isPublic: false });
    expect(document.querySelector('.alliance-header__description')?.textContent).toBe('Shields up,\noars out.');
    expect(screen.getByLabelText('Alliance statistics').textContent).toContain('Invite only');
  });
});

describe('applications to the alliance', () => {
  it('lists applicants with population, message as text and date, and accepts one', async () => {
    serve(allianceAs('officer'));
    server.on('POST /api/alliances/applications/:applicationId/accept', () => {
      const alliance = state.mine.alliance!;
      state.applications = [];
      return withAlliance(
        { ...alliance, memberCount: alliance.memberCount + 1, members: [...alliance.members, member('09', 'member', { ...APPLICATION.user, discordAvatar: null })] },
        'officer',
      );
    });
    renderPage('/game/alliance?tab=applications');
    const card = await screen.findByRole('listitem', { name: 'Application from Hvitserk' });
    expect(within(card).getByRole('link', { name: 'Hvitserk' }).getAttribute('href')).toBe(`/game/players/${APPLICATION.user.id}`);
    expect(card.textContent).toContain('2.3K population');
    expect(within(card).getByText('I bring <b>ships</b>')).toBeTruthy();
    expect(card.querySelector('b')).toBeNull();
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe(APPLICATION.createdAt);
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('status')).textContent).toBe('Hvitserk joined the alliance.');
    expect(server.requests('POST', `/api/alliances/applications/${APPLICATION.id}/accept`)).toHaveLength(1);
    expect(screen.getByText('No applications are waiting.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Members (6)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Applications (0)' })).toBeTruthy();
  });

  it('declines one', async () => {
    serve(allianceAs('leader'));
    server.on('DELETE /api/alliances/applications/:applicationId', { ok: true });
    renderPage('/game/alliance?tab=applications');
    const card = await screen.findByRole('listitem', { name: 'Application from Hvitserk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toBe('The application of Hvitserk was declined.');
    expect(server.requests('DELETE', `/api/alliances/applications/${APPLICATION.id}`)).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: 'Application from Hvitserk' })).toBeNull();
  });

  it('falls back to the overview when the tab is asked for by a rank that does not answer applications', async () => {
    serve(allianceAs('member'));
    renderPage('/game/alliance?tab=applications');
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });
});
