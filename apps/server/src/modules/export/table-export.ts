import type { ColumnDef, ExportFormat } from '@playrep/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * Server-built exports of report tables: the whole filtered result with the screen's columns and
 * total row, so a large report is never cut to what the browser holds.
 */
export interface ExportTable {
  title: string;
  columns: readonly ColumnDef[];
  rows: readonly Record<string, unknown>[];
}

const TOTAL_LABEL = 'Total';
const IST = 'Asia/Kolkata';
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function formatDay(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** Totals of the columns marked `total`, summed in hundredths so the sum is exact. */
export function columnTotals(table: ExportTable): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const col of table.columns) {
    if (!col.total) continue;
    const cents = table.rows.reduce<number>((sum, row) => sum + Math.round(Number(row[col.key] ?? 0) * 100), 0);
    totals[col.key] = cents / 100;
  }
  return totals;
}

function cellText(col: ColumnDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (col.type) {
    case 'float':
      return Number(value).toFixed(2);
    case 'int':
      return String(Math.trunc(Number(value)));
    case 'datetime':
      return dateTimeFormat.format(new Date(String(value)));
    case 'date':
      return formatDay(String(value));
    default:
      return String(value);
  }
}

function csvField(text: string): string {
  // Quote when needed; neutralise spreadsheet formulas (CSV injection) in text cells.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function hasTotals(table: ExportTable): boolean {
  return table.columns.some((c) => c.total);
}

export function toCsv(tables: readonly ExportTable[]): string {
  const lines: string[] = [];
  for (const [i, table] of tables.entries()) {
    if (tables.length > 1) {
      if (i > 0) lines.push('');
      lines.push(csvField(table.title));
    }
    lines.push(table.columns.map((c) => csvField(c.header)).join(','));
    for (const row of table.rows) lines.push(table.columns.map((c) => csvField(cellText(c, row[c.key]))).join(','));
    if (hasTotals(table)) {
      const totals = columnTotals(table);
      lines.push(
        table.columns
          .map((c, idx) => (c.key in totals ? cellText(c, totals[c.key]) : idx === 0 ? TOTAL_LABEL : ''))
          .map(csvField)
          .join(','),
      );
    }
  }
  // A BOM so that spreadsheet programs read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(tables: readonly ExportTable[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const usedNames = new Set<string>();
  for (const table of tables) {
    let name = table.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Report';
    for (let n = 2; usedNames.has(name); n++) name = `${name.slice(0, 28)} ${n}`;
    usedNames.add(name);
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(table.columns.map((c) => c.header)).font = { bold: true };
    for (const row of table.rows) sheet.addRow(table.columns.map((c) => xlsxValue(c, row[c.key])));
    if (hasTotals(table)) {
      const totals = columnTotals(table);
      const totalRow = sheet.addRow(
        table.columns.map((c, idx) => (c.key in totals ? totals[c.key] : idx === 0 ? TOTAL_LABEL : null)),
      );
      totalRow.font = { bold: true };
    }
    table.columns.forEach((c, idx) => {
      const column = sheet.getColumn(idx + 1);
      column.width = Math.max(10, c.header.length + 2, c.type === 'datetime' ? 24 : 0);
      if (c.type === 'float') column.numFmt = '#,##0.00';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function xlsxValue(col: ColumnDef, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (col.type === 'float' || col.type === 'int') return Number(value);
  return cellText(col, value);
}

/** Sends the tables as a download named `{baseName}.{format}`. */
export async function sendExport(reply: FastifyReply, format: ExportFormat, baseName: string, tables: readonly ExportTable[]) {
  const filename = `${baseName.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  reply.header('Cache-Control', 'no-store');
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(tables));
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(tables));
}
