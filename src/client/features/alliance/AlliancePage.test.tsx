// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Alliance, AllianceMessage, Invitation, MyAlliance } from '../../api/alliances';
import { i18n } from '../../i18n';
import { reply as json, setupFakeServer, type FakeCall } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import AlliancePage from './AlliancePage';
import { leaveConfirmation } from './MemberView';

const ME = { id: '00000000-0000-4000-8000-0000000000a1', username: 'Lagertha' };
const OTHER = { id: '00000000-0000-4000-8000-0000000000a2', username: 'Bjorn' };

function alliance(role: string): MyAlliance & { alliance: Alliance; membership: { role: 'leader' | 'elder' | 'officer' | 'member'; joinedAt: string } } {
  return {
    embassyLevel: 3,
    alliance: {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'Sons of Ragnar',
      tag: 'SOR',
      description: 'Shields up.',
      isPublic: true,
      memberCount: 2,
      memberCap: 9,
      leaderEmbassyLevel: 3,
      totalVillages: 3,
      totalPopulation: 1234,
      foundedAt: '2026-03-01T10:00:00.000Z',
      announcement: null,
      // The leader first; the player is the leader or the second member with the role asked for.
      members:
        role === 'leader'
          ? [
              { id: 'm1', role: 'leader', joinedAt: '2026-03-01T10:00:00.000Z', user: { ...ME, discordAvatar: null } },
              { id: 'm2', role: 'member', joinedAt: '2026-03-02T10:00:00.000Z', user: { ...OTHER, discordAvatar: null } },
            ]
          : [
              { id: 'm1', role: 'leader', joinedAt: '2026-03-01T10:00:00.000Z', user: { ...OTHER, discordAvatar: null } },
              { id: 'm2', role: role as 'member', joinedAt: '2026-03-02T10:00:00.000Z', user: { ...ME, discordAvatar: null } },
            ],
    },
    membership: { role: role as 'leader', joinedAt: '2026-03-01T10:00:00.000Z' },
  };
}

const INVITATION: Invitation = {
  id: '00000000-0000-4000-8000-0000000000c1',
  alliance: { id: '00000000-0000-4000-8000-0000000000b1', tag: 'SOR', name: 'Sons of Ragnar', description: 'Shields up.' },
  inviter: OTHER,
  message: 'Join <b>us</b>!',
  createdAt: '2026-03-03T10:00:00.000Z',
};

const server = setupFakeServer();
const confirmMock = vi.fn<(message?: string) => boolean>();

/** Answers a call the alliance server takes besides the reads (or undefined to leave it to them). */
type Route = (call: FakeCall) => Response | undefined | Promise<Response | undefined>;

/** The alliance server: `mine` and `invitations` answer the reads; `extra` is asked first about every call. */
function serve(state: { mine: MyAlliance; invitations: Invitation[] }, extra: Route = () => undefined) {
  server.routesFrom({
    'GET /api/alliances/my-alliance': () => state.mine,
    'GET /api/alliances/invitations/received': () => ({ invitations: state.invitations }),
    'GET /api/alliances/messages': { messages: [], hasMore: false },
    // The politics reads every alliance page makes: nothing to tell yet.
    'GET /api/alliances/my-alliance/feed': { entries: [], page: 1, hasMore: false },
    'GET /api/alliances/my-alliance/applications': { applications: [] },
    'GET /api/alliances/diplomacy': { allianceId: '00000000-0000-4000-8000-0000000000b1', relations: [], caps: { confederation: 3, nap: 3 } },
    'GET /api/alliances/applications': { applications: [] },
    'GET /api/alliances/directory': { alliances: [], page: 1, hasMore: false },
  });
  server.on('* /api/*', extra);
}

function requests(method: string, path: string) {
  return server.requests(method, path);
}

function renderPage(url = '/game/alliance') {
  renderWithProviders(<AlliancePage />, { route: url, user: { ...TEST_USER, ...ME, email: 'l@x.no' } });
}

/** Outside an alliance, with the embassy founding needs (level 3). */
const NONE: MyAlliance = { alliance: null, membership: null, embassyLevel: 3 };

beforeEach(() => {
  confirmMock.mockReset();
  Object.defineProperty(window, 'confirm', { value: confirmMock, configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openCreateForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create Alliance' }));
  return screen.getByRole('form', { name: 'Found an alliance' });
}

describe('without an alliance', () => {
  it('says so and opens the create form from the create button', async () => {
    serve({ mine: NONE, invitations: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You are not in an alliance' })).toBeTruthy();
    const form = await openCreateForm();
    expect(within(form).getByLabelText('Name')).toBeTruthy();
    expect(within(form).getByLabelText('Tag')).toBeTruthy();
    expect(within(form).getByLabelText('Description')).toBeTruthy();
    expect((within(form).getByLabelText('Public alliance') as HTMLInputElement).type).toBe('checkbox');
  });

  it('checks the form by the rules and shows each message beside its field, sending nothing', async () => {
    serve({ mine: NONE, invitations: [] });
    renderPage();
    const form = await openCreateForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Found Alliance' }));
    expect(within(form).getByText('Alliance name is required')).toBeTruthy();
    expect(within(form).getByText('Alliance tag is required')).toBeTruthy();
    expect(within(form).getByText('Description is required')).toBeTruthy();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'N'.repeat(51) } });
    fireEvent.change(within(form).getByLabelText('Tag'), { target: { value: 'ab' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'd'.repeat(501) } });
    // Editing a field clears its message until the next try.
    expect(within(form).queryByText('Alliance name is required')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Found Alliance' }));
    expect(within(form).getByText('Alliance name must be at most 50 characters')).toBeTruthy();
    expect(within(form).getByText('Alliance tag must be 3 to 5 characters')).toBeTruthy();
    expect(within(form).getByText('Description must be at most 500 characters')).toBeTruthy();
    // Lower case is taken as capitals; other characters are refused.
    expect((within(form).getByLabelText('Tag') as HTMLInputElement).value).toBe('AB');
    fireEvent.change(within(form).getByLabelText('Tag'), { target: { value: 'ab-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Found Alliance' }));
    expect(within(form).getByText('Alliance tag may only contain uppercase letters A-Z and digits 0-9')).toBeTruthy();
    expect(requests('POST', '/api/alliances/create')).toHaveLength(0);
  });

  it('founds the alliance and shows it at once', async () => {
    const state = { mine: NONE, invitations: [] as Invitation[] };
    serve(state, ({ path }) => (path === '/api/alliances/create' ? json(201, (state.mine = alliance('leader'))) : undefined));
    renderPage();
    const form = await openCreateForm();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: ' Sons of Ragnar ' } });
    fireEvent.change(within(form).getByLabelText('Tag'), { target: { value: 'sor' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Shields up.' } });
    fireEvent.click(within(form).getByLabelText('Public alliance'));
    fireEvent.click(within(form).getByRole('button', { name: 'Found Alliance' }));
    expect(await screen.findByRole('heading', { level: 1, name: '[SOR] Sons of Ragnar' })).toBeTruthy();
    const [sent] = requests('POST', '/api/alliances/create');
    expect(sent.body).toEqual({ name: 'Sons of Ragnar', tag: 'SOR', description: 'Shields up.', isPublic: false });
    expect(screen.getByTestId('my-role').textContent).toBe('Leader');
  });

  it('shows the server refusal of a create, else the fallback', async () => {
    let reply: Response | null = json(409, { error: 'That tag is already taken by another alliance' });
    serve({ mine: NONE, invitations: [] }, ({ path }) => {
      if (path !== '/api/alliances/create') return undefined;
      if (reply) {
        const once = reply;
        reply = null;
        return once;
      }
      throw new TypeError('Failed to fetch');
    });
    renderPage();
    const form = await openCreateForm();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Copy' } });
    fireEvent.change(within(form).getByLabelText('Tag'), { target: { value: 'SOR' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Found Alliance' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('That tag is already taken by another alliance');
    fireEvent.click(within(form).getByRole('button', { name: 'Found Alliance' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Failed to create alliance'));
  });

  it('lists invitations with tag, name, description, inviter and message as text, and accepts one', async () => {
    const state = { mine: NONE, invitations: [INVITATION] };
    serve(state, ({ path }) =>
      path === `/api/alliances/invitations/${INVITATION.id}/accept` ? json(200, (state.mine = alliance('member'))) : undefined,
    );
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Invitation from Sons of Ragnar' });
    expect(within(card).getByRole('heading').textContent).toBe('[SOR] Sons of Ragnar');
    expect(card.textContent).toContain('Shields up.');
    expect(card.textContent).toContain('Invited by Bjorn');
    expect(within(card).getByText('Join <b>us</b>!')).toBeTruthy();
    expect(card.querySelector('b')).toBeNull();
    // A create option stays at hand.
    expect(screen.getByRole('button', { name: 'Create Alliance' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: '[SOR] Sons of Ragnar' })).toBeTruthy();
    expect(screen.getByTestId('my-role').textContent).toBe('Member');
  });

  it('shows why an accept failed, else the fallback', async () => {
    let acceptReply = json(409, { error: 'You are already in an alliance; leave it first' });
    serve({ mine: NONE, invitations: [INVITATION] }, ({ path }) => (path.endsWith('/accept') ? acceptReply : undefined));
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Invitation from Sons of Ragnar' });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are already in an alliance; leave it first');
    acceptReply = json(500, {});
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to accept invitation'));
  });

  it('removes a declined invitation; a failed decline is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    serve({ mine: NONE, invitations: [INVITATION] }, ({ method, path }) => {
      if (method !== 'DELETE' || path !== `/api/alliances/invitations/${INVITATION.id}`) return undefined;
      if (fail) {
        fail = false;
        return json(500, { error: 'Down' });
      }
      return json(200, { ok: true });
    });
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Invitation from Sons of Ragnar' });
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Invitation from Sons of Ragnar' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'You are not in an alliance' })).toBeTruthy();
  });
});

describe('in an alliance', () => {
  it('shows the header, the overview with founded date, the announcement, the activity feed and the diplomacy tab', async () => {
    serve({ mine: alliance('member'), invitations: [] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '[SOR] Sons of Ragnar' })).toBeTruthy();
    const facts = screen.getByRole('list', { name: 'Alliance figures' });
    expect(within(facts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 members',
      '3 villages',
      '1.2K population',
      'Your role: Member',
    ]);
    const stats = screen.getByLabelText('Alliance statistics');
    expect(stats.textContent).toContain('Founded');
    expect(within(screen.getByRole('region', { name: 'Announcement' })).getByText('No announcement is pinned.')).toBeTruthy();
    const feed = screen.getByRole('region', { name: 'Activity feed' });
    expect(await within(feed).findByText('Nothing has happened yet. Deeds will be told here.')).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Diplomacy' }));
    expect(await screen.findByRole('heading', { name: 'Relations' })).toBeTruthy();
    expect(screen.queryByText('Diplomacy is coming soon')).toBeNull();
  });

  it('lists members with role, and offers Invite Player only to leader, elder and officer', async () => {
    serve({ mine: alliance('member'), invitations: [] });
    renderPage('/game/alliance?tab=members');
    const members = await screen.findByRole('list', { name: 'Members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Bjorn', 'Lagertha']);
    expect(within(rows[0]).getByText('Leader')).toBeTruthy();
    expect(within(rows[1]).getByText('Member')).toBeTruthy();
    expect(within(rows[1]).getByRole('img', { name: "Lagertha's avatar" })).toBeTruthy();
    expect(rows[1].textContent).toContain('(you)');
    expect(screen.queryByRole('button', { name: 'Invite Player' })).toBeNull();
    cleanup();

    for (const role of ['leader', 'elder', 'officer']) {
      serve({ mine: alliance(role), invitations: [] });
      renderPage('/game/alliance?tab=members');
      expect(await screen.findByRole('button', { name: 'Invite Player' }), role).toBeTruthy();
      cleanup();
    }
  });

  it('invites a player by username and shows the result or the refusal', async () => {
    serve({ mine: alliance('leader'), invitations: [] }, ({ method, path, body: sentBody }) => {
      if (path !== '/api/alliances/invitations' || method !== 'POST') return undefined;
      const body = sentBody as { username: string; message?: string };
      if (body.username === 'nobody') return json(404, { error: 'No player with that username' });
      return json(201, { invitation: { ...INVITATION, message: body.message ?? null } });
    });
    renderPage('/game/alliance?tab=members');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Player' }));
    const form = screen.getByRole('form', { name: 'Invite a player' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    expect(within(form).getByText('Username is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'nobody' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('No player with that username');
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'Ubbe' } });
    fireEvent.change(within(form).getByLabelText('Message (optional)'), { target: { value: 'Skål!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Invitation sent to Ubbe.');
    const sent = requests('POST', '/api/alliances/invitations');
    expect(sent[sent.length - 1].body).toEqual({ username: 'Ubbe', message: 'Skål!' });
  });

  it('leaves only after the confirmation, then shows no alliance', async () => {
    const state = { mine: alliance('leader') as MyAlliance, invitations: [] as Invitation[] };
    serve(state, ({ path }) => {
      if (path !== '/api/alliances/leave') return undefined;
      state.mine = NONE;
      return json(200, { ok: true });
    });
    renderPage();
    const leave = await screen.findByRole('button', { name: 'Leave' });
    confirmMock.mockReturnValueOnce(false);
    fireEvent.click(leave);
    expect(confirmMock).toHaveBeenCalledWith('Are you sure you want to leave your alliance?');
    expect(leaveConfirmation()).toBe('Are you sure you want to leave your alliance?');
    expect(requests('POST', '/api/alliances/leave')).toHaveLength(0);
    confirmMock.mockReturnValueOnce(true);
    fireEvent.click(leave);
    expect(await screen.findByRole('heading', { name: 'You are not in an alliance' })).toBeTruthy();
    expect(requests('POST', '/api/alliances/leave')).toHaveLength(1);
  });

  it('shows why leaving failed, else the fallback', async () => {
    confirmMock.mockReturnValue(true);
    let leaveReply: () => Response = () => json(409, { error: 'You are not in an alliance' });
    serve({ mine: alliance('member'), invitations: [] }, ({ path }) => (path === '/api/alliances/leave' ? leaveReply() : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are not in an alliance');
    leaveReply = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to leave alliance'));
  });
});

describe('the embassy', () => {
  it('says founding needs an Embassy at level 3, links to building one, and keeps Create Alliance shut until then', async () => {
    serve({ mine: { ...NONE, embassyLevel: 0 }, invitations: [] });
    renderPage();
    const note = await screen.findByText(/Founding an alliance needs/);
    expect(note.textContent).toBe('Founding an alliance needs an Embassy at level 3 — yours is level 0. Build an Embassy');
    expect(within(note).getByRole('link', { name: 'Build an Embassy' }).getAttribute('href')).toBe('/game/village?tab=buildings&build=embassy');
    const create = screen.getByRole('button', { name: 'Create Alliance' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(create.getAttribute('aria-describedby')).toBe(note.id);
    cleanup();

    serve({ mine: { ...NONE, embassyLevel: 2 }, invitations: [] });
    renderPage();
    expect((await screen.findByText(/Founding an alliance needs/)).textContent).toBe(
      'Founding an alliance needs an Embassy at level 3 — yours is level 2. Raise your Embassy',
    );
    expect((screen.getByRole('button', { name: 'Create Alliance' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells a founder with the embassy how many members the alliance will have room for', async () => {
    serve({ mine: { ...NONE, embassyLevel: 5 }, invitations: [] });
    renderPage();
    const note = await screen.findByText(/Founding an alliance needs/);
    expect(note.textContent).toBe(
      'Founding an alliance needs an Embassy at level 3 — yours is level 5. Your alliance will have room for 15 members (3 per embassy level).',
    );
    expect(within(note).queryByRole('link')).toBeNull();
    const form = await openCreateForm();
    // The note stays beside the open form.
    expect(form).toBeTruthy();
    expect(screen.getByText(/Founding an alliance needs/)).toBe(note);
  });

  it('says joining needs an Embassy at level 1 and keeps Accept shut without one', async () => {
    serve({ mine: { ...NONE, embassyLevel: 0 }, invitations: [INVITATION] });
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Invitation from Sons of Ragnar' });
    const note = screen.getByText(/Joining an alliance needs/);
    expect(note.textContent).toBe('Joining an alliance needs an Embassy at level 1 — yours is level 0. Build an Embassy');
    expect(within(note).getByRole('link', { name: 'Build an Embassy' }).getAttribute('href')).toBe('/game/village?tab=buildings&build=embassy');
    const accept = within(card).getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(accept.getAttribute('aria-describedby')).toBe(note.id);
    // Declining needs no embassy.
    expect((within(card).getByRole('button', { name: 'Decline' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();

    serve({ mine: { ...NONE, embassyLevel: 1 }, invitations: [INVITATION] });
    renderPage();
    const open = await screen.findByRole('listitem', { name: 'Invitation from Sons of Ragnar' });
    expect((within(open).getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Joining an alliance needs/)).toBeNull();
  });

  it('shows the refusal of a full alliance when accepting', async () => {
    const full = "The alliance is full (9 of 9 members; its leader's embassy at level 3 allows 9)";
    serve({ mine: NONE, invitations: [INVITATION] }, ({ path }) => (path.endsWith('/accept') ? json(409, { error: full }) : undefined));
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Invitation from Sons of Ragnar' });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
  });

  it('shows how many members the leader\'s embassy admits above the member list, and when the alliance is full', async () => {
    serve({ mine: alliance('member'), invitations: [] });
    renderPage('/game/alliance?tab=members');
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.getByTestId('member-cap').textContent).toBe('2 of 9 members (Embassy level 3)');
    expect(screen.queryByText(/The alliance is full/)).toBeNull();
    cleanup();

    const mine = alliance('leader');
    serve({ mine: { ...mine, alliance: { ...mine.alliance, memberCount: 12, memberCap: 12, leaderEmbassyLevel: 4 } }, invitations: [] });
    renderPage('/game/alliance?tab=members');
    expect((await screen.findByTestId('member-cap')).textContent).toBe('12 of 12 members (Embassy level 4)');
    expect(screen.getByText(/The alliance is full/).textContent).toBe("The alliance is full. The leader's embassy admits 3 members per level, up to 60.");
  });
});

describe('the alliance chat', () => {
  const message = (n: number, body: string, author = OTHER): AllianceMessage => ({
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    body,
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, n)).toISOString(),
    author,
  });

  it('shows messages oldest first as text with author and time, loads older ones and posts a new one', async () => {
    const newest = { messages: [message(3, 'Ships at <b>dawn</b>'), message(2, 'Line one\nline two', ME)], hasMore: true };
    const older = { messages: [message(1, 'First!')], hasMore: false };
    serve({ mine: alliance('member'), invitations: [] }, ({ method, path, body: sent, query }) => {
      if (path !== '/api/alliances/messages') return undefined;
      if (method === 'POST') {
        const { body } = sent as { body: string };
        return json(201, { message: { ...message(4, body, ME) } });
      }
      return json(200, query.get('before') === message(2, '').id ? older : newest);
    });
    renderPage('/game/alliance?tab=messages');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const texts = () => within(list).getAllByRole('listitem').map((item) => item.querySelector('.chat__body')?.textContent);
    expect(texts()).toEqual(['Line one\nline two', 'Ships at <b>dawn</b>']);
    expect(list.querySelector('b')).toBeNull();
    expect(within(list).getAllByRole('listitem')[1].textContent).toContain('Bjorn');

    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(texts()).toEqual(['First!', 'Line one\nline two', 'Ships at <b>dawn</b>']));
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  Skål!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(texts()).toEqual(['First!', 'Line one\nline two', 'Ships at <b>dawn</b>', 'Skål!']));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('says beside the field why an empty or too long message is not sent', async () => {
    serve({ mine: alliance('member'), invitations: [] });
    renderPage('/game/alliance?tab=messages');
    await screen.findByText(/No messages yet/);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Message is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501/500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Message must be at most 500 characters')).toBeTruthy();
    expect(requests('POST', '/api/alliances/messages')).toHaveLength(0);
  });
});

describe('in German', () => {
  it('says there is no alliance, and the founding form checks in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    serve({ mine: NONE, invitations: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Du bist in keiner Allianz' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Allianz gründen' }));
    const form = screen.getByRole('form', { name: 'Eine Allianz gründen' });
    fireEvent.click(within(form).getByRole('button', { name: 'Allianz gründen' }));
    expect(within(form).getByText('Der Allianzname ist erforderlich')).toBeTruthy();
    expect(within(form).getByText('Das Allianzkürzel ist erforderlich')).toBeTruthy();
    expect(requests('POST', '/api/alliances/create')).toHaveLength(0);
  });

  it('shows a member their alliance, its tabs and figures in German, and asks before leaving in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    serve({ mine: alliance('leader'), invitations: [] });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Übersicht' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mitglieder (2)' })).toBeTruthy();
    expect(screen.getByTestId('my-role').textContent).toBe('Anführer');
    const figures = screen.getByRole('list', { name: 'Kennzahlen der Allianz' });
    expect(figures.textContent).toContain('1,2 Tsd. Einwohner');
    expect(figures.textContent).toContain('3 Dörfer');
    confirmMock.mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Verlassen' }));
    expect(confirmMock).toHaveBeenCalledWith('Willst du deine Allianz wirklich verlassen?');
  });
});
