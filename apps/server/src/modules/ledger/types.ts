export type Channel = 'single' | 'multiplayer';
export type TransferStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled';

export const CHANNELS: readonly Channel[] = ['single', 'multiplayer'];

/** A transfer as the ledger returns it; amounts in hundredths of a point. */
export interface TransferRecord {
  id: number;
  fromId: string;
  toId: string;
  amountCents: number;
  channel: Channel;
  status: TransferStatus;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface LedgerTotals {
  /** Σ wallet balances of every account but the house. */
  balancesCents: number;
  /** Σ amounts of pending transfers (debited from their sender, not yet credited). */
  pendingCents: number;
  /** Σ amounts of transfers sent by the house that are pending or accepted. */
  issuedCents: number;
  /** Σ amounts of accepted transfers to the house. */
  returnedCents: number;
  /** The house's balance: returned − issued, usually negative (the house is where points come from). */
  houseBalanceCents: number;
}
