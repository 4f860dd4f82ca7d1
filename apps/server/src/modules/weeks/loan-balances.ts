import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type DbCents, readCents, sumCents } from '../../lib/money.js';
import { LOAN_DEDUCTED, loanOwed } from '../loans/loan-owed.js';
import type { LoanBalance } from './settle-week.js';

export interface AgentLoanBalance extends LoanBalance {
  agentId: string;
  deductionPercentage: number;
}

export interface LoanBalanceRow {
  id: string;
  agent_id: string;
  deduction_percentage: string;
  issued_ms: number;
  outstanding_cents: DbCents;
}

/**
 * Loans still owed (principal + fee − Σ recorded deductions > 0), oldest first, for one agent or
 * (agentId omitted) for everyone; `issuedBefore` keeps only loans issued before that instant.
 * Rows for toLoanBalance; what is repaid is summed per loan (loan_deductions by loan_id), so one
 * agent's loans read that agent's deductions only. Ordered by `issued_at`, `id`, with the
 * hundredths as text: the same in a json_agg (whose numbers would be read as JavaScript numbers).
 */
export function openLoanBalancesSql(options: { agentId?: string; issuedBefore?: Date } = {}): SQL {
  const conditions: SQL[] = [sql`true`];
  if (options.agentId) conditions.push(sql`l.agent_id = ${options.agentId}`);
  if (options.issuedBefore) conditions.push(sql`l.issued_at < ${options.issuedBefore.toISOString()}::timestamptz`);
  return sql`SELECT x.id, x.agent_id, x.deduction_percentage, x.issued_at, x.issued_ms, x.outstanding::text AS outstanding_cents
      FROM (SELECT l.id, l.agent_id, l.deduction_percentage::text AS deduction_percentage, l.issued_at,
                   floor(extract(epoch FROM l.issued_at) * 1000)::bigint AS issued_ms,
                   ${loanOwed(LOAN_DEDUCTED)}::bigint AS outstanding
              FROM loans l
             WHERE ${sql.join(conditions, sql` AND `)}) x
     WHERE x.outstanding > 0
     ORDER BY x.issued_at, x.id`;
}

/** A row of openLoanBalancesSql (as a row, or as an element of its json_agg). */
export function toLoanBalance(row: LoanBalanceRow): AgentLoanBalance {
  return {
    id: row.id,
    agentId: row.agent_id,
    deductionPercentage: Number(row.deduction_percentage),
    issuedAt: new Date(Number(row.issued_ms)),
    outstandingCents: readCents(row.outstanding_cents),
  };
}

/** openLoanBalancesSql's loans. */
export async function openLoanBalances(
  db: Queryable,
  options: { agentId?: string; issuedBefore?: Date } = {},
): Promise<AgentLoanBalance[]> {
  return (await queryRows<LoanBalanceRow>(db, openLoanBalancesSql(options))).map(toLoanBalance);
}

/** Σ outstanding over all of an agent's loans. */
export function totalOutstanding(loans: readonly LoanBalance[]): bigint {
  return sumCents(loans, (loan) => loan.outstandingCents);
}
