/**
 * Presentation rules every report shares, applied at the API edge (each report's present.ts)
 * with lib/money.ts: the one way a person's name is shown and the one "Sr. No." numbering.
 */

/** First and last name as the screens show them; one of them may be empty. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

/** Rows with their "Sr. No." (from 1), for the exports that number their rows. */
export function numbered<T extends object>(rows: readonly T[]): ({ srNo: number } & T)[] {
  return rows.map((row, i) => ({ srNo: i + 1, ...row }));
}
