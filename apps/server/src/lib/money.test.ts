import { describe, expect, it } from 'vitest';
import { centsToPoints, percentOfCents, readCents } from './money.js';

describe('money in hundredths', () => {
  it('reads hundredths as the drivers hand them, whole, an empty sum as 0', () => {
    expect(readCents(12_345)).toBe(12_345);
    expect(readCents('-700')).toBe(-700);
    expect(readCents(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(readCents(null)).toBe(0);
    expect(readCents(undefined)).toBe(0);
  });

  it('refuses what is not a whole number of hundredths', () => {
    expect(() => readCents(1.5)).toThrow(RangeError);
    expect(() => readCents('12.50')).toThrow(RangeError);
    expect(() => readCents(2 ** 53)).toThrow(RangeError);
  });

  it('converts to points only by dividing whole hundredths', () => {
    expect(centsToPoints(12_345)).toBe(123.45);
    expect(centsToPoints('-5')).toBe(-0.05);
    expect(centsToPoints(null)).toBe(0);
    expect(() => centsToPoints(0.5)).toThrow(RangeError);
  });

  it('takes a percentage rounded half away from zero to a whole hundredth', () => {
    expect(percentOfCents(10_001, 50)).toBe(5_001); // 5000.5 -> 5001
    expect(percentOfCents(-10_001, 50)).toBe(-5_001);
    expect(percentOfCents(12_345, 80.5)).toBe(9_938); // 9937.725 -> 9938
    expect(percentOfCents(0, 85)).toBe(0);
  });
});
