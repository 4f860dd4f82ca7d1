/**
 * What a report table is made of, on screen and in the server's CSV/XLSX exports. The modules of
 * tables/ hold no zod: the web app takes its columns, section titles and labels from them without
 * loading the schemas of api/.
 */

/** Column types of every report table, on screen and in exports (docs/screens.md, Every report screen). */
export type ColumnType = 'int' | 'float' | 'date' | 'datetime' | 'string' | 'custom';

/**
 * A report column as both the screen and the server's CSV/XLSX export show it: one definition,
 * so a label can never differ between the two.
 */
export interface ColumnDef<K extends string = string> {
  key: K;
  header: string;
  type: ColumnType;
  /** Summed in the total row. */
  total?: boolean;
  /** Negative values shown in red. */
  negativeRed?: boolean;
  /**
   * The figure a row exists for (Point Transfer's Amount, Revenue's Actual Rev and Profit): on a
   * narrow screen it stays in view while the other columns scroll sideways (docs/screens.md, Every
   * report screen). The screen only: exports ignore it.
   */
  keyFigure?: boolean;
}

/** The files of every report's tables. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * The language of a CSV/Excel download's column headers and sheet titles (`lang`): English unless
 * `lang=hi` asks for Hindi (the contracts' LABELS_HI). The rows are the same in both.
 */
export const EXPORT_LANGUAGES = ['en', 'hi'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];
/** The answer to any other `lang`. */
export const EXPORT_LANGUAGE_MESSAGE = 'lang must be en (English) or hi (Hindi)';

/**
 * The statements (Agent Mail, Manager Mail, Revenue's week popup) are also a PDF document: the
 * same tables, with the statement's lines, on A4 (docs/domain.md, "Mail and statements").
 */
export const STATEMENT_EXPORT_FORMATS = [...EXPORT_FORMATS, 'pdf'] as const;

export type ExportFormat = (typeof STATEMENT_EXPORT_FORMATS)[number];

/*
 * Columns that several reports show alike (the same key, header and type): each defined once, so
 * that its wording is the same from report to report.
 */
export const SR_NO_COLUMN: ColumnDef<'srNo'> = { key: 'srNo', header: 'Sr. No.', type: 'int' };
export const AGENT_ID_COLUMN: ColumnDef<'username'> = { key: 'username', header: 'Agent ID', type: 'string' };
export const AGENT_NAME_COLUMN: ColumnDef<'fullname'> = { key: 'fullname', header: 'Agent Name', type: 'string' };
export const NAME_COLUMN: ColumnDef<'name'> = { key: 'name', header: 'Name', type: 'string' };
export const CAFE_COLUMN: ColumnDef<'cafe'> = { key: 'cafe', header: 'Cafe', type: 'string' };
/** The profit a report is about: summed, red below zero, and kept in view on a narrow screen. */
export const PROFIT_COLUMN: ColumnDef<'profit'> = {
  key: 'profit',
  header: 'Profit',
  type: 'float',
  total: true,
  negativeRed: true,
  keyFigure: true,
};
