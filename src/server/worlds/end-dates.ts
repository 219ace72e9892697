// The sweeper's part of world rounds: a world whose end date has come is closed, once, whichever process gets there first.
import { and, isNotNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../db/open';
import { worlds } from '../db/schema';
import { settleWondersToEnd } from '../wonders/wonders';
import { closeWorld } from './rounds';
import type { WorldId } from '../../rules/ids';

/**
 * Closes every world whose end date is at or before `now` and that is not closed yet, each in a transaction of its own:
 * its wonders are settled to the end date first (a victory wonder completed by then closes it as a victory), then the
 * world closes at its end date. Two processes sweeping at once close it once (closeWorld's conditional update). Answers
 * the worlds this call closed.
 */
export async function closeDueWorlds(db: Db, now: Date): Promise<WorldId[]> {
  const due = await db
    .select({ id: worlds.id, endsAt: worlds.endsAt })
    .from(worlds)
    .where(and(ne(worlds.status, 'ended'), isNotNull(worlds.endsAt), lte(worlds.endsAt, now)));
  const closed: WorldId[] = [];
  for (const { id, endsAt } of due) {
    if (!endsAt) continue;
    const done = await db.transaction(async (tx) => {
      await settleWondersToEnd(tx, id, endsAt);
      return closeWorld(tx, { worldId: id, reason: 'end_date', at: endsAt });
    });
    if (done) closed.push(id);
  }
  return closed;
}
