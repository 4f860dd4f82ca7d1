import type { ColumnDef, ExportFormat } from '@playrep/contracts';
import type { ExportRow } from './file-builders.js';
import type { PdfLayout } from './pdf-builder.js';

/**
 * Messages between the server's event loop and an export worker (worker-pool.ts, export-worker.ts).
 * The worker pulls: it asks for the rows of a table when it has written the ones it holds, so
 * neither side ever holds more than a batch, and the main thread sends the next batch only when
 * the download has room for more.
 */
export type ToWorker =
  | { type: 'start'; format: ExportFormat; tables: { title: string; columns: readonly ColumnDef[] }[]; pdf?: PdfLayout }
  /** The next rows of the table last asked for; `last`: that table has no more. */
  | { type: 'rows'; rows: ExportRow[]; last: boolean };

export type FromWorker =
  /** The next piece of the file. */
  | { type: 'chunk'; data: Uint8Array }
  /** Send the next rows of table `table`. */
  | { type: 'want'; table: number }
  /** The file is complete (every chunk has been sent before this). */
  | { type: 'done' }
  | { type: 'failed'; message: string };
