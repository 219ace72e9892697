// The alerts outbox: a transaction that makes something happen to a player inserts their alert with it; the pusher sends it later.
import type { Db } from '../db/open';
import { alerts } from '../db/schema';
import type { AlertWords } from '../../rules/alerts';
import type { PlayerId } from '../../rules/ids';

/** An alert for one player; a village nobody holds (null) has nobody to tell. */
export interface AlertFor {
  userId: PlayerId | null;
  alert: AlertWords;
}

/**
 * Queues alerts inside `tx`, in one statement: they exist only if the event's transaction commits, and the push step
 * (pusher.ts) sends them after it, so no network call ever waits inside a game transaction.
 */
export async function recordAlerts(tx: Db, entries: readonly AlertFor[], now: Date): Promise<void> {
  const rows = entries.flatMap(({ userId, alert }) => (userId ? [{ userId, ...alert, createdAt: now }] : []));
  if (rows.length === 0) return;
  await tx.insert(alerts).values(rows);
}
