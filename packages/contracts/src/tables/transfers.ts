import type { Counterparty, TransferRow } from '../api/transfers.js';
import { fullName } from '../names.js';
import type { ColumnDef } from './columns.js';

/**
 * The counterparty column's header (docs/screens.md, Point Transfer). Rejected and cancelled
 * transfers go either way, so those sections use the combined label (decision 0007).
 */
export const COUNTERPARTY_HEADERS = {
  transferredTo: 'Transferred To',
  transferTo: 'TransferTo',
  receivedFrom: 'ReceivedFrom',
  either: 'Transferred To/Received From',
} as const;

/**
 * The six categories of docs/domain.md, "Points and the ledger", in screen order, with their section
 * titles (docs/screens.md, Point Transfer).
 */
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

/** The section of a key: every key names one. */
function sectionOf(key: TransferSectionKey): (typeof TRANSFER_SECTIONS)[number] {
  const section = TRANSFER_SECTIONS.find((s) => s.key === key);
  if (!section) throw new Error(`no transfer section ${key}`);
  return section;
}

/** The counterparty header of a section on Point Transfer and Multiplayer Point Transfer (screen and export). */
export function sectionCounterpartyHeader(key: TransferSectionKey): string {
  return sectionOf(key).counterparty;
}

/** Multiplayer Point Transfer: the same sections, prefixed. */
export function sectionTitle(key: TransferSectionKey, multiplayer: boolean): string {
  const { title } = sectionOf(key);
  return multiplayer ? `Multiplayer ${title}` : title;
}

/** Flattened row used by the tables and the export: Sr No, ID, counterparty, Type, Amount, Transfer Time. */
export type TransferColumnKey = 'srNo' | 'username' | 'counterparty' | 'type' | 'amount' | 'createdAt';

export function transferColumns(counterpartyHeader: string): ColumnDef<TransferColumnKey>[] {
  return [
    { key: 'srNo', header: 'Sr No', type: 'int' },
    { key: 'username', header: 'ID', type: 'string' },
    { key: 'counterparty', header: counterpartyHeader, type: 'string' },
    { key: 'type', header: 'Type', type: 'string' },
    { key: 'amount', header: 'Amount', type: 'float', total: true, keyFigure: true },
    { key: 'createdAt', header: 'Transfer Time', type: 'datetime' },
  ];
}

/** The other side of a transfer: the receiver of one the subject sent, else the sender. */
export function counterpartyOf(row: TransferRow): Counterparty {
  const other = row.direction === 'sent' ? row.toUserId : row.userId;
  if (!other) throw new Error(`transfer ${row._id} has no counterparty`);
  return other;
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
