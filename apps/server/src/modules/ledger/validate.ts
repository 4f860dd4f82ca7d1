import { badRequest, notFound } from '../../lib/http-error.js';
import { CHANNELS, type Channel } from './types.js';

/**
 * Upper bound of one transfer (10 billion points). One amount stays a JavaScript number; sums of
 * many (a balance after thousands of them) may pass 2^53 hundredths, and are read as bigint
 * (lib/money.ts).
 */
export const MAX_TRANSFER_CENTS = 1_000_000_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Amounts are whole hundredths: a non-integer here is a fraction of a hundredth, so refused. */
export function checkAmountCents(amountCents: unknown): number {
  if (typeof amountCents !== 'number' || !Number.isInteger(amountCents) || amountCents <= 0 || amountCents > MAX_TRANSFER_CENTS) {
    throw badRequest('The amount must be greater than 0 with at most 2 decimals');
  }
  return amountCents;
}

export function checkChannel(channel: unknown): Channel {
  if (!CHANNELS.includes(channel as Channel)) throw badRequest('The channel must be single or multiplayer');
  return channel as Channel;
}

/** An instant given by the caller, or now. */
export function checkInstant(at: unknown): Date {
  if (at === undefined) return new Date();
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw badRequest('The time of the operation is not a valid date');
  return at;
}

/** Account ids are UUIDs; anything else cannot name an account (the database would refuse it). */
export function isAccountId(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id);
}

export function checkAccountId(id: unknown, which: string): string {
  if (!isAccountId(id)) throw notFound(`Unknown ${which} account`);
  return id.toLowerCase();
}

export function checkTransferId(id: unknown): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw notFound('Unknown transfer');
  return id;
}
