// Routes of the worlds tag: the list, one world, joining (which founds the capital) and the leaderboard.
import type { AppContext } from '../context';
import { idOf, type Handlers, type WorldId } from '../operations';
import * as worlds from './worlds';
import { joinInLine } from './joining';
import { worldNotices } from '../operators/gamemaster';

export function worldRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listWorlds() {
      return worlds.listWorlds(db);
    },

    async getWorld({ params }) {
      return worlds.getWorld(db, idOf<WorldId>(params.worldId));
    },

    async joinWorld({ user, params }) {
      // Players joining at once are founded together (a world opening): see joining.ts.
      return joinInLine(db, clock, idOf<WorldId>(params.worldId), user);
    },

    async getWorldNotices({ params }) {
      return worldNotices(db, idOf<WorldId>(params.worldId), clock.now());
    },

    async getWorldLeaderboard({ params, query }) {
      return worlds.worldLeaderboard(db, idOf<WorldId>(params.worldId), query.limit ?? 50, clock.now());
    },
  };
}
