import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { transfers } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-error.js';
import { acceptTransfer, cancelTransfer, createTransfer, rejectTransfer } from '../../ledger/ledger.js';
import type { AppliedEvent } from '../events.js';
import { type ApplyContext, EventRefused, type Item } from './context.js';
import { accountsByUsername } from './lookups.js';

/**
 * Transfers go through the ledger (docs/domain.md, "Points and the ledger"), so its rules hold for fed transfers as
 * for any other: no overdraft, one resolution, only parent-child or the house. Each ledger call
 * runs in a savepoint of the batch's transaction; its refusal becomes the event's.
 */
export async function applyTransfer(ctx: ApplyContext, item: Item<'transfer'>): Promise<void> {
  const e = item.event;
  const named = await accountsByUsername(ctx.tx, [e.from, e.to]);
  const from = named.get(e.from.toLowerCase());
  const to = named.get(e.to.toLowerCase());
  if (!from) throw new EventRefused('from', `no account is named "${e.from}"`);
  if (!to) throw new EventRefused('to', `no account is named "${e.to}"`);
  if (await transferByPlatformId(ctx, e.transferId)) {
    throw new EventRefused('transferId', 'is already known: a transfer with this transferId was applied before');
  }
  await viaLedger('transfer', () =>
    createTransfer(ctx.tx, {
      fromId: from.id,
      toId: to.id,
      amountCents: e.amountCents,
      channel: e.channel,
      at: e.at,
      platformId: e.transferId,
    }),
  );
}

/**
 * Locks, in id order and before any is applied, every account that the batch's transfers and
 * resolutions will lock. Each ledger call locks its own accounts in id order, but a batch of several
 * takes them call by call, so two batches could each hold an account the other waits for: a
 * deadlock, which PostgreSQL breaks only after a second (and the feed retries the batch). A single
 * ledger event needs nothing more.
 */
export async function lockLedgerParties(tx: Tx, events: readonly AppliedEvent[]): Promise<void> {
  const usernames = new Set<string>();
  const transferIds = new Set<string>();
  let ledgerEvents = 0;
  for (const e of events) {
    if (e.type === 'transfer') {
      usernames.add(e.from.toLowerCase());
      usernames.add(e.to.toLowerCase());
    } else if (e.type === 'transfer.accepted' || e.type === 'transfer.rejected' || e.type === 'transfer.cancelled') {
      transferIds.add(e.transferId);
    } else continue;
    ledgerEvents += 1;
  }
  if (ledgerEvents < 2) return;
  await tx.execute(
    sql`SELECT a.id FROM accounts a
         WHERE a.id IN (SELECT n.id FROM json_array_elements_text(${JSON.stringify([...usernames])}::json) AS u(name)
                          JOIN accounts n ON lower(n.username) = u.name
                        UNION
                        SELECT unnest(ARRAY[t.from_id, t.to_id])
                          FROM json_array_elements_text(${JSON.stringify([...transferIds])}::json) AS p(id)
                          JOIN transfers t ON t.platform_id = p.id)
         ORDER BY a.id
           FOR NO KEY UPDATE`,
  );
}

const RESOLVE = {
  'transfer.accepted': { run: acceptTransfer, by: 'toId' },
  'transfer.rejected': { run: rejectTransfer, by: 'toId' },
  'transfer.cancelled': { run: cancelTransfer, by: 'fromId' },
} as const;

/** Accepted and rejected by the receiver, cancelled by the sender: the platform tells which happened. */
export async function applyTransferResolution(
  ctx: ApplyContext,
  item: Item<'transfer.accepted' | 'transfer.rejected' | 'transfer.cancelled'>,
): Promise<void> {
  const e = item.event;
  const transfer = await transferByPlatformId(ctx, e.transferId);
  if (!transfer) throw new EventRefused('transferId', 'no transfer has this transferId (send its transfer event first)');
  const rule = RESOLVE[e.type];
  await viaLedger(e.type, () => rule.run(ctx.tx, { transferId: transfer.id, byAccountId: transfer[rule.by], at: e.at }));
}

async function transferByPlatformId(ctx: ApplyContext, platformId: string) {
  const [row] = await ctx.tx
    .select({ id: transfers.id, fromId: transfers.fromId, toId: transfers.toId })
    .from(transfers)
    .where(eq(transfers.platformId, platformId));
  return row;
}

async function viaLedger(type: string, operation: () => Promise<unknown>): Promise<void> {
  try {
    await operation();
  } catch (err) {
    if (err instanceof HttpError) throw new EventRefused(ledgerField(type, err.message), err.message);
    // Another batch applied the same transferId at the same time: the unique index decides.
    if (isUniqueViolation(err))
      throw new EventRefused('transferId', 'is already known: a transfer with this transferId was applied before');
    throw err;
  }
}

/** The event field a ledger refusal is about (its messages name the party or the amount). */
function ledgerField(type: string, message: string): string {
  if (/before it was created/i.test(message)) return 'at';
  if (type !== 'transfer') return 'transferId';
  if (/amount|balance/i.test(message)) return 'amount';
  if (/sender/i.test(message)) return 'from';
  return 'to';
}
