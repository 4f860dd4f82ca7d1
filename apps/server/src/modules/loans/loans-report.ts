/**
 * What each master owes on its loans, read by Computer Loan and Multiple Cybers (money reports) and
 * by Today's open loans (insight): a module of its own, as report modules import no other.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, daysBetween, type IsoDay } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { LOAN_AMOUNT, loanOwed } from './loan-owed.js';

export interface LoanRowCents {
  agentId: string;
  username: string;
  /** Σ (principal + processing fee) over the agent's loans. */
  totalLoanCents: bigint;
  /** Σ processing fee ("Prossing loan"). */
  processingLoanCents: bigint;
  /** Still owed now. */
  outstandingCents: bigint;
  /**
   * Days from the last deduction to today; from the first loan's issue date when nothing was
   * deducted yet; null without a loan (shown blank).
   */
  daysFromLastDeduction: number | null;
  /** The day the last deduction was taken (Sunday of its week), or null. */
  lastDeductionDay: IsoDay | null;
}

/**
 * Computer Loan / Multiple Cybers (docs/domain.md, "Weekly settlement"): the masters in the manager's subtree
 * with a loan, or (`multipleCafesOnly`) those with more than one cafe, loan or not: the loan
 * figures of a master without one are 0. A deduction is dated on the last day of the week it was
 * taken from, so the figure does not depend on when the job ran.
 */
export async function loansReport(
  db: Queryable,
  query: { managerId: string; multipleCafesOnly: boolean; today: IsoDay },
): Promise<LoanRowCents[]> {
  const listed: SQL = query.multipleCafesOnly
    ? sql`(SELECT count(*) FROM cafes cf WHERE cf.master_id = a.id) > 1`
    : sql`EXISTS (SELECT 1 FROM loans held WHERE held.agent_id = a.id)`;
  const rows = await queryRows<{
    id: string;
    username: string;
    total_cents: DbCents;
    fee_cents: DbCents;
    outstanding_cents: DbCents;
    first_issue_day: string | null;
    last_deduction_week: string | null;
  }>(
    db,
    sql`SELECT a.id, a.username,
               coalesce(sum(${LOAN_AMOUNT}), 0)::bigint AS total_cents,
               coalesce(sum(l.processing_fee_cents), 0)::bigint AS fee_cents,
               coalesce(sum(${loanOwed(sql`paid.cents`)}), 0)::bigint AS outstanding_cents,
               min(ist_day(l.issued_at))::text AS first_issue_day,
               max(paid.last_week)::text AS last_deduction_week
          FROM account_closure c
          JOIN accounts a ON a.id = c.descendant_id AND a.role = 'master'
          LEFT JOIN loans l ON l.agent_id = a.id
          LEFT JOIN (SELECT loan_id, sum(amount_cents) AS cents, max(week_start) AS last_week
                       FROM loan_deductions GROUP BY loan_id) paid ON paid.loan_id = l.id
         WHERE c.ancestor_id = ${query.managerId} AND ${listed}
         GROUP BY a.id, a.username
         ORDER BY lower(a.username)`,
  );
  return rows.map((row) => {
    const lastDeductionDay = row.last_deduction_week ? addDays(row.last_deduction_week, 6) : null;
    const since = lastDeductionDay ?? row.first_issue_day;
    return {
      agentId: row.id,
      username: row.username,
      totalLoanCents: readCents(row.total_cents),
      processingLoanCents: readCents(row.fee_cents),
      outstandingCents: readCents(row.outstanding_cents),
      daysFromLastDeduction: since === null ? null : Math.max(0, daysBetween(since, query.today)),
      lastDeductionDay,
    };
  });
}
