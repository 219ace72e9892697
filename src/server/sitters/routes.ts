// Routes of the sitters tag: the caller's sitters and the accounts they sit for, naming and removing, opening a sitting session, the owner's log.
import type { AppContext } from '../context';
import { idOf, type Handlers, type PlayerId } from '../operations';
import * as sitters from './sitters';

export function sitterRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getSitters({ user }) {
      return sitters.sitterOverview(db, user.id, clock.now());
    },

    async addSitter({ user, body }) {
      return sitters.addSitter(db, user.id, body.username, clock.now());
    },

    async removeSitter({ user, params }) {
      return sitters.removeSitter(db, user.id, idOf<PlayerId>(params.playerId), clock.now());
    },

    async startSitting({ user, params }) {
      return sitters.startSitting(db, { ownerId: idOf<PlayerId>(params.playerId), sitterId: user.id }, clock.now());
    },

    async getSitterLog({ user, query }) {
      return sitters.sitterLog(db, user.id, query.page ?? 1);
    },
  };
}
