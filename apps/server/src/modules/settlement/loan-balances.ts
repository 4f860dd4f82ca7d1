import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { readCents } from '../../lib/money.js';
import type { LoanBalance } from './settle-week.js';

export interface AgentLoanBalance extends LoanBalance {
  agentId: string;
  deductionPercentage: number;
}

interface LoanRow {
  id: string;
  agent_id: string;
  deduction_percentage: string;
  issued_ms: number;
  outstanding_cents: number;
}

/**
 * Loans still owed (principal + fee − Σ recorded deductions > 0), oldest first, for one agent or
 * (agentId omitted) for everyone; `issuedBefore` keeps only loans issued before that instant.
 */
export async function openLoanBalances(
  db: Queryable,
  options: { agentId?: string; issuedBefore?: Date } = {},
): Promise<AgentLoanBalance[]> {
  const conditions: SQL[] = [sql`true`];
  if (options.agentId) conditions.push(sql`l.agent_id = ${options.agentId}`);
  if (options.issuedBefore) conditions.push(sql`l.issued_at < ${options.issuedBefore.toISOString()}::timestamptz`);
  const rows = await queryRows<LoanRow>(
    db,
    sql`SELECT l.id, l.agent_id, l.deduction_percentage::text AS deduction_percentage,
               floor(extract(epoch FROM l.issued_at) * 1000)::bigint AS issued_ms,
               (l.principal_cents + l.processing_fee_cents - coalesce(paid.cents, 0))::bigint AS outstanding_cents
          FROM loans l
          LEFT JOIN (SELECT loan_id, sum(amount_cents) AS cents FROM loan_deductions GROUP BY loan_id) paid
            ON paid.loan_id = l.id
         WHERE ${sql.join(conditions, sql` AND `)}
           AND l.principal_cents + l.processing_fee_cents - coalesce(paid.cents, 0) > 0
         ORDER BY l.issued_at, l.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    agentId: row.agent_id,
    deductionPercentage: Number(row.deduction_percentage),
    issuedAt: new Date(Number(row.issued_ms)),
    outstandingCents: readCents(row.outstanding_cents),
  }));
}

/** Σ outstanding over all of an agent's loans. */
export function totalOutstanding(loans: readonly LoanBalance[]): number {
  return loans.reduce((sum, loan) => sum + loan.outstandingCents, 0);
}
