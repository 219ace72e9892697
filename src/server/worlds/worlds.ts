// Worlds: listing with player counts, joining (the new player's capital), and the population leaderboard.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { buildings, villages, worlds, type UserRow, type WorldRow } from '../db/schema';
import { inserted } from '../db/rows';
import { conflict, notFound } from '../errors';
import { STARTING_BUILDINGS } from '../../rules/buildings';
import { startingStock } from '../../rules/resources';
import { isEmptyLand } from '../../rules/terrain';
import { findCapitalSpot } from '../../rules/world';
import { VILLAGE_NAME_MAX_LENGTH } from '../../rules/validation';
import { villageView, type VillageView } from '../village/views';
import { toVillageState } from '../village/store';
import { playerRankings } from '../rankings/standings';
import { isGoodCapitalSite, topUpBarbariansNear } from './barbarians';
import { refuseUnlessOpen, worldGate } from './closure';
import type { WorldId } from '../../rules/ids';

/** A world as the replies show it, its id still the world's. */
export type WorldView = Schema<'World'> & { id: WorldId };

function worldView(row: WorldRow, players: number): WorldView {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    players,
    maxPlayers: row.maxPlayers,
    speed: row.speed,
    // Terrain is no secret (the map shows every tile); the client may draw it from the seed.
    seed: row.seed,
    size: row.size,
    truce: row.truce ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

const playersColumn = sql<number>`count(distinct ${villages.ownerId})::int`;

async function playerCount(db: Db, worldId: WorldId): Promise<number> {
  const [row] = await db.select({ players: playersColumn }).from(villages).where(eq(villages.worldId, worldId));
  return Number(row?.players ?? 0);
}

export async function listWorlds(db: Db): Promise<{ worlds: WorldView[] }> {
  const rows = await db.select().from(worlds).orderBy(asc(worlds.createdAt), asc(worlds.name));
  const counts = await db.select({ worldId: villages.worldId, players: playersColumn }).from(villages).groupBy(villages.worldId);
  const byWorld = new Map(counts.map((c) => [c.worldId, Number(c.players)]));
  return { worlds: rows.map((row) => worldView(row, byWorld.get(row.id) ?? 0)) };
}

/** The world row, or 404; `lock` holds it for the rest of the transaction (joining counts players). */
export async function findWorld(db: Db, worldId: WorldId, lock = false): Promise<WorldRow> {
  const query = db.select().from(worlds).where(eq(worlds.id, worldId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('no_such_world');
  return row;
}

export async function getWorld(db: Db, worldId: WorldId): Promise<{ world: WorldView }> {
  const row = await findWorld(db, worldId);
  return { world: worldView(row, await playerCount(db, worldId)) };
}

/** "<username>'s village", the username cut short when the whole would not fit a village name. */
export function capitalName(username: string): string {
  const suffix = "'s village";
  const room = VILLAGE_NAME_MAX_LENGTH - suffix.length;
  return [...username.trim()].slice(0, room).join('') + suffix;
}

/** When a player joins a world, and the dice that pick the tile of their capital (fair ones unless a test loads them). */
export interface JoinMoment {
  now: Date;
  random?: () => number;
}

/**
 * Founds the caller's capital in the world: a free empty tile in the ring 40..120 from the centre, at
 * least 3 tiles from any village, with the 18 fields at level 0, a great hall and the starting stock; chosen where at least
 * two oases lie within 10 tiles, and with barbarian villages founded beside it until three stand within 10 tiles.
 * The world row is locked so that parallel joins see each other (one village per player, capacity, spacing).
 */
export async function joinWorld(
  db: Db,
  user: Pick<UserRow, 'id' | 'username'>,
  worldId: WorldId,
  { now, random = Math.random }: JoinMoment,
): Promise<{ world: WorldView; village: VillageView }> {
  return db.transaction(async (tx) => {
    const world = await findWorld(tx, worldId, true);
    // An ended world takes nobody new (409, how it ended); one in maintenance asks to wait (503).
    refuseUnlessOpen(await worldGate(tx, worldId), now);
    const [mine] = await tx
      .select({ id: villages.id })
      .from(villages)
      .where(and(eq(villages.worldId, worldId), eq(villages.ownerId, user.id)))
      .limit(1);
    if (mine) throw conflict('already_joined');
    const players = await playerCount(tx, worldId);
    if (players >= world.maxPlayers) throw conflict('world_full');
    const taken = await tx.select({ x: villages.x, y: villages.y, ownerId: villages.ownerId }).from(villages).where(eq(villages.worldId, worldId));
    const search = { random, isEmptyLand: (x: number, y: number) => isEmptyLand(world.seed, x, y), villages: taken, worldSize: world.size, attempts: 5000 };
    const neighbourhood = { world, standing: taken, random };
    // A site with the oases and barbarian villages a new player is promised near them; in a world too crowded for one, any free site.
    const spot = findCapitalSpot({ ...search, isGoodSite: (x, y) => isGoodCapitalSite(neighbourhood, { x, y }) }) ?? findCapitalSpot(search);
    if (!spot) throw conflict('no_land_left');
    const stock = startingStock();
    const created = await tx
      .insert(villages)
      .values({
        worldId,
        ownerId: user.id,
        name: capitalName(user.username),
        x: spot.x,
        y: spot.y,
        isCapital: true,
        loyalty: 100,
        ...stock,
        resourcesAt: now,
        nextEventAt: null,
        createdAt: now,
      })
      .returning();
    const village = inserted(created);
    const placed = await tx
      .insert(buildings)
      .values(STARTING_BUILDINGS.map((b) => ({ villageId: village.id, slot: b.slot, type: b.type, level: b.level, updatedAt: now })))
      .returning();
    await topUpBarbariansNear(tx, neighbourhood, { capital: spot, now });
    const state = toVillageState(village, { buildings: placed, units: [], orders: [] });
    return { world: worldView(world, players + 1), village: villageView(state) };
  });
}

export type LeaderboardEntryView = Schema<'WorldLeaderboardEntry'>;

/**
 * Players of a world ranked by the total population of their villages (ties by username): the first page of the
 * rankings' standings, computed every few minutes rather than by adding up every village on each request.
 */
export async function worldLeaderboard(db: Db, worldId: WorldId, limit: number, now: Date): Promise<{ worldId: WorldId; leaderboard: LeaderboardEntryView[] }> {
  const { entries } = await playerRankings(db, worldId, { page: 1, limit }, now);
  return {
    worldId,
    leaderboard: entries.map((entry) => ({ rank: entry.rank, user: entry.player, population: entry.population, villageCount: entry.villages, alliance: entry.alliance })),
  };
}
