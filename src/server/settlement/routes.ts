// Routes of the settlement tag: whether a tile can be settled, candidate sites near a village, founding and the player's limits.
import type { AppContext } from '../context';
import { idOf, type Handlers, type VillageId, type WorldId } from '../operations';
import * as settlement from './settlement';

export function settlementRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async canSettle({ params }) {
      return settlement.canSettle(db, idOf<WorldId>(params.worldId), params.x, params.y);
    },

    async getSettlementCandidates({ user, params, query }) {
      return settlement.settlementCandidates(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() }, query.radius ?? 15);
    },

    async foundSettlement({ user, body }) {
      return settlement.foundVillage(db, user.id, { ...body, worldId: idOf<WorldId>(body.worldId), fromVillageId: idOf<VillageId>(body.fromVillageId) }, clock.now());
    },

    async getSettlementStats({ user }) {
      return settlement.settlementStats(db, user.id);
    },
  };
}
