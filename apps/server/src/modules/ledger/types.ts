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
