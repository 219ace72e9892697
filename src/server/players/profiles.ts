// Player profiles: what any signed-in player may see of another (villages, population, alliance, standings), finding a player by name, and writing one's own description.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, alliances, playerStandings, users, vacations, villages, worlds } from '../db/schema';
import { badRequest, notFound, unauthorized, worded } from '../errors';
import { villagePopulation } from '../village/population';
import { profileDescriptionError } from '../../rules/mail';
import { normaliseFreeText } from '../../rules/validation';
import type { PlayerId, WorldId } from '../../rules/ids';

export type PlayerProfileView = Schema<'PlayerProfile'>;

/** Whose profile, and who looks at it. */
export interface ProfileLook {
  playerId: PlayerId;
  viewerId: PlayerId;
  /** Vacations that end before this are over. */
  now: Date;
}

/** The player's villages in every world, with population as it stands in their buildings, capitals first within a world. */
function villagesOf(db: Db, playerId: PlayerId) {
  return db
    .select({
      id: villages.id,
      name: villages.name,
      x: villages.x,
      y: villages.y,
      population: villagePopulation,
      isCapital: villages.isCapital,
      worldId: worlds.id,
      worldName: worlds.name,
    })
    .from(villages)
    .innerJoin(worlds, eq(worlds.id, villages.worldId))
    .where(eq(villages.ownerId, playerId))
    .orderBy(asc(worlds.createdAt), asc(worlds.id), desc(villages.isCapital), asc(villages.createdAt), asc(villages.id));
}

/** The profile of a player, or null when there is no such player. */
export async function playerProfile(db: Db, { playerId, viewerId, now }: ProfileLook): Promise<PlayerProfileView | null> {
  const [[user], [alliance], owned, ranks, away] = await Promise.all([
    db.select({ id: users.id, username: users.username, description: users.profileDescription, createdAt: users.createdAt }).from(users).where(eq(users.id, playerId)),
    db
      .select({ id: alliances.id, tag: alliances.tag, name: alliances.name })
      .from(allianceMembers)
      .innerJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
      .where(eq(allianceMembers.userId, playerId)),
    villagesOf(db, playerId),
    db.select({ worldId: playerStandings.worldId, rank: playerStandings.rank }).from(playerStandings).where(eq(playerStandings.userId, playerId)),
    db.select({ worldId: vacations.worldId, until: vacations.endsAt }).from(vacations).where(and(eq(vacations.userId, playerId), gt(vacations.endsAt, now))),
  ]);
  if (!user) return null;

  const rankIn = new Map(ranks.map((row) => [row.worldId, row.rank]));
  // One standing per world the player has villages in, in the villages' order; the population counted now.
  const standings = new Map<WorldId, Schema<'ProfileStanding'>>();
  for (const village of owned) {
    const standing = standings.get(village.worldId) ?? { world: { id: village.worldId, name: village.worldName }, rank: rankIn.get(village.worldId) ?? null, population: 0 };
    standing.population += village.population;
    standings.set(village.worldId, standing);
  }
  return {
    player: { id: user.id, username: user.username },
    description: user.description,
    alliance: alliance ?? null,
    villages: owned.map(({ worldId, worldName, ...village }) => ({ ...village, world: { id: worldId, name: worldName } })),
    population: owned.reduce((sum, village) => sum + village.population, 0),
    standings: [...standings.values()],
    foundedAt: user.createdAt.toISOString(),
    vacations: away.map((v) => ({ worldId: v.worldId, until: v.until.toISOString() })),
    isMe: user.id === viewerId,
  };
}

/** Any signed-in player may look at any player's profile. */
export async function getPlayerProfile(db: Db, look: ProfileLook): Promise<PlayerProfileView> {
  const profile = await playerProfile(db, look);
  if (!profile) throw notFound('no_such_player');
  return profile;
}

/** The player of that username, any case; null when there is none (mail and profiles find players the same way). */
export async function playerNamed(db: Db, username: string): Promise<{ id: PlayerId; username: string } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`);
  return row ?? null;
}

/** The player of that username, in any case. */
export async function findPlayerByName(db: Db, username: string): Promise<Schema<'PlayerFound'>> {
  const player = await playerNamed(db, username);
  if (!player) throw notFound('no_such_player');
  return { player };
}

/** Writes what the player says about themselves (trimmed; empty clears it) and answers the profile as others now see it. */
export async function updateMyProfile(db: Db, playerId: PlayerId, description: string, now: Date): Promise<PlayerProfileView> {
  const text = normaliseFreeText(description);
  const problem = profileDescriptionError(text);
  if (problem) throw badRequest(worded(problem), [{ field: 'description', message: problem }]);
  const updated = await db.update(users).set({ profileDescription: text }).where(eq(users.id, playerId)).returning({ id: users.id });
  const profile = updated.length === 0 ? null : await playerProfile(db, { playerId, viewerId: playerId, now });
  // Only an account deleted while the request ran has no row: it is signed out.
  if (!profile) throw unauthorized();
  return profile;
}
