// Routes of the farm-lists tag: a player's lists of raid targets, their rows, and sending a list in one request.
import type { AppContext } from '../context';
import { idOf, type Handlers, type VillageId } from '../operations';
import * as farm from './farm-lists';
import { sendFarmList } from './send';

export function farmListRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  const listOrder = (actor: farm.ListOrder['actor'], listId: string) => ({ actor, listId, now: clock.now() });
  return {
    async listFarmLists({ user }) {
      return farm.listFarmLists(db, user.id, clock.now());
    },

    async createFarmList({ user, body }) {
      return farm.createFarmList(db, { actor: user.id, villageId: idOf<VillageId>(body.villageId), now: clock.now() }, body.name);
    },

    async renameFarmList({ user, params, body }) {
      return farm.renameFarmList(db, listOrder(user.id, params.listId), body.name);
    },

    async deleteFarmList({ user, params }) {
      return farm.deleteFarmList(db, listOrder(user.id, params.listId));
    },

    async addFarmTarget({ user, params, body }) {
      return farm.addFarmTarget(db, listOrder(user.id, params.listId), body);
    },

    async updateFarmTarget({ user, params, body }) {
      return farm.updateFarmTarget(db, { ...listOrder(user.id, params.listId), targetId: params.targetId }, body.units);
    },

    async removeFarmTarget({ user, params }) {
      return farm.removeFarmTarget(db, { ...listOrder(user.id, params.listId), targetId: params.targetId });
    },

    async sendFarmList({ user, params, body }) {
      return sendFarmList(db, listOrder(user.id, params.listId), body);
    },
  };
}
