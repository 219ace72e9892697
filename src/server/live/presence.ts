// Which players have a live stream open on which server process (live_presence), so alerts are not pushed to a player who is looking.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { livePresence } from '../db/schema';
import { inBackground } from '../db/background';
import type { PlayerId } from '../../rules/ids';

/** How often a process confirms the streams it holds. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** Rows older than this (three missed heartbeats) are a dead process's: their players no longer count as looking. */
export const PRESENCE_EXPIRY_SECONDS = 60;

/**
 * This process's rows of live_presence: one per player with open streams here, written when their first stream opens and
 * their last one closes, and confirmed every PRESENCE_HEARTBEAT_MS. Times are the database's (`now()`), so processes on
 * machines whose clocks differ still agree on what is recent. Writes go one after another, each writing the count as it
 * stands when it runs, so a stream opened and closed at once ends with the row gone.
 */
export class Presence {
  readonly processId = randomUUID();
  private readonly streams = new Map<PlayerId, number>();
  private writes: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void = console.error,
  ) {}

  /** A stream of the player opened here. */
  opened(userId: PlayerId): void {
    if (this.stopped) return;
    this.streams.set(userId, (this.streams.get(userId) ?? 0) + 1);
    this.queue(() => this.write(userId));
  }

  /** A stream of the player closed here. */
  closed(userId: PlayerId): void {
    if (this.stopped) return;
    const left = (this.streams.get(userId) ?? 1) - 1;
    if (left > 0) this.streams.set(userId, left);
    else this.streams.delete(userId);
    this.queue(() => this.write(userId));
  }

  /** Starts the heartbeat. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.queue(() => this.heartbeat()), PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Stops the heartbeat and deletes this process's rows (at shutdown, before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopped = true;
    this.streams.clear();
    this.queue(() => this.db.delete(livePresence).where(eq(livePresence.processId, this.processId)).then(() => undefined));
    await this.writes;
  }

  /** Resolves once every write asked for so far is done (tests wait for it). */
  settled(): Promise<void> {
    return this.writes;
  }

  private queue(write: () => Promise<void>): void {
    this.writes = this.writes.then(() => inBackground(write)).catch(this.onError);
  }

  private async write(userId: PlayerId): Promise<void> {
    const streams = this.streams.get(userId) ?? 0;
    const row = and(eq(livePresence.processId, this.processId), eq(livePresence.userId, userId));
    if (streams === 0) await this.db.delete(livePresence).where(row);
    else await this.upsert([[userId, streams]]);
  }

  /** Confirms every row of this process, putting back any that another process purged while this one stalled. */
  private async heartbeat(): Promise<void> {
    if (this.streams.size > 0) await this.upsert([...this.streams]);
  }

  private async upsert(counts: readonly (readonly [PlayerId, number])[]): Promise<void> {
    await this.db
      .insert(livePresence)
      .values(counts.map(([userId, streams]) => ({ processId: this.processId, userId, streams, seenAt: sql`now()` })))
      .onConflictDoUpdate({ target: [livePresence.processId, livePresence.userId], set: { streams: sql`excluded.streams`, seenAt: sql`now()` } });
  }
}

/** Among `userIds`, those with a stream open on any process (a row confirmed within PRESENCE_EXPIRY_SECONDS). */
export async function lookingPlayers(db: Db, userIds: readonly PlayerId[]): Promise<Set<PlayerId>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: livePresence.userId })
    .from(livePresence)
    .where(and(inArray(livePresence.userId, [...new Set(userIds)]), gt(livePresence.seenAt, sql`now() - ${sql.raw(`interval '${PRESENCE_EXPIRY_SECONDS} seconds'`)}`)));
  return new Set(rows.map((r) => r.userId));
}

/** Deletes rows of processes gone for an hour (a crash leaves its rows behind; they stopped counting long before). */
export async function purgeStalePresence(db: Db): Promise<void> {
  await db.delete(livePresence).where(lt(livePresence.seenAt, sql`now() - interval '1 hour'`));
}
