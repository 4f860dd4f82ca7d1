/**
 * The value a query or a step is sure to give (a row just inserted, the one link issued): a
 * missing one is a broken invariant, reported by name instead of a TypeError further on.
 */
export function definite<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
