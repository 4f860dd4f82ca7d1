import { flattenTransfer, type TransferRow, transferColumns } from '@playrep/contracts';
import { plainSrNo, tableColumns } from '../../../components/report/table-columns';
import type { DataTableColumn } from '../../../components/ui';

/** A table row: the flattened transfer the export writes too, with the transfer's id for React keys. */
export type TransferTableRow = ReturnType<typeof flattenTransfer> & { _id: string };

export function transferTableRows(rows: readonly TransferRow[]): TransferTableRow[] {
  return rows.map((row, index) => ({ ...flattenTransfer(row, index), _id: row._id }));
}

/**
 * Sr No, ID, the counterparty column, Type (G/P), Amount (totalled) and Transfer Time: the
 * contract's columns, so the screen and the server's export share their labels. Sr No counts the
 * rows as the table shows them (sorted, over every page).
 */
export function transferTableColumns(counterpartyHeader: string): DataTableColumn<TransferTableRow>[] {
  return tableColumns<TransferTableRow>(transferColumns(counterpartyHeader), { srNo: plainSrNo() });
}
