// The pushing limit: resources one player passes another (shipments, trades taken) counted per UTC day, and refused beyond the day's limit when the pair is flagged or the receiver much larger.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { accountLinks, resourceTransfers, villages } from '../db/schema';
import { conflict, worded } from '../errors';
import { villagePopulation } from '../village/population';
import { pushingLimited, pushingRefusal, utcDay, type LinkStatus } from '../../rules/fair-play';
import type { PlayerId, WorldId } from '../../rules/ids';

/** Resources passing from one player to another. */
export interface Transfer {
  from: PlayerId;
  to: PlayerId;
  amount: number;
  /** The refusal speaks to the receiver (who takes a trade), not to the sender. */
  toYou?: boolean;
}

/** Transfers between the same two players (one way or both ways, as a trade) in a world. */
export interface TransferBatch {
  worldId: WorldId;
  transfers: Transfer[];
}

/** The amount a day's counter holds at most (the column is an integer). */
const MAX_COUNTED = 2_147_483_647;

/** What decides whether transfers between two players are limited: their link, and their populations in the world. */
async function pairStanding(db: Db, worldId: WorldId, pair: readonly [PlayerId, PlayerId]): Promise<{ link: LinkStatus | null; population: Map<PlayerId, number> }> {
  const [a, b] = pair;
  const [links, rows] = await Promise.all([
    db
      .select({ status: accountLinks.status })
      .from(accountLinks)
      .where(and(eq(accountLinks.userA, a < b ? a : b), eq(accountLinks.userB, a < b ? b : a))),
    db
      .select({ ownerId: villages.ownerId, population: sql<number>`coalesce(sum(${villagePopulation}), 0)::int` })
      .from(villages)
      .where(and(eq(villages.worldId, worldId), inArray(villages.ownerId, [a, b])))
      .groupBy(villages.ownerId),
  ]);
  const population = new Map<PlayerId, number>();
  for (const row of rows) if (row.ownerId !== null) population.set(row.ownerId, row.population);
  return { link: links[0]?.status ?? null, population };
}

/** Why `transfer` may not go, having passed `sentToday` before it, given the pair's standing; null when it may. */
function refusalOf(standing: Awaited<ReturnType<typeof pairStanding>>, transfer: Transfer, sentToday: number): string | null {
  const limited = pushingLimited({
    linkStatus: standing.link,
    senderPopulation: standing.population.get(transfer.from) ?? 0,
    receiverPopulation: standing.population.get(transfer.to) ?? 0,
  });
  return pushingRefusal(limited, { sentToday, amount: transfer.amount, toYou: transfer.toYou });
}

/** Transfers worth counting: between two players (never within one's own villages, nor to an abandoned village), of something. */
function counted(transfers: Transfer[]): Transfer[] {
  return transfers.filter((transfer) => transfer.from !== transfer.to && transfer.amount > 0);
}

/**
 * Counts transfers on today's counters (`resource_transfers`, one row per sender, receiver and UTC day) and refuses
 * (409, the rule's words) one that takes a limited pair past the day's limit. Inside the transaction that pays for the
 * transfer, under the sending village's row lock: the refusal rolls the payment back, and so its count. Each counter is
 * added to by one atomic upsert that answers the new total, so two transfers at once count both, whichever village each
 * leaves from. The rows are taken in (from, to) order, so a trade counting both directions cannot deadlock with another.
 */
export async function countTransfers(tx: Db, { worldId, transfers }: TransferBatch, now: Date): Promise<void> {
  const moving = counted(transfers).sort((a, b) => (a.from === b.from ? (a.to < b.to ? -1 : 1) : a.from < b.from ? -1 : 1));
  const first = moving[0];
  if (!first) return;
  if (moving.some((t) => ![first.from, first.to].includes(t.from) || ![first.from, first.to].includes(t.to))) throw new Error('countTransfers counts one pair of players at a time');
  const day = utcDay(now.getTime());
  const [standing, totals] = await Promise.all([
    pairStanding(tx, worldId, [first.from, first.to]),
    tx
      .insert(resourceTransfers)
      .values(moving.map((transfer) => ({ fromUser: transfer.from, toUser: transfer.to, day, amount: Math.min(transfer.amount, MAX_COUNTED) })))
      .onConflictDoUpdate({
        target: [resourceTransfers.fromUser, resourceTransfers.toUser, resourceTransfers.day],
        set: { amount: sql`least(${resourceTransfers.amount}::bigint + excluded.amount, ${MAX_COUNTED})::int` },
      })
      .returning({ from: resourceTransfers.fromUser, to: resourceTransfers.toUser, amount: resourceTransfers.amount }),
  ]);
  for (const transfer of moving) {
    const total = totals.find((row) => row.from === transfer.from && row.to === transfer.to)?.amount ?? transfer.amount;
    const refusal = refusalOf(standing, transfer, total - transfer.amount);
    if (refusal) throw conflict(worded(refusal));
  }
}

/** Why a transfer could not go now, for a preview (reads only); null when it could. */
export async function transferRefusal(db: Db, worldId: WorldId, transfer: Transfer, now: Date): Promise<string | null> {
  const [only] = counted([transfer]);
  if (!only) return null;
  const [standing, sent] = await Promise.all([
    pairStanding(db, worldId, [only.from, only.to]),
    db
      .select({ amount: resourceTransfers.amount })
      .from(resourceTransfers)
      .where(and(eq(resourceTransfers.fromUser, only.from), eq(resourceTransfers.toUser, only.to), eq(resourceTransfers.day, utcDay(now.getTime())))),
  ]);
  return refusalOf(standing, only, sent[0]?.amount ?? 0);
}
