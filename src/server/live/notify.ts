// Tells signed-in players that something happened to them, through PostgreSQL's NOTIFY: delivered when the transaction commits, to every server process.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';

/** The channel every server process listens on (see src/server/live/hub.ts). */
export const LIVE_CHANNEL = 'vikings_live';

export type LiveEventKind = 'movement_launched' | 'movement_landed' | 'movement_returned' | 'report_arrived' | 'village_changed' | 'signed_out';

export interface LiveEvent {
  kind: LiveEventKind;
  villageId?: string;
  /** When the movement arrives, for an incoming attack's countdown. */
  arrivesAt?: string;
  /** signed_out only: the session that ended (every session of the player when absent). Never sent to a browser. */
  session?: string;
}

export interface LiveMessage extends LiveEvent {
  userId: string;
}

/** Queues a notice for each player inside `tx` (one statement for all); nobody hears of it unless the transaction commits. */
export async function notifyPlayers(tx: Db, userIds: readonly (string | null)[], event: LiveEvent): Promise<void> {
  const notices = [...new Set(userIds)]
    .filter((userId): userId is string => !!userId)
    .map((userId) => sql`pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ userId, ...event } satisfies LiveMessage)})`);
  if (notices.length === 0) return;
  await tx.execute(sql`select ${sql.join(notices, sql`, `)}`);
}
