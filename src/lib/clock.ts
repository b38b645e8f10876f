/**
 * The one injectable clock every timer and timestamp reads (DESIGN.md §3), so tests and the
 * sandbox can move time instead of waiting for it.
 */
export interface Clock {
  /** Current time (UTC). */
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at the real time and can be moved forward by tests. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
