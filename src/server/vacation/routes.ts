// Routes of the vacation tag: the caller's vacation in a world, starting it and ending it.
import type { AppContext } from '../context';
import { idOf, type Handlers, type WorldId } from '../operations';
import * as vacation from './vacation';

export function vacationRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getVacation({ user, params }) {
      return vacation.getVacation(db, { userId: user.id, worldId: idOf<WorldId>(params.worldId), now: clock.now() });
    },

    async startVacation({ user, params, body }) {
      return vacation.startVacation(db, { userId: user.id, worldId: idOf<WorldId>(params.worldId), now: clock.now() }, body.endsAt);
    },

    async endVacation({ user, params }) {
      return vacation.endVacation(db, { userId: user.id, worldId: idOf<WorldId>(params.worldId), now: clock.now() });
    },
  };
}
