// Vacations: a player's pause in one world (its status, starting and ending it, a sign-in ending it), whether one holds, and the refusal of acting while it does.
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { users, vacations, villages, worlds, type VacationRow } from '../db/schema';
import { badRequest, conflict, errorText, notFound, say, worded } from '../errors';
import { bumpChunksOfPlayer, bumpChunksOfPlayerIn } from '../map/chunks';
import { onVacationRefusal, vacationEndRefusal, vacationRefusal, vacationSpan, type Vacation } from '../../rules/vacation';
import { MERCHANT_MOVEMENTS } from '../../rules/movements';
import type { PlayerId, WorldId } from '../../rules/ids';
import { refuseIfEnded, worldGate } from '../worlds/closure';

/** Who, where, when: a player in a world at an instant. */
export interface PlayerInWorld {
  userId: PlayerId;
  worldId: WorldId;
  now: Date;
}

export type VacationStatus = Schema<'VacationStatus'>;

const NO_VILLAGE_THERE = errorText('no_village_in_world');

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
  refuseDuringVacation(await vacationEnd(db, who), who.now);
}

/**
 * The same refusal from a vacation's end already read (the locked village read brings its owner's: LoadedHead's
 * `ownerVacationEndsAt`), so an action on the player's own village needs no statement for it.
 */
export function refuseDuringVacation(endsAt: Date | null, now: Date): void {
  if (endsAt && endsAt.getTime() > now.getTime()) throw conflict(worded(onVacationRefusal(endsAt.getTime())));
}

/**
 * When each of these players' vacation in the world ends, for those on one at `now` (one statement). The map reads it
 * beside beginner protection: like a shield, a vacation ending by time needs no change the chunk versions count.
 */
export async function vacationEnds(db: Db, worldId: WorldId, ownerIds: readonly (PlayerId | null)[], now: Date): Promise<Map<PlayerId, number>> {
  const owners = [...new Set(ownerIds.filter((id): id is PlayerId => id !== null))];
  if (owners.length === 0) return new Map();
  const rows = await db
    .select({ userId: vacations.userId, endsAt: vacations.endsAt })
    .from(vacations)
    .where(and(eq(vacations.worldId, worldId), inArray(vacations.userId, owners), lte(vacations.startedAt, now), gt(vacations.endsAt, now)));
  return new Map(rows.map((row) => [row.userId, row.endsAt.getTime()]));
}

function stored(row: Pick<VacationRow, 'startedAt' | 'endsAt' | 'earliestEndAt'>): Vacation {
  return { startedAt: row.startedAt.getTime(), endsAt: row.endsAt.getTime(), earliestEndAt: row.earliestEndAt.getTime() };
}

const merchantTypes = sql.join(
  MERCHANT_MOVEMENTS.map((type) => sql`${type}`),
  sql`, `,
);

/**
 * The world's speed, the player's villages there, their vacation row, and what keeps a vacation from starting, in one
 * statement: their armies on the march there (unresolved movements of theirs that are not merchants, returns included),
 * their troops stationed in other players' villages there, and attacks, raids and scouts on their way to their villages.
 */
async function sceneOf(db: Db, { userId, worldId }: PlayerInWorld) {
  const [row] = await db
    .select({
      speed: worlds.speed,
      villages: sql<number>`(select count(*) from ${villages} v where v.owner_id = ${userId} and v.world_id = ${worldId})::int`,
      armiesAway: sql<number>`(select count(*) from movements m
        where m.owner_id = ${userId} and m.world_id = ${worldId} and m.resolved_at is null and m.type not in (${merchantTypes}))::int`,
      troopsStationedAbroad: sql<number>`(select count(*) from stationed_troops s join ${villages} v on v.id = s.village_id
        where s.owner_id = ${userId} and v.world_id = ${worldId} and v.owner_id is distinct from ${userId})::int`,
      attacksIncoming: sql<number>`(select count(*) from movements m join ${villages} v on v.id = m.to_village_id
        where v.owner_id = ${userId} and v.world_id = ${worldId} and m.resolved_at is null and m.type in ('attack', 'raid', 'scout'))::int`,
      startedAt: vacations.startedAt,
      endsAt: vacations.endsAt,
      earliestEndAt: vacations.earliestEndAt,
    })
    .from(worlds)
    .leftJoin(vacations, and(eq(vacations.worldId, worlds.id), eq(vacations.userId, userId)))
    .where(eq(worlds.id, worldId));
  if (!row) throw notFound('no_such_world');
  const { startedAt, endsAt, earliestEndAt, ...rest } = row;
  return { ...rest, vacation: startedAt && endsAt && earliestEndAt ? stored({ startedAt, endsAt, earliestEndAt }) : null };
}

type Scene = Awaited<ReturnType<typeof sceneOf>>;

/** The vacation while it holds at `now`, or null. */
function holding(scene: Scene, now: Date): Vacation | null {
  const { vacation } = scene;
  return vacation && vacation.startedAt <= now.getTime() && now.getTime() < vacation.endsAt ? vacation : null;
}

/** Why a vacation of `endsAt` could not start now (the rule's words), or null. */
function refusalOf(scene: Scene, { now, endsAt }: { now: Date; endsAt: number }): string | null {
  if (scene.villages === 0) return NO_VILLAGE_THERE;
  const vacation = holding(scene, now);
  return vacationRefusal({ ...scene, onVacationUntil: vacation ? vacation.endsAt : null }, { endsAt, now: now.getTime(), worldSpeed: scene.speed });
}

function statusOf(scene: Scene, who: PlayerInWorld): VacationStatus {
  const span = vacationSpan(scene.speed);
  const vacation = holding(scene, who.now);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    worldId: who.worldId,
    vacation: vacation ? { startedAt: iso(vacation.startedAt), endsAt: iso(vacation.endsAt), earliestEndAt: iso(vacation.earliestEndAt) } : null,
    minMs: span.min,
    maxMs: span.max,
    // Asked of the shortest vacation, so the length the player has not chosen yet is never the reason.
    refusal: refusalOf(scene, { now: who.now, endsAt: who.now.getTime() + span.min }),
  };
}

/** The player's vacation in the world, how long one may last there, and what would keep one from starting now. */
export async function getVacation(db: Db, who: PlayerInWorld): Promise<VacationStatus> {
  return statusOf(await sceneOf(db, who), who);
}

/** The order of the player's `users` row (lock order, step 1): two starts, or a start and an end, of theirs run one at a time. */
async function lockPlayer(tx: Db, userId: PlayerId): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Goes on vacation in the world until `endsAt` (an ISO instant): refused (409, the rule's words) with an army of theirs
 * away, troops abroad, an attack coming, already on vacation, or shorter or longer than the world allows. Under the
 * player's row lock, then their villages' there (in id order, lock order step 2): an order of theirs sent from one of them
 * has either committed (and is counted) or waits and then finds the vacation. The map's chunks of those villages move on,
 * so every cached area shows the vacation at once.
 */
export async function startVacation(db: Db, who: PlayerInWorld, endsAtText: string): Promise<VacationStatus> {
  const endsAt = Date.parse(endsAtText);
  if (!Number.isFinite(endsAt)) throw badRequest('choose_vacation_end', [{ field: 'endsAt', ...say('choose_vacation_end') }]);
  const { userId, worldId, now } = who;
  return db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    refuseIfEnded(await worldGate(tx, worldId), now);
    await tx
      .select({ id: villages.id })
      .from(villages)
      .where(and(eq(villages.ownerId, userId), eq(villages.worldId, worldId)))
      .orderBy(villages.id)
      .for('no key update');
    const scene = await sceneOf(tx, who);
    if (scene.villages === 0) throw notFound('no_village_in_world');
    const refusal = refusalOf(scene, { now, endsAt });
    if (refusal) throw conflict(worded(refusal));
    const row = { startedAt: now, endsAt: new Date(endsAt), earliestEndAt: new Date(now.getTime() + vacationSpan(scene.speed).min) };
    // One row per player and world: a new vacation replaces the one that ended.
    await tx
      .insert(vacations)
      .values({ userId, worldId, ...row })
      .onConflictDoUpdate({ target: [vacations.userId, vacations.worldId], set: row });
    await bumpChunksOfPlayer(tx, { playerId: userId, worldId });
    return statusOf({ ...scene, vacation: stored(row) }, who);
  });
}

/** Ends the player's vacation in the world now, once its minimum has passed (409 before, or when none holds). */
export async function endVacation(db: Db, who: PlayerInWorld): Promise<VacationStatus> {
  const { userId, worldId, now } = who;
  return db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    refuseIfEnded(await worldGate(tx, worldId), now);
    const scene = await sceneOf(tx, who);
    const refusal = vacationEndRefusal(holding(scene, now), now.getTime());
    if (refusal) throw conflict(worded(refusal));
    await tx
      .update(vacations)
      .set({ endsAt: now })
      .where(and(eq(vacations.userId, userId), eq(vacations.worldId, worldId)));
    await bumpChunksOfPlayer(tx, { playerId: userId, worldId });
    return statusOf({ ...scene, vacation: null }, who);
  });
}

/**
 * A sign-in at `now` ends every vacation of the player whose minimum has passed (endsBySignIn), in every world, and moves
 * the map's chunks of their villages there on (in the same transaction, so no cached area keeps showing it).
 */
export async function endVacationsAtSignIn(db: Db, userId: PlayerId, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(vacations)
      .set({ endsAt: now })
      .where(and(eq(vacations.userId, userId), lte(vacations.startedAt, now), lte(vacations.earliestEndAt, now), gt(vacations.endsAt, now)))
      .returning({ worldId: vacations.worldId });
    await bumpChunksOfPlayerIn(
      tx,
      userId,
      ended.map((row) => row.worldId),
    );
  });
}
