// The caller's place on each list of a world: read from the standings, and counted from the combat points' index.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, allianceStandings, combatPoints, playerStandings, users, worlds } from '../db/schema';
import { notFound } from '../errors';
import type { PlayerId, WorldId } from '../../rules/ids';
import { ensureStandings } from './standings';
import { periodStart, pointsOf, usernameOrder, type CombatList } from './combat-points';

/** Whose rank, in which world, as of when. */
interface Ranked {
  worldId: WorldId;
  userId: PlayerId;
  now: Date;
}

/**
 * The player's rank on a combat list, or null when they have no points there: one more than those with more points
 * (an index range of (world, week, points)) and those with as many whose name comes first (the same order as the page).
 */
function combatRank({ worldId, userId, now }: Ranked, list: CombatList): SQL<number | null> {
  const points = sql.identifier(pointsOf(list.board).name);
  const since = periodStart(list.period, now).toISOString();
  const rows = sql`${combatPoints} c where c.world_id = ${worldId}::uuid and c.week_start = ${since}::timestamptz`;
  return sql<number | null>`(select (1
      + (select count(*) from ${rows} and c.${points} > me.${points})
      + (select count(*) from ${rows} and c.${points} = me.${points}
           and ${usernameOrder(sql`(select u.username from ${users} u where u.id = c.user_id)`)} < ${usernameOrder(sql`my.username`)}))::int
    from ${combatPoints} me join ${users} my on my.id = me.user_id
    where me.world_id = ${worldId}::uuid and me.week_start = ${since}::timestamptz and me.user_id = ${userId}::uuid and me.${points} > 0)`;
}

/** The caller's ranks in the world (null where they are not listed); standings are computed first if they never were. */
export async function myRankings(db: Db, who: Ranked): Promise<Schema<'MyRankings'>> {
  await ensureStandings(db, who.worldId, who.now);
  const rank = (query: SQL<number | null>) => query.mapWith(Number);
  // Ids as parameters, never as the outer row's columns: Drizzle writes a one-table query's columns unqualified.
  const world = sql`${who.worldId}::uuid`;
  const me = sql`${who.userId}::uuid`;
  const [row] = await db
    .select({
      players: rank(sql`(select p.rank from ${playerStandings} p where p.world_id = ${world} and p.user_id = ${me})`),
      alliances: rank(sql`(select s.rank from ${allianceMembers} m join ${allianceStandings} s on s.alliance_id = m.alliance_id where m.user_id = ${me} and s.world_id = ${world})`),
      attackersWeek: rank(combatRank(who, { board: 'attackers', period: 'week' })),
      attackersAll: rank(combatRank(who, { board: 'attackers', period: 'all' })),
      defendersWeek: rank(combatRank(who, { board: 'defenders', period: 'week' })),
      defendersAll: rank(combatRank(who, { board: 'defenders', period: 'all' })),
    })
    .from(worlds)
    .where(eq(worlds.id, who.worldId));
  if (!row) throw notFound('no_such_world');
  return { worldId: who.worldId, ...row };
}
