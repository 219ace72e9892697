// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { Message, MessageSummary, SharedInvitation } from '../../api/messages';
import { i18n } from '../../i18n';
import { queryKeys } from '../../state/queryKeys';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import ComposePage from './ComposePage';
import MessagePage from './MessagePage';
import MessagesPage from './MessagesPage';

const ME = { id: TEST_USER.id, username: TEST_USER.username };
const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const ID = '55555555-5555-4555-8555-555555555555';
const INVITATION: SharedInvitation = {
  id: '77777777-7777-4777-8777-777777777777',
  alliance: { id: '66666666-6666-4666-8666-666666666666', tag: 'SOR', name: 'Sons of Ragnar' },
  status: 'pending',
  invitee: ME,
};

function message(extra: Partial<Message> = {}): Message {
  return {
    id: ID,
    from: BJORN,
    to: ME,
    subject: 'Re: Peace offer',
    sentAt: '2026-03-01T10:00:00.000Z',
    read: false,
    body: 'We accept.\n<b>Bring mead</b>\n<img src=x onerror=alert(1)>',
    report: null,
    invitation: null,
    ...extra,
  };
}

function summary(m: Message): MessageSummary {
  return { id: m.id, from: m.from, to: m.to, subject: m.subject, sentAt: m.sentAt, read: m.read };
}

const server = setupFakeServer();

/** Where the router is, for the pages that navigate. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(url: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/game/messages" element={<MessagesPage />} />
        <Route path="/game/messages/new" element={<ComposePage />} />
        <Route path="/game/messages/:messageId" element={<MessagePage />} />
      </Routes>
      <Where />
    </>,
    { route: url },
  );
}

let stored: Message;

beforeEach(() => {
  stored = message();
  server.routesFrom({
    'GET /api/messages': ({ query }) => ({
      folder: query.get('folder') ?? 'inbox',
      messages: query.get('folder') === 'sent' ? [] : [summary(stored)],
      page: Number(query.get('page')),
      limit: Number(query.get('limit')),
      total: query.get('folder') === 'sent' ? 0 : 1,
      unread: stored.read ? 0 : 1,
    }),
    'GET /api/messages/:messageId': ({ params }) => (params.messageId === ID ? { message: stored } : reply(404, { error: 'No such message' })),
    'POST /api/messages/:messageId/read': () => {
      stored = { ...stored, read: true };
      return { unread: 0 };
    },
    'GET /api/blocked-players': { players: [] },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the folders', () => {
  it('lists the inbox with the unread marked and the sender linking to their profile, and Sent on its tab', async () => {
    const { client, viewer } = renderAt('/game/messages');
    const table = await screen.findByRole('table', { name: 'Messages received' });
    const [row] = within(table).getAllByTestId('message-row');
    expect(row.textContent).toContain('New');
    expect(within(row).getByRole('link', { name: 'Bjorn' }).getAttribute('href')).toBe(`/game/players/${BJORN.id}`);
    expect(within(row).getByRole('link', { name: 'Re: Peace offer' }).getAttribute('href')).toBe(`/game/messages/${ID}`);
    expect(screen.getByText('1 message, 1 unread')).toBeTruthy();
    // The inbox's count is the side navigation's too.
    expect(client.getQueryData(queryKeys.unreadMessages(viewer))).toBe(1);
    expect(screen.getByRole('heading', { name: 'Blocked players' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    expect(await screen.findByText('You have not written to anyone yet.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/game/messages?folder=sent');
    expect(server.requests('GET', '/api/messages').map((call) => call.query.get('folder'))).toEqual(['inbox', 'sent']);
  });
});

describe('one message', () => {
  it('shows the body as text with its line breaks, and opening it unread marks it read', async () => {
    const { client, viewer } = renderAt(`/game/messages/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Re: Peace offer' })).toBeTruthy();
    const body = screen.getByTestId('message-body');
    expect(body.textContent).toBe('We accept.\n<b>Bring mead</b>\n<img src=x onerror=alert(1)>');
    expect(body.querySelector('b, img')).toBeNull();
    await waitFor(() => expect(server.requests('POST', `/api/messages/${ID}/read`)).toHaveLength(1));
    await waitFor(() => expect(client.getQueryData(queryKeys.unreadMessages(viewer))).toBe(0));
    expect(screen.getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(`/game/messages/new?reply=${ID}`);
  });

  it('marks nothing read for a message already read or one the viewer sent', async () => {
    stored = message({ from: ME, to: BJORN, read: false });
    renderAt(`/game/messages/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Re: Peace offer' });
    // Nobody to answer, block or report: the viewer wrote it.
    expect(screen.queryByRole('link', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Block/ })).toBeNull();
    expect(server.requests('POST', `/api/messages/${ID}/read`)).toHaveLength(0);
  });

  it('blocks the sender and shows Unblock afterwards', async () => {
    server.on('PUT /api/blocked-players/:playerId', () => ({ players: [BJORN] }));
    renderAt(`/game/messages/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Block Bjorn' }));
    expect((await screen.findByRole('status')).textContent).toBe('Bjorn is blocked: their messages no longer reach you.');
    expect(screen.getByRole('button', { name: 'Unblock Bjorn' })).toBeTruthy();
    expect(server.requests('PUT', `/api/blocked-players/${BJORN.id}`)).toHaveLength(1);
  });

  it('reports it with a reason, and says why the server refused', async () => {
    let answer = () => reply(409, { error: 'You already reported this message' });
    server.on('POST /api/messages/:messageId/report', () => answer());
    renderAt(`/game/messages/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Say why you report this message');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Threats  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You already reported this message'));
    expect(server.requests('POST', `/api/messages/${ID}/report`).map((call) => call.body)).toEqual([{ reason: 'Threats' }]);

    answer = () => reply(201, { report: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reported. The game masters will look into it.');
  });

  it('deletes it after asking, and goes back to the inbox', async () => {
    server.on('DELETE /api/messages/:messageId', () => reply(204));
    renderAt(`/game/messages/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/game/messages'));
    expect(server.requests('DELETE', `/api/messages/${ID}`)).toHaveLength(1);
  });

  it('says so when the message is not the viewer’s', async () => {
    renderAt('/game/messages/66666666-6666-4666-8666-666666666666');
    expect(await screen.findByText('This message is not among yours: it may have been deleted.')).toBeTruthy();
  });
});

describe('writing', () => {
  it('fills the receiver from the address, shows the limits, and sends the trimmed message', async () => {
    const sent = message({ id: '77777777-7777-4777-8777-777777777777', from: ME, to: BJORN, subject: 'Hail', body: 'Hello', read: false });
    server.on('POST /api/messages', () => reply(201, { message: sent }));
    server.on('GET /api/messages/:messageId', ({ params }) => (params.messageId === sent.id ? { message: sent } : undefined));
    renderAt('/game/messages/new?to=Bjorn');
    expect((screen.getByLabelText('To (username)') as HTMLInputElement).value).toBe('Bjorn');
    expect(screen.getByText('0/100 characters')).toBeTruthy();
    expect(screen.getByText('0/5,000 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' Hail ' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello\n' } });
    expect(screen.getByText('4/100 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/game/messages/${sent.id}`));
    expect(server.requests('POST', '/api/messages').map((call) => call.body)).toEqual([{ to: 'Bjorn', subject: 'Hail', body: 'Hello' }]);
    expect(await screen.findByText('Message sent.')).toBeTruthy();
  });

  it("shows the server's refusal as it said it: no such player, too many messages", async () => {
    let answer = reply(404, { error: 'No player is called Bjrn' });
    server.on('POST /api/messages', () => answer);
    renderAt('/game/messages/new?to=Bjrn');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hail' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No player is called Bjrn');

    answer = reply(429, { error: 'You are sending messages too fast. Try again in 42 seconds.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You are sending messages too fast. Try again in 42 seconds.'));
    // Still on the form, nothing lost.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
    expect(screen.getByTestId('where').textContent).toBe('/game/messages/new?to=Bjrn');
  });

  it('refuses an empty or too long message before asking the server', async () => {
    renderAt('/game/messages/new');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(5001) } });
    expect(screen.getByText('5,001/5,000 characters').className).toContain('char-count--over');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose who to write to')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message must be at most 5,000 characters')).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests('POST', '/api/messages')).toHaveLength(0);
  });

  it('answers a message: back to the sender, one "Re: ", the body quoted', async () => {
    renderAt(`/game/messages/new?reply=${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reply' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('To (username)') as HTMLInputElement).value).toBe('Bjorn'));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Re: Peace offer');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      '\n\nBjorn wrote:\n> We accept.\n> <b>Bring mead</b>\n> <img src=x onerror=alert(1)>',
    );
  });

  it('shares a battle report named in the address, unless removed', async () => {
    const sent = message({ from: ME, to: BJORN });
    server.on('POST /api/messages', () => reply(201, { message: sent }));
    renderAt('/game/messages/new?to=Bjorn&report=88888888-8888-4888-8888-888888888888');
    expect(screen.getByText(/A battle report is attached/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Look' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'What a raid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.requests('POST', '/api/messages')).toHaveLength(1));
    expect(server.requests('POST', '/api/messages')[0]?.body).toEqual({ to: 'Bjorn', subject: 'Look', body: 'What a raid', reportId: '88888888-8888-4888-8888-888888888888' });
  });

  it('shares an alliance invitation named in the address, unless removed', async () => {
    const sent = message({ from: ME, to: BJORN });
    server.on('POST /api/messages', () => reply(201, { message: sent }));
    renderAt(`/game/messages/new?to=Bjorn&invitation=${INVITATION.id}`);
    expect(screen.getByText(/An alliance invitation is attached/)).toBeTruthy();
    expect(screen.queryByText(/A battle report is attached/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Join us' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Our oars need you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.requests('POST', '/api/messages')).toHaveLength(1));
    expect(server.requests('POST', '/api/messages')[0]?.body).toEqual({ to: 'Bjorn', subject: 'Join us', body: 'Our oars need you', invitationId: INVITATION.id });
    cleanup();

    renderAt(`/game/messages/new?to=Bjorn&invitation=${INVITATION.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the alliance invitation' }));
    expect(screen.queryByText(/An alliance invitation is attached/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Join us' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Our oars need you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.requests('POST', '/api/messages')).toHaveLength(2));
    expect(server.requests('POST', '/api/messages')[1]?.body).toEqual({ to: 'Bjorn', subject: 'Join us', body: 'Our oars need you' });
  });
});

describe('a message sharing an alliance invitation', () => {
  it('shows the invitee the alliance, the status and the way to answer it', async () => {
    stored = message({ read: true, invitation: INVITATION });
    renderAt(`/game/messages/${ID}`);
    const card = await screen.findByRole('region', { name: 'Invitation to join [SOR] Sons of Ragnar' });
    expect(within(card).getByTestId('invitation-status').textContent).toBe('Waiting for an answer');
    expect(within(card).getByRole('link', { name: ME.username }).getAttribute('href')).toBe(`/game/players/${ME.id}`);
    expect(within(card).getByRole('link', { name: 'Answer it on the alliance page' }).getAttribute('href')).toBe('/game/alliance');
  });

  it('shows anyone else the invitation as information only', async () => {
    stored = message({ from: ME, to: BJORN, read: true, invitation: { ...INVITATION, invitee: BJORN } });
    renderAt(`/game/messages/${ID}`);
    const card = await screen.findByRole('region', { name: 'Invitation to join [SOR] Sons of Ragnar' });
    expect(within(card).getByTestId('invitation-status').textContent).toBe('Waiting for an answer');
    expect(within(card).queryByRole('link', { name: 'Answer it on the alliance page' })).toBeNull();
    expect(card.textContent).toContain('Only Bjorn can accept or decline it, on their alliance page.');
  });

  it('shows no card once the invitation is gone', async () => {
    stored = message({ read: true, invitation: null });
    renderAt(`/game/messages/${ID}`);
    expect(await screen.findByTestId('message-body')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Invitation to join/ })).toBeNull();
  });
});

describe('in German', () => {
  it('lists the inbox and the blocked players in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderAt('/game/messages');
    const table = await screen.findByRole('table', { name: 'Empfangene Nachrichten' });
    expect(within(table).getByRole('columnheader', { name: 'Betreff' })).toBeTruthy();
    expect(within(table).getAllByTestId('message-row')[0]?.textContent).toContain('Neu');
    expect(screen.getByText('1 Nachricht, 1 ungelesen')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Blockierte Spieler' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Gesendet' })).toBeTruthy();
  });

  it('refuses an empty or too long message in German, counting as German counts', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderAt('/game/messages/new');
    fireEvent.change(screen.getByLabelText('Nachricht'), { target: { value: 'x'.repeat(5001) } });
    expect(screen.getByText('5.001/5.000 Zeichen').className).toContain('char-count--over');
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByText('Wähle, wem du schreibst')).toBeTruthy();
    expect(screen.getByText('Der Betreff ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Die Nachricht darf höchstens 5.000 Zeichen lang sein')).toBeTruthy();
    expect(server.requests('POST', '/api/messages')).toHaveLength(0);
  });

  it('answers a message in German: the quote says who wrote it', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderAt(`/game/messages/new?reply=${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Antworten' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('An (Benutzername)') as HTMLInputElement).value).toBe('Bjorn'));
    expect((screen.getByLabelText('Nachricht') as HTMLTextAreaElement).value).toBe('\n\nBjorn schrieb:\n> We accept.\n> <b>Bring mead</b>\n> <img src=x onerror=alert(1)>');
  });
});
