// World rounds: closing a world once (a victory or its end date), its final standing computed and kept at that moment as its hall of fame, and reading it.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { alliances, heroes, users, villages, wonders, worldHallOfFame, worlds, type HallOfFameRow } from '../db/schema';
import { notFound } from '../errors';
import { notifyEveryone } from '../live/notify';
import { allianceRankings, computeFinalStandings, playerRankings } from '../rankings/standings';
import { combatRankings } from '../rankings/combat-points';
import { HALL_OF_FAME_SIZE, endingSummary, type WorldEndReason } from '../../rules/world-rounds';
import { WONDERS, victory, type Victory } from '../../rules/wonders';
import { totalPower } from '../../rules/heroes';
import type { PlayerId, WorldId } from '../../rules/ids';
import { endingOf } from '../village/load';

/** A world closing: which, why, at which instant it stops, and the victory that closes it (a victory only). */
export interface WorldClose {
  worldId: WorldId;
  reason: WorldEndReason;
  at: Date;
  victory?: Schema<'HallOfFameVictory'>;
  winner?: Schema<'AllianceRef'> | null;
}

const TOP = { page: 1, limit: HALL_OF_FAME_SIZE };

/** The world's heroes (those whose home village stands in it) by power, as the heroes' leaderboard ranks them. */
async function heroesOf(tx: Db, worldId: WorldId): Promise<Schema<'HallOfFameHero'>[]> {
  const power = sql<number>`(${heroes.attack} + ${heroes.defense} + ${heroes.speed} + ${heroes.leadership}) * ${heroes.level}`;
  const rows = await tx
    .select({ hero: heroes, username: users.username })
    .from(heroes)
    .innerJoin(villages, eq(villages.id, heroes.villageId))
    .innerJoin(users, eq(users.id, heroes.userId))
    .where(eq(villages.worldId, worldId))
    .orderBy(desc(power), asc(heroes.createdAt), asc(heroes.id))
    .limit(HALL_OF_FAME_SIZE);
  return rows.map(({ hero, username }, i) => ({
    rank: i + 1,
    hero: { id: hero.id, name: hero.name, type: hero.type, level: hero.level, totalPower: totalPower(hero) },
    player: { id: hero.userId, username },
  }));
}

/** The top of every list of the world as it stands inside `tx`, with the population standings computed once more at `at`. */
async function finalStanding(tx: Db, worldId: WorldId, at: Date): Promise<Schema<'HallOfFameStanding'>> {
  await computeFinalStandings(tx, worldId, at);
  const fighters = (board: 'attackers' | 'defenders') => combatRankings(tx, worldId, { board, period: 'all', ...TOP }, at);
  return {
    players: (await playerRankings(tx, worldId, TOP, at)).entries,
    alliances: (await allianceRankings(tx, worldId, TOP, at)).entries,
    attackers: (await fighters('attackers')).entries,
    defenders: (await fighters('defenders')).entries,
    heroes: await heroesOf(tx, worldId),
  };
}

/**
 * Inside `tx`, closes the world at `close.at` unless it is closed already (a conditional update: a victory and the end
 * date at one instant, or two processes' sweepers, close it exactly once). The world's end becomes that instant (or stays
 * an earlier end date), its status `ended`; its final standing is computed and stored as its hall of fame in the same
 * commit, and every player is told to read the world's notices again. Answers whether this call closed it.
 *
 * Lock order: the caller holds whatever it settled (a village, the world's wonders); the world's row comes after them.
 */
export async function closeWorld(tx: Db, close: WorldClose): Promise<boolean> {
  const [closed] = await tx
    .update(worlds)
    .set({ status: 'ended', endsAt: sql`least(coalesce(${worlds.endsAt}, ${close.at.toISOString()}::timestamptz), ${close.at.toISOString()}::timestamptz)` })
    .where(and(eq(worlds.id, close.worldId), ne(worlds.status, 'ended')))
    .returning({ endsAt: worlds.endsAt });
  if (!closed) return false;
  const endedAt = closed.endsAt ?? close.at;
  const standing = await finalStanding(tx, close.worldId, endedAt);
  // At an end date the alliance leading the alliance rankings (by its members' population there) is named.
  const winner = close.winner !== undefined ? close.winner : (standing.alliances[0]?.alliance ?? null);
  await tx.insert(worldHallOfFame).values({ worldId: close.worldId, reason: close.reason, endedAt, winner, victory: close.victory ?? null, standing });
  await notifyEveryone(tx, { kind: 'notices_changed', worldId: close.worldId });
  return true;
}

/** The completed wonder that won, as the rule named the victory: the first Yggdrasil, or the alliance's third. */
function winningWonder(completed: (typeof wonders.$inferSelect)[], won: Victory) {
  return completed
    .filter((w) => w.completedAt?.getTime() === won.achievedAt)
    .find((w) => (won.kind === 'wonder_victory' ? WONDERS[w.type].victoryCondition : w.completedAllianceId === won.allianceId));
}

/**
 * Inside the transaction that completed a wonder of the world (under that wonder's lock), closes the world when the
 * completed wonders now make a victory (src/rules/wonders.ts): at `at`, the instant the completion was applied.
 */
export async function closeOnVictory(tx: Db, worldId: WorldId, at: Date): Promise<boolean> {
  const completed = await tx
    .select()
    .from(wonders)
    .where(and(eq(wonders.worldId, worldId), eq(wonders.status, 'completed')))
    .orderBy(asc(wonders.completedAt), asc(wonders.id));
  const won = victory(completed.map((w) => ({ type: w.type, completedAt: w.completedAt!.getTime(), allianceId: w.completedAllianceId, ownerId: w.ownerId })));
  const wonder = won && winningWonder(completed, won);
  if (!won || !wonder) return false;
  // The builder's alliance when the wonder was completed: the Yggdrasil's, or the alliance of the three.
  const allianceId = wonder.completedAllianceId;
  const [alliance] = allianceId ? await tx.select({ id: alliances.id, tag: alliances.tag, name: alliances.name }).from(alliances).where(eq(alliances.id, allianceId)) : [];
  const ownerId: PlayerId | null = wonder.ownerId;
  const [user] = ownerId ? await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, ownerId)) : [];
  return closeWorld(tx, {
    worldId,
    reason: 'victory',
    at,
    winner: alliance ?? null,
    victory: {
      type: won.kind,
      achievedAt: new Date(won.achievedAt).toISOString(),
      wonder: { id: wonder.id, name: wonder.name, type: wonder.type },
      user: user ?? null,
    },
  });
}

function hallOfFameView(row: HallOfFameRow, world: { id: WorldId; name: string }): Schema<'HallOfFame'> {
  return {
    world,
    reason: row.reason,
    endedAt: row.endedAt.toISOString(),
    summary: endingSummary(endingOf({ reason: row.reason, winner: row.winner, victory: row.victory })),
    winner: row.winner,
    victory: row.victory,
    standing: row.standing,
  };
}

/** An ended world's hall of fame, as stored at its close; 404 for an unknown world or one that has not ended. */
export async function hallOfFame(db: Db, worldId: WorldId): Promise<Schema<'HallOfFame'>> {
  const [found] = await db
    .select({ world: { id: worlds.id, name: worlds.name }, fame: worldHallOfFame })
    .from(worlds)
    .leftJoin(worldHallOfFame, eq(worldHallOfFame.worldId, worlds.id))
    .where(eq(worlds.id, worldId));
  if (!found) throw notFound('no_such_world');
  if (!found.fame) throw notFound('world_not_ended');
  return hallOfFameView(found.fame, found.world);
}
