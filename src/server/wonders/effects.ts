// The effects of the wonders that count for a player in a world (their alliance's, or their own outside one) at an instant.
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import { allianceMembers, wonders, worlds } from '../db/schema';
import { sumEffects, type WonderEffects } from '../../rules/wonders';
import { countingWonderEffects, type CountingWonder } from '../../rules/wonder-bonus';
import { standingWonder } from '../village/env';
import type { AllianceId, PlayerId, WorldId } from '../../rules/ids';

const builder = alias(allianceMembers, 'builder');
const viewer = alias(allianceMembers, 'viewer');

/**
 * Each wonder counting for the player in the world, with its effects at its level as of `now`. One query (battles and marches
 * ask it inside their transactions): the world's wonders (at most one of each type) with their builders' alliances and the
 * player's; the rule says which count. `worldId` may be a subquery, so that the query need not wait for another that finds the world.
 */
export async function effectsIn(db: Db, userId: PlayerId, worldId: WorldId | SQL, now: Date): Promise<CountingWonder[]> {
  const rows = await db
    .select({ wonder: wonders, speed: worlds.speed, builder: { allianceId: builder.allianceId, joinedAt: builder.joinedAt }, viewer: { allianceId: viewer.allianceId, joinedAt: viewer.joinedAt } })
    .from(wonders)
    .innerJoin(worlds, eq(worlds.id, wonders.worldId))
    .leftJoin(builder, eq(builder.userId, wonders.ownerId))
    .leftJoin(viewer, eq(viewer.userId, userId))
    .where(eq(wonders.worldId, worldId));
  const [first] = rows;
  if (!first) return [];
  const standing = (m: { allianceId: AllianceId | null; joinedAt: Date | null } | null) => (m?.allianceId && m.joinedAt ? { allianceId: m.allianceId, joinedAt: m.joinedAt.getTime() } : null);
  return countingWonderEffects({
    viewer: { playerId: userId, alliance: standing(first.viewer) },
    wonders: rows.map((r) => standingWonder(r.wonder, standing(r.builder))),
    // All of one world, so one speed.
    worldSpeed: first.speed,
    at: now.getTime(),
  });
}

/** The summed effects for a player in a world at `at` (battles ask for the moment they happen). */
export async function summedEffects(db: Db, userId: PlayerId | null, worldId: WorldId | SQL, at: Date): Promise<WonderEffects> {
  return sumEffects(userId ? (await effectsIn(db, userId, worldId, at)).map((e) => e.effects) : []);
}

export async function worldSpeed(db: Db, worldId: WorldId): Promise<number> {
  const [row] = await db.select({ speed: worlds.speed }).from(worlds).where(eq(worlds.id, worldId));
  return row?.speed ?? 1;
}
