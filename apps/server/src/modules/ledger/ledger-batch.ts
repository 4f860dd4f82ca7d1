import type { Db } from '../../db/client.js';
import { type CreateTransferInput, createTransferIn } from './create-transfer.js';
import { type ResolveTransferInput, resolveTransferIn } from './resolve-transfer.js';
import type { TransferRecord } from './types.js';

/** The ledger's operations as steps of one transaction (see inOneTransaction). */
export interface LedgerSteps {
  createTransfer(input: CreateTransferInput): Promise<TransferRecord>;
  acceptTransfer(input: ResolveTransferInput): Promise<TransferRecord>;
  rejectTransfer(input: ResolveTransferInput): Promise<TransferRecord>;
  cancelTransfer(input: ResolveTransferInput): Promise<TransferRecord>;
}

/**
 * Runs many ledger operations in one transaction, one commit for all (the demo seed writes its
 * history this way): each step is the one-transaction operation of the same name, with the same
 * checks and refusals, in the order `steps` awaits them. A refusal rolls back the whole batch
 * (`steps` must let it through rather than catch it: the steps before it are undone too).
 */
export function inOneTransaction<T>(db: Db, steps: (ledger: LedgerSteps) => Promise<T>): Promise<T> {
  return db.transaction((tx) =>
    steps({
      createTransfer: (input) => createTransferIn(tx, input),
      acceptTransfer: (input) => resolveTransferIn(tx, input, 'accepted'),
      rejectTransfer: (input) => resolveTransferIn(tx, input, 'rejected'),
      cancelTransfer: (input) => resolveTransferIn(tx, input, 'cancelled'),
    }),
  );
}
