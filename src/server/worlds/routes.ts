// Routes of the worlds tag: the list, one world, joining (which founds the capital), the leaderboard, an ended world's hall of fame and the public figures.
import type { AppContext } from '../context';
import { idOf, type Handlers, type WorldId } from '../operations';
import * as worlds from './worlds';
import { joinInLine } from './joining';
import { worldNotices } from '../operators/gamemaster';
import { hallOfFame } from './rounds';
import { figuresKeeper } from './figures';

export function worldRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  // Kept per app: one count a minute however many visitors open the front page.
  const figures = figuresKeeper(db, () => clock.now());
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

    async getHallOfFame({ params }) {
      return hallOfFame(db, idOf<WorldId>(params.worldId));
    },

    async getPublicFigures({ reply }) {
      // The same for everyone and a minute old at most: browsers and proxies may keep it as long.
      reply.header('cache-control', 'public, max-age=60');
      return figures();
    },
  };
}
