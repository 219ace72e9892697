// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '../../api/admin';
import type { Role } from '../../../rules/roles';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import { PlayerManagement } from './PlayerManagement';

function player(username: string, role: Role, n: number, extra: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `${n}${n}${n}${n}${n}${n}${n}${n}-0000-4000-8000-000000000000`,
    username,
    email: `${username.toLowerCase()}@x.no`,
    role,
    discordAvatar: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    mustChangePassword: false,
    suspended: false,
    suspensionReason: null,
    villageCount: 1,
    lastSeenAt: null,
    ...extra,
  };
}

const server = setupFakeServer();
let players: AdminUser[] = [];

beforeEach(() => {
  players = [
    player('Bjorn', 'user', 1),
    player('Sigrid', 'premium', 2, { suspended: true, suspensionReason: 'Spam' }),
    player('Ulf', 'moderator', 3),
    player('Gunnar', 'gamemaster', 4),
    player('Freya', 'admin', 5),
  ];
  server.routesFrom({
    'GET /api/admin/users/search': () => ({ users: players, total: players.length, page: 1, limit: 20 }),
    'POST /api/admin/users/:userId/suspend': ({ params, body }) => {
      const reason = typeof body === 'object' && body !== null && 'reason' in body ? String(body.reason) : '';
      players = players.map((p) => (p.id === params.userId ? { ...p, suspended: true, suspensionReason: reason } : p));
      return { user: players.find((p) => p.id === params.userId) };
    },
    'POST /api/admin/users/:userId/unsuspend': ({ params }) => {
      players = players.map((p) => (p.id === params.userId ? { ...p, suspended: false, suspensionReason: null } : p));
      return { user: players.find((p) => p.id === params.userId) };
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The names whose row offers `button` (by its visible text). */
function rowsWith(table: HTMLElement, button: string): string[] {
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryByRole('button', { name: (_name, element) => element.textContent === button }))
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

describe('player search for staff below admin', () => {
  it('offers a moderator Suspend and Lift only for players of a lower role, and nothing an admin does', async () => {
    renderWithProviders(<PlayerManagement canAdminister={false} suspendAs="moderator" title="Players" />, { user: { ...TEST_USER, id: players[2]!.id, role: 'moderator' } });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(rowsWith(table, 'Suspend')).toEqual(['Bjorn']);
    expect(rowsWith(table, 'Lift suspension')).toEqual(['Sigrid']);
    expect(within(table).queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByText(/roles, passwords and deletion are for admins/)).toBeTruthy();
  });

  it('by the rule of the role it is given: as a game master, moderators too, but not peers or admins', async () => {
    renderWithProviders(<PlayerManagement canAdminister={false} suspendAs="gamemaster" />, { user: { ...TEST_USER, role: 'gamemaster' } });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(rowsWith(table, 'Suspend')).toEqual(['Bjorn', 'Ulf']);
    expect(rowsWith(table, 'Lift suspension')).toEqual(['Sigrid']);
  });

  it('only looks when given no role to suspend as', async () => {
    renderWithProviders(<PlayerManagement canAdminister={false} />, { user: { ...TEST_USER, role: 'gamemaster' } });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.getByText(/Suspending, roles and passwords are for admins/)).toBeTruthy();
  });

  it('never offers the viewer their own suspension', async () => {
    renderWithProviders(<PlayerManagement canAdminister={false} suspendAs="moderator" />, { user: { ...TEST_USER, id: players[0]!.id, role: 'moderator' } });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(rowsWith(table, 'Suspend')).toEqual([]);
  });

  it('suspends with a reason and lifts it again, the row following the reply', async () => {
    renderWithProviders(<PlayerManagement canAdminister={false} suspendAs="moderator" />, { user: { ...TEST_USER, role: 'moderator' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Bjorn' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspension of Bjorn' });
    expect(within(dialog).queryByRole('button', { name: 'Save role' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Set temporary password' })).toBeNull();

    // No reason: refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeTruthy();
    expect(server.requests('POST', `/api/admin/users/${players[0]!.id}/suspend`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason for the suspension'), { target: { value: 'Insults in the chat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Bjorn is suspended and signed out.')).toBeTruthy();
    expect(server.requests('POST', `/api/admin/users/${players[0]!.id}/suspend`).map((c) => c.body)).toEqual([{ reason: 'Insults in the chat' }]);
    expect(within(dialog).getByText('Suspended: Insults in the chat')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(rowsWith(table, 'Lift suspension')).toEqual(['Bjorn', 'Sigrid']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    expect(await within(dialog).findByText('Bjorn may sign in again.')).toBeTruthy();
    await waitFor(() => expect(rowsWith(table, 'Suspend')).toEqual(['Bjorn']));
  });

  it("shows the server's refusal", async () => {
    server.on('POST /api/admin/users/:userId/suspend', () => reply(403, { error: 'You may only suspend players of a lower role than yours, or lift their suspension' }));
    renderWithProviders(<PlayerManagement canAdminister={false} suspendAs="moderator" />, { user: { ...TEST_USER, role: 'moderator' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Bjorn' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspension of Bjorn' });
    fireEvent.change(within(dialog).getByLabelText('Reason for the suspension'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText(/of a lower role than yours/)).toBeTruthy();
  });

  it('keeps Edit and Delete for admins', async () => {
    renderWithProviders(<PlayerManagement canAdminister />, { user: { ...TEST_USER, role: 'admin' } });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('button', { name: /^Edit / })).toHaveLength(5);
    expect(within(table).getAllByRole('button', { name: /^Delete / })).toHaveLength(5);
    expect(screen.queryByText(/are for admins/)).toBeNull();
  });
});
