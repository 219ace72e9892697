// Sending a farm list: one request, each row a raid sent (or skipped with the refusal's words) in its own transaction, exactly once per key.
import { and, eq, lt } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { farmListSends, farmLists, farmTargets } from '../db/schema';
import { GameError, conflict, notFound } from '../errors';
import { SEND_KEY_KEPT_MS, sendFingerprint } from '../../rules/farm-lists';
import { idOf, type MovementId } from '../../rules/ids';
import { sendTroops } from '../army/movements';
import { ownedOpenVillage } from '../village/villages';
import { loadVillageHead } from '../village/store';
import { refuseWhileOnVacation } from '../vacation/vacation';
import { listOf, type FarmListRow, type ListOrder } from './farm-lists';

export type FarmSendReply = Schema<'FarmListSendResult'>;
type RowResult = Schema<'FarmRowResult'>;

/** What a send asks for: the client's key (made once per click) and the rows, every row when left out. */
export interface FarmSendRequest {
  key: string;
  targetIds?: string[];
}

export const ROW_GONE = 'That row is no longer on the list';

/**
 * A row the send has not decided yet: stored so in the reply from the claim on, and filled in by the transaction that
 * sends or skips it. A decided row is sent (with its movement) or skipped (with its reason), never neither.
 */
const pending = (targetId: string): RowResult => ({ targetId, sent: false, reason: null, movementId: null });
const isPending = (row: RowResult) => !row.sent && row.reason === null;
const skipped = (targetId: string, reason: string): RowResult => ({ targetId, sent: false, reason, movementId: null });

/** The send under `key` as stored, or null. */
async function storedSend(db: Db, listId: string, key: string) {
  const [row] = await db.select().from(farmListSends).where(and(eq(farmListSends.listId, listId), eq(farmListSends.key, key)));
  return row ?? null;
}

/**
 * Claims the key: the rows asked for, in list order (ids not on the list after them, skipped), stored pending under the
 * key in one insert that does nothing when the key is there already (a double click, a retry, or the same request on
 * another server process: the second insert waits for the first one's commit, then finds the key). Under the list's lock,
 * so the rows read are the list's as it stands.
 */
async function claim(db: Db, { list, now }: { list: FarmListRow; now: Date }, request: FarmSendRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: farmLists.id }).from(farmLists).where(eq(farmLists.id, list.id)).for('no key update');
    if (!locked) throw notFound('no_such_farm_list');
    // Keys older than a retry could be are forgotten here, so a list sent every few minutes for months keeps a day of them.
    await tx.delete(farmListSends).where(and(eq(farmListSends.listId, list.id), lt(farmListSends.createdAt, new Date(now.getTime() - SEND_KEY_KEPT_MS))));
    const rows = await tx.select({ id: farmTargets.id }).from(farmTargets).where(eq(farmTargets.listId, list.id)).orderBy(farmTargets.createdAt, farmTargets.id);
    const asked = request.targetIds === undefined ? null : new Set(request.targetIds);
    const chosen = rows.filter((r) => asked === null || asked.has(r.id)).map((r) => pending(r.id));
    const unknown = [...(asked ?? [])].filter((id) => !rows.some((r) => r.id === id)).map((id) => skipped(id, 'That row is not on the list'));
    await tx
      .insert(farmListSends)
      .values({ listId: list.id, key: request.key, fingerprint: sendFingerprint(request.targetIds), reply: { results: [...chosen, ...unknown] }, createdAt: now })
      .onConflictDoNothing();
  });
}

/** Who sends which list, when. */
interface SendContext {
  order: ListOrder;
  list: FarmListRow;
  key: string;
}

/**
 * Decides the row at `index` of the send, in its own transaction: the list's lock first (it orders the list's sends and
 * edits), then the send's row, read again under its lock; a row another request (the same key again) has decided
 * meanwhile is left as it is. Then the raid goes through sendTroops, the one path of every send, in a savepoint: a
 * refusal undoes exactly the row's attempt and becomes its reason; a raid sent is the row's last movement.
 */
async function decideRow(db: Db, { order, list, key }: SendContext, index: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: farmLists.id }).from(farmLists).where(eq(farmLists.id, list.id)).for('no key update');
    if (!locked) return;
    const [send] = await tx
      .select({ reply: farmListSends.reply })
      .from(farmListSends)
      .where(and(eq(farmListSends.listId, list.id), eq(farmListSends.key, key)))
      .for('update');
    const results = send?.reply?.results;
    const row = results?.[index];
    if (!results || !row || !isPending(row)) return;
    const [target] = await tx.select().from(farmTargets).where(and(eq(farmTargets.id, row.targetId), eq(farmTargets.listId, list.id)));
    let result = skipped(row.targetId, ROW_GONE);
    if (target) {
      try {
        const { movement } = await sendTroops(tx, order.actor, { fromVillageId: list.villageId, toVillageId: target.villageId, units: target.units, movementType: 'raid' }, order.now);
        // The movement's id as sendTroops's reply carries it, read back as the movement it names.
        await tx.update(farmTargets).set({ lastMovementId: idOf<MovementId>(movement.id) }).where(eq(farmTargets.id, target.id));
        result = { targetId: row.targetId, sent: true, reason: null, movementId: movement.id };
      } catch (error) {
        // Only a refusal skips the row; anything else fails the request, and the same key again goes on from this row.
        if (!(error instanceof GameError)) throw error;
        result = skipped(row.targetId, error.message);
      }
    }
    await tx
      .update(farmListSends)
      .set({ reply: { results: results.map((r, i) => (i === index ? result : r)) } })
      .where(and(eq(farmListSends.listId, list.id), eq(farmListSends.key, key)));
  });
}

/**
 * Sends the list (or the rows asked for): each row a raid from the list's village, in list order, each taking its units
 * from what the rows before left at home. The key is claimed first; every request with that key (the first, a double
 * click, a retry after a failure, the same request on another process at the same moment) then goes through the rows,
 * and each row is decided once, by whichever request holds it first. All of them answer the same reply.
 */
export async function sendFarmList(db: Db, order: ListOrder, request: FarmSendRequest): Promise<FarmSendReply> {
  const list = await listOf(db, order);
  const fingerprint = sendFingerprint(request.targetIds);
  let stored = await storedSend(db, list.id, request.key);
  if (!stored) {
    // A new send: the list's village must be the player's, in an open world, and the player not on vacation there.
    const head = ownedOpenVillage(await loadVillageHead(db, list.villageId, order.now), order.actor, order.now);
    await refuseWhileOnVacation(db, { userId: order.actor, worldId: head.village.worldId, now: order.now });
    await claim(db, { list, now: order.now }, request);
    stored = await storedSend(db, list.id, request.key);
    if (!stored) throw notFound('no_such_farm_list');
  }
  if (stored.fingerprint !== fingerprint) throw conflict('farm_send_other_rows');
  const rows = stored.reply?.results ?? [];
  for (const [index, row] of rows.entries()) {
    if (isPending(row)) await decideRow(db, { order, list, key: request.key }, index);
  }
  const done = await storedSend(db, list.id, request.key);
  // The list was deleted meanwhile, and its sends with it.
  if (!done?.reply) throw notFound('no_such_farm_list');
  if (done.reply.results.some(isPending)) throw new Error('A farm list send left a row undecided');
  return done.reply;
}

