// The effects of the wonders that count for a player in a world (their alliance's, or their own outside one) at an instant.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { allianceMembers, wonders, worlds } from '../db/schema';
import { settleWonder, sumEffects, wonderEffects, type WonderEffects, type WonderType } from '../../rules/wonders';
import { wonderState } from './village-env';

/** Each wonder counting for the player in the world, with its effects at its level as of `now`. */
export async function effectsIn(db: Db, userId: string, worldId: string, now: Date): Promise<{ type: WonderType; level: number; effects: WonderEffects }[]> {
  const [mine] = await db.select({ allianceId: allianceMembers.allianceId }).from(allianceMembers).where(eq(allianceMembers.userId, userId));
  const builders = mine ? (await db.select({ id: allianceMembers.userId }).from(allianceMembers).where(eq(allianceMembers.allianceId, mine.allianceId))).map((m) => m.id) : [userId];
  const rows = await db.select().from(wonders).where(and(eq(wonders.worldId, worldId), inArray(wonders.ownerId, builders)));
  const speed = await worldSpeed(db, worldId);
  return rows.map((row) => {
    const { level } = settleWonder(wonderState(row), now.getTime(), speed).state;
    const type = row.type as WonderType;
    return { type, level, effects: wonderEffects(type, level) };
  });
}

/** The summed effects for a player in a world at `at` (battles ask for the moment they happen). */
export async function summedEffects(db: Db, userId: string | null, worldId: string, at: Date): Promise<WonderEffects> {
  return sumEffects(userId ? (await effectsIn(db, userId, worldId, at)).map((e) => e.effects) : []);
}

export async function worldSpeed(db: Db, worldId: string): Promise<number> {
  const [row] = await db.select({ speed: worlds.speed }).from(worlds).where(eq(worlds.id, worldId));
  return row?.speed ?? 1;
}
