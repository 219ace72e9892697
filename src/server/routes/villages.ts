// Routes of the caller's villages: the villages tag (list, buildings, training) and the village pages under /api/map/village/{id}.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { signedIn } from '../context';
import type { Handlers } from '../openapi';
import * as villages from '../services/villages';

function villageId(request: FastifyRequest): string {
  return (request.params as { villageId: string }).villageId;
}

export function villageRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listVillages(request) {
      return villages.listVillages(db, signedIn(request).id, clock.now());
    },

    async getVillage(request) {
      return villages.villageOf(db, signedIn(request).id, villageId(request), clock.now());
    },

    async constructBuilding(request, reply) {
      const body = request.body as { buildingType: string; slot: number };
      const result = await villages.constructBuilding(db, signedIn(request).id, villageId(request), body, clock.now());
      return reply.code(201).send(result);
    },

    async upgradeBuilding(request) {
      const { buildingId } = request.params as { buildingId: string };
      return villages.upgradeBuilding(db, signedIn(request).id, villageId(request), buildingId, clock.now());
    },

    async getBuildingCost(request) {
      const { buildingType, level } = request.params as { buildingType: string; level: number };
      return villages.buildingCostQuote(buildingType, Number(level));
    },

    async trainUnits(request, reply) {
      const body = request.body as { unitType: string; count?: number };
      const result = await villages.trainUnits(db, signedIn(request).id, villageId(request), body, clock.now());
      return reply.code(201).send(result);
    },

    async getVillageOverview(request) {
      return villages.villageOverview(db, signedIn(request).id, villageId(request), clock.now());
    },

    async renameVillage(request) {
      const { name } = request.body as { name: string };
      return villages.renameVillage(db, signedIn(request).id, villageId(request), name, clock.now());
    },

    async getVillageBuildings(request) {
      return villages.villageBuildings(db, signedIn(request).id, villageId(request), clock.now());
    },

    async getVillageUnits(request) {
      return villages.villageUnits(db, signedIn(request).id, villageId(request), clock.now());
    },

    async getVillageFields(request) {
      return villages.villageFields(db, signedIn(request).id, villageId(request), clock.now());
    },

    async getVillageProduction(request) {
      return villages.villageProduction(db, signedIn(request).id, villageId(request), clock.now());
    },
  };
}
