import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import type { IsoDay } from '../../../lib/dates.js';
import { badRequest, notFound } from '../../../lib/http-error.js';
import { absCents, type DbCents, readCents } from '../../../lib/money.js';
import { LOAN_DEDUCTED, loanOwed } from '../../loans/loan-owed.js';
import { lastClosedWeek } from '../../weeks/index.js';

export interface RevenueRecoveryCents {
  masterId: string;
  masterUsername: string;
  /** Outstanding on all the master's loans. */
  outstandingLoanCents: bigint;
  /** carryOut (≤ 0) of the master's last closed draw-games week; 0 when none. */
  carryForwardCents: bigint;
  /** outstanding + |carryForward|. */
  recoveryAmountCents: bigint;
  /** Monday of the last closed draw-games week, where both figures stand; null before any closing. */
  asOfWeek: IsoDay | null;
}

/**
 * Revenue Recovery (docs/domain.md, "Weekly settlement"): what a master owes back, as at the close of the last
 * closed week (loans less the deductions recorded so far, and that week's carried loss). Scope is
 * the caller's job.
 */
export async function revenueRecovery(db: Queryable, query: { masterId: string }): Promise<RevenueRecoveryCents> {
  const asOfWeek = await lastClosedWeek(db, 'games');
  const [row] = await queryRows<{ username: string; role: string; outstanding_cents: DbCents; carry_out_cents: DbCents }>(
    db,
    sql`SELECT a.username, a.role::text AS role,
               coalesce((SELECT sum(${loanOwed(LOAN_DEDUCTED)})
                           FROM loans l WHERE l.agent_id = a.id), 0)::bigint AS outstanding_cents,
               coalesce((SELECT ws.carry_out_cents FROM weekly_settlements ws
                          WHERE ws.account_id = a.id AND ws.kind = 'games' AND ws.week_start = ${asOfWeek}), 0)::bigint AS carry_out_cents
          FROM accounts a
         WHERE a.id = ${query.masterId}`,
  );
  if (!row) throw notFound('Agent not found');
  if (row.role !== 'master') throw badRequest(`${row.username} is not an agent`);
  const outstandingLoanCents = readCents(row.outstanding_cents);
  const carryForwardCents = readCents(row.carry_out_cents);
  return {
    masterId: query.masterId,
    masterUsername: row.username,
    outstandingLoanCents,
    carryForwardCents,
    recoveryAmountCents: outstandingLoanCents + absCents(carryForwardCents),
    asOfWeek,
  };
}
