// Routes of the quests tag: the caller's quests by type, starting one, and the progress summary.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as quests from './quests';

export function questRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listQuests({ user }) {
      return quests.listQuests(db, user.id, clock.now());
    },

    async startQuest({ user, params }) {
      return quests.startQuest(db, user.id, params.questId, clock.now());
    },

    async getQuestSummary({ user }) {
      return quests.questSummary(db, user.id, clock.now());
    },
  };
}
