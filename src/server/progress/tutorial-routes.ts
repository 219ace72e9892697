// Routes of the tutorial tag: status, hints, reported page actions, skipping and (idempotent) initialising.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as tutorial from './tutorial';

export function tutorialRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getTutorialStatus({ user }) {
      return tutorial.getTutorialStatus(db, user.id, clock.now());
    },

    async getTutorialHints({ user }) {
      return tutorial.tutorialHints(db, user.id, clock.now());
    },

    async postTutorialProgress({ user, body }) {
      return tutorial.reportTutorialAction(db, user.id, { action: body.action, amount: body.amount ?? 1 }, clock.now());
    },

    async skipTutorial({ user }) {
      return tutorial.skipTutorial(db, user.id, clock.now());
    },

    async initializeTutorial({ user }) {
      return tutorial.getTutorialStatus(db, user.id, clock.now());
    },
  };
}
