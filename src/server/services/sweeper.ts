// The background sweeper: settles villages whose next event fell due while nobody looked at them.
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { claimDueHeads, loadParts } from './village-store';
import { settleAndStore } from './villages';
import { sweepQuestEvents } from './quests';
import { settleDueWonders } from './wonders';

export const SWEEP_BATCH = 50;
/** A bound on rounds per sweep, so a sweep always ends; the next one picks up whatever is left. */
const MAX_ROUNDS = 100;

/**
 * Settles every village whose `nextEventAt` is at or before `now`, in batches. Each batch is claimed with
 * `for update skip locked` inside its transaction, so two server processes sharing PostgreSQL never
 * settle the same village twice. Returns how many villages were settled.
 */
export async function sweepDueVillages(db: Db, now: Date, batchSize = SWEEP_BATCH): Promise<number> {
  let total = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const settled = await db.transaction(async (tx) => {
      const heads = await claimDueHeads(tx, now, batchSize);
      if (heads.length === 0) return 0;
      const parts = await loadParts(
        tx,
        heads.map((h) => h.village.id),
      );
      for (const head of heads) await settleAndStore(tx, head, parts.get(head.village.id)!, now);
      return heads.length;
    });
    total += settled;
    if (settled < batchSize) break;
  }
  return total;
}

export interface SweeperHandle {
  /** Stops the timer and waits for a sweep in progress to finish. */
  stop(): Promise<void>;
}

/** Sweeps every `config.sweepIntervalMs` (one sweep at a time) until stopped. */
export function startSweeper(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, onError: (error: unknown) => void = console.error): SweeperHandle {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      const now = ctx.clock.now();
      // Villages first: what they finish queues quest events, which the same sweep then pays out.
      running = sweepDueVillages(ctx.db, now)
        .then(() => settleDueWonders(ctx.db, now))
        .then(() => sweepQuestEvents(ctx.db, now))
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        );
      void running.then(() => {
        running = null;
        schedule();
      });
    }, ctx.config.sweepIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
