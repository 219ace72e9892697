// Marks work as background (the sweeper) so that, on PGlite's one connection, players' statements go first.
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
