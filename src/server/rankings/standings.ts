// Population standings: a world's players and alliances ranked every few minutes by one aggregate statement each, read a page at a time.
import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, allianceStandings, alliances, playerStandings, rankingRuns, users, villages, worlds } from '../db/schema';
import { notFound } from '../errors';
import { villagePopulation } from '../village/population';
import { STANDINGS_EVERY_MINUTES } from '../../rules/rankings';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { WorldId } from '../../rules/ids';

/** How long standings stay fresh before the sweeper computes them again. */
export const STANDINGS_EVERY_MS = STANDINGS_EVERY_MINUTES * 60_000;

/**
 * The first key of the advisory lock a world's computation holds (the second is a hash of the world's id). Any fixed
 * number shared by every process; the two-key form never meets the migration lock's one-key form.
 */
const STANDINGS_LOCK = 7_461_002;

/** Whether standings computed at `computedAt` are due again at `now`. */
function standingsDue(computedAt: Date, now: Date): boolean {
  return computedAt.getTime() + STANDINGS_EVERY_MS <= now.getTime();
}

/** When to compute: the instant, and whether standings last computed at a given instant are still good enough to keep. */
interface Computation {
  now: Date;
  keep: (computedAt: Date) => boolean;
}

/**
 * Players by population desc, then username (case-insensitive, byte order on every database), then id: one row per
 * player owning a village of the world, with their village count and their alliance as it stands now.
 */
function playerStandingsInsert(worldId: WorldId, computedAt: string) {
  // villagePopulation reads "villages"."id", so the villages are read unaliased here.
  const perOwner = sql`select ${villages.ownerId} as owner_id, count(*)::int as villages, coalesce(sum(${villagePopulation}), 0)::int as population
    from ${villages} where ${villages.worldId} = ${worldId}::uuid and ${villages.ownerId} is not null group by ${villages.ownerId}`;
  return sql`insert into ${playerStandings} (world_id, user_id, rank, population, villages, alliance_id, computed_at)
    select ${worldId}::uuid, t.owner_id, row_number() over (order by t.population desc, lower(u.username) collate "C", u.id),
      t.population, t.villages, m.alliance_id, ${computedAt}::timestamptz
    from (${perOwner}) t join ${users} u on u.id = t.owner_id left join ${allianceMembers} m on m.user_id = t.owner_id`;
}

/** Alliances by the summed population of their members in the world (read from the player rows just written), then name, then tag. */
function allianceStandingsInsert(worldId: WorldId, computedAt: string) {
  return sql`insert into ${allianceStandings} (world_id, alliance_id, rank, population, members, computed_at)
    select ${worldId}::uuid, a.id, row_number() over (order by sum(s.population) desc, lower(a.name) collate "C", a.tag),
      sum(s.population)::int, count(*)::int, ${computedAt}::timestamptz
    from ${playerStandings} s join ${alliances} a on a.id = s.alliance_id
    where s.world_id = ${worldId}::uuid group by a.id, a.name, a.tag`;
}

/**
 * Replaces the world's standings in one transaction, unless `keep` accepts the last computation found once the lock is
 * held (another process or request computed them meanwhile). Two computations of one world queue on a
 * transaction-level advisory lock, so each replaces the other's rows whole and no reader sees half of either.
 * Answers when the standings now in place were computed.
 */
async function recompute(db: Db, worldId: WorldId, computation: Computation): Promise<Date> {
  return db.transaction((tx) => recomputeIn(tx, worldId, computation));
}

/** recompute's work inside the caller's transaction, which holds the world's advisory lock from then on. */
async function recomputeIn(tx: Db, worldId: WorldId, { now, keep }: Computation): Promise<Date> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STANDINGS_LOCK}::int, hashtext(${worldId}))`);
  // Read after the lock, in a statement of its own: under read committed it sees what the lock's last holder committed.
  const [run] = await tx.select({ computedAt: rankingRuns.computedAt }).from(rankingRuns).where(eq(rankingRuns.worldId, worldId));
  if (run && keep(run.computedAt)) return run.computedAt;
  const at = now.toISOString();
  await tx.delete(playerStandings).where(eq(playerStandings.worldId, worldId));
  await tx.execute(playerStandingsInsert(worldId, at));
  await tx.delete(allianceStandings).where(eq(allianceStandings.worldId, worldId));
  await tx.execute(allianceStandingsInsert(worldId, at));
  await tx.insert(rankingRuns).values({ worldId, computedAt: now }).onConflictDoUpdate({ target: rankingRuns.worldId, set: { computedAt: now } });
  return now;
}

/**
 * Inside `tx` (the transaction that closes a world), computes its standings as of `now` for the last time: the sweeper
 * computes no ended world's again, so its rankings stay as they were at the close.
 */
export function computeFinalStandings(tx: Db, worldId: WorldId, now: Date): Promise<Date> {
  return recomputeIn(tx, worldId, { now, keep: () => false });
}

/** Computes the world's standings as of `now`, whatever was computed before. */
export function computeStandings(db: Db, worldId: WorldId, now: Date): Promise<Date> {
  return recompute(db, worldId, { now, keep: () => false });
}

/**
 * The sweeper's part: computes the standings of every world still played whose last computation is
 * STANDINGS_EVERY_MINUTES old or missing. Answers the instant the next world falls due, so that the sweeps in between need not ask the database.
 */
export async function computeDueStandings(db: Db, now: Date): Promise<Date> {
  // An ended world's standings were computed at its close, for good.
  const runs = await db
    .select({ worldId: worlds.id, computedAt: rankingRuns.computedAt })
    .from(worlds)
    .leftJoin(rankingRuns, eq(rankingRuns.worldId, worlds.id))
    .where(ne(worlds.status, 'ended'));
  let next = now.getTime() + STANDINGS_EVERY_MS;
  let replaced = false;
  for (const run of runs) {
    let computedAt = run.computedAt;
    if (computedAt === null || standingsDue(computedAt, now)) {
      computedAt = await recompute(db, run.worldId, { now, keep: (last) => !standingsDue(last, now) });
      replaced = true;
    }
    next = Math.min(next, computedAt.getTime() + STANDINGS_EVERY_MS);
  }
  // PGlite runs no autovacuum: without this the tables grow by every row replaced (about 1 MB per 10,000 players per
  // run, measured with bench/rankings.ts). It took 30 ms there; on PostgreSQL it only does autovacuum's work early.
  if (replaced) await db.execute(sql`vacuum ${playerStandings}, ${allianceStandings}`);
  return new Date(next);
}

/** What a page's header needs: when the standings were computed, and the last rank. */
interface StandingsHeader {
  computedAt: Date | null;
  total: number;
}

/**
 * When the world's standings were computed and how many ranks they hold, or 404. A world never computed is computed
 * now (once: a second reader waiting on the lock keeps the first one's), so a fresh world's first page is not empty.
 */
async function standingsHeader(db: Db, worldId: WorldId, table: typeof playerStandings | typeof allianceStandings, now: Date): Promise<StandingsHeader> {
  const read = async () => {
    // The largest rank is one step down the (world, rank) index; ranks run 1..n as computed.
    // The world as a parameter: Drizzle writes a one-table query's columns unqualified, and "id" would be read inside.
    const total = sql<number>`(select coalesce(max(s.rank), 0)::int from ${table} s where s.world_id = ${worldId}::uuid)`;
    const [row] = await db
      .select({ computedAt: rankingRuns.computedAt, total })
      .from(worlds)
      .leftJoin(rankingRuns, eq(rankingRuns.worldId, worlds.id))
      .where(eq(worlds.id, worldId));
    if (!row) throw notFound('no_such_world');
    return { computedAt: row.computedAt, total: Number(row.total) };
  };
  const first = await read();
  if (first.computedAt !== null) return first;
  await recompute(db, worldId, { now, keep: () => true });
  return read();
}

/**
 * Standings are read by rank range rather than OFFSET: ranks are 1..n, so every page is one index range, as cheap deep
 * as first. A player deleted since the computation leaves a gap until the next one.
 */
const rankRange = (rank: typeof playerStandings.rank | typeof allianceStandings.rank, { page, limit }: PageRequest) => {
  const { offset } = pageWindow({ page, limit });
  return and(gt(rank, offset), lte(rank, offset + limit));
};

/** A page of the world's players by population, as last computed. */
export async function playerRankings(db: Db, worldId: WorldId, page: PageRequest, now: Date): Promise<Schema<'PlayerRankings'>> {
  const header = await standingsHeader(db, worldId, playerStandings, now);
  const rows = await db
    .select({
      rank: playerStandings.rank,
      userId: playerStandings.userId,
      username: users.username,
      population: playerStandings.population,
      villages: playerStandings.villages,
      alliance: { id: alliances.id, tag: alliances.tag, name: alliances.name },
    })
    .from(playerStandings)
    .innerJoin(users, eq(users.id, playerStandings.userId))
    .leftJoin(alliances, eq(alliances.id, playerStandings.allianceId))
    .where(and(eq(playerStandings.worldId, worldId), rankRange(playerStandings.rank, page)))
    .orderBy(asc(playerStandings.rank));
  return {
    worldId,
    computedAt: header.computedAt?.toISOString() ?? null,
    entries: rows.map((row) => ({
      rank: row.rank,
      player: { id: row.userId, username: row.username },
      population: row.population,
      villages: row.villages,
      alliance: row.alliance,
    })),
    page: page.page,
    limit: page.limit,
    total: header.total,
  };
}

/** A page of the world's alliances by their members' population there, as last computed. */
export async function allianceRankings(db: Db, worldId: WorldId, page: PageRequest, now: Date): Promise<Schema<'AllianceRankings'>> {
  const header = await standingsHeader(db, worldId, allianceStandings, now);
  const rows = await db
    .select({
      rank: allianceStandings.rank,
      alliance: { id: alliances.id, tag: alliances.tag, name: alliances.name },
      population: allianceStandings.population,
      members: allianceStandings.members,
    })
    .from(allianceStandings)
    .innerJoin(alliances, eq(alliances.id, allianceStandings.allianceId))
    .where(and(eq(allianceStandings.worldId, worldId), rankRange(allianceStandings.rank, page)))
    .orderBy(asc(allianceStandings.rank));
  return {
    worldId,
    computedAt: header.computedAt?.toISOString() ?? null,
    entries: rows,
    page: page.page,
    limit: page.limit,
    total: header.total,
  };
}

/** The world's standings computed at least once (computing them now if never), or 404 for an unknown world. */
export async function ensureStandings(db: Db, worldId: WorldId, now: Date): Promise<void> {
  await standingsHeader(db, worldId, playerStandings, now);
}
