/**
 * Presentation rules every report shares, applied at the API edge (each report's present.ts)
 * with lib/money.ts: the one "Sr. No." numbering (a person's name: fullName in the contracts).
 */

/** Rows with their "Sr. No." (from 1), for the exports that number their rows. */
export function numbered<T extends object>(rows: readonly T[]): ({ srNo: number } & T)[] {
  return rows.map((row, i) => ({ srNo: i + 1, ...row }));
}
