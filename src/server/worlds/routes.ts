// Routes of the worlds tag: the list, one world, joining (which founds the capital) and the leaderboard.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as worlds from './worlds';
import { worldNotices } from '../operators/gamemaster';

export function worldRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listWorlds() {
      return worlds.listWorlds(db);
    },

    async getWorld({ params }) {
      return worlds.getWorld(db, params.worldId);
    },

    async joinWorld({ user, params }) {
      return worlds.joinWorld(db, user, params.worldId, { now: clock.now() });
    },

    async getWorldNotices({ params }) {
      return worldNotices(db, params.worldId, clock.now());
    },

    async getWorldLeaderboard({ params, query }) {
      return worlds.worldLeaderboard(db, params.worldId, query.limit ?? 50);
    },
  };
}
