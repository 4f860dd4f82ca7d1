/**
 * Points travel as integers in hundredths inside the server and the database; the API shows
 * them as numbers with at most two decimals. Inside the server hundredths are `bigint`: a sum of
 * many large amounts (a balance after thousands of large transfers, a network's profit) can pass
 * 2^53, beyond which a JavaScript number no longer holds every whole number, and BigInt is exact
 * at any size. readCents reads hundredths from the database and keeps them hundredths;
 * centsToPoints is the one conversion, made at the API edge (each report's present.ts).
 */

/** Hundredths as a driver hands them: int8 as a number or a bigint (db/client.ts), numeric or text as a string. */
export type DbCents = number | string | bigint | null | undefined;

const WHOLE = /^-?\d+$/;

/** A sum or column in hundredths, exactly, whatever its size; null (an empty sum) is 0. */
export function readCents(cents: DbCents): bigint {
  if (cents === null || cents === undefined) return 0n;
  if (typeof cents === 'bigint') return cents;
  if (typeof cents === 'number') {
    // A number the driver handed over exactly (db/client.ts hands bigger ones as bigint).
    if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of hundredths: ${cents}`);
    return BigInt(cents);
  }
  if (!WHOLE.test(cents)) throw new RangeError(`not a whole number of hundredths: ${cents}`);
  return BigInt(cents);
}

/**
 * Hundredths as points, the number the API shows: the decimal `whole.hh` read as a number. Exact
 * (the same figure back in JSON) up to 10^13 points, far above anything the feed's caps let a
 * report reach in practice; beyond, the nearest number a JSON reader holds (about 16 significant
 * digits), never an error.
 */
export function centsToPoints(cents: bigint): number {
  const magnitude = cents < 0n ? -cents : cents;
  const hundredths = String(magnitude % 100n).padStart(2, '0');
  return Number(`${cents < 0n ? '-' : ''}${magnitude / 100n}.${hundredths}`);
}

/** Σ of amounts in hundredths. */
export function sumCents<T>(items: Iterable<T>, cents: (item: T) => bigint): bigint {
  let total = 0n;
  for (const item of items) total += cents(item);
  return total;
}

export const minCents = (a: bigint, b: bigint): bigint => (a < b ? a : b);

export const absCents = (a: bigint): bigint => (a < 0n ? -a : a);

/** Percentage of an amount in hundredths, rounded half away from zero to a whole hundredth. */
export function percentOfCents(cents: bigint, percent: number): bigint {
  // Percent has at most 2 decimals: work in ten-thousandths.
  const scaled = cents * BigInt(Math.round(percent * 100));
  const rounded = (absCents(scaled) + 5_000n) / 10_000n;
  return scaled < 0n ? -rounded : rounded;
}
