// The player's live event stream (GET /api/events, server-sent events) read through the typed client, reconnecting when it drops.
import { ApiFailure, api } from './client';
import type { Schema } from '../../contract';

export type LiveEvent = Schema<'LiveEvent'>;
export type LiveEventKind = LiveEvent['kind'];

/** Every kind the contract names: a kind added to openapi.yaml fails to compile here until it is listed. */
const KINDS: Readonly<Record<LiveEventKind, true>> = {
  movement_launched: true,
  movement_landed: true,
  movement_returned: true,
  report_arrived: true,
  village_changed: true,
  shipment_arrived: true,
  message_received: true,
  units_starved: true,
  notices_changed: true,
  alliance_changed: true,
};

function isKind(name: string): name is LiveEventKind {
  return Object.hasOwn(KINDS, name);
}

/** One event block of a text/event-stream: its `event:` name and its `data:` lines joined. */
export interface StreamBlock {
  event: string;
  data: string;
}

/**
 * Splits text/event-stream text into complete blocks (ended by a blank line) and the unfinished rest,
 * which the caller keeps for the next chunk. Comment lines (': keep-alive') are skipped.
 */
export function parseEventStream(text: string): { blocks: StreamBlock[]; rest: string } {
  const normalised = text.replace(/\r\n?/g, '\n');
  const parts = normalised.split('\n\n');
  const rest = parts.pop() ?? '';
  const blocks: StreamBlock[] = [];
  for (const part of parts) {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') blocks.push({ event, data: data.join('\n') });
  }
  return { blocks, rest };
}

/** A block as a LiveEvent, or null for 'ready', unknown kinds and unreadable data (newer servers may send more). */
export function liveEventOf(block: StreamBlock): LiveEvent | null {
  const kind = block.event;
  if (!isKind(kind)) return null;
  let data: unknown = {};
  try {
    data = block.data === '' ? {} : JSON.parse(block.data);
  } catch {
    return null;
  }
  const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const event: LiveEvent = { kind };
  if (typeof fields.villageId === 'string') event.villageId = fields.villageId;
  if (typeof fields.arrivesAt === 'string') event.arrivesAt = fields.arrivesAt;
  if (typeof fields.worldId === 'string') event.worldId = fields.worldId;
  return event;
}

export interface LiveStreamHandlers {
  onEvent(event: LiveEvent): void;
  /** The stream is (again) open: whatever happened while it was closed was not heard, so read afresh. */
  onOpen?(): void;
}

/** Waits before reconnecting: 1 s, then twice as long after each failure, at most 30 s. */
export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

async function readStream(body: ReadableStream<Uint8Array>, handlers: LiveStreamHandlers, signal: AbortSignal): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      const parsed = parseEventStream(buffer + decoder.decode(value, { stream: true }));
      buffer = parsed.rest;
      for (const block of parsed.blocks) {
        if (block.event === 'ready') handlers.onOpen?.();
        const event = liveEventOf(block);
        if (event) handlers.onEvent(event);
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Listens to the signed-in player's events until the returned function is called. The stream is a
 * fetch through the typed client (an EventSource cannot send the bearer token); when it ends or fails
 * it is opened again after a growing pause, except after a 401 (the session is over).
 */
export function subscribeLiveEvents(handlers: LiveStreamHandlers): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  void (async () => {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const { data, response } = await api.GET('/api/events', { parseAs: 'stream', signal });
        if (response.status === 401) return;
        if (!response.ok || !data) throw new ApiFailure(response.status, null);
        failures = 0;
        await readStream(data, handlers, signal);
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        console.warn('The live event stream failed; reconnecting', error);
      }
      await pause(reconnectDelay(failures), signal);
    }
  })();
  return () => controller.abort();
}
