// The game's own figures for /metrics, read from the database: players online per world and movements in flight; remembered a few seconds so scrapes never load the game.
import { eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { livePresence, movements, villages, worlds } from '../db/schema';
import { inBackground } from '../db/background';
import { PRESENCE_EXPIRY_SECONDS } from '../live/presence';
import type { Clock } from '../clock';

export interface GameFigures {
  /** Every world, with the players who have the game open (a live stream on any process) and a village in it. */
  playersOnline: { world: string; players: number }[];
  /** Movements not yet arrived (armies, scouts, merchants, settlers, homecomings), by world and type. */
  movementsInFlight: { world: string; type: string; count: number }[];
}

/**
 * Reads the figures: two grouped counts and the list of worlds. The presence rows are few (one per player with the game open), and movements in
 * flight are read through the partial index on unresolved movements, so neither grows with the game's history.
 */
export async function readGameFigures(db: Db): Promise<GameFigures> {
  const looking = db
    .selectDistinct({ userId: livePresence.userId })
    .from(livePresence)
    .where(gt(livePresence.seenAt, sql`now() - ${sql.raw(`interval '${PRESENCE_EXPIRY_SECONDS} seconds'`)}`))
    .as('looking');
  // From the few players looking to their villages (by the owner index), never a scan of every village.
  const online = await db
    .select({ worldId: villages.worldId, players: sql<number>`count(distinct ${villages.ownerId})::int` })
    .from(looking)
    .innerJoin(villages, eq(villages.ownerId, looking.userId))
    .groupBy(villages.worldId);
  const allWorlds = await db.select({ id: worlds.id, name: worlds.name }).from(worlds).orderBy(worlds.name);
  const inFlight = await db
    .select({ world: worlds.name, type: movements.type, count: sql<number>`count(*)::int` })
    .from(movements)
    .innerJoin(worlds, eq(worlds.id, movements.worldId))
    .where(isNull(movements.resolvedAt))
    .groupBy(worlds.name, movements.type);
  const players = new Map(online.map((row) => [row.worldId, row.players]));
  return { playersOnline: allWorlds.map((world) => ({ world: world.name, players: players.get(world.id) ?? 0 })), movementsInFlight: inFlight };
}

/** How long figures read once answer every scrape: a scraper every few seconds costs the game two queries per interval. */
export const FIGURES_FRESH_MS = 5_000;

/**
 * The figures, read again once they are FIGURES_FRESH_MS old; scrapes meanwhile share one reading (and one in progress).
 * A reading that fails answers null for its few seconds (the scrape goes on without these figures) and is counted once.
 */
export class FiguresCache {
  private reading: Promise<GameFigures | null> | null = null;
  private readAt = -Infinity;
  /** Readings that failed (the database unreachable, a statement refused). */
  failures = 0;

  /** Ages are told by the game's clock, so the tests' fake clock can age a reading. */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  read(): Promise<GameFigures | null> {
    const now = this.clock.now().getTime();
    if (this.reading && now - this.readAt < FIGURES_FRESH_MS && now >= this.readAt) return this.reading;
    this.readAt = now;
    // As background work: on PGlite's one connection a player's statement goes before a scrape's.
    this.reading = inBackground(() => readGameFigures(this.db)).catch(() => {
      this.failures += 1;
      return null;
    });
    return this.reading;
  }
}
