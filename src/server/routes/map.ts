// Routes of the map tag that read the world map: areas, search, public village details, oases, travel times, figures.
import type { AppContext } from '../context';
import { RawJson, type Handlers } from '../operations';
import * as map from '../services/map';

export function mapRoutes(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    async getMapArea({ params }) {
      return new RawJson(await map.mapAreaJson(db, params));
    },

    async searchMap({ params, query }) {
      return { results: await map.searchMap(db, params.worldId, query.q, query.near) };
    },

    async getVillageDetails({ params }) {
      return map.villageDetails(db, params.villageId);
    },

    async getVillageOases({ user, params, query }) {
      return { oases: await map.villageOases(db, user.id, params.villageId, query.maxDistance ?? 10) };
    },

    async getTravelTime({ params, query }) {
      return map.travelTime({ x: params.fromX, y: params.fromY }, { x: params.toX, y: params.toY }, query.unitSpeed ?? 6, query.worldSpeed ?? 1);
    },

    async getMapStats({ params }) {
      return map.mapStats(db, params.worldId);
    },
  };
}
