// Figures about the map: the travel time between two tiles, and a world's counts of tiles, villages and players.
import { eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { villages } from '../db/schema';
import { distance, isInsideWorld, travelTimeHours, travelTimeSeconds } from '../../rules/world';
import { shownDistance } from './distance';
import { codeType, terrainCodes, worldTerrainCounts } from './terrain';
import { findWorld } from '../worlds/worlds';
import { alliancesOf } from '../alliance/alliances';
import type { WorldId } from '../../rules/ids';

export function travelTime(
  from: { x: number; y: number },
  to: { x: number; y: number },
  unitSpeed: number,
  worldSpeed: number,
): Schema<'TravelTime'> {
  const tiles = distance(from.x, from.y, to.x, to.y);
  return {
    from,
    to,
    distance: shownDistance(tiles),
    unitSpeed,
    worldSpeed,
    travelTimeHours: travelTimeHours(tiles, unitSpeed, worldSpeed),
    travelTimeSeconds: travelTimeSeconds(tiles, unitSpeed, worldSpeed),
  };
}

export async function mapStats(db: Db, worldId: WorldId): Promise<Schema<'MapStats'>> {
  const world = await findWorld(db, worldId);
  const tileCounts = { village: 0, ...worldTerrainCounts(world.seed, world.size) };
  // A village turns the tile it stands on (empty land) into a village tile.
  const standing = await db
    .select({ x: villages.x, y: villages.y, ownerId: villages.ownerId })
    .from(villages)
    .where(eq(villages.worldId, world.id));
  const codes = terrainCodes(world.seed);
  for (const v of standing) {
    if (!isInsideWorld(v.x, v.y, world.size)) continue;
    tileCounts[codeType(codes.at(v.x, v.y))]--;
    tileCounts.village++;
  }
  return {
    worldId: world.id,
    size: world.size,
    totalTiles: (2 * world.size + 1) ** 2,
    totalVillages: standing.length,
    totalPlayers: new Set(standing.map((v) => v.ownerId).filter((id) => id !== null)).size,
    // Alliances are game-wide: those with a member in this world.
    totalAlliances: new Set([...(await alliancesOf(db, [...new Set(standing.flatMap((v) => (v.ownerId ? [v.ownerId] : [])))])).values()].map((a) => a.id)).size,
    tileCounts,
  };
}
