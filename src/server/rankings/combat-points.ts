// Combat points: added in the battle's own transaction as each battle is fought, and read as the attackers' and defenders' lists.
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, alliances, combatPoints, users, worlds } from '../db/schema';
import { notFound } from '../errors';
import { ALL_TIME, killPoints, weekStart } from '../../rules/rankings';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { UnitCounts } from '../../rules/units';
import type { PlayerId, WorldId } from '../../rules/ids';

/** One battle's casualties: who fought (null for an abandoned village or a deleted account) and what each side lost. */
export interface BattleCasualties {
  worldId: WorldId;
  attackerId: PlayerId | null;
  defenderId: PlayerId | null;
  attackerLosses: UnitCounts;
  defenderLosses: UnitCounts;
  at: Date;
}

interface Gain {
  attack: number;
  defence: number;
}

/**
 * Adds the battle's points to the week's row and the all-time row of both sides, inside the battle's transaction: the
 * attacker scores the defenders it killed, the defender the attackers. One statement; its rows are in one order (all
 * time first, then by player id), so two battles adding to the same players at once queue rather than deadlock.
 */
export async function recordCombatPoints(tx: Db, battle: BattleCasualties): Promise<void> {
  const write = combatPointsWrite(tx, battle);
  if (write) await write;
}

/** recordCombatPoints's upsert, not yet sent (none when nobody gained), for a caller that sends it with other writes (db/one-statement.ts). */
export function combatPointsWrite(tx: Db, battle: BattleCasualties) {
  const gains = new Map<PlayerId, Gain>();
  const add = (userId: PlayerId | null, gain: Gain) => {
    if (userId === null || gain.attack + gain.defence === 0) return;
    // One player on both sides (their own village) is one row: a statement may not update a row twice.
    const sum = gains.get(userId) ?? { attack: 0, defence: 0 };
    gains.set(userId, { attack: sum.attack + gain.attack, defence: sum.defence + gain.defence });
  };
  add(battle.attackerId, { attack: killPoints(battle.defenderLosses), defence: 0 });
  add(battle.defenderId, { attack: 0, defence: killPoints(battle.attackerLosses) });
  if (gains.size === 0) return null;
  const players = [...gains].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const weeks = [ALL_TIME, weekStart(battle.at.getTime())].map((week) => new Date(week));
  return tx
    .insert(combatPoints)
    .values(weeks.flatMap((week) => players.map(([userId, gain]) => ({ worldId: battle.worldId, userId, weekStart: week, ...gain }))))
    .onConflictDoUpdate({
      target: [combatPoints.worldId, combatPoints.weekStart, combatPoints.userId],
      set: { attack: sql`${combatPoints.attack} + excluded.attack`, defence: sql`${combatPoints.defence} + excluded.defence` },
    });
}

export type Board = 'attackers' | 'defenders';
export type Period = 'week' | 'all';

/** Which list: attackers or defenders, this week or all time. */
export interface CombatList {
  board: Board;
  period: Period;
}

/** The column a board ranks by. */
export const pointsOf = (board: Board) => (board === 'attackers' ? combatPoints.attack : combatPoints.defence);

/** The `weekStart` of the rows a period reads: this week's Monday, or the all-time row's. */
export const periodStart = (period: Period, now: Date) => new Date(period === 'week' ? weekStart(now.getTime()) : ALL_TIME);

/** Players byte-ordered by lowercased username, on every database alike (the same tie-break as the standings). */
export const usernameOrder = (username: SQL | typeof users.username) => sql`lower(${username}) collate "C"`;

/** A page of a combat list and its header: how many players have points there. Players with none are not listed. */
export async function combatRankings(db: Db, worldId: WorldId, list: CombatList & PageRequest, now: Date): Promise<Schema<'CombatRankings'>> {
  const points = pointsOf(list.board);
  const since = periodStart(list.period, now);
  const onList = and(eq(combatPoints.worldId, worldId), eq(combatPoints.weekStart, since), gt(points, 0));
  // One index range of (world, week, points): the count reads the index alone.
  const total = db.select({ n: count() }).from(combatPoints).where(onList);
  const [world] = await db.select({ total: sql<number>`(${total})`.mapWith(Number) }).from(worlds).where(eq(worlds.id, worldId));
  if (!world) throw notFound('no_such_world');
  const { limit, offset } = pageWindow(list);
  // The page is chosen first (the index in points order, usernames only to break ties), then named with alliances.
  const page = db
    .select({ userId: combatPoints.userId, points: sql<number>`${points}`.as('points'), username: users.username })
    .from(combatPoints)
    .innerJoin(users, eq(users.id, combatPoints.userId))
    .where(onList)
    .orderBy(desc(points), asc(usernameOrder(users.username)))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ userId: page.userId, points: page.points, username: page.username, alliance: { id: alliances.id, tag: alliances.tag, name: alliances.name } })
    .from(page)
    .leftJoin(allianceMembers, eq(allianceMembers.userId, page.userId))
    .leftJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
    .orderBy(desc(page.points), asc(usernameOrder(sql`${page.username}`)));
  return {
    worldId,
    board: list.board,
    period: list.period,
    since: list.period === 'week' ? since.toISOString() : null,
    entries: rows.map((row, i) => ({ rank: offset + i + 1, player: { id: row.userId, username: row.username }, points: Number(row.points), alliance: row.alliance })),
    page: list.page,
    limit: list.limit,
    total: world.total,
  };
}
