import { describe, expect, it } from 'vitest';
import { bookingDays } from './plays.js';

/**
 * A play is late when its IST week is closed: booked on the day it arrived, not the day it was
 * played. The last instant of a closed week is Sunday 23:59:59.999 IST; Monday 00:00 IST is open.
 */
describe('bookingDays', () => {
  const today = '2025-03-12';
  const late = bookingDays('2025-03-03', today); // the week of Monday 3 March is the last closed one

  it('books a play of a closed week today, and one of an open week on its own day', () => {
    expect(late(new Date('2025-03-09T23:59:59.999+05:30'))).toBe(today);
    expect(late(new Date('2025-03-09T18:29:59.999Z'))).toBe(today);
    expect(late(new Date('2025-03-10T00:00:00.000+05:30'))).toBeNull();
    expect(late(new Date('2025-03-03T00:00:00.000+05:30'))).toBe(today);
    expect(late(new Date('2025-02-14T12:00:00+05:30')), 'an older closed week').toBe(today);
    expect(late(new Date('2025-03-12T09:00:00+05:30'))).toBeNull();
  });

  it('books every play on its own day while no week is closed', () => {
    expect(bookingDays(null, today)(new Date('2020-01-01T00:00:00Z'))).toBeNull();
  });
});
