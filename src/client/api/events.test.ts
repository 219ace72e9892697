// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEventOf, parseEventStream, reconnectDelay, subscribeLiveEvents, type LiveEvent } from './events';
import { configureApi } from './client';

describe('the event stream parser', () => {
  it('splits complete blocks, skips comments and keeps the unfinished rest', () => {
    const text = 'event: ready\ndata: {}\n\n: keep-alive\n\nevent: report_arrived\ndata: {"villageId":"v1"}\n\nevent: movement_la';
    const { blocks, rest } = parseEventStream(text);
    expect(blocks).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'report_arrived', data: '{"villageId":"v1"}' },
    ]);
    expect(rest).toBe('event: movement_la');
    const next = parseEventStream(`${rest}nded\r\ndata: {"villageId":"v2",\r\ndata: "arrivesAt":"2026-01-01T00:00:00.000Z"}\r\n\r\n`);
    expect(next.blocks).toEqual([{ event: 'movement_landed', data: '{"villageId":"v2",\n"arrivesAt":"2026-01-01T00:00:00.000Z"}' }]);
    expect(next.rest).toBe('');
  });

  it('turns known kinds into live events and drops the rest', () => {
    expect(liveEventOf({ event: 'movement_launched', data: '{"villageId":"v","arrivesAt":"t","extra":1}' })).toEqual({ kind: 'movement_launched', villageId: 'v', arrivesAt: 't' });
    expect(liveEventOf({ event: 'village_changed', data: '' })).toEqual({ kind: 'village_changed' });
    expect(liveEventOf({ event: 'message_received', data: '{}' })).toEqual({ kind: 'message_received' });
    expect(liveEventOf({ event: 'units_starved', data: '{"villageId":"v"}' })).toEqual({ kind: 'units_starved', villageId: 'v' });
    expect(liveEventOf({ event: 'notices_changed', data: '{"worldId":"w"}' })).toEqual({ kind: 'notices_changed', worldId: 'w' });
    expect(liveEventOf({ event: 'toString', data: '{}' })).toBeNull();
    expect(liveEventOf({ event: 'ready', data: '{}' })).toBeNull();
    expect(liveEventOf({ event: 'signed_out', data: '{}' })).toBeNull();
    expect(liveEventOf({ event: 'report_arrived', data: '{broken' })).toBeNull();
  });

  it('waits longer after each failure, at most half a minute', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(3)).toBe(8000);
    expect(reconnectDelay(10)).toBe(30_000);
  });
});

describe('subscribeLiveEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the stream through the typed client with the bearer token, and stops when told', async () => {
    const encoder = new TextEncoder();
    let pushed: ReadableStreamDefaultController<Uint8Array> | null = null;
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (pushed = c) });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    });
    const disconnect = configureApi({ getToken: () => 'secret', onUnauthorized: () => undefined });
    const events: LiveEvent[] = [];
    let opened = 0;
    const stop = subscribeLiveEvents({ onEvent: (e) => events.push(e), onOpen: () => void (opened += 1) });
    await vi.waitFor(() => expect(pushed).not.toBeNull());
    pushed!.enqueue(encoder.encode('event: ready\ndata: {}\n\nevent: report_'));
    pushed!.enqueue(encoder.encode('arrived\ndata: {"villageId":"v1"}\n\n'));
    await vi.waitFor(() => expect(events).toEqual([{ kind: 'report_arrived', villageId: 'v1' }]));
    expect(opened).toBe(1);
    expect(new URL(requests[0].url).pathname).toBe('/api/events');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer secret');
    stop();
    expect(requests[0].signal.aborted).toBe(true);
    disconnect();
  });

  it('gives up after a 401: the session is over', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: 'Not signed in' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const unauthorized = vi.fn();
    const disconnect = configureApi({ getToken: () => 'old', onUnauthorized: unauthorized });
    subscribeLiveEvents({ onEvent: () => undefined });
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    disconnect();
  });
});
