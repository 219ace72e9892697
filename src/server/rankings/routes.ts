// Routes of the rankings tag: players and alliances by population, attackers and defenders by points, and the caller's ranks.
import type { AppContext } from '../context';
import { idOf, type Handlers, type WorldId } from '../operations';
import { allianceRankings, playerRankings } from './standings';
import { combatRankings } from './combat-points';
import { myRankings } from './my-rankings';

export function rankingRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getPlayerRankings({ params, query }) {
      return playerRankings(db, idOf<WorldId>(params.worldId), { page: query.page ?? 1, limit: query.limit ?? 20 }, clock.now());
    },

    async getAllianceRankings({ params, query }) {
      return allianceRankings(db, idOf<WorldId>(params.worldId), { page: query.page ?? 1, limit: query.limit ?? 20 }, clock.now());
    },

    async getCombatRankings({ params, query }) {
      const list = { board: params.board, period: query.period ?? 'week', page: query.page ?? 1, limit: query.limit ?? 20 };
      return combatRankings(db, idOf<WorldId>(params.worldId), list, clock.now());
    },

    async getMyRankings({ user, params }) {
      return myRankings(db, { worldId: idOf<WorldId>(params.worldId), userId: user.id, now: clock.now() });
    },
  };
}
