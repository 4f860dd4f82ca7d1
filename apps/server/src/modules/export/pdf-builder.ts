import type { Writable } from 'node:stream';
import type { ColumnDef } from '@playrep/contracts';
import { formatDayIn, formatInstant, formatPoints, formatWhole } from '@playrep/contracts/display-format';
import { definite } from '../../lib/definite.js';
import { ColumnTotals, type ExportRow, type ExportTable, rowsOf } from './file-builders.js';
import { loadDevanagariFonts, loadFonts, type Weight } from './pdf-fonts.js';
import { PDF_LABELS, type PdfLabels, type PdfLanguage } from './pdf-labels.js';
import { type PdfFont, PdfWriter, type TextBoxOptions } from './pdf-writer.js';

/**
 * The PDF of a statement (docs/domain.md, "Mail and statements"): the report's export tables (the
 * same rows as its CSV and Excel files) laid out as the screen shows them, with the statement's
 * lines, on A4 pages: en-IN numbers and IST dates as on screen, negatives in red, a table's header
 * repeated on each page it continues on, the fonts embedded (DejaVu Sans Condensed, and Noto Sans
 * Devanagari for a document in Hindi: docs/decisions/0022-devanagari-in-pdfs.md), the text
 * extractable, the title and author set. The caller writes the texts in the document's language;
 * the builder's own few words are in pdf-labels.ts. One page holds a statement of 40 members. Nothing here
 * touches HTTP; the server builds it in an export worker (export-worker.ts).
 */

/** A labelled figure of a statement ('Gift Points', '1,234.50'). */
export interface PdfFigure {
  label: string;
  value: string;
  note?: string | undefined;
  negative?: boolean | undefined;
  /** A result line: bold, with a rule above it. */
  result?: boolean | undefined;
}

export type PdfBlock =
  /**
   * The export table of that index, captioned with its title unless `caption` says otherwise, its
   * columns headed by their headers unless `headers` (by column key) say otherwise.
   */
  | { type: 'table'; table: number; caption?: string; headers?: Record<string, string> }
  | { type: 'text'; text: string }
  | { type: 'figures'; title: string; subtitle?: string; figures: PdfFigure[] }
  /** Two blocks beside each other (the left one takes `leftShare` of the width), kept on one page. */
  | { type: 'side-by-side'; left: PdfBlock; right: PdfBlock; leftShare: number };

export interface PdfLayout {
  /** The document's title: its heading, and the title in its properties. */
  title: string;
  /** Lines under the heading: the week, whose statement it is. */
  lines: string[];
  blocks: PdfBlock[];
  /** The document's language (English unless said): the builder's own words and the fonts. */
  language?: PdfLanguage | undefined;
}

export const PDF_AUTHOR = 'Playrep back office';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 30, bottom: 30, side: 32 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.side;
/** Where content stops: the footer goes below. */
const BOTTOM = PAGE.height - MARGIN.bottom - 12;
const FONT_SIZE = 8;
const ROW = 10.5;
const CELL_PADDING = 3;
const GAP = 8;
/** The statement's colours: negative figures, notes and footers, every other row, and rules. */
const COLOUR = { red: '#c92a2a', grey: '#495057', stripe: '#f1f3f5', rule: '#868e96' } as const;

/** Relative widths of the column types: a column's share of the table's width. */
const TYPE_WEIGHTS: Record<ColumnDef['type'], number> = {
  int: 0.7,
  float: 1.25,
  date: 1.05,
  datetime: 1.7,
  string: 1.5,
  custom: 1.5,
};

/** A cell as the screen shows it (docs/screens.md, Every report screen). */
function cellText(col: ColumnDef, value: unknown, language: PdfLanguage): string {
  if (value === null || value === undefined || value === '') return '';
  switch (col.type) {
    case 'float':
      return formatPoints(Number(value));
    case 'int':
      return formatWhole(Number(value));
    case 'date':
      return formatDayIn(language, String(value));
    case 'datetime':
      return formatInstant(new Date(String(value)));
    default:
      return String(value);
  }
}

/** A table block's columns, headed as the block says. */
function columnsOf(block: Extract<PdfBlock, { type: 'table' }>, table: ExportTable): ExportTable['columns'] {
  const { headers } = block;
  return headers ? table.columns.map((c) => ({ ...c, header: headers[c.key] ?? c.header })) : table.columns;
}

const numeric = (col: ColumnDef) => col.type === 'int' || col.type === 'float';

/** The width of column `i`, as `widths` (from the same columns) gives it. */
const widthOf = (widths: readonly number[], i: number) => definite(widths[i], "a column's width");

/** Writes the document to `output` and ends it. */
export async function writePdf(layout: PdfLayout, tables: readonly ExportTable[], output: Writable): Promise<void> {
  const labels = PDF_LABELS[layout.language ?? 'en'];
  const fonts = layout.language === 'hi' ? await loadDevanagariFonts() : loadFonts();
  const doc = new PdfWriter({
    fonts: [fonts.regular, fonts.bold],
    width: PAGE.width,
    height: PAGE.height,
    info: {
      title: layout.title,
      author: PDF_AUTHOR,
      subject: layout.lines.join(' · '),
      creator: PDF_AUTHOR,
      creationDate: new Date(),
    },
    lang: labels.lang,
  });
  const finished = new Promise<void>((resolve, reject) => {
    output.once('finish', resolve);
    output.once('error', reject);
  });

  const page = new PageWriter(doc, fonts, labels, layout.language ?? 'en');
  page.heading(layout.title, layout.lines);
  for (const block of layout.blocks) await page.block(block, tables, { x: MARGIN.side, width: CONTENT_WIDTH });
  page.footers(layout.title);
  output.end(doc.toBuffer());
  await finished;
}

interface Frame {
  x: number;
  width: number;
}

/** Lays blocks out top to bottom, starting a page (and repeating a table's header) when one is full. */
class PageWriter {
  y = MARGIN.top;

  constructor(
    private readonly doc: PdfWriter,
    private readonly fonts: Record<Weight, PdfFont>,
    private readonly labels: PdfLabels,
    /** The document's language: its days' month names. */
    private readonly language: PdfLanguage,
  ) {}

  private font(weight: Weight, size: number, color = 'black') {
    return this.doc.font(this.fonts[weight], size).fillColor(color);
  }

  private newPage() {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  /**
   * `text` at (x, y) in `options.width`, aligned as `options` say: one line when it fits the width,
   * else wrapped (or cut, with `options.height` and `options.ellipsis`). Callers place what follows
   * by `this.y`.
   */
  private placeLine(doc: PdfWriter, text: string, x: number, y: number, options: TextBoxOptions) {
    const width = text.includes('\n') ? Number.POSITIVE_INFINITY : doc.widthOfString(text.trimEnd());
    if (width > options.width + 1e-6) {
      doc.textBox(text, x, y, options);
      return;
    }
    const free = options.width - width;
    const offset = options.align === 'right' ? free : options.align === 'center' ? free / 2 : 0;
    doc.text(text, x + offset, y);
  }

  /** `text` on one line at (x, y) in `width`, cut with '…' when longer: a heading, caption or label never runs onto what follows. */
  private oneLine(doc: PdfWriter, text: string, x: number, y: number, width: number, align?: TextBoxOptions['align']) {
    this.placeLine(doc, text, x, y, { width, align, height: doc.currentLineHeight(), ellipsis: true });
  }

  /** Starts a page unless `height` fits below. */
  private room(height: number) {
    if (this.y + height > BOTTOM) this.newPage();
  }

  heading(title: string, lines: readonly string[]) {
    this.oneLine(this.font('bold', 13), title, MARGIN.side, this.y, CONTENT_WIDTH);
    this.y += 18;
    for (const line of lines) {
      this.y = this.font('regular', 8.5).textBox(line, MARGIN.side, this.y, { width: CONTENT_WIDTH }) + 1.5;
    }
    this.y += GAP - 2;
  }

  async block(block: PdfBlock, tables: readonly ExportTable[], frame: Frame): Promise<void> {
    switch (block.type) {
      case 'table': {
        const table = tables[block.table];
        if (!table) throw new Error(`writePdf: no table ${block.table}`);
        await this.table({ ...table, columns: columnsOf(block, table) }, block.caption ?? table.title, frame, rowsOf(table));
        break;
      }
      case 'text':
        this.text(block.text, frame);
        break;
      case 'figures':
        this.figures(block, frame);
        break;
      case 'side-by-side':
        await this.sideBySide(block, tables, frame);
        break;
    }
    this.y += GAP;
  }

  private text(text: string, frame: Frame) {
    const doc = this.font('regular', FONT_SIZE, COLOUR.grey);
    this.room(doc.heightOfString(text, frame.width));
    this.y = doc.textBox(text, frame.x, this.y, { width: frame.width });
  }

  /** Both blocks from the same top, on one page: the taller one decides where the next block starts. */
  private async sideBySide(block: Extract<PdfBlock, { type: 'side-by-side' }>, tables: readonly ExportTable[], frame: Frame) {
    // Tables beside another block are small (Total Points Used): read them first, to measure them.
    const materialised = await Promise.all(
      tables.map(async (table, index) =>
        [block.left, block.right].some((b) => b.type === 'table' && b.table === index)
          ? { ...table, rows: await collect(rowsOf(table)) }
          : table,
      ),
    );
    const gutter = 14;
    const leftWidth = (frame.width - gutter) * block.leftShare;
    const frames: [Frame, Frame] = [
      { x: frame.x, width: leftWidth },
      { x: frame.x + leftWidth + gutter, width: frame.width - gutter - leftWidth },
    ];
    const height = Math.max(
      this.measure(block.left, materialised, frames[0]),
      this.measure(block.right, materialised, frames[1]),
    );
    this.room(height);
    const top = this.y;
    let bottom = top;
    for (const [part, partFrame] of [
      [block.left, frames[0]],
      [block.right, frames[1]],
    ] as const) {
      this.y = top;
      await this.block(part, materialised, partFrame);
      bottom = Math.max(bottom, this.y - GAP);
    }
    this.y = bottom;
  }

  /** The height a block takes (tables already read into arrays). */
  private measure(block: PdfBlock, tables: readonly ExportTable[], frame: Frame): number {
    switch (block.type) {
      case 'table': {
        const table = definite(tables[block.table], `table ${block.table} of the document`);
        const columns = columnsOf(block, table);
        const rows = Array.isArray(table.rows) ? table.rows.length : 0;
        const totals = columns.some((c) => c.total) && rows > 0 ? 1 : 0;
        return 13 + this.headerHeight(columns, this.widths(columns, frame.width)) + Math.max(rows, 1) * ROW + totals * ROW;
      }
      case 'text':
        return this.font('regular', FONT_SIZE).heightOfString(block.text, frame.width);
      case 'figures':
        return 13 + (block.subtitle ? 11 : 0) + block.figures.reduce((sum, f) => sum + this.figureHeight(f, frame), 0);
      case 'side-by-side':
        return Number.POSITIVE_INFINITY;
    }
  }

  private widths(columns: readonly ColumnDef[], width: number): number[] {
    const total = columns.reduce((sum, c) => sum + TYPE_WEIGHTS[c.type], 0);
    return columns.map((c) => (TYPE_WEIGHTS[c.type] / total) * width);
  }

  private headerHeight(columns: readonly ColumnDef[], widths: readonly number[]): number {
    const doc = this.font('bold', FONT_SIZE);
    const lines = Math.max(
      ...columns.map((c, i) => Math.ceil(doc.heightOfString(c.header, widthOf(widths, i) - 2 * CELL_PADDING) / 9.5)),
    );
    return lines * 9.5 + 4;
  }

  private async table(table: ExportTable, caption: string, frame: Frame, rows: AsyncIterable<ExportRow>) {
    const widths = this.widths(table.columns, frame.width);
    const headerHeight = this.headerHeight(table.columns, widths);
    const header = (continued: boolean) => {
      this.oneLine(
        this.font('bold', 9),
        continued ? `${caption} ${this.labels.continued}` : caption,
        frame.x,
        this.y,
        frame.width,
      );
      this.y += 13;
      this.doc.fillRect(frame.x, this.y, frame.width, headerHeight, '#dee2e6');
      let x = frame.x;
      table.columns.forEach((col, i) => {
        const width = widthOf(widths, i);
        this.placeLine(this.font('bold', FONT_SIZE), col.header, x + CELL_PADDING, this.y + 2, {
          width: width - 2 * CELL_PADDING,
          align: numeric(col) ? 'right' : 'left',
        });
        x += width;
      });
      this.y += headerHeight;
    };
    this.room(13 + headerHeight + 2 * ROW);
    header(false);

    const totals = new ColumnTotals(table.columns);
    let count = 0;
    for await (const row of rows) {
      if (this.y + ROW > BOTTOM) {
        this.newPage();
        header(true);
      }
      if (count % 2 === 1) this.doc.fillRect(frame.x, this.y, frame.width, ROW, COLOUR.stripe);
      this.row(
        table.columns.map((col) => ({
          col,
          text: cellText(col, row[col.key], this.language),
          negative: numeric(col) && Number(row[col.key]) < 0,
        })),
        widths,
        frame,
        'regular',
      );
      totals.add(row);
      count += 1;
    }
    if (count === 0) {
      this.font('regular', FONT_SIZE).textBox(this.labels.noData, frame.x, this.y + 2, { width: frame.width, align: 'center' });
      this.y += ROW;
      return;
    }
    if (!totals.any) return;
    if (this.y + ROW > BOTTOM) {
      this.newPage();
      header(true);
    }
    this.doc.strokeLine(frame.x, this.y, frame.x + frame.width, this.y, 0.6, COLOUR.rule);
    this.row(
      totals.values(table.columns).map(({ col, value }, i) => ({
        col,
        text:
          typeof value === 'number'
            ? cellText(col, value, this.language)
            : i === 0 && value && this.labels.totalOf
              ? this.labels.totalOf(count)
              : (value ?? ''),
        negative: typeof value === 'number' && value < 0,
      })),
      widths,
      frame,
      'bold',
      true,
    );
  }

  /**
   * One row of cells. In the total row (`total`) the label is left-aligned over the columns before
   * the first summed one, as the screens show it.
   */
  private row(
    cells: { col: ColumnDef; text: string; negative: boolean }[],
    widths: readonly number[],
    frame: Frame,
    weight: 'regular' | 'bold',
    total = false,
  ) {
    const firstSummed = cells.findIndex((cell) => cell.col.total);
    let x = frame.x;
    cells.forEach(({ col, text, negative }, i) => {
      const own = widths[i];
      if (own === undefined) throw new Error(`PdfBuilder: cell ${i} has no column`);
      if (total && i > 0 && i < firstSummed) {
        x += own;
        return;
      }
      const span = total && i === 0 && firstSummed > 0 ? widths.slice(0, firstSummed).reduce((a, b) => a + b, 0) : own;
      const width = span - 2 * CELL_PADDING;
      const number = numeric(col) && !(total && i === 0);
      const doc = this.font(weight, FONT_SIZE, negative && col.type !== 'int' ? COLOUR.red : 'black');
      const left = x + CELL_PADDING;
      const top = this.y + 2;
      x += own;
      // A number is never cut: too wide for its column, it is set smaller.
      if (number) doc.fontSize(Math.min(FONT_SIZE, (FONT_SIZE * width) / Math.max(doc.widthOfString(text), 1)));
      this.placeLine(doc, text, left, top, {
        width,
        height: FONT_SIZE + 2,
        align: number ? 'right' : 'left',
        ellipsis: true,
      });
    });
    this.y += ROW;
  }

  private figureColumns(frame: Frame) {
    const label = Math.min(110, frame.width * 0.3);
    const value = Math.min(80, frame.width * 0.22);
    return { label, value, note: frame.width - label - value - 8 };
  }

  private figureHeight(figure: PdfFigure, frame: Frame): number {
    if (!figure.note) return ROW;
    const lines = this.font('regular', 6.5).heightOfString(figure.note, this.figureColumns(frame).note);
    return Math.max(ROW, lines + 3);
  }

  private figures(block: Extract<PdfBlock, { type: 'figures' }>, frame: Frame) {
    this.room(13 + 11 + 4 * ROW);
    this.oneLine(this.font('bold', 9), block.title, frame.x, this.y, frame.width);
    this.y += 13;
    if (block.subtitle) {
      this.oneLine(this.font('bold', FONT_SIZE), block.subtitle, frame.x, this.y, frame.width);
      this.y += 11;
    }
    const cols = this.figureColumns(frame);
    for (const figure of block.figures) {
      const height = this.figureHeight(figure, frame);
      this.room(height);
      if (figure.result) this.doc.strokeLine(frame.x, this.y, frame.x + frame.width, this.y, 0.6, COLOUR.rule);
      const weight = figure.result ? 'bold' : 'regular';
      this.oneLine(this.font(weight, FONT_SIZE), figure.label, frame.x, this.y + 2, cols.label);
      // A value wider than its column ('25% deducted for loan') reaches left, up to its label.
      const labelEnd = Math.min(cols.label, this.font(weight, FONT_SIZE).widthOfString(figure.label) + 8);
      const valueTextWidth = this.font('bold', FONT_SIZE).widthOfString(figure.value);
      const valueWidth = Math.max(cols.value, Math.min(cols.label + cols.value - labelEnd, valueTextWidth + 1));
      // Still too wide (a narrow block), it is set smaller rather than wrapped over the next line.
      const size = Math.min(FONT_SIZE, (FONT_SIZE * valueWidth) / Math.max(valueTextWidth, 1));
      this.placeLine(
        this.font('bold', size, figure.negative ? COLOUR.red : 'black'),
        figure.value,
        frame.x + cols.label + cols.value - valueWidth,
        this.y + 2,
        { width: valueWidth, align: 'right' },
      );
      if (figure.note) {
        this.font('regular', 6.5, COLOUR.grey).textBox(figure.note, frame.x + cols.label + cols.value + 8, this.y + 2.5, {
          width: cols.note,
        });
      }
      this.y += height;
    }
  }

  /** 'Page 1 of 2' and the title under every page. */
  footers(title: string) {
    const count = this.doc.pageCount;
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(i);
      this.oneLine(
        this.font('regular', 7, COLOUR.grey),
        `${PDF_AUTHOR} · ${title} · ${this.labels.page(i + 1, count)}`,
        MARGIN.side,
        PAGE.height - MARGIN.bottom,
        CONTENT_WIDTH,
        'center',
      );
    }
  }
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}
