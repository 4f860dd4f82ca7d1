import type { transfers } from '../../db/schema/index.js';
import type { TransferRecord } from './types.js';

type TransferRow = typeof transfers.$inferSelect;

export function toRecord(row: TransferRow): TransferRecord {
  return {
    id: row.id,
    fromId: row.fromId,
    toId: row.toId,
    amountCents: row.amountCents,
    channel: row.channel,
    status: row.status,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
  };
}
