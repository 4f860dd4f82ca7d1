import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { definite } from '../../../lib/definite.js';
import { type ApplyContext, EventRefused, type Item } from './context.js';
import { accountByUsername, accountMismatch } from './lookups.js';

/** `loan`: a computer loan to a master (docs/domain.md, "Weekly settlement"); its loanId is unique for ever. */
export async function applyLoan(ctx: ApplyContext, item: Item<'loan'>): Promise<void> {
  const e = item.event;
  const agent = await accountByUsername(ctx.tx, e.agent);
  const mismatch = accountMismatch(agent, e.agent, 'master', 'a master');
  if (mismatch) throw new EventRefused('agent', mismatch);
  const agentId = definite(agent, 'the master').id;
  const inserted = await queryRows<{ id: string }>(
    ctx.tx,
    sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents, deduction_percentage, issued_at, platform_id)
        VALUES (${agentId}, ${e.principalCents}, ${e.processingFeeCents}, ${String(e.deductionPercentage)},
                ${e.at.toISOString()}::timestamptz, ${e.loanId})
        ON CONFLICT (platform_id) WHERE platform_id IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  if (inserted.length === 0) throw new EventRefused('loanId', 'is already known: a loan with this loanId was applied before');
}
