// Routes of the alerts tag: the list of the last alerts, the push settings of this browser, subscribing and unsubscribing it.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as subscriptions from './subscriptions';

export function alertRoutes(ctx: AppContext): Handlers {
  const { db, clock, config } = ctx;
  return {
    async listAlerts({ user }) {
      return subscriptions.listAlerts(db, user.id);
    },

    async getAlertSettings({ user, query }) {
      return subscriptions.alertSettings(db, { userId: user.id, endpoint: query.endpoint ?? null });
    },

    async saveAlertSubscription({ user, body }) {
      return subscriptions.saveSubscription(db, { userId: user.id, now: clock.now(), allowLoopback: config.pushLoopback }, body);
    },

    async deleteAlertSubscription({ user, query }) {
      return subscriptions.deleteSubscription(db, user.id, query.endpoint);
    },
  };
}
