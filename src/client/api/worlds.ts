// Typed calls of the worlds tag that the world picker needs: the list and joining (which founds the capital).
import { api, unwrap } from './client';
import type { components } from '../../contract';

export type World = components['schemas']['World'];
export type JoinWorldResponse = components['schemas']['JoinWorldResponse'];

export async function listWorlds(): Promise<World[]> {
  const { worlds } = await unwrap(api.GET('/api/worlds'));
  return worlds;
}

/** Joins a world; the reply carries the new capital village. 409 when already there or full, 503 in maintenance. */
export function joinWorld(worldId: string): Promise<JoinWorldResponse> {
  return unwrap(api.POST('/api/worlds/{worldId}/join', { params: { path: { worldId } } }));
}
