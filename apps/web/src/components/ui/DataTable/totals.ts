import { useMemo } from 'react';
import { isNumericType, sumColumn } from './cells';
import type { ResolvedColumn } from './columns';
import { pageTotalLabel, totalRowLabel } from './total-labels';

export interface TotalRow {
  key: 'page' | 'total';
  label: string;
  /** The sums of the total columns, by column id. */
  sums: Map<string, number>;
}

/** The sums of the total columns over `rows`, by column id. */
function columnSums<Row extends object>(
  columns: readonly ResolvedColumn<Row>[],
  rows: readonly { original: Row }[],
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const column of columns) {
    sums.set(
      column.id,
      sumColumn(
        column.type,
        rows.map((r) => r.original[column.key]),
      ),
    );
  }
  return sums;
}

/**
 * The total rows under the table, none when no column has `total`: the total of the whole result,
 * with the total of the page shown above it when there is more than one page. With server paging
 * only the page is here: the whole result's total is the server's (`serverTotals`) when it gives
 * one; otherwise the one total is the page's, labelled so when there are more pages.
 */
export function useTotalRows<Row extends object>({
  columns,
  allRows,
  pageRows,
  firstIndex,
  rowCount,
  pageCount,
  totalLabel,
  serverPaged,
  serverTotals,
}: {
  columns: readonly ResolvedColumn<Row>[];
  allRows: readonly { original: Row }[];
  pageRows: readonly { original: Row }[];
  firstIndex: number;
  rowCount: number;
  pageCount: number;
  totalLabel: string;
  serverPaged: boolean;
  /** With server paging: the server's sums over every row, by column id. */
  serverTotals?: Readonly<Record<string, number>> | undefined;
}): TotalRow[] {
  const totalColumns = useMemo(() => columns.filter((c) => c.total && isNumericType(c.type)), [columns]);
  // Over every row of the sorted result, not just the visible page.
  const totals = useMemo(() => columnSums(totalColumns, allRows), [allRows, totalColumns]);
  if (totalColumns.length === 0) return [];

  // The rows shown are not all the rows: the page's total too, labelled with its rows.
  const paged = pageCount > 1;
  const pageLabel = pageTotalLabel(firstIndex + 1, firstIndex + pageRows.length);
  if (serverPaged && serverTotals) {
    // A column the server gave no total for stays blank rather than showing a made-up 0.
    const sums = new Map(
      totalColumns.flatMap((c) => {
        const sum = serverTotals[c.id];
        return sum === undefined ? [] : [[c.id, sum] as const];
      }),
    );
    return [
      ...(paged ? [{ key: 'page' as const, label: pageLabel, sums: totals }] : []),
      { key: 'total', label: totalRowLabel(rowCount, totalLabel), sums },
    ];
  }
  if (serverPaged) return [{ key: 'total', label: paged ? pageLabel : totalRowLabel(rowCount, totalLabel), sums: totals }];
  return [
    ...(paged ? [{ key: 'page' as const, label: pageLabel, sums: columnSums(totalColumns, pageRows) }] : []),
    { key: 'total', label: totalRowLabel(rowCount, totalLabel), sums: totals },
  ];
}
