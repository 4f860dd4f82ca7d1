import type { Clock } from '../src/lib/clock.js';

/** A clock tests can move: `clock.advance(31 * 60_000)`. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
