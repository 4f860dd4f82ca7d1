/** The server's notion of "now": real time in production, controllable in tests (test/manual-clock.ts). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
