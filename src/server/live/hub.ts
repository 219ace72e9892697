// The open event streams of this process: notices from NOTIFY (any process's transactions) go to the streams of the players they name.
import type { Listen } from '../db/open';
import { EVERYONE, LIVE_CHANNEL, liveMessageOf } from './notify';
import type { Presence } from './presence';
import type { PlayerId } from '../../rules/ids';

export interface LiveStream {
  /** Writes one server-sent event. */
  send(kind: string, data: unknown): void;
  /** Ends the stream (logout, shutdown). */
  close(): void;
}

interface Subscriber {
  userId: PlayerId;
  /** SHA-256 of the session token, so a logout ends the streams of that session only. */
  session: string;
  stream: LiveStream;
}

export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | null = null;
  /** Set once the server stops: no new stream is kept. */
  private closed = false;

  /** `presence` records in the database which players have streams open here (alerts are not pushed to them). */
  constructor(
    private readonly listen: Listen | null,
    private readonly presence: Presence | null = null,
  ) {}

  /** Starts listening for notices (once, at start-up). */
  async start(): Promise<void> {
    this.presence?.start();
    if (!this.listen || this.stopListening) return;
    this.stopListening = await this.listen(
      LIVE_CHANNEL,
      (payload) => this.deliver(payload),
      (listening) => {
        // Back after the database was away (a restart, a failover): notices sent meanwhile were never heard, so the
        // streams open now end, and their browsers open them again and read everything afresh (client/app/liveUpdates.ts).
        if (listening) this.endAll();
      },
    );
  }

  /** Ends every open stream; the browsers reconnect (to this process or another). */
  private endAll(): void {
    for (const subscriber of [...this.subscribers]) {
      this.remove(subscriber);
      subscriber.stream.close();
    }
  }

  private deliver(payload: string): void {
    const message = liveMessageOf(payload);
    if (!message) return;
    const { userId, ...event } = message;
    if (event.kind === 'signed_out') {
      // A logout, suspension or deletion on any process: the streams of those sessions end here too.
      for (const subscriber of [...this.subscribers]) {
        if (subscriber.userId !== userId || (event.session && subscriber.session !== event.session)) continue;
        this.remove(subscriber);
        subscriber.stream.close();
      }
      return;
    }
    for (const subscriber of this.subscribers) if (userId === EVERYONE || subscriber.userId === userId) subscriber.stream.send(event.kind, event);
  }

  /** Adds a stream; the returned function removes it again. Once the server stops, a stream ends at once (its browser opens it elsewhere). */
  subscribe(userId: PlayerId, session: string, stream: LiveStream): () => void {
    if (this.closed) {
      stream.close();
      return () => {};
    }
    const subscriber = { userId, session, stream };
    this.subscribers.add(subscriber);
    this.presence?.opened(userId);
    return () => this.remove(subscriber);
  }

  /** Forgets a stream (once, however it ended), and its player's presence here with their last one. */
  private remove(subscriber: Subscriber): void {
    if (this.subscribers.delete(subscriber)) this.presence?.closed(subscriber.userId);
  }

  /** How many streams are open (tests and the admin figures read it). */
  get size(): number {
    return this.subscribers.size;
  }

  /**
   * The server stops: every stream ends now, and any opened from here on ends at once. Synchronous, so that the server
   * stops listening right after (a proxy would otherwise keep opening connections that the stop then resets). Each end
   * is not recorded as presence: stop() deletes this process's presence rows at once.
   */
  endStreams(): void {
    this.closed = true;
    const open = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of open) subscriber.stream.close();
  }

  /** Ends every stream, deletes this process's presence and stops listening (shutdown). */
  async stop(): Promise<void> {
    this.endStreams();
    await this.presence?.stop();
    await this.stopListening?.();
    this.stopListening = null;
  }
}
