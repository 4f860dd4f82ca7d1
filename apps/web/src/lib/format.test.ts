import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatAmount,
  formatApiDate,
  formatClock,
  formatDate,
  formatDateTime,
  formatInt,
  isApiDate,
  istDayOf,
  parseApiDate,
  todayIst,
  toNumber,
  toTimestamp,
} from './format';

describe('formatAmount (Indian grouping, 2 decimals)', () => {
  it('groups thousands, lakhs and crores', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(999)).toBe('999.00');
    expect(formatAmount(1000)).toBe('1,000.00');
    expect(formatAmount(100000)).toBe('1,00,000.00');
    expect(formatAmount(1234567)).toBe('12,34,567.00');
    expect(formatAmount(12345678.9)).toBe('1,23,45,678.90');
    expect(formatAmount(1234567890.12)).toBe('1,23,45,67,890.12');
  });

  it('shows negatives with an ASCII minus and never -0.00', () => {
    expect(formatAmount(-1234.5)).toBe('-1,234.50');
    expect(formatAmount(-0.001)).toBe('0.00');
  });

  it('rounds to 2 decimals and reads numeric strings', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount('2500.5')).toBe('2,500.50');
  });

  it('is empty for missing values', () => {
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount('abc')).toBe('');
  });
});

describe('formatInt', () => {
  it('groups without decimals', () => {
    expect(formatInt(12345678)).toBe('1,23,45,678');
    expect(formatInt(-4500)).toBe('-4,500');
    expect(formatInt(7)).toBe('7');
  });
});

describe('toNumber', () => {
  it('accepts numbers and numeric strings only', () => {
    expect(toNumber(5)).toBe(5);
    expect(toNumber('-3.25')).toBe(-3.25);
    expect(toNumber('')).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
    expect(toNumber({})).toBeNull();
  });
});

describe('IST date-times', () => {
  it('formats an instant in Asia/Kolkata, en-IN 12-hour', () => {
    expect(formatDateTime('2025-03-05T08:37:09Z')).toBe('05/03/2025, 2:07:09 pm');
  });

  it('moves a UTC instant just before midnight UTC onto the next IST day', () => {
    // 18:45 UTC on 4 March is 00:15 IST on 5 March.
    expect(formatDateTime('2025-03-04T18:45:00Z')).toBe('05/03/2025, 12:15:00 am');
    expect(istDayOf('2025-03-04T18:45:00Z')).toBe('2025-03-05');
    expect(formatDate('2025-03-04T18:45:00Z')).toBe('05-Mar-2025');
    // 18:29:59 UTC is still 23:59:59 IST on 4 March.
    expect(formatDateTime(new Date('2025-03-04T18:29:59Z'))).toBe('04/03/2025, 11:59:59 pm');
    expect(istDayOf(Date.parse('2025-03-04T18:29:59Z'))).toBe('2025-03-04');
  });

  it('is empty for invalid instants', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it("shows the time of day alone as h:mm am/pm in IST (a live page's Updated)", () => {
    expect(formatClock('2025-03-05T08:37:09Z')).toBe('2:07 pm');
    expect(formatClock(Date.parse('2025-03-04T18:45:00Z'))).toBe('12:15 am');
    expect(formatClock('not a date')).toBe('');
  });
});

describe('DD-Mon-YYYY dates', () => {
  it('formats API days as they are, whatever the machine zone', () => {
    expect(formatDate('2025-03-05')).toBe('05-Mar-2025');
    expect(formatDate('2024-12-31')).toBe('31-Dec-2024');
    expect(formatDate('2025-01-01')).toBe('01-Jan-2025');
  });

  it('is empty for invalid days', () => {
    expect(formatDate('2025-02-30')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('API dates', () => {
  it('parses and formats YYYY-MM-DD round trip', () => {
    const date = parseApiDate('2024-02-29');
    expect(date?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(formatApiDate(date!)).toBe('2024-02-29');
  });

  it('rejects impossible or malformed days', () => {
    expect(parseApiDate('2023-02-29')).toBeNull();
    expect(parseApiDate('2025-13-01')).toBeNull();
    expect(parseApiDate('5-3-2025')).toBeNull();
    expect(isApiDate('2025-03-05')).toBe(true);
    expect(isApiDate('2025-3-5')).toBe(false);
    expect(isApiDate(20250305)).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2025-03-05', 6)).toBe('2025-03-11');
    expect(addDays('2025-02-25', 6)).toBe('2025-03-03');
    expect(addDays('2024-02-25', 6)).toBe('2024-03-02');
    expect(addDays('2025-01-03', -6)).toBe('2024-12-28');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('gives today as the IST day', () => {
    expect(todayIst(new Date('2025-03-04T18:30:00Z'))).toBe('2025-03-05');
    expect(todayIst(new Date('2025-03-04T18:29:59Z'))).toBe('2025-03-04');
    expect(todayIst()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives sortable timestamps for days and instants', () => {
    expect(toTimestamp('2025-03-05')).toBe(Date.UTC(2025, 2, 5));
    expect(toTimestamp('2025-03-05T08:37:09Z')).toBe(Date.UTC(2025, 2, 5, 8, 37, 9));
    expect(toTimestamp(null)).toBeNull();
  });
});
