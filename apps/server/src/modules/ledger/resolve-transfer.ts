import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, transfers } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { toRecord } from './record.js';
import type { TransferRecord } from './types.js';
import { checkInstant, checkTransferId, isAccountId } from './validate.js';

export interface ResolveTransferInput {
  transferId: number;
  /** The account acting: the receiver to accept or reject, the sender to cancel. */
  byAccountId: string;
  /** Resolution time (defaults to now); not before the transfer's creation. */
  at?: Date;
}

type Resolution = 'accepted' | 'rejected' | 'cancelled';

const RULES: Record<Resolution, { party: 'fromId' | 'toId'; verb: string; who: string }> = {
  accepted: { party: 'toId', verb: 'accept', who: 'receiver' },
  rejected: { party: 'toId', verb: 'reject', who: 'receiver' },
  cancelled: { party: 'fromId', verb: 'cancel', who: 'sender' },
};

/** Credits the receiver with the held points. Only the receiver, and only while it is active. */
export function acceptTransfer(db: Db, input: ResolveTransferInput): Promise<TransferRecord> {
  return resolveTransfer(db, input, 'accepted');
}

/** Refuses the points: they go back to the sender. Only the receiver. */
export function rejectTransfer(db: Db, input: ResolveTransferInput): Promise<TransferRecord> {
  return resolveTransfer(db, input, 'rejected');
}

/** Takes the points back before the receiver acts. Only the sender. */
export function cancelTransfer(db: Db, input: ResolveTransferInput): Promise<TransferRecord> {
  return resolveTransfer(db, input, 'cancelled');
}

/**
 * One transaction. The status moves from pending by one conditional update, so of any number of
 * concurrent resolutions exactly one matches the row; the others wait for it, see it resolved and
 * get 409. Only then is one account credited (the receiver on accept, the sender otherwise).
 */
function resolveTransfer(db: Db, input: ResolveTransferInput, resolution: Resolution): Promise<TransferRecord> {
  return db.transaction((tx) => resolveTransferIn(tx, input, resolution));
}

/** acceptTransfer, rejectTransfer or cancelTransfer as a step of the caller's transaction (ledger-batch.ts). */
export async function resolveTransferIn(tx: Tx, input: ResolveTransferInput, resolution: Resolution): Promise<TransferRecord> {
  const transferId = checkTransferId(input.transferId);
  const at = checkInstant(input.at);
  const rule = RULES[resolution];
  const by = isAccountId(input.byAccountId) ? input.byAccountId.toLowerCase() : null;

  const [row] = by
    ? await tx
        .update(transfers)
        .set({ status: resolution, resolvedAt: at })
        .where(
          and(
            eq(transfers.id, transferId),
            eq(transfers.status, 'pending'),
            eq(transfers[rule.party], by),
            lte(transfers.createdAt, at),
          ),
        )
        .returning()
    : [];
  if (!row) return explainRefusal(tx, transferId, by, at, resolution);

  const creditedId = resolution === 'accepted' ? row.toId : row.fromId;
  const credit = eq(accounts.id, creditedId);
  // An inactive account cannot receive: accepting is refused (and the status change rolled
  // back). A refund to an inactive sender is allowed, or its held points would be stuck.
  const credited = await tx
    .update(accounts)
    .set({ walletBalanceCents: sql`${accounts.walletBalanceCents} + ${row.amountCents}` })
    .where(resolution === 'accepted' ? and(credit, eq(accounts.userStatus, true)) : credit)
    .returning({ id: accounts.id });
  if (credited.length === 0) throw conflict('The receiver account is inactive');
  return toRecord(row);
}

/** Why the conditional update matched nothing, checked in this order: 404, 403, 409, 400. */
async function explainRefusal(tx: Tx, transferId: number, by: string | null, at: Date, resolution: Resolution): Promise<never> {
  const rule = RULES[resolution];
  const [current] = await tx.select().from(transfers).where(eq(transfers.id, transferId));
  if (!current) throw notFound('Unknown transfer');
  if (current[rule.party] !== by) throw forbidden(`Only the ${rule.who} can ${rule.verb} this transfer`);
  if (current.status !== 'pending') throw conflict(`This transfer is already ${current.status}`);
  if (current.createdAt.getTime() > at.getTime()) throw badRequest('A transfer cannot be resolved before it was created');
  // Unreachable under read committed (a pending row that matched would have been updated);
  // kept so that a surprise is a clear, retryable refusal rather than a silent success.
  throw conflict('This transfer changed at the same time; please try again');
}
