// Tells signed-in players that something happened to them, through PostgreSQL's NOTIFY: delivered when the transaction commits, to every server process.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open';
import { isOneOf } from '../../rules/tuples';
import type { PlayerId, VillageId, WorldId } from '../../rules/ids';

/** The channel every server process listens on (see src/server/live/hub.ts). */
export const LIVE_CHANNEL = 'vikings_live';

export const LIVE_EVENT_KINDS = ['movement_launched', 'movement_landed', 'movement_returned', 'report_arrived', 'village_changed', 'shipment_arrived', 'message_received', 'units_starved', 'notices_changed', 'alliance_changed', 'signed_out'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export interface LiveEvent {
  kind: LiveEventKind;
  villageId?: VillageId;
  /** notices_changed only: the world whose banners (announcements, events, maintenance) changed. */
  worldId?: WorldId;
  /** When the movement arrives, for an incoming attack's countdown. */
  arrivesAt?: string;
  /** signed_out only: the session that ended (every session of the player when absent). Never sent to a browser. */
  session?: string;
}

/** The userId of a notice for every open stream (one NOTIFY for all, rather than one per player). */
export const EVERYONE = '*';

/** A notice as notifyPlayers sends it: the event and the player it is for. */
interface SentNotice extends LiveEvent {
  userId: PlayerId | typeof EVERYONE;
}

/** A notice's payload as read back, whichever process sent it: the same fields, its ids as the text they travel as. */
export interface LiveMessage extends Omit<LiveEvent, 'villageId' | 'worldId'> {
  userId: string;
  villageId?: string;
  worldId?: string;
}

/**
 * A notice's payload read back: the message notifyPlayers sent, or null for anything else (text that is not one, such as
 * another program's NOTIFY on the channel).
 */
export function liveMessageOf(payload: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('userId' in value) || !('kind' in value)) return null;
  const { userId, kind } = value;
  if (typeof userId !== 'string' || typeof kind !== 'string' || !isOneOf(LIVE_EVENT_KINDS, kind)) return null;
  const message: LiveMessage = { userId, kind };
  if ('villageId' in value && typeof value.villageId === 'string') message.villageId = value.villageId;
  if ('worldId' in value && typeof value.worldId === 'string') message.worldId = value.worldId;
  if ('arrivesAt' in value && typeof value.arrivesAt === 'string') message.arrivesAt = value.arrivesAt;
  if ('session' in value && typeof value.session === 'string') message.session = value.session;
  return message;
}

/** Queues a notice for each player inside `tx` (one statement for all); nobody hears of it unless the transaction commits. */
export async function notifyPlayers(tx: Db, userIds: readonly (PlayerId | null)[], event: LiveEvent): Promise<void> {
  const notices = noticesTo(userIds, event);
  if (notices) await tx.execute(sql`select ${notices}`);
}

/**
 * notifyPlayers's pg_notify calls (none when nobody is named), for a caller that selects them in a statement of its own
 * (db/one-statement.ts): they queue as the statement runs and go out when its transaction commits.
 */
export function noticesTo(userIds: readonly (PlayerId | null)[], event: LiveEvent): SQL | null {
  const notices = [...new Set(userIds)]
    .filter((userId): userId is PlayerId => !!userId)
    .map((userId) => sql`pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ userId, ...event } satisfies SentNotice)})`);
  return notices.length === 0 ? null : sql.join(notices, sql`, `);
}

/** Queues one notice for every open stream on every process inside `tx` (a world's banners changed, say). */
export async function notifyEveryone(tx: Db, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ userId: EVERYONE, ...event } satisfies SentNotice)})`);
}
