// Routes of the smithy tag: a village's blacksmith research, and starting the next level of a unit type's attack or defence.
import type { AppContext } from '../context';
import { idOf, type Handlers, type VillageId } from '../operations';
import { getSmithy, startResearch } from './smithy';

export function smithyRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getSmithy({ user, params }) {
      return getSmithy(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() });
    },

    async startResearch({ user, params, body }) {
      return startResearch(db, { actor: user.id, villageId: idOf<VillageId>(params.villageId), now: clock.now() }, body);
    },
  };
}
