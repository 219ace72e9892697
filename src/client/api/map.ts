// Typed calls the world map needs: areas of tiles, search, village details and the tutorial report.
import type { components } from '../../contract';
import { api, ApiFailure, unwrap } from './client';

export type MapArea = components['schemas']['MapArea'];
export type MapSearchResult = components['schemas']['MapSearchResult'];
export type VillageDetails = components['schemas']['VillageDetails'];
export type TutorialAction = components['schemas']['TutorialAction'];

/** The square of (2 * radius + 1)^2 tiles around (x, y), rows from the highest y. */
export function getMapArea(worldId: string, x: number, y: number, radius: number, signal?: AbortSignal): Promise<MapArea> {
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

/**
 * Tells the tutorial the player did something. Reporting is a courtesy: a server without the tutorial yet
 * (501) or any other failure is ignored, and resolves to whether the report was taken.
 */
export async function reportTutorialAction(action: TutorialAction): Promise<boolean> {
  try {
    await unwrap(api.POST('/api/tutorial/progress', { body: { action, amount: 1 } }));
    return true;
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.status !== 501) console.warn(`Tutorial report ${action} failed`, error);
    return false;
  }
}
