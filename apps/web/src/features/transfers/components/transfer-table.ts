import { counterpartyOf, flattenTransfer, type TransferRow, transferColumns } from '@playrep/contracts';
import { createElement } from 'react';
import { MemberLink } from '../../../components/report/MemberLink';
import { plainSrNo, tableColumns } from '../../../components/report/table-columns';
import type { DataTableColumn } from '../../../components/ui';

/**
 * A table row: the flattened transfer the export writes too, with the transfer's id for React keys
 * and the counterparty's role (a player's username links to its member page).
 */
export type TransferTableRow = ReturnType<typeof flattenTransfer> & { _id: string; role: string };

export function transferTableRows(rows: readonly TransferRow[]): TransferTableRow[] {
  return rows.map((row, index) => ({ ...flattenTransfer(row, index), _id: row._id, role: counterpartyOf(row).role }));
}

/**
 * Sr No, ID, the counterparty column, Type (G/P), Amount (totalled) and Transfer Time: the
 * contract's columns, so the screen and the server's export share their labels. Sr No counts the
 * rows as the table shows them (sorted, over every page).
 */
export function transferTableColumns(counterpartyHeader: string): DataTableColumn<TransferTableRow>[] {
  return tableColumns<TransferTableRow>(transferColumns(counterpartyHeader), {
    srNo: plainSrNo(),
    username: {
      type: 'custom',
      sortValue: (row) => String(row.username),
      render: (row) =>
        row.role === 'player' ? createElement(MemberLink, { username: String(row.username) }) : String(row.username),
    },
  });
}
