import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@playrep/contracts';
import type { FastifyReply } from 'fastify';
import type { ExportTable } from './file-builders.js';
import type { PdfLayout } from './pdf-builder.js';
import { buildInWorker } from './worker-pool.js';

export type { ExportRow, ExportTable } from './file-builders.js';
export type { PdfBlock, PdfFigure, PdfLayout } from './pdf-builder.js';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * Sends the tables as a streamed download named `{baseName}.{format}`, built in a worker thread
 * (worker-pool.ts) so that the event loop stays free for every other request. A PDF is laid out as
 * `pdf` says (the statements: docs/domain.md, "Mail and statements"). How many exports may run at
 * once is checked before the handler runs (export-limits.ts).
 */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  baseName: string,
  tables: readonly ExportTable[],
  pdf?: PdfLayout,
) {
  if (format === 'pdf' && !pdf) throw new Error(`sendExport: ${baseName} has no PDF layout`);
  const filename = `${baseName.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  reply.header('Cache-Control', 'no-store');
  const output = new PassThrough();
  // Built in turns shared fairly with other accounts' downloads (worker-pool.ts).
  const owner = reply.request.auth?.accountId ?? 'anonymous';
  // A failure half-way (the database gone) can no longer change the status: the download breaks off.
  buildInWorker(owner, format, tables, output, pdf).catch((error: unknown) => {
    if (!output.destroyed) {
      reply.log.error({ err: error }, `${format.toUpperCase()} export failed`);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return reply.type(CONTENT_TYPES[format]).send(output);
}

/** Whom the statements mailed are built for, beside the accounts' downloads: one more owner (worker-pool.ts). */
const MAIL_OWNER = 'mail';

/** The PDF `layout` lays out over `tables`, whole, built in an export worker (a mail's attachment). */
export async function buildPdf(layout: PdfLayout, tables: readonly ExportTable[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.once('end', resolve);
    output.once('error', reject);
  });
  await buildInWorker(MAIL_OWNER, 'pdf', tables, output, layout);
  await ended;
  return Buffer.concat(chunks);
}
