// Routes of the players tag: a player's profile, finding a player by name, and writing one's own description.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as profiles from './profiles';
import { idOf, type PlayerId } from '../operations';

export function playerRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getPlayerProfile({ user, params }) {
      return profiles.getPlayerProfile(db, { playerId: idOf<PlayerId>(params.playerId), viewerId: user.id, now: clock.now() });
    },

    async findPlayerByName({ params }) {
      return profiles.findPlayerByName(db, params.username);
    },

    async updateMyProfile({ user, body }) {
      return profiles.updateMyProfile(db, user.id, body.description, clock.now());
    },
  };
}
