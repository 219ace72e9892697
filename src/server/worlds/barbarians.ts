// Barbarian villages the world founds itself: its first ones when it is made, and those a new capital needs near it.
import { randomUUID } from 'node:crypto';
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
import { MIN_VILLAGE_SPACING, PointGrid, distance, isInsideWorld, type Point } from '../../rules/world';
import { codeType, terrainCodes } from '../map/terrain';
import { idOf, type VillageId, type WorldId } from '../../rules/ids';
import { together } from '../db/together';

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
 * and its first growth step one interval from `now`. A few statements however many villages, sent together (the villages'
 * ids are made here, so their buildings and troops need not wait for them).
 */
export async function foundBarbarians(tx: Db, world: BarbarianWorld, { sites, now }: { sites: readonly Point[]; now: Date }): Promise<number> {
  if (sites.length === 0) return 0;
  const growsAt = new Date(now.getTime() + growthIntervalMs(world.speed));
  const founded = sites.map((site) => ({ site, id: idOf<VillageId>(randomUUID()) }));
  const troops = unitEntries(barbarianTroopTarget(BARBARIAN_BUILDINGS));
  const villageRows = founded.map(({ site, id }) => ({
    id,
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
  }));
  // The villages first: their buildings' and troops' foreign keys are checked against them, in the order the statements
  // are sent (and all of them before their parts when they take more than one statement).
  const placed = insertInBatches(villageRows, (batch) => tx.insert(villages).values(batch));
  if (villageRows.length > ROWS_PER_INSERT) await placed;
  await together([
    placed,
    insertInBatches(
      founded.flatMap(({ id }) => BARBARIAN_BUILDINGS.map((b) => ({ villageId: id, slot: b.slot, type: b.type, level: b.level, updatedAt: now }))),
      (batch) => tx.insert(buildings).values(batch),
    ),
    insertInBatches(
      founded.flatMap(({ id }) => troops.map(([type, count]) => ({ villageId: id, type, count }))),
      (batch) => tx.insert(units).values(batch),
    ),
  ]);
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

/**
 * The neighbourhood a capital is founded in: the world, the villages standing there (a list, or filed in a grid when many
 * capitals are placed among them at once), and the dice.
 */
export interface CapitalNeighbourhood {
  world: BarbarianWorld;
  standing: readonly StandingVillage[] | PointGrid<StandingVillage>;
  random: () => number;
}

/** The villages standing within `radius` of `centre` (a list is looked through whole; a grid only where they may be). */
function standingNear(standing: CapitalNeighbourhood['standing'], centre: Point, radius: number): readonly StandingVillage[] {
  return standing instanceof PointGrid ? standing.near(centre.x, centre.y, radius) : standing.filter((v) => distance(v.x, v.y, centre.x, centre.y) <= radius);
}

function barbariansNear(standing: CapitalNeighbourhood['standing'], centre: Point): number {
  return standingNear(standing, centre, NEIGHBOURHOOD_RADIUS).filter((v) => v.ownerId === null).length;
}

/** The land barbarian sites near `centre` are chosen on: barbarianSitesNear looks at nothing farther than this. */
function landNear(world: BarbarianWorld, standing: CapitalNeighbourhood['standing'], centre: Point): BarbarianLand {
  return landOf(world, [...standingNear(standing, centre, NEIGHBOURHOOD_RADIUS + MIN_VILLAGE_SPACING), centre]);
}

/**
 * Whether a capital at `site` would have what a new player is promised near it: OASES_NEAR_CAPITAL oases, and
 * BARBARIANS_NEAR_CAPITAL barbarian villages standing or room to found the missing ones.
 */
export function isGoodCapitalSite({ world, standing, random }: CapitalNeighbourhood, site: Point): boolean {
  if (oasesNear(world, site, OASES_NEAR_CAPITAL) < OASES_NEAR_CAPITAL) return false;
  const missing = BARBARIANS_NEAR_CAPITAL - barbariansNear(standing, site);
  if (missing <= 0) return true;
  return barbarianSitesNear(site, missing, landNear(world, standing, site), random).length >= missing;
}

/** The sites of the barbarian villages a new capital at `capital` lacks within NEIGHBOURHOOD_RADIUS (none when it has its three). */
export function barbarianSitesFor({ world, standing, random }: CapitalNeighbourhood, capital: Point): Point[] {
  const missing = BARBARIANS_NEAR_CAPITAL - barbariansNear(standing, capital);
  if (missing <= 0) return [];
  return barbarianSitesNear(capital, missing, landNear(world, standing, capital), random);
}
