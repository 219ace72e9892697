// A player's beginner protection in a world, read from rows that exist anyway: their first village there and their first attack, raid or scouting mission there.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { movements, villages } from '../db/schema';
import { protectionEndsAt, protectionSpanMs } from '../../rules/protection';
import type { PlayerId, WorldId } from '../../rules/ids';

/** A timestamp of a raw column (text or a Date, as the driver hands it) as a Date. */
const instant = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/** The world protection is read in: its id, and its speed, which sets how long protection lasts. */
export interface ProtectionWorld {
  id: WorldId;
  speed: number;
}

/**
 * Whether the owner of a village founded at `foundedAt` is known to be past beginner protection in its world at `now`
 * without asking the database: they joined no later than the village was founded (protectionEnds counts joining from
 * the earliest village they hold there), and protection lasts protectionSpanMs from joining at most, so it has ended
 * (or the world has none). protectionEnds would then name no shield that holds; reads and sends skip its statement.
 * A conquered village may be older than its new owner's joining, but conquering took an attack, which ended their
 * protection (protectionEndsAt): past it all the same.
 */
export function protectionOverFor(worldSpeed: number, foundedAt: Date, now: Date): boolean {
  return foundedAt.getTime() + protectionSpanMs(worldSpeed) <= now.getTime();
}

/**
 * When each player's protection in the world ends (protectionEndsAt: an instant, perhaps already past, or null where it
 * never applied: no village there, no owner, a world without protection). One statement, however many players:
 * - joining is the creation of their first village there (their capital; villages are never deleted and capitals cannot
 *   be conquered, so it stays theirs);
 * - their first attack is the earliest departure of their attacks, raids and scouting missions there (movement rows stay after they resolve,
 *   and are deleted only with the account or the world).
 * Movements are searched only for players whose protection could still hold (joined less than a span ago), so reading an
 * old player costs one indexed look at their villages. Protection only ever ends and never starts again, so a check made
 * with this read inside a transaction can only err on the careful side: it may still see a shield that an attack
 * committing at the same moment is ending, never miss one.
 */
export async function protectionEnds(db: Db, world: ProtectionWorld, ownerIds: readonly (PlayerId | null)[], now: Date): Promise<Map<PlayerId, number | null>> {
  const owners = [...new Set(ownerIds.filter((id): id is PlayerId => id !== null))];
  const ends = new Map<PlayerId, number | null>(owners.map((id) => [id, null]));
  const span = protectionSpanMs(world.speed);
  if (owners.length === 0 || span === 0) return ends;
  // Joined after this instant: protection may still hold, and an attack may have ended it.
  const horizon = new Date(now.getTime() - span).toISOString();
  const rows = await db
    .select({
      ownerId: villages.ownerId,
      joinedAt: sql<Date | null>`min(villages.created_at)`.mapWith(instant),
      // Spelled out: Drizzle leaves columns of a one-table query unqualified, which the subquery would resolve to its own table.
      firstAttackAt: sql<Date | null>`case when min(villages.created_at) > ${horizon}::timestamptz then (
          select min(m.departed_at) from ${movements} m
          where m.world_id = ${world.id} and m.owner_id = villages.owner_id and m.type in ('attack', 'raid', 'scout')
        ) end`.mapWith(instant),
    })
    .from(villages)
    .where(and(eq(villages.worldId, world.id), inArray(villages.ownerId, owners)))
    .groupBy(villages.ownerId);
  for (const row of rows) {
    if (row.ownerId === null) continue;
    ends.set(
      row.ownerId,
      protectionEndsAt({ joinedAt: row.joinedAt?.getTime() ?? null, worldSpeed: world.speed, firstAttackAt: row.firstAttackAt?.getTime() ?? null }),
    );
  }
  return ends;
}
