// Whether an instant on this clock has passed, drawn again at that instant (a vacation ending, a window opening).
import { useEffect, useState } from 'react';

/** setTimeout takes at most this delay; a later instant is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** True from `at` (a Date.now() instant) on; null never passes. */
export function usePassed(at: number | null): boolean {
  const [tick, setTick] = useState(0);
  const passed = at !== null && Date.now() >= at;
  useEffect(() => {
    if (at === null || passed) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(LONGEST_WAIT_MS, Math.max(0, at - Date.now()) + 50));
    return () => window.clearTimeout(timer);
    // A wait cut short by LONGEST_WAIT_MS starts again on its tick.
  }, [at, passed, tick]);
  return passed;
}
