import { describe, expect, it } from 'vitest';
import { centsToPoints, percentOfCents, readCents, sumCents } from './money.js';

describe('money in hundredths', () => {
  it('reads hundredths as the drivers hand them, exactly at any size, an empty sum as 0', () => {
    expect(readCents(12_345)).toBe(12_345n);
    expect(readCents('-700')).toBe(-700n);
    expect(readCents(9_007_199_254_740_993n)).toBe(2n ** 53n + 1n);
    expect(readCents('123456789012345678')).toBe(123_456_789_012_345_678n);
    expect(readCents(null)).toBe(0n);
    expect(readCents(undefined)).toBe(0n);
  });

  it('refuses what is not a whole number of hundredths, and a number that has lost digits already', () => {
    expect(() => readCents(1.5)).toThrow(RangeError);
    expect(() => readCents('12.50')).toThrow(RangeError);
    expect(() => readCents(2 ** 53)).toThrow(RangeError);
  });

  it('converts to points with the decimal digits of the hundredths', () => {
    expect(centsToPoints(12_345n)).toBe(123.45);
    expect(centsToPoints(-5n)).toBe(-0.05);
    expect(centsToPoints(0n)).toBe(0);
    expect(centsToPoints(-100_000_000_000_007n)).toBe(-1_000_000_000_000.07);
    // Below 10^13 points the number shown is exactly the hundredths (the last ten tried here).
    for (let cents = 999_999_999_999_990n; cents < 1_000_000_000_000_000n; cents += 1n) {
      const [whole, fraction] = String(centsToPoints(cents)).split('.');
      expect(BigInt(whole!) * 100n + BigInt((fraction ?? '').padEnd(2, '0'))).toBe(cents);
    }
    // Beyond, the nearest number, never an error.
    expect(centsToPoints(2n ** 64n)).toBe(Number('184467440737095516.16'));
  });

  it('sums hundredths beyond 2^53 exactly', () => {
    expect(sumCents([2n ** 53n, 1n, 1n], (c) => c)).toBe(2n ** 53n + 2n);
  });

  it('takes a percentage rounded half away from zero to a whole hundredth', () => {
    expect(percentOfCents(10_001n, 50)).toBe(5_001n); // 5000.5 -> 5001
    expect(percentOfCents(-10_001n, 50)).toBe(-5_001n);
    expect(percentOfCents(12_345n, 80.5)).toBe(9_938n); // 9937.725 -> 9938
    expect(percentOfCents(0n, 85)).toBe(0n);
    expect(percentOfCents(2n ** 60n + 1n, 50)).toBe(2n ** 59n + 1n);
  });
});
