// Barbarian villages the world founds itself: its first ones when it is made, and those a new capital needs near it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, units, villages } from '../db/schema';
import {
  BARBARIAN_BUILDINGS,
  BARBARIAN_VILLAGE_NAME,
  BARBARIANS_NEAR_CAPITAL,
  NEIGHBOURHOOD_RADIUS,
  OASES_NEAR_CAPITAL,
  barbarianSitesNear,
  barbarianStock,
  barbarianTroopTarget,
  growthIntervalMs,
  worldBarbarianSites,
  type BarbarianLand,
} from '../../rules/barbarians';
import { seededRandom } from '../../rules/battle';
import { isEmptyLand } from '../../rules/terrain';
import { unitEntries } from '../../rules/units';
import { distance, isInsideWorld, type Point } from '../../rules/world';
import { codeType, terrainCodes } from '../map/terrain';
import type { WorldId } from '../../rules/ids';

/** The world barbarians are founded in: its id, terrain seed, size and speed (which sets when they first grow). */
export interface BarbarianWorld {
  id: WorldId;
  seed: number;
  size: number;
  speed: number;
}

/** Rows per insert statement, well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/**
 * Founds a barbarian village on each site (the caller checked them free): no owner, the rules' buildings, stock and troops,
 * and its first growth step one interval from `now`. A few statements however many villages.
 */
export async function foundBarbarians(tx: Db, world: BarbarianWorld, { sites, now }: { sites: readonly Point[]; now: Date }): Promise<number> {
  if (sites.length === 0) return 0;
  const growsAt = new Date(now.getTime() + growthIntervalMs(world.speed));
  const founded = await tx
    .insert(villages)
    .values(
      sites.map((site) => ({
        worldId: world.id,
        ownerId: null,
        name: BARBARIAN_VILLAGE_NAME,
        x: site.x,
        y: site.y,
        isCapital: false,
        loyalty: 100,
        ...barbarianStock(),
        resourcesAt: now,
        nextEventAt: growsAt,
        growsAt,
        createdAt: now,
      })),
    )
    .returning({ id: villages.id });
  const troops = unitEntries(barbarianTroopTarget(BARBARIAN_BUILDINGS));
  await insertInBatches(
    founded.flatMap(({ id }) => BARBARIAN_BUILDINGS.map((b) => ({ villageId: id, slot: b.slot, type: b.type, level: b.level, updatedAt: now }))),
    (batch) => tx.insert(buildings).values(batch),
  );
  await insertInBatches(
    founded.flatMap(({ id }) => troops.map(([type, count]) => ({ villageId: id, type, count }))),
    (batch) => tx.insert(units).values(batch),
  );
  return founded.length;
}

function landOf(world: BarbarianWorld, standing: readonly Point[]): BarbarianLand {
  return { worldSize: world.size, isEmptyLand: (x, y) => isEmptyLand(world.seed, x, y), villages: standing };
}

/**
 * A new world's barbarian villages, spread over it by dice seeded with the world's seed (so the same seed makes the same
 * world), inside the transaction that makes the world. Their rows cost most of it (the map's chunk triggers run per row),
 * which is what keeps TILES_PER_BARBARIAN from being lower.
 */
export async function foundWorldBarbarians(tx: Db, world: BarbarianWorld, now: Date): Promise<number> {
  const standing = await tx.select({ x: villages.x, y: villages.y }).from(villages).where(eq(villages.worldId, world.id));
  const sites = worldBarbarianSites(landOf(world, standing), seededRandom(`barbarians:${world.seed}`));
  return foundBarbarians(tx, world, { sites, now });
}

/** Oases of the world within NEIGHBOURHOOD_RADIUS of a tile, counted up to `enough`. */
export function oasesNear(world: Pick<BarbarianWorld, 'seed' | 'size'>, centre: Point, enough = Infinity): number {
  const codes = terrainCodes(world.seed);
  let found = 0;
  for (let dx = -NEIGHBOURHOOD_RADIUS; dx <= NEIGHBOURHOOD_RADIUS && found < enough; dx++) {
    for (let dy = -NEIGHBOURHOOD_RADIUS; dy <= NEIGHBOURHOOD_RADIUS; dy++) {
      const x = centre.x + dx;
      const y = centre.y + dy;
      if (distance(0, 0, dx, dy) <= NEIGHBOURHOOD_RADIUS && isInsideWorld(x, y, world.size) && codeType(codes.at(x, y)) === 'oasis') found += 1;
    }
  }
  return found;
}

/** A village standing in the world as capital placement sees it: where, and whether it has an owner. */
export interface StandingVillage extends Point {
  ownerId: string | null;
}

/** The neighbourhood a capital is founded in: the world, the villages standing there, and the dice. */
export interface CapitalNeighbourhood {
  world: BarbarianWorld;
  standing: readonly StandingVillage[];
  random: () => number;
}

function barbariansNear(standing: readonly StandingVillage[], centre: Point): number {
  return standing.filter((v) => v.ownerId === null && distance(v.x, v.y, centre.x, centre.y) <= NEIGHBOURHOOD_RADIUS).length;
}

/**
 * Whether a capital at `site` would have what a new player is promised near it: OASES_NEAR_CAPITAL oases, and
 * BARBARIANS_NEAR_CAPITAL barbarian villages standing or room to found the missing ones.
 */
export function isGoodCapitalSite({ world, standing, random }: CapitalNeighbourhood, site: Point): boolean {
  if (oasesNear(world, site, OASES_NEAR_CAPITAL) < OASES_NEAR_CAPITAL) return false;
  const missing = BARBARIANS_NEAR_CAPITAL - barbariansNear(standing, site);
  if (missing <= 0) return true;
  return barbarianSitesNear(site, missing, landOf(world, [...standing, site]), random).length >= missing;
}

/**
 * Founds the barbarian villages a new capital at `capital` lacks within NEIGHBOURHOOD_RADIUS (inside the joining
 * transaction, which holds the world's row lock, so parallel joins see each other's). Returns how many it founded.
 */
export async function topUpBarbariansNear(tx: Db, neighbourhood: CapitalNeighbourhood, { capital, now }: { capital: Point; now: Date }): Promise<number> {
  const { world, standing, random } = neighbourhood;
  const missing = BARBARIANS_NEAR_CAPITAL - barbariansNear(standing, capital);
  if (missing <= 0) return 0;
  const sites = barbarianSitesNear(capital, missing, landOf(world, [...standing, capital]), random);
  return foundBarbarians(tx, world, { sites, now });
}
