// Routes of the worlds tag: the list, one world, joining (which founds the capital) and the leaderboard.
import type { AppContext } from '../context';
import { signedIn } from '../context';
import type { Handlers } from '../openapi';
import * as worlds from '../services/worlds';

export function worldRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listWorlds() {
      return worlds.listWorlds(db);
    },

    async getWorld(request) {
      const { worldId } = request.params as { worldId: string };
      return worlds.getWorld(db, worldId);
    },

    async joinWorld(request, reply) {
      const { worldId } = request.params as { worldId: string };
      const result = await worlds.joinWorld(db, signedIn(request), worldId, clock.now());
      return reply.code(201).send(result);
    },

    async getWorldLeaderboard(request) {
      const { worldId } = request.params as { worldId: string };
      const { limit } = request.query as { limit?: number };
      return worlds.worldLeaderboard(db, worldId, limit ?? 50);
    },
  };
}
