// Typed calls of the worlds tag that the world picker and the hall of fame need: the list, joining (which founds the capital) and an ended world's final standing.
import { api, unwrap } from './client';
import type { components } from '../../contract';

export type World = components['schemas']['World'];
export type JoinWorldResponse = components['schemas']['JoinWorldResponse'];
export type HallOfFame = components['schemas']['HallOfFame'];

export async function listWorlds(): Promise<World[]> {
  const { worlds } = await unwrap(api.GET('/api/worlds'));
  return worlds;
}

/** Joins a world; the reply carries the new capital village. 409 when already there or full, 503 in maintenance. */
export function joinWorld(worldId: string): Promise<JoinWorldResponse> {
  return unwrap(api.POST('/api/worlds/{worldId}/join', { params: { path: { worldId } } }));
}

/** An ended world's final standing, as kept at its close; 404 while the world is still played. */
export function getHallOfFame(worldId: string): Promise<HallOfFame> {
  return unwrap(api.GET('/api/worlds/{worldId}/hall-of-fame', { params: { path: { worldId } } }));
}
