// Routes of the heroes tag: the caller's heroes, hero types, the price of the next one, the leaderboard, recruiting and levelling up.
import type { AppContext } from '../context';
import { idOf, type Handlers, type HeroId, type VillageId } from '../operations';
import * as heroes from './heroes';

export function heroRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listHeroes({ user }) {
      return heroes.listHeroes(db, user.id, clock.now());
    },

    async listHeroTypes() {
      return heroes.heroTypes();
    },

    async getRecruitmentCost({ user, query }) {
      return heroes.recruitmentQuote(db, user.id, clock.now(), query.villageId === undefined ? undefined : idOf<VillageId>(query.villageId));
    },

    async getHeroLeaderboard() {
      return heroes.heroLeaderboard(db);
    },

    async recruitHero({ user, body }) {
      return heroes.recruitHero(db, user.id, { ...body, villageId: idOf<VillageId>(body.villageId) }, { now: clock.now() });
    },

    async levelUpHero({ user, params }) {
      return heroes.levelUpHero(db, user.id, idOf<HeroId>(params.heroId), clock.now());
    },
  };
}
