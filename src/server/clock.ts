// The server's notion of "now": real time in production, a hand-driven clock in tests.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; tests use it to fast-forward hours in a blink. */
export class FakeClock implements Clock {
  private ms: number;
  constructor(start: Date | number = Date.UTC(2026, 0, 1, 12)) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(at: Date | number): void {
    this.ms = typeof at === 'number' ? at : at.getTime();
  }
}
