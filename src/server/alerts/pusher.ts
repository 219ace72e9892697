// The push step: alerts the outbox holds go to the subscriptions that chose their kind, unless the player is looking; then the list is trimmed.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { together } from '../db/together';
import { alerts, pushSubscriptions } from '../db/schema';
import { repeatInBackground } from '../db/background';
import { lookingPlayers, purgeStalePresence } from '../live/presence';
import { ALERT_LIST_SIZE, ALERT_TTL_SECONDS, URGENT_ALERTS, alertPayload } from '../../rules/alerts';
import type { PlayerId } from '../../rules/ids';
import { pushTo, type PushOutcome } from './push-service';
import { vapidKeys } from './vapid';

/** Alerts claimed per transaction. */
const CLAIM_BATCH = 50;
/** A bound on batches per step, so a step always ends; the next one picks up the rest. */
const MAX_ROUNDS = 20;
/** Push requests in flight at once. */
const SENDS_AT_ONCE = 8;

type AlertRow = typeof alerts.$inferSelect;
type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What one step did: alerts handled, pushes sent, alerts not pushed because their player was looking, subscriptions gone, pushes failed. */
export interface PushTally {
  claimed: number;
  sent: number;
  looking: number;
  gone: number;
  failed: number;
}

/** The push step's settings: the contact the push services get with each message (VAPID_SUBJECT), and a stop signal. */
export interface PushSettings {
  subject: string;
  /** Aborts the sends in flight when the server stops: the shutdown deadline is shorter than a push service's timeout. */
  signal?: AbortSignal;
}

interface Claim {
  alerts: AlertRow[];
  subscriptions: SubscriptionRow[];
  looking: Set<PlayerId>;
}

/**
 * Takes the oldest unpushed alerts and marks them pushed in one short transaction (`skip locked`: two processes never
 * take the same alert), reading with them who is looking and the players' subscriptions. The sends come after the
 * commit, so no push service's answer ever holds a transaction open; a crash between the commit and a send loses that
 * push (the alert stays in the list), which is the price of never pushing twice.
 */
async function claim(db: Db, now: Date): Promise<Claim> {
  return db.transaction(async (tx) => {
    const due = await tx.select().from(alerts).where(isNull(alerts.pushedAt)).orderBy(asc(alerts.createdAt), asc(alerts.id)).limit(CLAIM_BATCH).for('update', { skipLocked: true });
    if (due.length === 0) return { alerts: [], subscriptions: [], looking: new Set<PlayerId>() };
    const players = [...new Set(due.map((a) => a.userId))];
    const [, looking, subscriptions] = await together([
      tx
        .update(alerts)
        .set({ pushedAt: now })
        .where(inArray(
          alerts.id,
          due.map((a) => a.id),
        )),
      lookingPlayers(tx, players),
      tx.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, players)),
    ]);
    return { alerts: due, subscriptions, looking };
  });
}

/** Runs `jobs` with at most SENDS_AT_ONCE in flight. */
async function inTurns<T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) results.push(await job());
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, jobs.length) }, worker));
  return results;
}

/** Keeps each of `players`' lists to the newest ALERT_LIST_SIZE alerts (those still to be pushed stay). */
async function trimLists(db: Db, players: readonly PlayerId[]): Promise<void> {
  if (players.length === 0) return;
  const ranked = sql`select id, row_number() over (partition by user_id order by created_at desc, id desc) as place from ${alerts} where ${inArray(alerts.userId, [...players])}`;
  await db.execute(sql`delete from ${alerts} where ${alerts.pushedAt} is not null and ${alerts.id} in (select id from (${ranked}) as ranked where place > ${ALERT_LIST_SIZE})`);
}

/** One batch: claim, send each alert to the subscriptions of its player that chose its kind, forget the gone ones, trim. */
async function pushBatch(db: Db, settings: PushSettings, now: Date): Promise<PushTally> {
  const batch = await claim(db, now);
  const tally: PushTally = { claimed: batch.alerts.length, sent: 0, looking: 0, gone: 0, failed: 0 };
  const sends: (() => Promise<{ outcome: PushOutcome; subscription: SubscriptionRow }>)[] = [];
  for (const alert of batch.alerts) {
    // The first guard of "never for what the player is looking at": a stream open on any process. The service worker
    // holds the second (no notification while a window of the game is visible).
    if (batch.looking.has(alert.userId)) {
      tally.looking++;
      continue;
    }
    for (const subscription of batch.subscriptions) {
      if (subscription.userId !== alert.userId || !subscription.kinds.includes(alert.kind)) continue;
      sends.push(async () => {
        const outcome = await pushTo(subscription, alertPayload(alert), {
          keys: await vapidKeys(db),
          subject: settings.subject,
          ttlSeconds: ALERT_TTL_SECONDS,
          urgent: URGENT_ALERTS.includes(alert.kind),
          signal: settings.signal,
        });
        return { outcome, subscription };
      });
    }
  }
  const gone = new Map<string, SubscriptionRow>();
  for (const { outcome, subscription } of await inTurns(sends)) {
    if (outcome === 'sent') tally.sent++;
    else if (outcome === 'failed') tally.failed++;
    else gone.set(subscription.id, subscription);
  }
  tally.gone = gone.size;
  // Only the subscription as it was sent to: one saved again meanwhile, with new keys, stays.
  for (const subscription of gone.values()) {
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.p256dh, subscription.p256dh)));
  }
  await trimLists(db, [...new Set(batch.alerts.map((a) => a.userId))]);
  return tally;
}

/** Pushes every alert due (in batches, at most MAX_ROUNDS of them) and returns what it did. */
export async function pushDueAlerts(db: Db, settings: PushSettings, now: Date): Promise<PushTally> {
  const total: PushTally = { claimed: 0, sent: 0, looking: 0, gone: 0, failed: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const tally = await pushBatch(db, settings, now);
    for (const key of ['claimed', 'sent', 'looking', 'gone', 'failed'] as const) total[key] += tally[key];
    if (tally.claimed < CLAIM_BATCH) break;
  }
  return total;
}

export interface PusherHandle {
  /** Stops the timer and waits for a step in progress (and its sends) to finish. */
  stop(): Promise<void>;
}

/** How often the rows of dead processes' streams are thrown away. */
const PRESENCE_PURGE_MS = 60_000;

/**
 * Runs the push step every `config.sweepIntervalMs` (one at a time) until stopped: a loop of its own beside the sweeper,
 * so a slow push service never delays battles.
 */
export function startPusher(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, onError: (error: unknown) => void = console.error): PusherHandle {
  let lastPurge = 0;
  const stopping = new AbortController();
  const settings: PushSettings = { subject: ctx.config.vapidSubject, signal: stopping.signal };
  const step = async () => {
    const now = ctx.clock.now();
    await pushDueAlerts(ctx.db, settings, now);
    if (now.getTime() - lastPurge < PRESENCE_PURGE_MS) return;
    lastPurge = now.getTime();
    await purgeStalePresence(ctx.db);
  };
  // Pushes in flight are given up as it stops (their alerts stay in the list): a slow service would outlast the deadline.
  return repeatInBackground(ctx.config.sweepIntervalMs, step, onError, { beforeStop: () => stopping.abort() });
}
