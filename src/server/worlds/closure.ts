// The one gate of every game action in a world: refused while it is in maintenance (503) and for good once it has ended (409); and the instant its villages, wonders and armies stop at.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { movements, worldHallOfFame, worlds } from '../db/schema';
import { conflict, maintenance, notFound, worded, type Said } from '../errors';
import { settleLimit, worldEndedRefusal, worldHasEnded, type WorldEnding } from '../../rules/world-rounds';
import type { WorldId } from '../../rules/ids';
import { endingOf } from '../village/load';

/** What the gate looks at: the world's status, its end, and how it ended once closed (null before). */
export interface WorldGate {
  status: string;
  endsAt: Date | null;
  ending: WorldEnding | null;
}

/** Whether the world is over at `now`: closed, or its end instant come (the sweeper closes it a moment later). */
export function hasEnded(gate: Pick<WorldGate, 'status' | 'endsAt'>, now: Date): boolean {
  return gate.status === 'ended' || worldHasEnded(gate.endsAt?.getTime() ?? null, now.getTime());
}

/** What an ended world says (code `world_ended_*`, with its winner and wonder as params): how it ended and where to go on. */
export function worldEndedSaid(gate: WorldGate): Said {
  return worded(worldEndedRefusal(gate.status === 'ended' ? gate.ending : null));
}

/** Refuses (409, saying how the world ended and where to go on) any game action in a world that has ended by `now`. */
export function refuseIfEnded(gate: WorldGate, now: Date): void {
  if (hasEnded(gate, now)) throw conflict(worldEndedSaid(gate));
}

/** The gate of every game action: an ended world refuses (409), a world in maintenance asks to wait (503). */
export function refuseUnlessOpen(gate: WorldGate, now: Date): void {
  refuseIfEnded(gate, now);
  if (gate.status === 'maintenance') throw maintenance();
}

/** The gate of a village's world, as the village was read with it (the stored read answers all three). */
export function gateOfVillage(head: { worldStatus: string; worldEndsAt: Date | null; worldEnding: WorldEnding | null }): WorldGate {
  return { status: head.worldStatus, endsAt: head.worldEndsAt, ending: head.worldEnding };
}

/** The world's gate read from its rows, for actions that hold no village of it (a hero, troops abroad, a vacation, joining). */
export async function worldGate(db: Db, worldId: WorldId): Promise<WorldGate> {
  const [row] = await db
    .select({ status: worlds.status, endsAt: worlds.endsAt, reason: worldHallOfFame.reason, winner: worldHallOfFame.winner, victory: worldHallOfFame.victory })
    .from(worlds)
    .leftJoin(worldHallOfFame, eq(worldHallOfFame.worldId, worlds.id))
    .where(eq(worlds.id, worldId));
  if (!row) throw notFound('no_such_world');
  return { status: row.status, endsAt: row.endsAt, ending: row.reason ? endingOf({ reason: row.reason, winner: row.winner, victory: row.victory }) : null };
}

/** The instant to settle a village, wonder or oasis of a world to when `now` is asked for: never past the world's end. */
export function settleInstant(endsAt: Date | null, now: Date): Date {
  const at = settleLimit(endsAt?.getTime() ?? null, now.getTime());
  return at === now.getTime() ? now : new Date(at);
}

/**
 * A condition on `movements`: the movement arrives no later than its world's end. Armies still on the way when a world
 * ends never arrive, so the sweeps that look for due arrivals leave them be rather than finding them due for ever.
 */
export const arrivesBeforeWorldEnds = sql`not exists (select 1 from ${worlds} ew where ew.id = ${movements.worldId} and ew.ends_at < ${movements.arrivesAt})`;
