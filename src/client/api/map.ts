// Typed calls the world map needs: areas of tiles, search, village details, oases and the tutorial report.
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

export type OasisDetails = components['schemas']['OasisDetails'];
export type NearbyOasis = components['schemas']['Oasis'];

/** The oasis on tile (x, y): who holds it and the animals there now. */
export function getOasis(worldId: string, x: number, y: number): Promise<OasisDetails> {
  return unwrap(api.GET('/api/map/oasis/{worldId}/{x}/{y}', { params: { path: { worldId, x, y } } }));
}

/** The oases within `maxDistance` tiles of one's village, nearest first, each with the village holding it. */
export async function getVillageOases(villageId: string, maxDistance = 3): Promise<NearbyOasis[]> {
  const { oases } = await unwrap(api.GET('/api/map/village/{villageId}/oases', { params: { path: { villageId }, query: { maxDistance } } }));
  return oases;
}

export function getVillageDetails(villageId: string): Promise<VillageDetails> {
  return unwrap(api.GET('/api/map/village/{villageId}', { params: { path: { villageId } } }));
}

/** The map reports its own view to the tutorial; the call lives with the other tutorial calls. */
export { reportTutorialAction } from './tutorial';
