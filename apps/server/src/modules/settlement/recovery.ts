import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/http-error.js';

export interface Recovery {
  masterId: string;
  masterUsername: string;
  /** Outstanding on all the master's loans. */
  outstandingLoanCents: number;
  /** carryOut (≤ 0) of the master's last closed draw-games week; 0 when none. */
  carryForwardCents: number;
  /** outstanding + |carryForward|. */
  recoveryAmountCents: number;
}

/** Revenue Recovery (DOMAIN.md section 5): what a master owes back. Scope is the caller's job. */
export async function recovery(db: Queryable, query: { masterId: string }): Promise<Recovery> {
  const [row] = await queryRows<{ username: string; role: string; outstanding_cents: number; carry_out_cents: number }>(
    db,
    sql`SELECT a.username, a.role::text AS role,
               coalesce((SELECT sum(l.principal_cents + l.processing_fee_cents
                                    - coalesce((SELECT sum(ld.amount_cents) FROM loan_deductions ld WHERE ld.loan_id = l.id), 0))
                           FROM loans l WHERE l.agent_id = a.id), 0)::bigint AS outstanding_cents,
               coalesce((SELECT ws.carry_out_cents FROM weekly_settlements ws
                          WHERE ws.account_id = a.id AND ws.kind = 'games'
                          ORDER BY ws.week_start DESC LIMIT 1), 0)::bigint AS carry_out_cents
          FROM accounts a
         WHERE a.id = ${query.masterId}`,
  );
  if (!row) throw notFound('Agent not found');
  if (row.role !== 'master') throw badRequest(`${row.username} is not an agent`);
  const outstandingLoanCents = Number(row.outstanding_cents);
  const carryForwardCents = Number(row.carry_out_cents);
  return {
    masterId: query.masterId,
    masterUsername: row.username,
    outstandingLoanCents,
    carryForwardCents,
    recoveryAmountCents: outstandingLoanCents + Math.abs(carryForwardCents),
  };
}
