// Routes of the map tag that read the world map: areas, search, public village details, oases, travel times, figures.
import type { AppContext } from '../context';
import { RawJson, idOf, type Handlers, type VillageId, type WorldId } from '../operations';
import * as map from './map';
import { areaEncoding, MapAreaCache, matchesEtag } from './area-cache';
import { oasisDetails } from '../oases/oases';

export function mapRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  // Per app: cached fragments are checked against the database's chunk versions on every call, so other processes' changes show at once.
  const areas = new MapAreaCache();
  return {
    async getMapArea({ params, request, reply }) {
      const area = await areas.area(db, { ...params, worldId: idOf<WorldId>(params.worldId) }, clock.now());
      // The browser keeps the reply and asks again with If-None-Match; an unchanged area costs one small read and a 304.
      reply.header('etag', area.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
      if (matchesEtag(request.headers['if-none-match'], area.etag)) {
        await reply.code(304).send();
        return new RawJson(area.json);
      }
      const encoding = areaEncoding(request.headers['accept-encoding']);
      if (encoding) {
        // Compressed once per reply and kept: the compression plugin leaves a body that already has an encoding alone.
        await reply.code(200).type('application/json; charset=utf-8').header('content-encoding', encoding).send(area.body(encoding));
        return new RawJson(area.json);
      }
      return new RawJson(area.json);
    },

    async searchMap({ params, query }) {
      return { results: await map.searchMap(db, { worldId: idOf<WorldId>(params.worldId), text: query.q, nearText: query.near }, clock.now()) };
    },

    async getVillageDetails({ params }) {
      return map.villageDetails(db, idOf<VillageId>(params.villageId), clock.now());
    },

    async getOasis({ params }) {
      return oasisDetails(db, { worldId: idOf<WorldId>(params.worldId), x: params.x, y: params.y }, clock.now());
    },

    async getVillageOases({ user, params, query }) {
      return { oases: await map.villageOases(db, user.id, idOf<VillageId>(params.villageId), query.maxDistance ?? 10) };
    },

    async getTravelTime({ params, query }) {
      return map.travelTime({ x: params.fromX, y: params.fromY }, { x: params.toX, y: params.toY }, query.unitSpeed ?? 6, query.worldSpeed ?? 1);
    },

    async getMapStats({ params }) {
      return map.mapStats(db, idOf<WorldId>(params.worldId));
    },
  };
}
