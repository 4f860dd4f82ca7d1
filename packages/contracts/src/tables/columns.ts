/**
 * What a report table is made of, on screen and in the server's CSV/XLSX exports. The modules of
 * tables/ hold no zod: the web app takes its columns, section titles and labels from them without
 * loading the schemas of api/.
 */

/** Column types of every report table, on screen and in exports (spec: int, float, date, string, custom). */
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
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
