import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, transfers } from '../../db/schema/index.js';
import { definite } from '../../lib/definite.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { toRecord } from './record.js';
import type { Channel, TransferRecord } from './types.js';
import { checkAccountId, checkAmountCents, checkChannel, checkInstant } from './validate.js';

export interface CreateTransferInput {
  fromId: string;
  toId: string;
  amountCents: number;
  channel: Channel;
  /** Creation time (defaults to now); lets the demo generator write history. */
  at?: Date;
  /** The game platform's id of the transfer (the feed's `transferId`), unique among transfers. */
  platformId?: string;
}

/**
 * Sends points: debits the sender at once (the points are held) and records a pending transfer.
 * One transaction: both accounts are locked in id order (a fixed order, so two opposite
 * transfers cannot deadlock), checked, then the sender is debited by a conditional update.
 */
export function createTransfer(db: Db, input: CreateTransferInput): Promise<TransferRecord> {
  return db.transaction((tx) => createTransferIn(tx, input));
}

/** createTransfer as a step of the caller's transaction (ledger-batch.ts). */
export async function createTransferIn(tx: Tx, input: CreateTransferInput): Promise<TransferRecord> {
  const amountCents = checkAmountCents(input.amountCents);
  const channel = checkChannel(input.channel);
  const at = checkInstant(input.at);
  const fromId = checkAccountId(input.fromId, 'sender');
  const toId = checkAccountId(input.toId, 'receiver');
  if (fromId === toId) throw badRequest('An account cannot transfer points to itself');

  // NO KEY UPDATE: excludes other balance and status changes, but not inserts elsewhere that
  // merely reference these accounts (plays, sessions).
  const locked = await tx
    .select({ id: accounts.id, role: accounts.role, parentId: accounts.parentId, active: accounts.userStatus })
    .from(accounts)
    .where(inArray(accounts.id, [fromId, toId]))
    .orderBy(asc(accounts.id))
    .for('no key update');
  const from = locked.find((a) => a.id === fromId);
  const to = locked.find((a) => a.id === toId);
  if (!from) throw notFound('Unknown sender account');
  if (!to) throw notFound('Unknown receiver account');

  const related = from.parentId === to.id || to.parentId === from.id || from.role === 'house' || to.role === 'house';
  if (!related) {
    throw badRequest('Points can only be transferred between a parent and its direct child, or with the house');
  }
  if (!from.active) throw conflict('The sender account is inactive');
  if (!to.active) throw conflict('The receiver account is inactive');

  // Only the house may go below zero (it issues the points); everyone else needs the funds.
  const debited = await tx
    .update(accounts)
    .set({ walletBalanceCents: sql`${accounts.walletBalanceCents} - ${amountCents}` })
    .where(and(eq(accounts.id, fromId), or(eq(accounts.role, 'house'), gte(accounts.walletBalanceCents, amountCents))))
    .returning({ id: accounts.id });
  if (debited.length === 0) throw conflict('Insufficient balance');

  const [row] = await tx
    .insert(transfers)
    .values({
      fromId,
      toId,
      amountCents,
      channel,
      status: 'pending',
      createdAt: at,
      resolvedAt: null,
      platformId: input.platformId ?? null,
    })
    .returning();
  return toRecord(definite(row, 'the inserted transfer'));
}
