// Marks work as background (the sweeper, the pusher) so that, on PGlite's one connection, players' statements go first; and the loop that repeats such work.
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it awaits) as background work. */
export function inBackground<T>(work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a Drizzle query runs only when awaited, and it must start inside the background context.
  return background.run(true, async () => await work());
}

/** Whether the caller runs inside inBackground. */
export function isBackground(): boolean {
  return background.getStore() === true;
}

export interface RepeatingHandle {
  /** Stops the timer, runs `beforeStop`, and waits for a step in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `step` as background work `intervalMs` after the previous run ended (never two at once) until stopped; a failed
 * step goes to `onError` and the loop goes on. A step that returns a number waits that many milliseconds instead (a loop
 * that knows when its next work falls due). `beforeStop` runs as it stops, before the wait (to cut a step short). The first
 * step runs `firstDelayMs` after the start (the interval unless said otherwise).
 */
export function repeatInBackground(
  intervalMs: number,
  step: () => Promise<number | void>,
  onError: (error: unknown) => void,
  { beforeStop, firstDelayMs = intervalMs }: { beforeStop?: () => void; firstDelayMs?: number } = {},
): RepeatingHandle {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number | void> | null = null;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = inBackground(step).then(
        (next) => next,
        (error: unknown) => onError(error),
      );
      void running.then((next) => {
        running = null;
        schedule(typeof next === 'number' ? next : intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      beforeStop?.();
      if (running) await running;
    },
  };
}
