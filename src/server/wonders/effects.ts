// The effects of the wonders that count for a player in a world (their alliance's, or their own outside one) at an instant.
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import { allianceMembers, wonders, worlds, type WonderRow } from '../db/schema';
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
  // All of one world, so one speed.
  return effectsOfWonders({ userId, membership: first.viewer, wonders: rows, worldSpeed: first.speed }, now);
}

/** An alliance membership as read (both null outside one). */
type Membership = { allianceId: AllianceId | null; joinedAt: Date | null } | null;

/** What deciding a player's counting wonders takes: the world's wonders with their builders' memberships, and the player's. */
export interface WondersRead {
  userId: PlayerId;
  membership: Membership;
  wonders: readonly { wonder: WonderRow; builder: Membership }[];
  worldSpeed: number;
}

/** The wonders counting for the player at `now`, from what effectsIn (or a battle's one read) found. */
export function effectsOfWonders({ userId, membership, wonders: rows, worldSpeed }: WondersRead, now: Date): CountingWonder[] {
  const standing = (m: Membership) => (m?.allianceId && m.joinedAt ? { allianceId: m.allianceId, joinedAt: m.joinedAt.getTime() } : null);
  return countingWonderEffects({
    viewer: { playerId: userId, alliance: standing(membership) },
    wonders: rows.map((r) => standingWonder(r.wonder, standing(r.builder))),
    worldSpeed,
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
