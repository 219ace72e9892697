// Blocking: the players whose mail a player no longer receives. Blocking and unblocking are idempotent.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { playerBlocks, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { PlayerId } from '../../rules/ids';

/** Who would not hear from whom. */
export interface Block {
  blocker: PlayerId;
  blocked: PlayerId;
}

/** Whether `blocker` has blocked `blocked`. */
export async function isBlocked(db: Db, { blocker, blocked }: Block): Promise<boolean> {
  const [row] = await db
    .select({ blocker: playerBlocks.blockerId })
    .from(playerBlocks)
    .where(and(eq(playerBlocks.blockerId, blocker), eq(playerBlocks.blockedId, blocked)));
  return row !== undefined;
}

/** The players `blockerId` has blocked, by name. */
export async function blockedPlayers(db: Db, blockerId: PlayerId): Promise<Schema<'BlockedPlayers'>> {
  const players = await db
    .select({ id: users.id, username: users.username })
    .from(playerBlocks)
    .innerJoin(users, eq(users.id, playerBlocks.blockedId))
    .where(eq(playerBlocks.blockerId, blockerId))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return { players };
}

/** Blocks a player; blocking them again changes nothing. */
export async function blockPlayer(db: Db, { blocker, blocked }: Block, now: Date): Promise<Schema<'BlockedPlayers'>> {
  if (blocker === blocked) throw conflict('cannot_block_yourself');
  await db.transaction(async (tx) => {
    // Key share: the account cannot be deleted before the block referring to it is written.
    const [player] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blocked)).for('key share');
    if (!player) throw notFound('no_such_player');
    await tx.insert(playerBlocks).values({ blockerId: blocker, blockedId: blocked, createdAt: now }).onConflictDoNothing();
  });
  return blockedPlayers(db, blocker);
}

/** Receives a player's mail again; unblocking someone not blocked changes nothing. */
export async function unblockPlayer(db: Db, { blocker, blocked }: Block): Promise<Schema<'BlockedPlayers'>> {
  const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, blocked));
  if (!player) throw notFound('no_such_player');
  await db.delete(playerBlocks).where(and(eq(playerBlocks.blockerId, blocker), eq(playerBlocks.blockedId, blocked)));
  return blockedPlayers(db, blocker);
}
