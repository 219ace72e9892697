// What runs beside the requests: the live streams and the session cache's listener, the default world, the sweeper and the alerts pusher, the activity flush; and their stop order.
import fp from 'fastify-plugin';
import type { Listen } from '../db/open';
import type { AppContext } from '../context';
import { SessionCache } from '../accounts/session-cache';
import { ensureDefaultWorld } from '../worlds/bootstrap';
import { startSweeper, type SweeperHandle } from '../sweeper';
import { startPusher, type PusherHandle } from '../alerts/pusher';
import { vapidKeys } from '../alerts/vapid';

/** How often the players seen are written (last seen, active days). */
const ACTIVITY_FLUSH_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the players seen so far now instead of at the next minute (tests, shutdown). */
    flushActivity(): Promise<number>;
  }
}

export const lifecycle = fp<{ ctx: AppContext; listen: Listen | null }>(async (app, { ctx, listen }) => {
  const { db, clock, config } = ctx;
  let sweeper: SweeperHandle | null = null;
  let pusher: PusherHandle | null = null;
  let stopSessionCache: (() => Promise<void>) | null = null;
  let closing = false;
  // Event streams never end by themselves: end them before Fastify waits for open requests. Nothing is awaited here:
  // Fastify stops listening only after preClose, and meanwhile every reply retires its connection (Connection: close),
  // so a proxy in front would open new ones that the stop then resets. Presence and the LISTEN are closed in onClose.
  app.addHook('preClose', () => {
    closing = true;
    ctx.live.endStreams();
  });
  // A reply finished while the server stops retires its connection, so a proxy sends nothing more on it (shutdown.ts).
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onReady', async () => {
    await ctx.live.start();
    // On PostgreSQL, session lookups are remembered only while this process hears of changed accounts.
    if (listen) stopSessionCache = await SessionCache.listen(db, listen);
    await ensureDefaultWorld(db, clock.now());
    // The VAPID keys are made at first start (and read once per process), before any browser asks for them.
    await vapidKeys(db);
    if (config.sweepIntervalMs > 0) sweeper = startSweeper(ctx, (err) => app.log.error({ err }, 'sweep failed'), ctx.metrics.sweepObserver());
    // Alerts are pushed by a loop of its own, stopped with the sweeper: a slow push service never delays a battle.
    if (config.sweepIntervalMs > 0) pusher = startPusher(ctx, (err) => app.log.error({ err }, 'push step failed'));
  });
  const activityTimer = setInterval(() => void ctx.activity.flush(clock.now()).catch((err) => app.log.error({ err }, 'activity flush failed')), ACTIVITY_FLUSH_MS);
  activityTimer.unref();
  app.decorate('flushActivity', () => ctx.activity.flush(clock.now()));
  app.addHook('onClose', async () => {
    clearInterval(activityTimer);
    await ctx.activity.flush(clock.now()).catch(() => {});
    await sweeper?.stop();
    await pusher?.stop();
    await ctx.live.stop();
    await stopSessionCache?.();
  });
});
