import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { LedgerTotals } from './types.js';

/**
 * The ledger's totals in one statement (one snapshot, so they are consistent with each other).
 * Invariant: balancesCents + pendingCents = issuedCents − returnedCents, and equivalently
 * balancesCents + houseBalanceCents + pendingCents = 0.
 */
export async function ledgerTotals(db: Queryable): Promise<LedgerTotals> {
  const [row] = await queryRows<LedgerTotals>(
    db,
    sql`
      SELECT
        (SELECT coalesce(sum(wallet_balance_cents), 0)::bigint FROM accounts WHERE role <> 'house') AS "balancesCents",
        (SELECT coalesce(sum(amount_cents), 0)::bigint FROM transfers WHERE status = 'pending') AS "pendingCents",
        (SELECT coalesce(sum(t.amount_cents), 0)::bigint FROM transfers t JOIN accounts h ON h.id = t.from_id
          WHERE h.role = 'house' AND t.status IN ('pending', 'accepted')) AS "issuedCents",
        (SELECT coalesce(sum(t.amount_cents), 0)::bigint FROM transfers t JOIN accounts h ON h.id = t.to_id
          WHERE h.role = 'house' AND t.status = 'accepted') AS "returnedCents",
        (SELECT coalesce(sum(wallet_balance_cents), 0)::bigint FROM accounts WHERE role = 'house') AS "houseBalanceCents"
    `,
  );
  return {
    balancesCents: Number(row!.balancesCents),
    pendingCents: Number(row!.pendingCents),
    issuedCents: Number(row!.issuedCents),
    returnedCents: Number(row!.returnedCents),
    houseBalanceCents: Number(row!.houseBalanceCents),
  };
}
