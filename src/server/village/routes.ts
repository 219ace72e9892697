// Routes of the caller's villages: the villages tag (list, buildings, training) and the village pages under /api/map/village/{id}.
import type { AppContext } from '../context';
import { idOf, type Handlers, type VillageId } from '../operations';
import * as villages from './villages';

export function villageRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listVillages({ user }) {
      return villages.listVillages(db, user.id, clock.now());
    },

    async getVillage({ user, params }) {
      return villages.villageOf(db, user.id, idOf<VillageId>(params.villageId), clock.now());
    },

    async constructBuilding({ user, params, body }) {
      return villages.constructBuilding(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() }, body);
    },

    async upgradeBuilding({ user, params }) {
      return villages.upgradeBuilding(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() }, params.buildingId);
    },

    async getBuildingCost({ params }) {
      return villages.buildingCostQuote(params.buildingType, params.level);
    },

    async trainUnits({ user, params, body }) {
      return villages.trainUnits(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() }, body);
    },

    async getVillageOverview({ user, params }) {
      return villages.villageOverview(db, user.id, idOf<VillageId>(params.villageId), clock.now());
    },

    async renameVillage({ user, params, body }) {
      return villages.renameVillage(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() }, body.name);
    },

    async getVillageBuildings({ user, params }) {
      return villages.villageBuildings(db, user.id, idOf<VillageId>(params.villageId), clock.now());
    },

    async getVillageUnits({ user, params }) {
      return villages.villageUnits(db, user.id, idOf<VillageId>(params.villageId), clock.now());
    },

    async getVillageFields({ user, params }) {
      return villages.villageFields(db, user.id, idOf<VillageId>(params.villageId), clock.now());
    },

    async getVillageProduction({ user, params }) {
      return villages.villageProduction(db, user.id, idOf<VillageId>(params.villageId), clock.now());
    },
  };
}
