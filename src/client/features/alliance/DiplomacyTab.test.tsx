// @vitest-environment happy-dom
// The diplomacy tab: relations by kind against their caps, proposals both ways with their answers, the propose form, and read-only for ranks without the right.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Diplomacy, DiplomaticRelation } from '../../api/alliances';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { DiplomacyTab } from './DiplomacyTab';

const MINE = '00000000-0000-4000-8000-0000000000b1';
const ref = (n: number, tag: string) => ({ id: `00000000-0000-4000-8000-0000000000e${n}`, tag, name: `${tag} folk` });
const FLOKI = { id: '00000000-0000-4000-8000-0000000000f1', username: 'Floki' };

function relation(n: number, extra: Partial<DiplomaticRelation>): DiplomaticRelation {
  return {
    id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    kind: 'confederation',
    status: 'active',
    direction: 'outgoing',
    alliance: ref(n, `T${n}X`),
    proposedAt: '2026-03-01T10:00:00.000Z',
    acceptedAt: '2026-03-02T10:00:00.000Z',
    proposedBy: FLOKI,
    ...extra,
  };
}

const CONFED = relation(1, { alliance: ref(1, 'WOLF') });
const WAR = relation(2, { kind: 'war', alliance: ref(2, 'RAVN') });
const INCOMING = relation(3, { kind: 'nap', status: 'proposed', direction: 'incoming', acceptedAt: null, alliance: ref(3, 'BEAR') });
const OUTGOING = relation(4, { kind: 'confederation', status: 'proposed', direction: 'outgoing', acceptedAt: null, alliance: ref(4, 'ELK') });

const server = setupFakeServer();
const confirmMock = vi.fn<(message?: string) => boolean>();
let state: Diplomacy;

beforeEach(() => {
  state = { allianceId: MINE, relations: [CONFED, WAR, INCOMING, OUTGOING], caps: { confederation: 3, nap: 3 } };
  server.on('GET /api/alliances/diplomacy', () => state);
  confirmMock.mockReset();
  Object.defineProperty(window, 'confirm', { value: confirmMock, configurable: true, writable: true });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderTab(myRole: 'leader' | 'elder' | 'officer' | 'member') {
  return renderWithProviders(<DiplomacyTab myRole={myRole} myTag="SOR" />, { route: '/game/alliance?tab=diplomacy' });
}

describe('the diplomacy tab', () => {
  it('lists active relations by kind with their counts against the caps, and proposals both ways', async () => {
    renderTab('leader');
    expect((await screen.findByRole('heading', { name: /^Confederations/ })).textContent).toBe('Confederations 1 / 3');
    expect(screen.getByRole('heading', { name: /^Non-aggression pacts/ }).textContent).toBe('Non-aggression pacts 0 / 3');
    expect(screen.getByRole('heading', { name: /^Wars/ }).textContent).toBe('Wars 1');
    const confederations = screen.getByRole('list', { name: 'Confederations' });
    expect(within(confederations).getByRole('link', { name: '[WOLF] WOLF folk' }).getAttribute('href')).toBe(`/game/alliances/${CONFED.alliance.id}`);
    expect(confederations.textContent).toContain('since');
    expect(within(screen.getByRole('list', { name: 'Wars' })).getByRole('link', { name: '[RAVN] RAVN folk' })).toBeTruthy();
    const incoming = screen.getByRole('list', { name: 'Proposals to your alliance' });
    expect(incoming.textContent).toContain('[BEAR] BEAR folk proposes a non-aggression pact · by Floki');
    const outgoing = screen.getByRole('list', { name: 'Your proposals' });
    expect(outgoing.textContent).toContain('Confederation proposed to [ELK] ELK folk');
  });

  it('accepts and declines proposals made to the alliance, withdraws its own, and puts each reply on screen', async () => {
    server.on('POST /api/alliances/diplomacy/:relationId/accept', ({ params }) => {
      expect(params.relationId).toBe(INCOMING.id);
      return { ...state, relations: [CONFED, { ...INCOMING, status: 'active', acceptedAt: '2026-03-05T10:00:00.000Z' }, WAR, OUTGOING] };
    });
    server.on('DELETE /api/alliances/diplomacy/:relationId', ({ params }) => ({ ...state, relations: state.relations.filter((r) => r.id !== params.relationId) }));
    renderTab('elder');
    const incoming = await screen.findByRole('list', { name: 'Proposals to your alliance' });
    fireEvent.click(within(incoming).getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('status')).textContent).toBe('Non-aggression pact with [BEAR] accepted.');
    expect(screen.getByRole('heading', { name: /^Non-aggression pacts/ }).textContent).toBe('Non-aggression pacts 1 / 3');
    expect(screen.getByText('No proposals are waiting for an answer.')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('list', { name: 'Your proposals' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Proposal to [ELK] withdrawn.'));
    expect(server.requests('DELETE', `/api/alliances/diplomacy/${OUTGOING.id}`)).toHaveLength(1);
    // A withdrawal needs no confirmation; ending a relation does.
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it('declines a proposal', async () => {
    server.on('DELETE /api/alliances/diplomacy/:relationId', ({ params }) => ({ ...state, relations: state.relations.filter((r) => r.id !== params.relationId) }));
    renderTab('leader');
    fireEvent.click(within(await screen.findByRole('list', { name: 'Proposals to your alliance' })).getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toBe('Proposal of [BEAR] declined.');
    expect(server.requests('DELETE', `/api/alliances/diplomacy/${INCOMING.id}`)).toHaveLength(1);
  });

  it('ends a relation only after the confirmation', async () => {
    server.on('DELETE /api/alliances/diplomacy/:relationId', ({ params }) => ({ ...state, relations: state.relations.filter((r) => r.id !== params.relationId) }));
    renderTab('leader');
    const wars = await screen.findByRole('list', { name: 'Wars' });
    confirmMock.mockReturnValueOnce(false);
    fireEvent.click(within(wars).getByRole('button', { name: 'End' }));
    expect(confirmMock).toHaveBeenCalledWith('End the war with [RAVN] RAVN folk?');
    expect(server.requests('DELETE', `/api/alliances/diplomacy/${WAR.id}`)).toHaveLength(0);
    confirmMock.mockReturnValueOnce(true);
    fireEvent.click(within(wars).getByRole('button', { name: 'End' }));
    expect((await screen.findByRole('status')).textContent).toBe('War with [RAVN] ended.');
    expect(screen.getByRole('heading', { name: /^Wars/ }).textContent).toBe('Wars 0');
  });

  it('proposes by tag and kind, checking the tag by the rules first, and shows the refusal of the server', async () => {
    server.on('POST /api/alliances/diplomacy', ({ body }) => {
      const { tag, kind } = body as { tag: string; kind: DiplomaticRelation['kind'] };
      if (tag === 'NONE') return reply(404, { error: 'No alliance with that tag' });
      return reply(201, { ...state, relations: [...state.relations, relation(9, { kind, status: 'proposed', acceptedAt: null, alliance: ref(9, tag) })] });
    });
    renderTab('leader');
    const form = await screen.findByRole('form', { name: 'Propose a relation' });
    const tag = within(form).getByLabelText('Alliance tag') as HTMLInputElement;
    fireEvent.change(tag, { target: { value: 'ab' } });
    expect(tag.value).toBe('AB');
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(screen.getByRole('alert').textContent).toBe('Alliance tag must be 3 to 5 characters');
    fireEvent.change(tag, { target: { value: 'sor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(screen.getByRole('alert').textContent).toBe('An alliance cannot make a pact with itself');
    fireEvent.change(tag, { target: { value: 'wolf' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(screen.getByRole('alert').textContent).toBe('Your alliances already stand in a relation (confederation); end it before proposing another');
    expect(server.requests('POST', '/api/alliances/diplomacy')).toHaveLength(0);

    fireEvent.change(tag, { target: { value: 'none' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No alliance with that tag');

    fireEvent.change(tag, { target: { value: 'hawk' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'nap' } });
    expect(within(within(form).getByLabelText('Kind')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Confederation',
      'Non-aggression pact',
      'War',
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect((await screen.findByRole('status')).textContent).toBe('Non-aggression pact proposed to [HAWK].');
    expect(server.requests('POST', '/api/alliances/diplomacy').at(-1)?.body).toEqual({ tag: 'HAWK', kind: 'nap' });
    expect(within(screen.getByRole('list', { name: 'Your proposals' })).getByRole('link', { name: '[HAWK] HAWK folk' })).toBeTruthy();
    expect(tag.value).toBe('');
  });

  it('refuses a proposal past the cap before sending it', async () => {
    state = { ...state, relations: [CONFED, relation(5, {}), relation(6, {})] };
    renderTab('leader');
    const form = await screen.findByRole('form', { name: 'Propose a relation' });
    fireEvent.change(within(form).getByLabelText('Alliance tag'), { target: { value: 'HAWK' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(screen.getByRole('alert').textContent).toBe('Your alliance already has 3 confederations, the most allowed');
    expect(server.requests('POST', '/api/alliances/diplomacy')).toHaveLength(0);
  });

  it('shows the lists read-only to ranks without the right, saying who manages diplomacy', async () => {
    for (const role of ['officer', 'member'] as const) {
      renderTab(role);
      await screen.findByRole('list', { name: 'Proposals to your alliance' });
      expect(screen.getByText('Only the leader and elders may manage diplomacy.')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Propose a relation' })).toBeNull();
      expect(screen.queryAllByRole('button')).toHaveLength(0);
      cleanup();
    }
  });
});
