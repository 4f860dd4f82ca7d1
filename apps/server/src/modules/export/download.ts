import { COLUMNS_GIVEN, type ColumnDef, type ExportDef, type ExportSheetDef } from '@playrep/contracts';
import type { ExportRow, ExportTable } from './file-builders.js';
import type { PdfLayout } from './pdf-builder.js';

type SheetRows = Iterable<ExportRow> | AsyncIterable<ExportRow>;

/**
 * A sheet's rows; with the name its title carries when the endpoint table's title is a function of
 * one, and with its columns when the table says the handler gives them (COLUMNS_GIVEN).
 */
type SheetOf<S extends ExportSheetDef> = S['columns'] extends typeof COLUMNS_GIVEN
  ? SheetFor<S['title']> extends SheetRows
    ? { rows: SheetRows; columns: readonly ColumnDef[] }
    : { rows: SheetRows; titled: string; columns: readonly ColumnDef[] }
  : SheetFor<S['title']>;
type SheetFor<Title> = Title extends string ? SheetRows : { rows: SheetRows; titled: string };
type GivenSheet = { rows: SheetRows; titled?: string; columns?: readonly ColumnDef[] };

/**
 * What a report's handler gives for its download, the rest coming from the endpoint table's
 * `exports` (`E`): the file name's start, the sheets' titles and columns.
 */
export interface Download<E extends ExportDef = ExportDef> {
  /** What the file is about, after the table's file name: `['master1', '2026-01-05-to-2026-01-11']`. */
  about: readonly string[];
  /** The rows of the sheets the file holds (a sheet left out is not in the file). */
  sheets: { readonly [K in keyof E['sheets']]?: SheetOf<E['sheets'][K]> };
  /** The statements' PDF layout (format=pdf), over the sheets in the table's order. */
  pdf?: PdfLayout;
}

/** The file of `download`: its name without the extension and its tables, in the endpoint table's order. */
export function downloadFile(exports: ExportDef, download: Download): { name: string; tables: ExportTable[] } {
  const given = download.sheets as Readonly<Record<string, SheetRows | GivenSheet | undefined>>;
  const tables = Object.entries(exports.sheets).flatMap(([key, sheet]): ExportTable[] => {
    const supplied = given[key];
    if (supplied === undefined) return [];
    if (typeof sheet.title === 'string' && sheet.columns !== COLUMNS_GIVEN) {
      return [{ title: sheet.title, columns: sheet.columns, rows: supplied as SheetRows }];
    }
    const { rows, titled, columns } = supplied as GivenSheet;
    return [
      {
        title: typeof sheet.title === 'string' ? sheet.title : sheet.title(titled ?? ''),
        columns: sheet.columns === COLUMNS_GIVEN ? (columns ?? []) : sheet.columns,
        rows,
      },
    ];
  });
  return { name: [exports.file, ...download.about].join('-'), tables };
}
