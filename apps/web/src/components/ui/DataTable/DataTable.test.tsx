import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils';
import { DataTable } from './DataTable';
import type { DataTableColumn } from './types';
import { NEGATIVE_COLOR } from './ValueCell';

interface Txn {
  name: string;
  amount: number;
  count: number;
  day: string;
  at: string;
}

const columns: DataTableColumn<Txn>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Amount', type: 'float', total: true, negativeRed: true },
  { key: 'count', header: 'Count', type: 'int', total: true },
  { key: 'day', header: 'Day', type: 'date' },
  { key: 'at', header: 'At', type: 'datetime' },
];

const sample: Txn[] = [
  { name: 'a', amount: 9, count: 2, day: '2025-03-05', at: '2025-03-05T01:00:00+05:30' },
  { name: 'b', amount: 100, count: 10, day: '2024-12-31', at: '2025-03-04T20:00:00Z' },
  { name: 'c', amount: -5, count: 1, day: '2025-01-10', at: '2025-03-04T19:00:00Z' },
  { name: 'd', amount: 25.5, count: 300, day: '2025-02-01', at: '2024-11-01T00:00:00Z' },
];

/** Independent Indian grouping for expectations (not the code under test). */
const inr = (n: number, decimals: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);

function sections() {
  const [head, body, foot] = screen.getAllByRole('rowgroup');
  return { head: head!, body: body!, foot };
}

function bodyRows() {
  return within(sections().body).getAllByRole('row');
}

/** Text of the cells of one column over the visible body rows. */
function columnTexts(index: number) {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[index]!.textContent);
}

function makeRows(n: number): Txn[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `row ${i + 1}`,
    // Spread of positives and negatives with cents, so a page's sum differs from the whole.
    amount: Math.round(((i * 7919) % 1000) * 13.37 - 4000) / 100,
    count: (i * 31) % 17,
    day: '2025-03-05',
    at: '2025-03-05T08:37:09Z',
  }));
}

describe('DataTable display', { timeout: 20_000 }, () => {
  it('formats each column type and right-aligns numbers', () => {
    renderUi(<DataTable columns={columns} rows={[sample[1]!]} ariaLabel="Transfers" />);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['b', '100.00', '10', '31-Dec-2024', '05/03/2025, 1:30:00 am']);
    expect(cells[1]!.style.textAlign).toBe('right');
    expect(cells[2]!.style.textAlign).toBe('right');
    expect(cells[0]!.style.textAlign).toBe('');
    expect(screen.getByRole('table', { name: 'Transfers' })).toBeTruthy();
  });

  it('shows negative money in red and positive money in the normal colour', () => {
    renderUi(<DataTable columns={columns} rows={sample} />);
    const amountCells = bodyRows().map((row) => within(row).getAllByRole('cell')[1]!);
    const negative = amountCells.find((c) => c.textContent === '-5.00')!;
    const positive = amountCells.find((c) => c.textContent === '9.00')!;
    expect(negative.style.color).toBe(NEGATIVE_COLOR);
    expect(positive.style.color).toBe('');
  });

  it('shows No data available, and no pager or total, when there are no rows', () => {
    renderUi(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No data available' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByText(/Total/)).toBeNull();
  });

  it('accepts another empty text', () => {
    renderUi(<DataTable columns={columns} rows={[]} emptyText="No Data" />);
    expect(screen.getByRole('cell', { name: 'No Data' })).toBeTruthy();
  });

  it('keeps the rows, dimmed and busy, while loading', () => {
    const { rerender } = renderUi(<DataTable columns={columns} rows={sample} loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('table').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('true');
    expect(bodyRows()).toHaveLength(4);
    rerender(<DataTable columns={columns} rows={sample} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('table').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('false');
  });

  it('says Loading rather than No data available while the first fetch runs', () => {
    renderUi(<DataTable columns={columns} rows={[]} loading />);
    expect(screen.getByRole('cell', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No data available')).toBeNull();
  });

  it('links CSV and Excel downloads built by the server', () => {
    renderUi(<DataTable columns={columns} rows={sample} exportHref={(format) => `/api/x?format=${format}`} />);
    const csv = screen.getByRole('link', { name: 'CSV' });
    const excel = screen.getByRole('link', { name: 'Excel' });
    expect(csv.getAttribute('href')).toBe('/api/x?format=csv');
    expect(excel.getAttribute('href')).toBe('/api/x?format=xlsx');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(excel.hasAttribute('download')).toBe(true);
  });

  it('names each pager after its table, so several tables on a page stay distinct', () => {
    renderUi(
      <>
        <DataTable columns={columns} rows={sample} ariaLabel="Points Received" />
        <DataTable columns={columns} rows={sample} caption="Points Rejected" />
      </>,
    );
    expect(screen.getByRole('navigation', { name: 'Points Received pagination' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Points Rejected pagination' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Points Rejected' })).toBeTruthy();
  });

  it('passes the position in the whole result to render, for Sr No on later pages', async () => {
    const user = userEvent.setup({ delay: null });
    const srNo: DataTableColumn<Txn>[] = [
      { key: 'name', id: 'srNo', header: 'Sr No', type: 'custom', sortable: false, render: (_row, { index }) => index + 1 },
      ...columns,
    ];
    renderUi(<DataTable columns={srNo} rows={makeRows(12)} />);
    await user.click(screen.getByLabelText('Page 2'));
    expect(columnTexts(0)).toEqual(['11', '12']);
    expect(screen.getByRole('columnheader', { name: 'Sr No' }).hasAttribute('aria-sort')).toBe(false);
  });
});

describe('DataTable sorting', { timeout: 20_000 }, () => {
  it('toggles ascending and descending and sorts numbers as numbers', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={sample} />);
    const header = screen.getByRole('columnheader', { name: 'Amount' });
    expect(header.getAttribute('aria-sort')).toBe('none');

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(columnTexts(1)).toEqual(['-5.00', '9.00', '25.50', '100.00']);

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(columnTexts(1)).toEqual(['100.00', '25.50', '9.00', '-5.00']);

    // A third click goes back to ascending: the sort toggles, it is never removed.
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts integer columns numerically (2 < 10 < 300, not "10" < "2")', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={sample} />);
    await user.click(screen.getByRole('button', { name: 'Count' }));
    expect(columnTexts(2)).toEqual(['1', '2', '10', '300']);
  });

  it('sorts dates as dates, not as their DD-Mon-YYYY text', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={sample} />);
    await user.click(screen.getByRole('button', { name: 'Day' }));
    const expected = [...sample].sort((a, b) => Date.parse(a.day) - Date.parse(b.day)).map((r) => r.name);
    expect(columnTexts(0)).toEqual(expected);
    expect(columnTexts(3)).toEqual(['31-Dec-2024', '10-Jan-2025', '01-Feb-2025', '05-Mar-2025']);
  });

  it('sorts date-times by instant, whatever offset the text carries', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={sample} />);
    await user.click(screen.getByRole('button', { name: 'At' }));
    const expected = [...sample].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).map((r) => r.name);
    expect(expected).toEqual(['d', 'c', 'a', 'b']);
    expect(columnTexts(0)).toEqual(expected);
  });

  it('sorts from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={sample} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    within(header).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.keyboard(' ');
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(columnTexts(0)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('does not sort a column marked not sortable', () => {
    renderUi(<DataTable columns={[{ key: 'name', header: 'Name', sortable: false }]} rows={sample} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(within(header).queryByRole('button')).toBeNull();
  });
});

describe('DataTable paging', { timeout: 20_000 }, () => {
  it('pages 10 rows at a time by default and offers 10..50', () => {
    renderUi(<DataTable columns={columns} rows={makeRows(45)} />);
    expect(bodyRows()).toHaveLength(10);
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10', '20', '30', '40', '50']);
    expect(screen.getByText('Showing 1 to 10 of 45 entries')).toBeTruthy();
  });

  it("says 'entry' for one row, and groups a count as the figures are", () => {
    const { rerender } = renderUi(<DataTable columns={columns} rows={makeRows(1)} />);
    expect(screen.getByText('Showing 1 to 1 of 1 entry')).toBeTruthy();
    rerender(<DataTable columns={columns} rows={makeRows(1234)} />);
    expect(screen.getByText('Showing 1 to 10 of 1,234 entries')).toBeTruthy();
  });

  it('adds a screen default of 3 to the page sizes', () => {
    renderUi(<DataTable columns={columns} rows={makeRows(7)} defaultPageSize={3} />);
    expect(bodyRows()).toHaveLength(3);
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['3', '10', '20', '30', '40', '50']);
    expect(select.value).toBe('3');
  });

  it('changes page size and goes back to the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={makeRows(45)} />);
    await user.click(screen.getByLabelText('Page 3'));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    expect(bodyRows()).toHaveLength(20);
    expect(columnTexts(0)[0]).toBe('row 1');
    expect(screen.getByLabelText('Page 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
  });

  it('keeps a typed page within 1..page count and reads a non-number as 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={makeRows(45)} />);
    const input = screen.getByLabelText('Go to page') as HTMLInputElement;

    await user.clear(input);
    await user.type(input, '3{Enter}');
    expect(columnTexts(0)[0]).toBe('row 21');
    expect(screen.getByLabelText('Page 3').getAttribute('aria-current')).toBe('page');

    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(input.value).toBe('5');
    expect(columnTexts(0)).toEqual(['row 41', 'row 42', 'row 43', 'row 44', 'row 45']);

    await user.clear(input);
    await user.type(input, 'abc{Enter}');
    expect(input.value).toBe('1');
    expect(columnTexts(0)[0]).toBe('row 1');

    await user.clear(input);
    await user.type(input, '4');
    await user.tab(); // blur commits too
    expect(columnTexts(0)[0]).toBe('row 31');

    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(input.value).toBe('1');

    await user.clear(input);
    await user.type(input, '-7{Enter}');
    expect(input.value).toBe('1');
  });

  it('disables first/previous on the first page and next/last on the last', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={makeRows(25)} />);
    expect((screen.getByLabelText('First page') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Previous page') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('Last page'));
    expect(columnTexts(0)).toEqual(['row 21', 'row 22', 'row 23', 'row 24', 'row 25']);
    expect((screen.getByLabelText('Next page') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Last page') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('Previous page'));
    expect(columnTexts(0)[0]).toBe('row 11');
    await user.click(screen.getByLabelText('First page'));
    expect(columnTexts(0)[0]).toBe('row 1');
  });

  it('shows a window of 10 page numbers that shifts by 9 when the page leaves it', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={makeRows(250)} />); // 25 pages
    const pageNumbers = () =>
      within(screen.getByLabelText('Pagination'))
        .getAllByLabelText(/^Page \d+$/)
        .map((b) => Number(b.textContent));
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    expect(pageNumbers()).toEqual(range(1, 10));
    await user.click(screen.getByLabelText('Page 9'));
    await user.click(screen.getByLabelText('Next page')); // page 10
    expect(pageNumbers()).toEqual(range(1, 10)); // still inside
    await user.click(screen.getByLabelText('Next page')); // page 11
    expect(pageNumbers()).toEqual(range(10, 19));
    expect(columnTexts(0)[0]).toBe('row 101');

    await user.click(screen.getByLabelText('Page 19'));
    expect(pageNumbers()).toEqual(range(10, 19));
    await user.click(screen.getByLabelText('Next page')); // page 20
    expect(pageNumbers()).toEqual(range(19, 25)); // cut at the last page

    await user.click(screen.getByLabelText('Previous page')); // 19, inside
    expect(pageNumbers()).toEqual(range(19, 25));
    await user.click(screen.getByLabelText('Previous page')); // 18
    expect(pageNumbers()).toEqual(range(10, 19));

    await user.click(screen.getByLabelText('First page'));
    expect(pageNumbers()).toEqual(range(1, 10));
    await user.click(screen.getByLabelText('Last page'));
    expect(pageNumbers()).toEqual(range(19, 25));
  });

  it('starts again on page 1 when a new result arrives', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = renderUi(<DataTable columns={columns} rows={makeRows(30)} />);
    await user.click(screen.getByLabelText('Page 3'));
    rerender(<DataTable columns={columns} rows={makeRows(30)} />);
    expect(columnTexts(0)[0]).toBe('row 1');
  });

  it('resets to page 1 on sort', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<DataTable columns={columns} rows={makeRows(30)} />);
    await user.click(screen.getByLabelText('Page 2'));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByLabelText('Page 1').getAttribute('aria-current')).toBe('page');
  });
});

describe('DataTable totals', { timeout: 20_000 }, () => {
  /** The cells of the total rows, by their first cell. */
  const footRows = () =>
    within(sections().foot!)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole('cell'));

  it('totals the whole result under every page, saying how many rows it adds up, with the page total above it', async () => {
    const user = userEvent.setup({ delay: null });
    const rows = makeRows(23);
    renderUi(<DataTable columns={columns} rows={rows} totalLabel="Grand Total" />);

    // Independent sums: amounts in hundredths, counts as integers.
    const amountHundredths = rows.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
    const countTotal = rows.reduce((sum, r) => sum + r.count, 0);
    const pageSums = (page: readonly Txn[]) => [
      inr(page.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100, 2),
      inr(
        page.reduce((sum, r) => sum + r.count, 0),
        0,
      ),
    ];
    expect(pageSums(rows.slice(0, 10))[0]).not.toBe(inr(amountHundredths / 100, 2));

    const check = (label: string, page: readonly Txn[]) => {
      const [pageTotal, total] = footRows();
      expect(pageTotal!.map((c) => c.textContent)).toEqual([label, ...pageSums(page), '', '']);
      expect(total!.map((c) => c.textContent)).toEqual([
        'Grand Total of 23 rows',
        inr(amountHundredths / 100, 2),
        inr(countTotal, 0),
        '',
        '',
      ]);
    };
    check('Page total, rows 1-10', rows.slice(0, 10));
    await user.click(screen.getByLabelText('Page 3'));
    check('Page total, rows 21-23', rows.slice(20));
    // Sorted by amount: page 1 holds the 10 smallest.
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    check('Page total, rows 1-10', [...rows].sort((a, b) => a.amount - b.amount).slice(0, 10));
    // One page holds them all: no page total.
    await user.selectOptions(screen.getByLabelText('Rows per page'), '30');
    expect(footRows()).toHaveLength(1);
    expect(footRows()[0]![0]!.textContent).toBe('Grand Total of 23 rows');
  });

  it("says 'Total of n rows' by default, and 'row' for one", () => {
    const { rerender } = renderUi(<DataTable columns={columns} rows={sample} />);
    expect(footRows().map((cells) => cells[0]!.textContent)).toEqual(['Total of 4 rows']);
    rerender(<DataTable columns={columns} rows={[sample[0]!]} />);
    expect(footRows().map((cells) => cells[0]!.textContent)).toEqual(['Total of 1 row']);
  });

  it('sums floats without drift and shows a negative total in red', () => {
    const rows: Txn[] = [0.1, 0.2, -10].map((amount, i) => ({ ...sample[0]!, name: String(i), amount }));
    renderUi(<DataTable columns={columns} rows={rows} />);
    const total = within(sections().foot!).getAllByRole('cell')[1]!;
    expect(total.textContent).toBe('-9.70');
    expect(total.style.color).toBe(NEGATIVE_COLOR);
  });

  it('has no total row when no column asks for one', () => {
    renderUi(<DataTable columns={[{ key: 'name', header: 'Name' }]} rows={sample} />);
    expect(sections().foot).toBeUndefined();
  });
});

describe('DataTable key figures (the figure a row exists for)', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // jsdom lays nothing out: the header cells of Amount and Count are given widths of their own.
  const WIDTH: Record<string, number> = { Amount: 120, Count: 80 };
  function layOutHeaders() {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width = this.tagName === 'TH' ? (WIDTH[this.textContent?.replace(/[▲▼↕]/g, '').trim() ?? ''] ?? 50) : 0;
      return new DOMRect(0, 0, width, 20);
    });
  }

  /** The cells of one column, header, body rows and total row, in that order. */
  function columnCells(index: number) {
    const { head, body, foot } = sections();
    return [head, body, foot!].flatMap((part) =>
      within(part)
        .getAllByRole('row')
        .map((row) => row.querySelectorAll<HTMLElement>('th, td')[index]!),
    );
  }

  /** A cell's offset on one side, as the browser resolves it: the variable it names, as its table holds it. */
  const offsetOf = (cell: HTMLElement, side: 'left' | 'right') => {
    const value = cell.style.getPropertyValue(`--key-figure-${side}`);
    const named = /^var\((--[\w-]+), 0px\)$/.exec(value)?.[1];
    return named ? cell.closest('table')!.style.getPropertyValue(named) || '0px' : value;
  };
  const pinOf = (cell: HTMLElement) =>
    cell.hasAttribute('data-key-figure') ? { left: offsetOf(cell, 'left'), right: offsetOf(cell, 'right') } : null;

  it('holds every cell of the marked columns, side by side, each offset by the widths of the others; the rest scroll', () => {
    layOutHeaders();
    const marked = columns.map((c) => (c.key === 'amount' || c.key === 'count' ? { ...c, keyFigure: true } : c));
    renderUi(<DataTable columns={marked} rows={sample} ariaLabel="Transactions" />);

    // Header and cell order stay as the columns give them (a screen reader reads them so).
    expect(
      within(sections().head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(columns.map((c) => c.header));
    // Amount keeps Count's width to its right; Count keeps Amount's width to its left.
    const amount = columnCells(1);
    const count = columnCells(2);
    expect(amount).toHaveLength(1 + sample.length + 1);
    for (const cell of amount) expect(pinOf(cell)).toEqual({ left: '0px', right: `${WIDTH.Count}px` });
    for (const cell of count) expect(pinOf(cell)).toEqual({ left: `${WIDTH.Amount}px`, right: '0px' });
    for (const index of [0, 3, 4]) for (const cell of columnCells(index)) expect(pinOf(cell)).toBeNull();
  });

  it('holds nothing when no column is marked', () => {
    layOutHeaders();
    renderUi(<DataTable columns={columns} rows={sample} ariaLabel="Transactions" />);
    expect(document.querySelectorAll('[data-key-figure]')).toHaveLength(0);
  });
});
