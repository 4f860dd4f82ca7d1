/** A value with every bigint in it (hundredths) as a number. */
export type InNumbers<T> = T extends bigint
  ? number
  : T extends Date | string | number | boolean | null | undefined
    ? T
    : T extends ReadonlyMap<infer K, infer V>
      ? Map<K, InNumbers<V>>
      : T extends readonly (infer U)[]
        ? InNumbers<U>[]
        : { [K in keyof T]: InNumbers<T[K]> };

/**
 * The hundredths of a settlement or report result as numbers, for tests whose figures are small
 * and written as numbers: refuses one that a number would not hold exactly.
 */
export function inNumbers<T>(value: T): InNumbers<T> {
  return convert(value) as InNumbers<T>;
}

function convert(value: unknown): unknown {
  if (typeof value === 'bigint') {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new RangeError(`${value} does not fit a number exactly`);
    return n;
  }
  if (Array.isArray(value)) return value.map(convert);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, convert(v)]));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
}
