// Routes of the wonders tag: the wonders of a world, their types, alliance effects, victory, founding and contributing.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as wonders from './wonders';

export function wonderRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listWonders({ user, query }) {
      return wonders.listWonders(db, user.id, clock.now(), query.worldId);
    },

    async getWonderTypes() {
      return wonders.wonderTypes();
    },

    async getAllianceEffects({ user, query }) {
      return wonders.allianceEffects(db, user.id, clock.now(), query.worldId);
    },

    async checkVictory({ user, query }) {
      return wonders.checkVictory(db, user.id, clock.now(), query.worldId);
    },

    async constructWonder({ user, body }) {
      return wonders.constructWonder(db, user.id, body, clock.now());
    },

    async contributeToWonder({ user, params, body }) {
      return wonders.contributeToWonder(db, user.id, { wonderId: params.wonderId, villageId: body.villageId, resources: body.resources }, clock.now());
    },
  };
}
