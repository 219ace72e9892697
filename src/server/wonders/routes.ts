// Routes of the wonders tag: the wonders of a world, their types, alliance effects, victory, founding and contributing.
import type { AppContext } from '../context';
import { idOf, type Handlers, type VillageId, type WonderId, type WorldId } from '../operations';
import * as wonders from './wonders';

/** The world a wonders query asks about, if it names one. */
const worldOf = (query: { worldId?: string }): WorldId | undefined => (query.worldId === undefined ? undefined : idOf<WorldId>(query.worldId));

export function wonderRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listWonders({ user, query }) {
      return wonders.listWonders(db, user.id, clock.now(), worldOf(query));
    },

    async getWonderTypes() {
      return wonders.wonderTypes();
    },

    async getAllianceEffects({ user, query }) {
      return wonders.allianceEffects(db, user.id, clock.now(), worldOf(query));
    },

    async checkVictory({ user, query }) {
      return wonders.checkVictory(db, user.id, clock.now(), worldOf(query));
    },

    async constructWonder({ user, body }) {
      return wonders.constructWonder(db, user.id, { ...body, villageId: idOf<VillageId>(body.villageId) }, clock.now());
    },

    async contributeToWonder({ user, params, body }) {
      return wonders.contributeToWonder(db, user.id, { wonderId: idOf<WonderId>(params.wonderId), villageId: idOf<VillageId>(body.villageId), resources: body.resources }, clock.now());
    },
  };
}
