// Typed calls the world map needs: areas of tiles, search, village details and the tutorial report.
import type { components } from '../../contract';
import { api, unwrap } from './client';

export type MapArea = components['schemas']['MapArea'];
export type MapSearchResult = components['schemas']['MapSearchResult'];
export type VillageDetails = components['schemas']['VillageDetails'];
export type TutorialAction = components['schemas']['TutorialAction'];

/** A square of the world map: its centre tile (x, y) and how many tiles it reaches out on each side. */
export interface MapAreaRequest {
  worldId: string;
  x: number;
  y: number;
  radius: number;
}

/** The square of (2 * radius + 1)^2 tiles around (x, y), rows from the highest y. */
export function getMapArea({ worldId, x, y, radius }: MapAreaRequest, signal?: AbortSignal): Promise<MapArea> {
  return unwrap(api.GET('/api/map/area/{worldId}/{x}/{y}/{radius}', { params: { path: { worldId, x, y, radius } }, signal }));
}

/** Villages whose name contains `text` (nearest to `near` first), or for "(x|y)" the village or tile there. */
export async function searchMap(worldId: string, text: string, near?: { x: number; y: number }): Promise<MapSearchResult[]> {
  const query = near ? { q: text, near: `${near.x}|${near.y}` } : { q: text };
  const { results } = await unwrap(api.GET('/api/map/search/{worldId}', { params: { path: { worldId }, query } }));
  return results;
}

export function getVillageDetails(villageId: string): Promise<VillageDetails> {
  return unwrap(api.GET('/api/map/village/{villageId}', { params: { path: { villageId } } }));
}

/** The map reports its own view to the tutorial; the call lives with the other tutorial calls. */
export { reportTutorialAction } from './tutorial';
