// The effects of the wonders that count for a player in a world (their alliance's, or their own outside one) at an instant.
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import { allianceMembers, wonders, worlds } from '../db/schema';
import { settleWonder, sumEffects, wonderEffects, type WonderEffects, type WonderType } from '../../rules/wonders';
import { wonderState } from '../village/env';

const partner = alias(allianceMembers, 'partner');

/**
 * Each wonder counting for the player in the world, with its effects at its level as of `now` (one query: battles and marches ask it inside their transactions).
 * `worldId` may be a subquery, so that the query need not wait for another that finds the world.
 */
export async function effectsIn(db: Db, userId: string, worldId: string | SQL, now: Date): Promise<{ type: WonderType; level: number; effects: WonderEffects }[]> {
  // The builders whose wonders count: the player's alliance's members, or only the player outside one.
  const allies = db
    .select({ id: partner.userId })
    .from(allianceMembers)
    .innerJoin(partner, eq(partner.allianceId, allianceMembers.allianceId))
    .where(eq(allianceMembers.userId, userId));
  const rows = await db
    .select({ wonder: wonders, speed: worlds.speed })
    .from(wonders)
    .innerJoin(worlds, eq(worlds.id, wonders.worldId))
    .where(and(eq(wonders.worldId, worldId), or(eq(wonders.ownerId, userId), inArray(wonders.ownerId, allies))));
  return rows.map(({ wonder: row, speed }) => {
    const { level } = settleWonder(wonderState(row), now.getTime(), speed).state;
    const type = row.type as WonderType;
    return { type, level, effects: wonderEffects(type, level) };
  });
}

/** The summed effects for a player in a world at `at` (battles ask for the moment they happen). */
export async function summedEffects(db: Db, userId: string | null, worldId: string | SQL, at: Date): Promise<WonderEffects> {
  return sumEffects(userId ? (await effectsIn(db, userId, worldId, at)).map((e) => e.effects) : []);
}

export async function worldSpeed(db: Db, worldId: string): Promise<number> {
  const [row] = await db.select({ speed: worlds.speed }).from(worlds).where(eq(worlds.id, worldId));
  return row?.speed ?? 1;
}
