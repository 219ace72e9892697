// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import GameShell from '../features/shell/GameShell';
import { setupFakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { useLiveUpdates } from './liveUpdates';

const server = setupFakeServer();
const encoder = new TextEncoder();

/** The game frame's part under test: the shell with its side navigation, and the live stream marking reads stale. */
function Frame() {
  useLiveUpdates();
  return <GameShell />;
}

let unread = 0;
let stream: ReadableStreamDefaultController<Uint8Array> | null = null;

beforeEach(() => {
  unread = 2;
  stream = null;
  server.routesFrom({
    'GET /api/villages': { villages: [] },
    'GET /api/game/movements': { movements: [] },
    'GET /api/game/battles': { battles: [], page: 1, limit: 1, total: 0, unread: 0 },
    'GET /api/messages/unread': () => ({ unread }),
    'GET /api/events': () =>
      new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) }), {
        status: 200,
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  });
});
afterEach(() => {
  stream?.close();
  cleanup();
});

describe('the unread messages of the side navigation', () => {
  it('shows the count beside Messages and reads it again when a message arrives on the live stream', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/game" element={<Frame />}>
          <Route path="village" element={<p>village page</p>} />
        </Route>
      </Routes>,
      { route: '/game/village' },
    );
    const messages = await screen.findByRole('link', { name: /^Messages/ });
    expect(messages.getAttribute('href')).toBe('/game/messages');
    expect((await within(messages).findByTestId('unread-messages')).textContent).toBe('2 unread');
    expect(server.requests('GET', '/api/messages/unread')).toHaveLength(1);

    await waitFor(() => expect(stream).not.toBeNull());
    unread = 3;
    stream?.enqueue(encoder.encode('event: ready\ndata: {}\n\nevent: message_received\ndata: {}\n\n'));
    await waitFor(() => expect(within(messages).getByTestId('unread-messages').textContent).toBe('3 unread'));
    expect(server.requests('GET', '/api/messages/unread')).toHaveLength(2);

    // Read everywhere: the badge goes.
    unread = 0;
    stream?.enqueue(encoder.encode('event: message_received\ndata: {}\n\n'));
    await waitFor(() => expect(within(messages).queryByTestId('unread-messages')).toBeNull());
  });
});
