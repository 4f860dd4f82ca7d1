import type { Writable } from 'node:stream';
import type { ColumnDef } from '@playrep/contracts';
import { formatCount, formatDayText, formatInstant } from '@playrep/contracts/display-format';
import ExcelJS from 'exceljs';
import { centsToPoints } from '../../lib/money.js';
import { neutraliseFormula } from './formula-guard.js';
import { indianNumberFormat } from './number-format.js';
import { roomIn } from './stream-room.js';

/**
 * The export files of report tables: the whole filtered result with the screen's columns and
 * total row, so a large report is never cut to what the browser holds. Both formats are written
 * as the rows come (they may come from the database in batches): only a batch is held at a time.
 * The server builds them in a worker thread (export-worker.ts); nothing here touches HTTP.
 */
export type ExportRow = Readonly<Record<string, unknown>>;

export interface ExportTable {
  title: string;
  columns: readonly ColumnDef[];
  /** The rows in order: an array, or an async iterable that reads them in batches. */
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>;
}

/** The total row says how many rows it adds up, as the screens' total rows do: 'Total of 7 rows'. */
const totalLabel = (rows: number) => `Total of ${formatCount(rows, 'row')}`;
/** CSV text is handed on in pieces of about this many characters. */
const CSV_CHUNK_CHARS = 64 * 1024;

/** Sums of the columns marked `total`, kept in hundredths as rows go by so the sum is exact at any size. */
export class ColumnTotals {
  private readonly cents = new Map<string, bigint>();
  private rows = 0;

  constructor(columns: readonly ColumnDef[]) {
    for (const col of columns) if (col.total) this.cents.set(col.key, 0n);
  }

  get any(): boolean {
    return this.cents.size > 0;
  }

  add(row: ExportRow): void {
    this.rows += 1;
    for (const [key, sum] of this.cents) this.cents.set(key, sum + BigInt(Math.round(Number(row[key] ?? 0) * 100)));
  }

  /** The total row's values by column index: the label in the first column, sums under their columns. */
  values(columns: readonly ColumnDef[]): { col: ColumnDef; value: string | number | null }[] {
    return columns.map((col, idx) => {
      const cents = this.cents.get(col.key);
      return { col, value: cents !== undefined ? centsToPoints(cents) : idx === 0 ? totalLabel(this.rows) : null };
    });
  }
}

export async function* rowsOf(table: ExportTable): AsyncGenerator<ExportRow> {
  yield* table.rows;
}

function cellText(col: ColumnDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (col.type) {
    case 'float':
      return Number(value).toFixed(2);
    case 'int':
      return String(Math.trunc(Number(value)));
    case 'datetime':
      return formatInstant(new Date(String(value)));
    case 'date':
      return formatDayText(String(value));
    default:
      return String(value);
  }
}

function csvField(text: string): string {
  // Neutralise spreadsheet formulas (CSV injection), then quote when needed.
  const safe = neutraliseFormula(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(columns: readonly ColumnDef[], row: ExportRow): string {
  return columns.map((c) => csvField(cellText(c, row[c.key]))).join(',');
}

/** The CSV file in pieces: a BOM (so spreadsheet programs read UTF-8), then each table, CRLF lines. */
export async function* csvChunks(tables: readonly ExportTable[]): AsyncGenerator<string> {
  let buffer = '\uFEFF';
  const line = (text: string) => {
    buffer += `${text}\r\n`;
  };
  for (const [i, table] of tables.entries()) {
    if (tables.length > 1) {
      if (i > 0) line('');
      line(csvField(table.title));
    }
    line(table.columns.map((c) => csvField(c.header)).join(','));
    const totals = new ColumnTotals(table.columns);
    for await (const row of rowsOf(table)) {
      line(csvLine(table.columns, row));
      totals.add(row);
      if (buffer.length >= CSV_CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    if (totals.any) {
      line(
        totals
          .values(table.columns)
          .map(({ col, value }) => (typeof value === 'number' ? csvField(cellText(col, value)) : csvField(value ?? '')))
          .join(','),
      );
    }
  }
  yield buffer;
}

function sheetName(title: string, used: Set<string>): string {
  let name = title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Report';
  for (let n = 2; used.has(name); n++) name = `${name.slice(0, 28)} ${n}`;
  used.add(name);
  return name;
}

function xlsxValue(col: ColumnDef, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (col.type === 'float' || col.type === 'int') return Number(value);
  return neutraliseFormula(cellText(col, value));
}

/**
 * One style object per number format and weight. ExcelJS recognises a style object it has seen
 * before, so cells that share one skip its style lookup (the costliest step of writing a cell).
 * Never change one in place: cells share it.
 */
const sharedStyles = new Map<string, Partial<ExcelJS.Style>>();
function sharedStyle(numFmt: string | undefined, bold: boolean): Partial<ExcelJS.Style> {
  const key = `${bold ? 'bold' : ''}|${numFmt ?? ''}`;
  let style = sharedStyles.get(key);
  if (!style) {
    style = { ...(numFmt ? { numFmt } : {}), ...(bold ? { font: { bold: true } } : {}) };
    sharedStyles.set(key, style);
  }
  return style;
}

/** Adds and commits one row; numbers get the screen's Indian grouping. */
function writeXlsxRow(sheet: ExcelJS.Worksheet, cells: { col: ColumnDef; value: string | number | null }[], bold = false) {
  const row = sheet.addRow(cells.map((c) => c.value));
  cells.forEach(({ col, value }, idx) => {
    const numFmt = typeof value === 'number' ? indianNumberFormat(value, col.type === 'float' ? 2 : 0) : undefined;
    row.getCell(idx + 1).style = sharedStyle(numFmt, bold);
  });
  row.commit();
}

/**
 * Writes the workbook (one sheet per table) to `output` with ExcelJS's streaming writer: each row
 * is committed as it is written, and the writer waits whenever `output` is full.
 */
export async function writeXlsx(tables: readonly ExportTable[], output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const used = new Set<string>();
  for (const table of tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title, used));
    sheet.columns = table.columns.map((c) => ({ width: Math.max(10, c.header.length + 2, c.type === 'datetime' ? 24 : 0) }));
    writeXlsxRow(
      sheet,
      table.columns.map((col) => ({ col, value: col.header })),
      true,
    );
    const totals = new ColumnTotals(table.columns);
    for await (const row of rowsOf(table)) {
      writeXlsxRow(
        sheet,
        table.columns.map((col) => ({ col, value: xlsxValue(col, row[col.key]) })),
      );
      totals.add(row);
      await roomIn(output);
    }
    if (totals.any) writeXlsxRow(sheet, totals.values(table.columns), true);
    sheet.commit();
  }
  await workbook.commit();
}
