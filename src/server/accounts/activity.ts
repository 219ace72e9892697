// Who played when: players seen on signed-in requests are written in one batch a minute (last seen, and the day for the analytics).
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { playerDays, users } from '../db/schema';
import type { PlayerId } from '../../rules/ids';

/**
 * Collects the players seen since the last flush. Writing on every request would cost a write per call
 * (and make a read's cost depend on how long its player was away); one batch a minute costs two statements.
 */
export class ActivityLog {
  private seen = new Set<PlayerId>();

  constructor(private readonly db: Db) {}

  note(userId: PlayerId): void {
    this.seen.add(userId);
  }

  /** Whether the player was seen here since the last flush (their stored last visit is older than that). */
  noted(userId: PlayerId): boolean {
    return this.seen.has(userId);
  }

  /** Writes what was noted as seen at `now`. */
  async flush(now: Date): Promise<number> {
    if (this.seen.size === 0) return 0;
    const ids = [...this.seen];
    this.seen = new Set();
    await this.db.update(users).set({ lastSeenAt: now }).where(inArray(users.id, ids));
    const day = now.toISOString().slice(0, 10);
    // Players deleted since they were seen have no row to refer to.
    await this.db
      .insert(playerDays)
      .select(this.db.select({ userId: users.id, day: sql<string>`${day}`.as('day') }).from(users).where(inArray(users.id, ids)))
      .onConflictDoNothing();
    return ids.length;
  }
}
