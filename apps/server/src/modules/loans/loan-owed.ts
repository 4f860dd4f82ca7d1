/**
 * The loan formula in one place, for every statement that reads loans (aliased `l`): a loan comes
 * to its principal and its processing fee, and what is still owed on it is that amount less what
 * was deducted from it. Each statement says which deductions count (all of them, or those of the
 * weeks before a given one) and how it reads them. The triggers of migration 0040 keep each master's
 * sums by the same formula (loan_owed_by_master), which Today reads for the whole network.
 */
import { type SQL, sql } from 'drizzle-orm';

/** What the loan `l` came to: principal + processing fee, in hundredths. */
export const LOAN_AMOUNT: SQL = sql`(l.principal_cents + l.processing_fee_cents)`;

/** Everything deducted from the loan `l` so far (null when nothing was). */
export const LOAN_DEDUCTED: SQL = sql`(SELECT sum(d.amount_cents) FROM loan_deductions d WHERE d.loan_id = l.id)`;

/** What is still owed on the loan `l`, given the sum of its deductions that count (null when none). */
export function loanOwed(deducted: SQL): SQL {
  return sql`(${LOAN_AMOUNT} - coalesce(${deducted}, 0))`;
}
