// A browser-like reader of a player's live event stream over http or https (through a proxy or not): the client's own parser, its reconnection pauses, and when each event arrived.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseEventStream, reconnectDelay } from '../../src/client/api/events';

export interface HeardEvent {
  kind: string;
  data: string;
  /** performance.now() when the block was complete. */
  at: number;
  /** Date.now() then: to compare with an instant the server wrote (the server runs on this machine's clock). */
  wallAt: number;
}

export interface StreamOptions {
  /** The certificate authority to trust for https (a test's self-signed certificate). */
  ca?: Buffer;
}

/**
 * Reads GET /api/events as the game's client does: the bearer token, `Accept: text/event-stream`, and when the stream
 * ends or fails, a pause (1 s, growing after failures) and a new request. Every block heard is kept with its instant.
 */
export class EventStreamReader {
  readonly heard: HeardEvent[] = [];
  /** How many times the stream was opened (200 and `ready`). */
  opened = 0;
  /** Statuses of refused openings (503 while the database is away, ...). */
  readonly refusals: number[] = [];
  private stopped = false;
  private req: ClientRequest | null = null;
  private wake: (() => void) | null = null;
  private waiters: { test: (event: HeardEvent) => boolean; resolve: (event: HeardEvent) => void }[] = [];
  private readonly loop: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly options: StreamOptions = {},
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const ok = await this.readOnce().catch(() => false);
      if (this.stopped) return;
      failures = ok ? 0 : failures + 1;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, reconnectDelay(failures));
      });
    }
  }

  /** One opening: resolves true when a stream that opened has ended, false when it was refused or failed to open. */
  private readOnce(): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const target = new URL(this.url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = (this.req = send(
        target,
        { headers: { accept: 'text/event-stream', authorization: `Bearer ${this.token}` }, ca: this.options.ca, agent: false },
        (res) => {
          if (res.statusCode !== 200) {
            this.refusals.push(res.statusCode ?? 0);
            res.resume();
            res.on('end', () => resolve(false));
            return;
          }
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const parsed = parseEventStream(buffer + chunk);
            buffer = parsed.rest;
            for (const block of parsed.blocks) this.hear({ kind: block.event, data: block.data, at: performance.now(), wallAt: Date.now() });
          });
          res.on('end', () => resolve(true));
          res.on('error', () => resolve(true));
          res.on('close', () => resolve(true));
        },
      ));
      req.on('error', reject);
      req.end();
    });
  }

  private hear(event: HeardEvent): void {
    if (event.kind === 'ready') this.opened += 1;
    this.heard.push(event);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(event)) return true;
      waiter.resolve(event);
      return false;
    });
  }

  /** The first event of `kind` heard after `since` (performance.now()), waiting for it up to `timeoutMs`. */
  next(kind: string, since: number, timeoutMs: number): Promise<HeardEvent> {
    const test = (event: HeardEvent) => event.kind === kind && event.at >= since;
    const already = this.heard.find(test);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${kind} event within ${timeoutMs} ms (heard: ${this.heard.map((e) => e.kind).join(', ')})`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  }

  /** Stops reading and closes the stream. */
  async close(): Promise<void> {
    this.stopped = true;
    this.req?.destroy();
    this.wake?.();
    await this.loop;
  }
}
