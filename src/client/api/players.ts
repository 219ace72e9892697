// Typed calls of the players tag: a player's profile, finding a player by name, and writing one's own description.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type PlayerProfile = Schema<'PlayerProfile'>;
export type ProfileVillage = Schema<'ProfileVillage'>;
export type ProfileStanding = Schema<'ProfileStanding'>;
export type PlayerRef = Schema<'UserRef'>;

export function getPlayerProfile(playerId: string): Promise<PlayerProfile> {
  return unwrap(api.GET('/api/players/{playerId}', { params: { path: { playerId } } }));
}

/** The player with this username (any case). */
export async function findPlayerByName(username: string): Promise<PlayerRef> {
  const { player } = await unwrap(api.GET('/api/players/by-name/{username}', { params: { path: { username } } }));
  return player;
}

/** Writes the caller's description (empty clears it); the reply is the profile as others now see it. */
export function updateMyProfile(description: string): Promise<PlayerProfile> {
  return unwrap(api.PUT('/api/me/profile', { body: { description } }));
}
