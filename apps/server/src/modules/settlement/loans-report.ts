import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, daysBetween, type IsoDay } from '../../lib/dates.js';

export interface AgentLoanRow {
  agentId: string;
  username: string;
  /** Σ (principal + processing fee) over the agent's loans. */
  totalLoanCents: number;
  /** Σ processing fee ("Prossing loan"). */
  processingLoanCents: number;
  /** Still owed now. */
  outstandingCents: number;
  /** Days from the last deduction to today; from the first loan's issue date when nothing was deducted yet. */
  daysFromLastDeduction: number;
  /** The day the last deduction was taken (Sunday of its week), or null. */
  lastDeductionDay: IsoDay | null;
}

/**
 * Computer Loan / Multiple Cybers (DOMAIN.md section 5): the masters in the manager's subtree
 * with a loan; `multipleCafesOnly` keeps those with more than one cafe. A deduction is dated on
 * the last day of the week it was taken from, so the figure does not depend on when the job ran.
 */
export async function loansReport(
  db: Queryable,
  query: { managerId: string; multipleCafesOnly: boolean; today: IsoDay },
): Promise<AgentLoanRow[]> {
  const multiCafe: SQL = query.multipleCafesOnly ? sql`AND (SELECT count(*) FROM cafes cf WHERE cf.master_id = a.id) > 1` : sql``;
  const rows = await queryRows<{
    id: string;
    username: string;
    total_cents: number;
    fee_cents: number;
    outstanding_cents: number;
    first_issue_day: string;
    last_deduction_week: string | null;
  }>(
    db,
    sql`SELECT a.id, a.username,
               sum(l.principal_cents + l.processing_fee_cents)::bigint AS total_cents,
               sum(l.processing_fee_cents)::bigint AS fee_cents,
               sum(l.principal_cents + l.processing_fee_cents - coalesce(paid.cents, 0))::bigint AS outstanding_cents,
               min(ist_day(l.issued_at))::text AS first_issue_day,
               max(paid.last_week)::text AS last_deduction_week
          FROM account_closure c
          JOIN accounts a ON a.id = c.descendant_id AND a.role = 'master'
          JOIN loans l ON l.agent_id = a.id
          LEFT JOIN (SELECT loan_id, sum(amount_cents) AS cents, max(week_start) AS last_week
                       FROM loan_deductions GROUP BY loan_id) paid ON paid.loan_id = l.id
         WHERE c.ancestor_id = ${query.managerId} ${multiCafe}
         GROUP BY a.id, a.username
         ORDER BY lower(a.username)`,
  );
  return rows.map((row) => {
    const lastDeductionDay = row.last_deduction_week ? addDays(row.last_deduction_week, 6) : null;
    return {
      agentId: row.id,
      username: row.username,
      totalLoanCents: Number(row.total_cents),
      processingLoanCents: Number(row.fee_cents),
      outstandingCents: Number(row.outstanding_cents),
      daysFromLastDeduction: Math.max(0, daysBetween(lastDeductionDay ?? row.first_issue_day, query.today)),
      lastDeductionDay,
    };
  });
}
