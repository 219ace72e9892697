// Routes of the gamemaster tag about fair play: the account links the signals found, and a game master's decision on one.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import { decideAccountLink, listAccountLinks } from './links';

export function fairPlayRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listAccountLinks({ query }) {
      return listAccountLinks(db, query.page ?? 1);
    },

    async decideAccountLink({ user, params, body }) {
      return decideAccountLink(db, user, { linkId: params.linkId, status: body.status, note: body.note }, clock.now());
    },
  };
}
