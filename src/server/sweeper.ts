// The background sweeper: settles villages whose next event fell due while nobody looked at them.
import type { AppContext } from './context';
import type { Db } from './db/open';
import { and, asc, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { movements, oauthStates } from './db/schema';
import { purgeExpiredSessions } from './accounts/sessions';
import { purgeRateLimits } from './http/rate-limit';
import { claimDueHeads, loadParts, nextArrivalHead } from './village/store';
import { settleAndStore } from './village/villages';
import { sweepQuestEvents } from './progress/quests';
import { settleDueWonders } from './wonders/wonders';
import { repeatInBackground, type RepeatingHandle } from './db/background';
import { computeDueStandings } from './rankings/standings';
import { sweepDueOasisArrivals } from './oases/oases';
import { together } from './db/together';
import { closeDueWorlds } from './worlds/end-dates';
import { arrivesBeforeWorldEnds } from './worlds/closure';

/**
 * Villages settled per transaction on PostgreSQL: the claim and commit stay a small part of a batch's work,
 * and players' requests use other connections meanwhile.
 */
export const SWEEP_BATCH = 10;
/**
 * On PGlite a transaction holds the one connection, and a player's statement arriving meanwhile waits for
 * the whole batch: ten villages held it for 35 to 95 ms under load (about 45 statements), which was most of
 * the players' slowest replies. Two keep that wait near a single request's.
 */
export const PGLITE_SWEEP_BATCH = 2;
/** A bound on rounds per sweep (5,000 villages on PostgreSQL, 1,000 on PGlite), so a sweep always ends; the next one picks up whatever is left. */
const MAX_ROUNDS = 500;

/** A bound on arrivals applied per sweep, so a sweep always ends. */
const MAX_ARRIVALS = 500;

/** What the sweeper applies: arrivals of movements at villages, and villages whose next event fell due. */
export type SweptKind = 'arrival' | 'village';

/** Hears what the sweeper did (for /metrics); each call comes after the transaction that did it committed. */
export interface SweepObserver {
  /** One event applied, due at `dueAt`. */
  applied(kind: SweptKind, dueAt: Date): void;
  /** Events applied together: villages in one transaction, arrivals in one sweep. */
  batch(kind: SweptKind, size: number): void;
  /** A whole sweep took `seconds`, and failed or not. */
  swept(seconds: number, failed: boolean): void;
}

/**
 * Applies the earliest due movement anywhere whose destination no other transaction holds (`skip locked`), in a
 * transaction of its own: its destination is settled only up to that instant. Returns that instant once the transaction
 * committed, null when none is left to take.
 */
export async function applyNextArrival(db: Db, now: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    // Found, locked and read in one statement (a stored read): the find alone was one more round trip per arrival.
    const next = await nextArrivalHead(tx, now);
    if (!next) return null;
    await settleAndStore(tx, next.head, next.arrivesAt);
    return next.arrivesAt;
  });
}

/**
 * Applies due movements one after another in arrival order across the whole game: the earliest arrival
 * first, its destination settled only up to that instant. A battle can only send armies home later than
 * itself, so in this order no arrival is ever applied before one that came earlier. Destinations another
 * transaction holds are skipped (`skip locked`): whoever holds them applies their arrivals too.
 */
export async function sweepDueArrivals(db: Db, now: Date, observer?: SweepObserver): Promise<number> {
  let applied = 0;
  for (; applied < MAX_ARRIVALS; applied++) {
    const dueAt = await applyNextArrival(db, now);
    if (!dueAt) break;
    observer?.applied('arrival', dueAt);
  }
  if (applied > 0) observer?.batch('arrival', applied);
  return applied;
}

/** Arrivals applied at once by one process on PostgreSQL (each a transaction on a connection of its own). */
export const ARRIVAL_WORKERS = 4;
/** How soon to look again when arrivals are due but their villages are all held by other transactions. */
const HELD_RETRY_MS = 50;

/**
 * The movements to villages due at `now` among the first `workers + 1` of the index of unresolved arrivals in arrival
 * order (`backlog`: more are due than workers), and the instant of the next one to come before `horizon` (null when there
 * is none, or under a backlog: then the loop looks again at once). Only the first rows, so a backlog costs no more to look
 * at than a quiet minute; counting every due one walked the whole backlog (1 ms a look under a rush).
 */
async function arrivalsAhead(db: Db, now: Date, horizon: Date, workers: number): Promise<{ due: number; backlog: boolean; next: Date | null }> {
  const rows = await db
    .select({ arrivesAt: movements.arrivesAt })
    .from(movements)
    .where(and(isNull(movements.resolvedAt), isNotNull(movements.toVillageId), lte(movements.arrivesAt, horizon), arrivesBeforeWorldEnds))
    .orderBy(asc(movements.arrivesAt))
    .limit(workers + 1);
  const due = rows.filter((row) => row.arrivesAt.getTime() <= now.getTime()).length;
  const backlog = due > workers;
  const next = backlog ? null : (rows.find((row) => row.arrivesAt.getTime() > now.getTime())?.arrivesAt ?? null);
  return { due: Math.min(due, workers), backlog, next };
}

/**
 * Battles and homecomings when they land rather than at the next sweep: a loop of its own beside the sweeper that applies
 * what is due (with `workers` transactions at once, each taking the earliest arrival whose village nobody holds), then
 * sleeps until the next movement arrives, never longer than `intervalMs` (a movement sent meanwhile, by any process, is
 * seen then). Arrivals at different villages may be applied side by side, as two processes' sweepers always did; each
 * village's own arrive in order under its lock.
 */
export function applyArrivalsAsTheyLand(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  { intervalMs, workers }: { intervalMs: number; workers: number },
  onError: (error: unknown) => void,
  observer?: SweepObserver,
): RepeatingHandle {
  const worker = async (most: number) => {
    let applied = 0;
    for (; applied < most; applied++) {
      const dueAt = await applyNextArrival(ctx.db, ctx.clock.now());
      if (!dueAt) break;
      observer?.applied('arrival', dueAt);
    }
    return applied;
  };
  const step = async (): Promise<number> => {
    const now = ctx.clock.now();
    const { due, backlog, next } = await arrivalsAhead(ctx.db, now, new Date(now.getTime() + intervalMs), workers);
    // Under a backlog every worker takes arrivals until none is left. Otherwise one worker for each due arrival takes
    // just that one and the loop looks again at once: a worker that went on would begin a transaction only to find
    // nothing (a begin, a look and a commit), which was a fifth of the statements of arrivals landing a few at a time.
    const most = backlog ? MAX_ARRIVALS : 1;
    let applied = 0;
    if (due > 0) applied = (await Promise.all(Array.from({ length: due }, () => worker(most)))).reduce((a, b) => a + b, 0);
    if (applied > 0) observer?.batch('arrival', applied);
    // Due ones all held elsewhere: look again soon. Else wake when the next one lands (or at the interval).
    if (due > 0 && applied === 0) return Math.min(intervalMs, HELD_RETRY_MS);
    if (applied > 0) return 0;
    return next ? Math.min(intervalMs, Math.max(0, next.getTime() - ctx.clock.now().getTime())) : intervalMs;
  };
  // The first look at once: what fell due while no process was running lands now.
  return repeatInBackground(intervalMs, step, onError, { firstDelayMs: 0 });
}

/**
 * Settles every village whose `nextEventAt` is at or before `now`, in batches. Each batch is claimed with
 * `for update skip locked` inside its transaction, so two server processes sharing PostgreSQL never
 * settle the same village twice. Returns how many villages were settled.
 */
export async function sweepDueVillages(db: Db, now: Date, batchSize = SWEEP_BATCH, observer?: SweepObserver): Promise<number> {
  let total = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await db.transaction(async (tx) => {
      const heads = await claimDueHeads(tx, now, batchSize);
      if (heads.length === 0) return [];
      // Read before settling, which moves each village's next event on.
      const dueAt = heads.map((head) => head.village.nextEventAt);
      const parts = await loadParts(
        tx,
        heads.map((h) => h.village.id),
      );
      // Villages of their own, each locked: settled side by side, so their writes travel together.
      await together(heads.map((head) => settleAndStore(tx, { ...head, parts: parts.get(head.village.id)! }, now)));
      return dueAt;
    });
    for (const dueAt of due) if (dueAt) observer?.applied('village', dueAt);
    if (due.length > 0) observer?.batch('village', due.length);
    total += due.length;
    if (due.length < batchSize) break;
  }
  return total;
}

export interface SweeperHandle {
  /** Stops the timer and waits for a sweep in progress to finish. */
  stop(): Promise<void>;
}

/** How often the sweeper throws away what expired (sessions, sign-in counts, unfinished sign-ins). */
export const HOUSEKEEPING_MS = 60_000;

/** Deletes expired sessions, old sign-in counts and abandoned Discord sign-ins. */
export async function housekeeping(db: Db, now: Date): Promise<void> {
  await purgeExpiredSessions(db, now);
  await purgeRateLimits(db, now);
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}

/**
 * What a sweep applies that fell due by `now`, besides arrivals at villages (they have a loop of their own,
 * applyArrivalsAsTheyLand), in order: the oases' arrivals, the villages, the wonders, and the worlds whose end date came
 * (after the villages and wonders, so a world closing is counted as it stood at its end); quest events last, so what the
 * villages finished in this sweep is paid out in the same sweep. `observer` hears what the sweep did.
 */
async function sweepDueRest(db: Db, now: Date, batchSize: number, observer?: SweepObserver): Promise<void> {
  await sweepDueOasisArrivals(db, now);
  await sweepDueVillages(db, now, batchSize, observer);
  await settleDueWonders(db, now);
  await closeDueWorlds(db, now);
  await sweepQuestEvents(db, now);
}

/** Everything due by `now`, arrivals at villages first: the API tests pass the sweeper over a fake clock's instant with it. */
export async function sweepDue(db: Db, now: Date, batchSize = SWEEP_BATCH, observer?: SweepObserver): Promise<void> {
  await sweepDueArrivals(db, now, observer);
  await sweepDueRest(db, now, batchSize, observer);
}

/**
 * Sweeps every `config.sweepIntervalMs` (one sweep at a time) until stopped, and applies arrivals as they land
 * (applyArrivalsAsTheyLand: several at once on PostgreSQL, one at a time on PGlite's one connection); `observer` hears
 * what both did.
 */
export function startSweeper(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, onError: (error: unknown) => void = console.error, observer?: SweepObserver): SweeperHandle {
  let lastHousekeeping = 0;
  // When a world's standings next fall due: until then a sweep does not ask the database about them.
  let standingsDueAt = 0;
  // Arrivals have their own loop; whatever else fell due is swept here. As background work: on PGlite's one
  // connection, players' statements go before the sweep's (db/background.ts).
  const sweep = async () => {
    const now = ctx.clock.now();
    await sweepDueRest(ctx.db, now, ctx.config.databaseUrl ? SWEEP_BATCH : PGLITE_SWEEP_BATCH, observer);
    if (now.getTime() >= standingsDueAt) standingsDueAt = (await computeDueStandings(ctx.db, now)).getTime();
    if (now.getTime() - lastHousekeeping < HOUSEKEEPING_MS) return;
    lastHousekeeping = now.getTime();
    await housekeeping(ctx.db, now);
  };
  const timedSweep = async () => {
    const started = performance.now();
    let failed = true;
    try {
      await sweep();
      failed = false;
    } finally {
      observer?.swept((performance.now() - started) / 1000, failed);
    }
  };
  const arrivals = applyArrivalsAsTheyLand(ctx, { intervalMs: ctx.config.sweepIntervalMs, workers: ctx.config.databaseUrl ? ARRIVAL_WORKERS : 1 }, onError, observer);
  const rest = repeatInBackground(ctx.config.sweepIntervalMs, timedSweep, onError);
  return {
    async stop() {
      await Promise.all([arrivals.stop(), rest.stop()]);
    },
  };
}
