// A village as the map shows it to anyone (GET /api/map/village/{id}), and the oases around one's own village.
import { eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { users, villages, worlds } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { oasisBonusEntries } from '../../rules/tile-looks';
import { distance, isInsideWorld } from '../../rules/world';
import { shownDistance } from './distance';
import { villagePopulation } from '../village/population';
import { codeOasisBonus, terrainCodes } from './terrain';
import { alliancesOf } from '../alliance/alliances';
import { protectionEnds } from '../worlds/protection';
import { vacationEnds } from '../vacation/vacation';
import { isProtected } from '../../rules/protection';
import type { PlayerId, VillageId } from '../../rules/ids';
import { oasisHoldersIn } from '../oases/oases';

/** Any village as anyone may see it at `now` (which decides whether its owner's beginner protection and vacation still hold). */
export async function villageDetails(db: Db, villageId: VillageId, now: Date): Promise<Schema<'VillageDetails'>> {
  const [row] = await db
    .select({ village: villages, username: users.username, population: villagePopulation, worldSpeed: worlds.speed })
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    .leftJoin(users, eq(users.id, villages.ownerId))
    .where(eq(villages.id, villageId))
    .limit(1);
  if (!row) throw notFound('no_such_village');
  const v = row.village;
  const populationNow = row.population;
  // An abandoned village has no owner, and so no alliance.
  const owner = v.ownerId && row.username ? { id: v.ownerId, username: row.username } : null;
  const [alliance, shields, away] = await Promise.all([
    owner ? alliancesOf(db, [owner.id]).then((found) => found.get(owner.id) ?? null) : null,
    protectionEnds(db, { id: v.worldId, speed: row.worldSpeed }, [v.ownerId], now),
    vacationEnds(db, v.worldId, [v.ownerId], now),
  ]);
  const shield = v.ownerId ? (shields.get(v.ownerId) ?? null) : null;
  const vacationEnd = v.ownerId ? (away.get(v.ownerId) ?? null) : null;
  return {
    village: {
      id: v.id,
      name: v.name,
      x: v.x,
      y: v.y,
      population: populationNow,
      loyalty: v.loyalty,
      isCapital: v.isCapital,
      worldId: v.worldId,
      ownerId: v.ownerId,
    },
    tile: {
      x: v.x,
      y: v.y,
      type: 'village',
      worldId: v.worldId,
      village: {
        id: v.id,
        name: v.name,
        owner,
        population: populationNow,
        isCapital: v.isCapital,
        ...(alliance ? { alliance: { id: alliance.id, tag: alliance.tag, name: alliance.name } } : {}),
        ...(shield !== null && isProtected(shield, now.getTime()) ? { protectedUntil: new Date(shield).toISOString() } : {}),
        ...(vacationEnd !== null ? { vacationUntil: new Date(vacationEnd).toISOString() } : {}),
      },
      resourceType: null,
      resourceBonus: 0,
    },
    owner,
    alliance,
  };
}

export type OasisNearby = Schema<'Oasis'>;

/** Oases within `maxDistance` tiles (Euclidean) of the caller's village, nearest first. */
export async function villageOases(db: Db, userId: PlayerId, villageId: VillageId, maxDistance: number): Promise<OasisNearby[]> {
  const [row] = await db
    .select({ x: villages.x, y: villages.y, ownerId: villages.ownerId, worldId: villages.worldId, seed: worlds.seed, size: worlds.size })
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    .where(eq(villages.id, villageId))
    .limit(1);
  if (!row) throw notFound('no_such_village');
  if (row.ownerId !== userId) throw forbidden('not_your_village');
  const reach = Math.floor(maxDistance);
  const codes = terrainCodes(row.seed);
  const holders = await oasisHoldersIn(db, { worldId: row.worldId, minX: row.x - reach, maxX: row.x + reach, minY: row.y - reach, maxY: row.y + reach });
  const found: OasisNearby[] = [];
  for (let y = row.y - reach; y <= row.y + reach; y++) {
    for (let x = row.x - reach; x <= row.x + reach; x++) {
      if (!isInsideWorld(x, y, row.size)) continue;
      const bonus = codeOasisBonus(codes.at(x, y));
      if (!bonus) continue;
      const exact = distance(row.x, row.y, x, y);
      if (exact > maxDistance) continue;
      found.push({ x, y, distance: shownDistance(exact), bonuses: oasisBonusEntries(bonus), claimedByVillageId: holders.get(`${x},${y}`) ?? null });
    }
  }
  return found.sort((a, b) => a.distance - b.distance || b.y - a.y || a.x - b.x);
}
