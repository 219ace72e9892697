// Routes of the gamemaster tag: worlds, their status and end date, world events, announcements, rewards and analytics.
import type { AppContext } from '../context';
import { idOf, type Handlers, type WorldId } from '../operations';
import * as gm from './gamemaster';

export function gameMasterRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listWorldsForGameMaster() {
      return gm.worldsOverview(db, clock.now());
    },

    async createWorldAsGameMaster({ user, body }) {
      return gm.createWorldAs(db, user, body, clock.now());
    },

    async setWorldStatus({ user, params, body }) {
      return gm.setWorldStatus(db, user, { worldId: idOf<WorldId>(params.worldId), status: body.status }, clock.now());
    },

    async setWorldEndDate({ user, params, body }) {
      return gm.setWorldEndDate(db, user, { worldId: idOf<WorldId>(params.worldId), endsAt: body.endsAt }, clock.now());
    },

    async listWorldEvents({ query }) {
      return gm.listWorldEvents(db, clock.now(), query.worldId === undefined ? undefined : idOf<WorldId>(query.worldId));
    },

    async createWorldEvent({ user, body }) {
      return gm.createWorldEvent(db, user, { ...body, worldId: idOf<WorldId>(body.worldId) }, clock.now());
    },

    async updateWorldEvent({ user, params, body }) {
      return gm.updateWorldEvent(db, user, { eventId: params.eventId, changes: body }, clock.now());
    },

    async activateWorldEvent({ user, params }) {
      return gm.setWorldEventActive(db, user, { eventId: params.eventId, active: true }, clock.now());
    },

    async deactivateWorldEvent({ user, params }) {
      return gm.setWorldEventActive(db, user, { eventId: params.eventId, active: false }, clock.now());
    },

    async listAnnouncements({ query }) {
      return gm.listAnnouncements(db, query.worldId === undefined ? undefined : idOf<WorldId>(query.worldId));
    },

    async createAnnouncement({ user, body }) {
      return gm.createAnnouncement(db, user, { ...body, worldId: idOf<WorldId>(body.worldId) }, clock.now());
    },

    async distributeRewards({ user, body }) {
      return gm.distributeRewards(db, user, { ...body, worldId: idOf<WorldId>(body.worldId) }, clock.now());
    },

    async getWorldAnalytics({ params }) {
      return gm.worldAnalytics(db, idOf<WorldId>(params.worldId), clock.now());
    },
  };
}
