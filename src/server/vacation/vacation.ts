// Vacations as the rest of the game meets them: whether a player is on vacation in a world, and the refusal of acting while on one.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/open';
import { vacations } from '../db/schema';
import { conflict } from '../errors';
import { onVacationRefusal } from '../../rules/vacation';
import type { PlayerId, WorldId } from '../../rules/ids';

/** Who, where, when: a player in a world at an instant. */
export interface PlayerInWorld {
  userId: PlayerId;
  worldId: WorldId;
  now: Date;
}

/** When the player's vacation in the world ends, while one holds at `now`; null otherwise. */
export async function vacationEnd(db: Db, { userId, worldId, now }: PlayerInWorld): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: vacations.endsAt })
    .from(vacations)
    .where(and(eq(vacations.userId, userId), eq(vacations.worldId, worldId), gt(vacations.endsAt, now)));
  return row?.endsAt ?? null;
}

/** Refuses (409) an action of a player who is on vacation in the world: no builds, training, sends or trades there. */
export async function refuseWhileOnVacation(db: Db, who: PlayerInWorld): Promise<void> {
  const until = await vacationEnd(db, who);
  if (until) throw conflict(onVacationRefusal(until.getTime()));
}
