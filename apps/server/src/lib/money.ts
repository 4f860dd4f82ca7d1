/**
 * Points travel as integers in hundredths inside the server and the database; the API shows
 * them as numbers with at most two decimals. centsToPoints is the one conversion, made at
 * the API edge (each report's present.ts); readCents reads hundredths from the database and
 * keeps them hundredths.
 */

/**
 * A sum or column in hundredths as the driver hands it (int8 arrives as a number; a numeric
 * expression as text), checked to be whole; null (an empty sum) is 0. Stays in hundredths.
 */
export function readCents(cents: number | string | bigint | null | undefined): number {
  if (cents === null || cents === undefined) return 0;
  const n = typeof cents === 'number' ? cents : Number(cents);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number of hundredths: ${String(cents)}`);
  return n;
}

export function centsToPoints(cents: number | string | bigint | null | undefined): number {
  return readCents(cents) / 100;
}

/** Percentage of an amount in hundredths, rounded half away from zero to a whole hundredth. */
export function percentOfCents(cents: number, percent: number): number {
  // Percent has at most 2 decimals: work in BigInt ten-thousandths to stay exact at any size.
  const scaled = BigInt(cents) * BigInt(Math.round(percent * 100));
  const magnitude = scaled < 0n ? -scaled : scaled;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(scaled < 0n ? -rounded : rounded);
}
