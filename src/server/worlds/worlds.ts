// Worlds: listing with player counts, the refusals of joining (joining.ts founds the capital), and the population leaderboard.
import { asc, eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { villages, worlds, type WorldRow } from '../db/schema';
import { notFound } from '../errors';
import { VILLAGE_NAME_MAX_LENGTH } from '../../rules/validation';
import { playerRankings } from '../rankings/standings';
import type { WorldId } from '../../rules/ids';

/** A world as the replies show it, its id still the world's. */
export type WorldView = Schema<'World'> & { id: WorldId };

export function worldView(row: WorldRow, players: number): WorldView {
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

export async function playerCount(db: Db, worldId: WorldId): Promise<number> {
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
