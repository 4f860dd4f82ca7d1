/**
 * The points ledger (docs/domain.md, "Points and the ledger"). Every operation is one transaction, safe under
 * concurrent calls (or, through inOneTransaction, one step of a batch that commits as a whole). Amounts are integer hundredths of a point.
 *
 * Errors (HttpError):
 * - 400: amount not > 0 or not a whole number of hundredths (or above MAX_TRANSFER_CENTS), bad
 *        channel, sender = receiver, accounts neither parent and direct child nor one of them the
 *        house, resolution time before creation.
 * - 403: resolving as the wrong party (accept/reject: only the receiver; cancel: only the sender).
 * - 404: unknown transfer, unknown sender or receiver account.
 * - 409: transfer already resolved; insufficient balance; inactive sender or receiver (an
 *        inactive receiver cannot accept either; refunds to inactive accounts are allowed).
 */
export { type CreateTransferInput, createTransfer } from './create-transfer.js';
export { ensureConfiguredHouse, ensureHouseAccount, HouseAccountError } from './house.js';
export { inOneTransaction, type LedgerSteps } from './ledger-batch.js';
export { acceptTransfer, cancelTransfer, type ResolveTransferInput, rejectTransfer } from './resolve-transfer.js';
export type { Channel, TransferRecord, TransferStatus } from './types.js';
export { MAX_TRANSFER_CENTS } from './validate.js';
