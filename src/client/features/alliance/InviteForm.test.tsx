// @vitest-environment happy-dom
// The invite form: after an invitation is sent it offers to tell the player in a message that carries the invitation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { InviteForm } from './InviteForm';

const INVITATION_ID = '00000000-0000-4000-8000-0000000000c1';

const server = setupFakeServer();

beforeEach(() => {
  server.on('POST /api/alliances/invitations', ({ body }) => {
    const { username } = body as { username: string };
    if (username === 'nobody') return reply(404, { error: 'No player with that username' });
    return reply(201, {
      invitation: {
        id: INVITATION_ID,
        alliance: { id: '00000000-0000-4000-8000-0000000000b1', tag: 'SOR', name: 'Sons of Ragnar', description: 'Shields up.' },
        inviter: { id: '33333333-3333-4333-8333-333333333333', username: 'Ragnar' },
        message: null,
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function invite(username: string) {
  const form = screen.getByRole('form', { name: 'Invite a player' });
  fireEvent.change(within(form).getByLabelText('Username'), { target: { value: username } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
  return form;
}

describe('telling the invited player', () => {
  it('links to a new message to them carrying the invitation, once it is sent', async () => {
    renderWithProviders(<InviteForm onClose={() => undefined} />, { route: '/game/alliance?tab=members' });
    const form = invite(' Ubbe Lothbrok ');
    expect((await within(form).findByRole('status')).textContent).toBe('Invitation sent to Ubbe Lothbrok.');
    const tell = within(form).getByRole('link', { name: 'Tell Ubbe Lothbrok in a message' });
    expect(tell.getAttribute('href')).toBe(`/game/messages/new?to=Ubbe%20Lothbrok&invitation=${INVITATION_ID}`);
  });

  it('offers nothing when the invitation was refused', async () => {
    renderWithProviders(<InviteForm onClose={() => undefined} />, { route: '/game/alliance?tab=members' });
    const form = invite('nobody');
    expect((await within(form).findByRole('alert')).textContent).toBe('No player with that username');
    expect(within(form).queryByRole('link')).toBeNull();
  });
});
