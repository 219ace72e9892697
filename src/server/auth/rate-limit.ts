// Fixed-window request counter per address and purpose, so login and register cannot be hammered.
import type { Clock } from '../clock';

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one try; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    window.count += 1;
    if (window.count <= this.limit) return 0;
    return Math.ceil((window.start + this.windowMs - now) / 1000);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
