import { z } from 'zod';
import { fullName } from '../names.js';
import { AccountRef, type ColumnDef, RangeEcho, RangeQuery } from './common.js';

/**
 * The counterparty column's header, the spec's exact labels (section 2). Rejected and cancelled
 * transfers go either way, so those sections use the combined label (decision 0007).
 */
export const COUNTERPARTY_HEADERS = {
  transferredTo: 'Transferred To',
  transferTo: 'TransferTo',
  receivedFrom: 'ReceivedFrom',
  either: 'Transferred To/Received From',
} as const;

/** The six categories of docs/domain.md, "Points and the ledger", in screen order, with their section titles (spec section 2). */
export const TRANSFER_SECTIONS = [
  { key: 'transferred', title: 'Point Transferred', counterparty: COUNTERPARTY_HEADERS.transferredTo },
  {
    key: 'transferredNotReceived',
    title: 'Points Transferred But yet to be Received',
    counterparty: COUNTERPARTY_HEADERS.transferTo,
  },
  { key: 'received', title: 'Points Received', counterparty: COUNTERPARTY_HEADERS.receivedFrom },
  { key: 'yetToBeReceived', title: 'Points yet to be Received', counterparty: COUNTERPARTY_HEADERS.receivedFrom },
  { key: 'rejected', title: 'Points Rejected', counterparty: COUNTERPARTY_HEADERS.either },
  { key: 'cancelled', title: 'Points Cancelled', counterparty: COUNTERPARTY_HEADERS.either },
] as const;
/** Weekly Details Report names its counterparty column the same way in every section. */
export const WEEKLY_COUNTERPARTY_HEADER = COUNTERPARTY_HEADERS.either;

export type TransferSectionKey = (typeof TRANSFER_SECTIONS)[number]['key'];
export const TRANSFER_SECTION_KEYS = TRANSFER_SECTIONS.map((s) => s.key) as [TransferSectionKey, ...TransferSectionKey[]];

/** The counterparty header of a section on Point Transfer and Multiplayer Point Transfer (screen and export). */
export function sectionCounterpartyHeader(key: TransferSectionKey): string {
  return TRANSFER_SECTIONS.find((s) => s.key === key)!.counterparty;
}

/** Multiplayer Point Transfer: the same sections, prefixed. */
export function sectionTitle(key: TransferSectionKey, multiplayer: boolean): string {
  const title = TRANSFER_SECTIONS.find((s) => s.key === key)!.title;
  return multiplayer ? `Multiplayer ${title}` : title;
}

export const TransferRow = z.object({
  _id: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'rejected', 'cancelled']),
  channel: z.enum(['single', 'multiplayer']),
  /** 'G' when the counterparty is the house, else 'P'. */
  type: z.enum(['G', 'P']),
  direction: z.enum(['sent', 'received']),
  /** The counterparty when the subject sent the transfer. */
  toUserId: AccountRef.optional(),
  /** The counterparty when the subject received it. */
  userId: AccountRef.optional(),
});
export type TransferRow = z.infer<typeof TransferRow>;

export const TransferReportQuery = RangeQuery.extend({
  /** Counterparty username filter ("Member ID"). */
  memberId: z.string().trim().max(100).optional(),
  /** Export one section only; default all. */
  section: z.enum(TRANSFER_SECTION_KEYS).optional(),
});
export type TransferReportQuery = z.infer<typeof TransferReportQuery>;

export const TransferReportResponse = z.object({
  success: z.literal(true),
  range: RangeEcho,
  data: z.object(
    Object.fromEntries(TRANSFER_SECTION_KEYS.map((k) => [k, z.array(TransferRow)])) as Record<
      TransferSectionKey,
      z.ZodArray<typeof TransferRow>
    >,
  ),
});
export type TransferReportResponse = z.infer<typeof TransferReportResponse>;

/** Flattened row used by the tables and the export: Sr No, ID, counterparty, Type, Amount, Transfer Time. */
export type TransferColumnKey = 'srNo' | 'username' | 'counterparty' | 'type' | 'amount' | 'createdAt';

export function transferColumns(counterpartyHeader: string): ColumnDef<TransferColumnKey>[] {
  return [
    { key: 'srNo', header: 'Sr No', type: 'int' },
    { key: 'username', header: 'ID', type: 'string' },
    { key: 'counterparty', header: counterpartyHeader, type: 'string' },
    { key: 'type', header: 'Type', type: 'string' },
    { key: 'amount', header: 'Amount', type: 'float', total: true },
    { key: 'createdAt', header: 'Transfer Time', type: 'datetime' },
  ];
}

export function counterpartyOf(row: TransferRow): AccountRef {
  return (row.direction === 'sent' ? row.toUserId : row.userId)!;
}

export function flattenTransfer(row: TransferRow, index: number): Record<TransferColumnKey, string | number> {
  const other = counterpartyOf(row);
  return {
    srNo: index + 1,
    username: other.username,
    counterparty: fullName(other.firstName, other.lastName) || other.username,
    type: row.type,
    amount: row.amount,
    createdAt: row.createdAt,
  };
}
