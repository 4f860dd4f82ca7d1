import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cellTexts } from '../../../test/table-text';
import { renderUi } from '../test-utils';
import { DataTable } from './DataTable';
import type { DataTableColumn } from './types';

interface Draw {
  n: number;
}

const columns: DataTableColumn<Draw>[] = [
  { key: 'n', id: 'srNo', header: 'Sr No', type: 'custom', sortable: false, render: (_row, { index }) => index + 1 },
  { key: 'n', header: 'N', type: 'int', sortable: false },
];

/** A stand-in for a server holding `total` rows: it hands the table one page at a time. */
function ServerPaged({ total, requests }: { total: number; requests: { page: number; pageSize: number }[] }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const first = (page - 1) * pageSize;
  const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) => ({ n: 1000 + first + i }));
  return (
    <DataTable
      columns={columns}
      rows={rows}
      ariaLabel="Draws"
      serverPaging={{
        page,
        pageSize,
        rowCount: total,
        onPageChange: (p) => {
          requests.push({ page: p, pageSize });
          setPage(p);
        },
        onPageSizeChange: (size) => {
          requests.push({ page: 1, pageSize: size });
          setPageSize(size);
          setPage(1);
        },
      }}
    />
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstCells = () => bodyRows().map(cellTexts);

describe('DataTable with server paging', { timeout: 20_000 }, () => {
  it('shows the page it is given, counts pages from the server total and asks for other pages', async () => {
    const user = userEvent.setup({ delay: null });
    const requests: { page: number; pageSize: number }[] = [];
    renderUi(<ServerPaged total={95} requests={requests} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 95 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(requests).toEqual([{ page: 3, pageSize: 10 }]);
    // Sr No continues over pages; the rows are the server's page, not a slice of it.
    expect(firstCells()[0]).toEqual(['21', '1,020']);
    expect(screen.getByText('Showing 21 to 30 of 95 entries')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(requests.at(-1)).toEqual({ page: 10, pageSize: 10 });
    expect(bodyRows()).toHaveLength(5);
    expect(firstCells().at(-1)).toEqual(['95', '1,094']);

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(requests.at(-1)).toEqual({ page: 1, pageSize: 50 });
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Showing 1 to 50 of 95 entries')).toBeTruthy();
  });

  it('keeps a typed page within the server page count', async () => {
    const user = userEvent.setup({ delay: null });
    const requests: { page: number; pageSize: number }[] = [];
    renderUi(<ServerPaged total={25} requests={requests} />);
    const input = screen.getByLabelText('Go to page');
    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(requests).toEqual([{ page: 3, pageSize: 10 }]);
  });

  it('leaves sorting to the server: the header shows its order and a click asks for the other one', async () => {
    const user = userEvent.setup({ delay: null });
    const asked: [string, string][] = [];
    function ServerSorted() {
      const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
      // The server's page: newest (largest) first when descending.
      const rows = Array.from({ length: 3 }, (_, i) => ({ n: direction === 'desc' ? 30 - i : 1 + i }));
      return (
        <DataTable
          columns={[{ key: 'n', header: 'N', type: 'int' }]}
          rows={rows}
          ariaLabel="Draws"
          serverPaging={{
            page: 1,
            pageSize: 10,
            rowCount: 3,
            onPageChange: () => {},
            onPageSizeChange: () => {},
            sort: {
              columnId: 'n',
              direction,
              onSortChange: (id, next) => {
                asked.push([id, next]);
                setDirection(next);
              },
            },
          }}
        />
      );
    }
    renderUi(<ServerSorted />);
    const header = () => screen.getByRole('columnheader', { name: /N/ });
    expect(header().getAttribute('aria-sort')).toBe('descending');
    // The rows stay in the server's order (not re-sorted on the page).
    expect(firstCells().map((r) => r[0])).toEqual(['30', '29', '28']);
    await user.click(within(header()).getByRole('button'));
    expect(asked).toEqual([['n', 'asc']]);
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells().map((r) => r[0])).toEqual(['1', '2', '3']);
    await user.click(within(header()).getByRole('button'));
    expect(asked.at(-1)).toEqual(['n', 'desc']);
  });

  it('labels a total of the page it was given as a page total; one page is the whole result', () => {
    const totalled: DataTableColumn<Draw>[] = [columns[0]!, { key: 'n', header: 'N', type: 'int', total: true }];
    const paging = { page: 2, pageSize: 3, rowCount: 7, onPageChange: () => {}, onPageSizeChange: () => {} };
    const { rerender } = renderUi(
      <DataTable columns={totalled} rows={[{ n: 4 }, { n: 5 }, { n: 6 }]} ariaLabel="Draws" serverPaging={paging} />,
    );
    const foot = () => within(screen.getAllByRole('rowgroup')[2]!).getAllByRole('row').map(cellTexts);
    // Only the page is here: its total says so.
    expect(foot()).toEqual([['Page total, rows 4-6', '15']]);
    expect(bodyRows().map(cellTexts)).toEqual([
      ['4', '4'],
      ['5', '5'],
      ['6', '6'],
    ]);
    rerender(
      <DataTable
        columns={totalled}
        rows={[{ n: 1 }, { n: 2 }]}
        ariaLabel="Draws"
        serverPaging={{ ...paging, page: 1, rowCount: 2 }}
      />,
    );
    expect(foot()).toEqual([['Total of 2 rows', '3']]);
  });

  it('shows the server’s total over every row under the page’s own when the server gives one', () => {
    const totalled: DataTableColumn<Draw>[] = [columns[0]!, { key: 'n', header: 'N', type: 'int', total: true }];
    const paging = { page: 2, pageSize: 3, rowCount: 7, totals: { n: 28 }, onPageChange: () => {}, onPageSizeChange: () => {} };
    const { rerender } = renderUi(
      <DataTable columns={totalled} rows={[{ n: 4 }, { n: 5 }, { n: 6 }]} ariaLabel="Draws" serverPaging={paging} />,
    );
    const foot = () => within(screen.getAllByRole('rowgroup')[2]!).getAllByRole('row').map(cellTexts);
    expect(foot()).toEqual([
      ['Page total, rows 4-6', '15'],
      ['Total of 7 rows', '28'],
    ]);
    // One page is the whole result: the server's total alone.
    rerender(
      <DataTable
        columns={totalled}
        rows={[{ n: 1 }, { n: 2 }]}
        ariaLabel="Draws"
        serverPaging={{ ...paging, page: 1, rowCount: 2, totals: { n: 3 } }}
      />,
    );
    expect(foot()).toEqual([['Total of 2 rows', '3']]);
  });
});
