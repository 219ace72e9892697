// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountLink } from '../../api/gamemaster';
import { setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import { FairPlaySection } from './FairPlaySection';

const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const ASTRID = { id: '55555555-5555-4555-8555-555555555555', username: 'Astrid' };
const SIGRID = { id: '66666666-6666-4666-8666-666666666666', username: 'Sigrid' };
const GM = { id: TEST_USER.id, username: TEST_USER.username };

function link(id: string, accounts: [typeof BJORN, typeof BJORN], status: AccountLink['status']): AccountLink {
  return {
    id,
    accounts,
    evidence: [
      { kind: 'device', count: 3, lastSeenAt: '2026-03-01T10:00:00.000Z' },
      { kind: 'address', count: 1, lastSeenAt: '2026-03-01T09:00:00.000Z' },
    ],
    status,
    firstSeenAt: '2026-02-28T10:00:00.000Z',
    lastSeenAt: '2026-03-01T10:00:00.000Z',
    decidedBy: status === 'flagged' ? null : GM,
    note: status === 'flagged' ? null : 'Brothers, checked by mail',
  };
}

const server = setupFakeServer();
let links: AccountLink[] = [];

beforeEach(() => {
  links = [link('l1', [BJORN, ASTRID], 'flagged'), link('l2', [ASTRID, SIGRID], 'cleared')];
  server.routesFrom({
    'GET /api/gamemaster/fair-play': ({ query }) => ({ links, page: Number(query.get('page')), hasMore: false }),
    'PUT /api/gamemaster/fair-play/:linkId': ({ params, body }) => {
      const { status, note } = body as { status: AccountLink['status']; note: string };
      links = links.map((l) => (l.id === params.linkId ? { ...l, status, note, decidedBy: GM } : l));
      return { link: links.find((l) => l.id === params.linkId) };
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('fair play', () => {
  it('lists linked accounts with the evidence and the last decision', async () => {
    renderWithProviders(<FairPlaySection />, { user: { ...TEST_USER, role: 'gamemaster' } });
    const flagged = await screen.findByRole('listitem', { name: 'Link of Bjorn and Astrid' });
    expect(within(flagged).getByText('Flagged')).toBeTruthy();
    expect(within(flagged).getByRole('link', { name: 'Bjorn' }).getAttribute('href')).toBe(`/game/players/${BJORN.id}`);
    expect(within(flagged).getByText('Same browser')).toBeTruthy();
    expect(flagged.textContent).toContain('3 sign-ins');
    expect(within(flagged).getByText('Same address within a day')).toBeTruthy();
    expect(flagged.textContent).toContain('1 sign-in,');
    const cleared = screen.getByRole('listitem', { name: 'Link of Astrid and Sigrid' });
    expect(cleared.textContent).toContain('Brothers, checked by mail');
    // A cleared link may still be confirmed, not cleared again.
    expect(within(cleared).queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(within(cleared).getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('asks for a note before deciding, then confirms with it', async () => {
    renderWithProviders(<FairPlaySection />, { user: { ...TEST_USER, role: 'gamemaster' } });
    const flagged = await screen.findByRole('listitem', { name: 'Link of Bjorn and Astrid' });
    fireEvent.click(within(flagged).getByRole('button', { name: 'Confirm' }));
    expect(within(flagged).getByRole('alert').textContent).toBe('Write a note on the decision');
    expect(server.requests('PUT', '/api/gamemaster/fair-play/l1')).toHaveLength(0);

    fireEvent.change(within(flagged).getByRole('textbox', { name: 'Note on Bjorn and Astrid' }), { target: { value: '  One person, two villages ' } });
    fireEvent.click(within(flagged).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Link of Bjorn and Astrid' })).getByText('Confirmed')).toBeTruthy());
    const [sent] = server.requests('PUT', '/api/gamemaster/fair-play/l1');
    expect(sent?.body).toEqual({ status: 'confirmed', note: 'One person, two villages' });
    const decided = screen.getByRole('listitem', { name: 'Link of Bjorn and Astrid' });
    expect(within(decided).getByRole('status').textContent).toBe('Confirmed: one person.');
    expect(decided.textContent).toContain('One person, two villages');
  });

  it('says so when no accounts are linked', async () => {
    links = [];
    renderWithProviders(<FairPlaySection />, { user: { ...TEST_USER, role: 'gamemaster' } });
    expect(await screen.findByText('No accounts are linked.')).toBeTruthy();
  });
});
