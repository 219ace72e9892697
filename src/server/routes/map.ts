// Routes of the map tag that read the world map: areas, search, public village details, oases, travel times, figures.
import type { AppContext } from '../context';
import { signedIn } from '../context';
import type { Handlers } from '../openapi';
import * as map from '../services/map';

export function mapRoutes(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    async getMapArea(request, reply) {
      const { worldId, x, y, radius } = request.params as { worldId: string; x: number; y: number; radius: number };
      const json = await map.mapAreaJson(db, { worldId, x, y, radius });
      return reply.type('application/json; charset=utf-8').send(json);
    },

    async searchMap(request) {
      const { worldId } = request.params as { worldId: string };
      const { q, near } = request.query as { q: string; near?: string };
      const centre = near === undefined ? null : map.parseCoordinates(near);
      return { results: await map.searchMap(db, worldId, q, centre) };
    },

    async getVillageDetails(request) {
      const { villageId } = request.params as { villageId: string };
      return map.villageDetails(db, villageId);
    },

    async getVillageOases(request) {
      const { villageId } = request.params as { villageId: string };
      const { maxDistance } = request.query as { maxDistance: number };
      return { oases: await map.villageOases(db, signedIn(request).id, villageId, maxDistance) };
    },

    async getTravelTime(request) {
      const { fromX, fromY, toX, toY } = request.params as { fromX: number; fromY: number; toX: number; toY: number };
      const { unitSpeed, worldSpeed } = request.query as { unitSpeed: number; worldSpeed: number };
      return map.travelTime({ x: fromX, y: fromY }, { x: toX, y: toY }, unitSpeed, worldSpeed);
    },

    async getMapStats(request) {
      const { worldId } = request.params as { worldId: string };
      return map.mapStats(db, worldId);
    },
  };
}
