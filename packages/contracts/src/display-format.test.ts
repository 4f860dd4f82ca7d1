import { describe, expect, it } from 'vitest';
import { formatCount, formatDayText, formatInstant, formatIstTime, formatPoints, formatWhole } from './display-format.js';

// The formats written out by hand must read exactly as the en-IN formats they stand for.
const intlAmount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const intlWhole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, signDisplay: 'negative' });

/** A small deterministic generator, so a failure names a value that can be tried again. */
function numbers(count: number): number[] {
  let state = 20_261_126;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, i) => {
    const r = next() - 0.5;
    switch (i % 4) {
      case 0:
        return Math.round(r * 1e9) / 100; // hundredths, as the API sends points
      case 1:
        return r * 10 ** Math.floor(next() * 18); // any magnitude
      case 2:
        return Math.round(r * 1e7) / 1000; // a third digit to round
      default:
        return Math.round(r * 2e6) / 200; // many halves: .005, .015 ...
    }
  });
}

const EDGES = [
  0,
  -0,
  1.005,
  -1.005,
  2.675,
  0.125,
  0.005,
  -0.005,
  -0.004,
  0.5,
  -0.5,
  1.5,
  2.5,
  -2.5,
  999.995,
  99_999.995,
  0.1 + 0.2,
  1e-7,
  -1e-7,
  5e-324,
  1e20,
  2 ** 60,
  -65_600,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe('display formats', () => {
  it('write amounts and whole numbers exactly as Intl.NumberFormat en-IN does', () => {
    // The values written differently, collected first: 80,000 calls of expect took seconds.
    const differ: [number, string, string][] = [];
    for (const value of [...EDGES, ...numbers(40_000)]) {
      if (formatPoints(value) !== intlAmount.format(value)) differ.push([value, formatPoints(value), intlAmount.format(value)]);
      if (formatWhole(value) !== intlWhole.format(value)) differ.push([value, formatWhole(value), intlWhole.format(value)]);
    }
    expect(differ).toEqual([]);
  });

  it('group in the Indian way and round half away from zero', () => {
    expect(formatPoints(1_234_567)).toBe('12,34,567.00');
    expect(formatPoints(-1234.5)).toBe('-1,234.50');
    expect(formatPoints(1.005)).toBe('1.01');
    expect(formatPoints(-0.001)).toBe('0.00');
    expect(formatWhole(123_456_789)).toBe('12,34,56,789');
    expect(formatWhole(-2.5)).toBe('-3');
  });

  it('write instants in IST, 12-hour, whatever the machine’s zone', () => {
    expect(formatInstant(new Date('2025-03-05T08:37:09Z'))).toBe('05/03/2025, 2:07:09 pm');
    expect(formatInstant(new Date('2025-03-04T18:30:00Z'))).toBe('05/03/2025, 12:00:00 am');
    expect(formatInstant(new Date('2025-12-31T06:29:59Z'))).toBe('31/12/2025, 11:59:59 am');
    expect(formatIstTime(new Date('2025-03-05T06:30:00Z'), false)).toBe('12:00 pm');
    const intl = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    });
    for (const ms of numbers(5000).map((n) => Math.abs(Math.round(n * 1e6)) % 4e12)) {
      const instant = new Date(ms);
      expect([instant.toISOString(), formatInstant(instant)]).toEqual([
        instant.toISOString(),
        intl.format(instant).replace(/\u202f/g, ' '),
      ]);
    }
  });

  it('write days as DD-Mon-YYYY', () => {
    expect(formatDayText('2025-03-05')).toBe('05-Mar-2025');
  });

  it('write a count with its noun, singular for one, the count grouped', () => {
    expect(formatCount(1, 'entry', 'entries')).toBe('1 entry');
    expect(formatCount(0, 'entry', 'entries')).toBe('0 entries');
    expect(formatCount(2, 'account')).toBe('2 accounts');
    expect(formatCount(123456, 'mail')).toBe('1,23,456 mails');
  });
});
