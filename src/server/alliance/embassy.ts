// Embassies for alliances: each player's highest finished embassy level, and the refusal of a join the member cap forbids.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { allianceMembers, buildings, villages } from '../db/schema';
import { conflict, worded } from '../errors';
import { fullRefusal } from '../../rules/embassy';
import type { AllianceId, PlayerId } from '../../rules/ids';

/**
 * The highest embassy level standing in any village of each player (0 for none). Only finished levels count: the
 * stored level, plus the one under way when its finishing instant has passed though the village was not settled since.
 */
export async function embassyLevels(db: Db, userIds: readonly PlayerId[], now: Date): Promise<Map<PlayerId, number>> {
  const levels = new Map<PlayerId, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return levels;
  const finished = sql<number>`max(${buildings.level} + case when ${lte(buildings.upgradeFinishesAt, now)} then 1 else 0 end)::int`;
  const rows = await db
    .select({ ownerId: villages.ownerId, level: finished })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(and(inArray(villages.ownerId, [...userIds]), eq(buildings.type, 'embassy')))
    .groupBy(villages.ownerId);
  for (const row of rows) if (row.ownerId) levels.set(row.ownerId, row.level);
  return levels;
}

/** One player's highest finished embassy level (0 for none). */
export async function embassyLevelOf(db: Db, userId: PlayerId, now: Date): Promise<number> {
  return (await embassyLevels(db, [userId], now)).get(userId) ?? 0;
}

/** The alliance's member count and its leader's highest embassy level, which sets its member cap. */
export async function allianceSize(db: Db, allianceId: AllianceId, now: Date): Promise<{ members: number; leaderEmbassyLevel: number }> {
  const members = await db.select({ userId: allianceMembers.userId, role: allianceMembers.role }).from(allianceMembers).where(eq(allianceMembers.allianceId, allianceId));
  const leader = members.find((m) => m.role === 'leader');
  return { members: members.length, leaderEmbassyLevel: leader ? await embassyLevelOf(db, leader.userId, now) : 0 };
}

/**
 * Refuses (409) one more member when the alliance is at or above its cap. Joins call it under the alliance's row lock,
 * so two acceptances at once are counted one after the other and never pass the cap together.
 */
export async function refuseWhenFull(db: Db, allianceId: AllianceId, now: Date): Promise<void> {
  const refusal = fullRefusal(await allianceSize(db, allianceId, now));
  if (refusal) throw conflict(worded(refusal));
}
