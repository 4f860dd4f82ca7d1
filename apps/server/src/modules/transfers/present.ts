import type { TransferReportResponse, TransferRow, TransferSectionKey } from '@playrep/contracts';
import { centsToPoints } from '../../lib/money.js';
import type { TransferRecord } from './queries.js';

/** A transfer as the reports show it: points, 'G' when the other side is the house, the other side under its key. */
export function transferRow(record: TransferRecord): TransferRow {
  const other = record.counterparty;
  const account = {
    _id: other.id,
    username: other.username,
    firstName: other.firstName,
    lastName: other.lastName,
    role: other.role,
  };
  return {
    _id: String(record.id),
    amount: centsToPoints(record.amountCents),
    createdAt: record.createdAt.toISOString(),
    resolvedAt: record.resolvedAt === null ? null : record.resolvedAt.toISOString(),
    status: record.status,
    channel: record.channel,
    type: other.isHouse ? 'G' : 'P',
    direction: record.sent ? 'sent' : 'received',
    ...(record.sent ? { toUserId: account } : { userId: account }),
  };
}

/** The report's six sections (docs/domain.md, "Points and the ledger"), each newest first as the transfers come. */
export function categorize(transfers: readonly TransferRecord[]): TransferReportResponse['data'] {
  const data: Record<TransferSectionKey, TransferRow[]> = {
    transferred: [],
    transferredNotReceived: [],
    received: [],
    yetToBeReceived: [],
    rejected: [],
    cancelled: [],
  };
  for (const transfer of transfers) {
    const row = transferRow(transfer);
    if (row.status === 'rejected') data.rejected.push(row);
    else if (row.status === 'cancelled') data.cancelled.push(row);
    else if (row.direction === 'sent') (row.status === 'accepted' ? data.transferred : data.transferredNotReceived).push(row);
    else (row.status === 'accepted' ? data.received : data.yetToBeReceived).push(row);
  }
  return data;
}
