// What a player already has across their villages (buildings, units, alliance), for quests that count it from their start.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { allianceMembers, buildings, heroes, units, villages } from '../db/schema';
import type { PlayerSnapshot } from '../../rules/quests';
import type { PlayerId } from '../../rules/ids';

export async function playerSnapshot(db: Db, userId: PlayerId): Promise<PlayerSnapshot> {
  const levels = await db
    .select({ type: buildings.type, level: sql<number>`max(${buildings.level})::int` })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(eq(villages.ownerId, userId))
    .groupBy(buildings.type);
  const counts = await db
    .select({ type: units.type, count: sql<number>`sum(${units.count})::int` })
    .from(units)
    .innerJoin(villages, eq(villages.id, units.villageId))
    .where(eq(villages.ownerId, userId))
    .groupBy(units.type);
  const [owned] = await db.select({ villages: sql<number>`count(*)::int` }).from(villages).where(eq(villages.ownerId, userId));
  const [member] = await db.select({ id: allianceMembers.id }).from(allianceMembers).where(eq(allianceMembers.userId, userId)).limit(1);
  const [hired] = await db.select({ heroes: sql<number>`count(*)::int` }).from(heroes).where(eq(heroes.userId, userId));
  const snapshot: PlayerSnapshot = {
    buildingLevels: {},
    units: {},
    heroes: Number(hired?.heroes ?? 0),
    inAlliance: member !== undefined,
    villages: Number(owned?.villages ?? 0),
  };
  for (const row of levels) snapshot.buildingLevels[row.type] = Number(row.level);
  for (const row of counts) snapshot.units[row.type] = Number(row.count);
  return snapshot;
}
