import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@playrep/contracts';
import type { FastifyReply } from 'fastify';
import type { ExportTable } from './file-builders.js';
import { buildInWorker } from './worker-pool.js';

export type { ExportRow, ExportTable } from './file-builders.js';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends the tables as a streamed download named `{baseName}.{format}`, built in a worker thread
 * (worker-pool.ts) so that the event loop stays free for every other request. How many exports may
 * run at once is checked before the handler runs (export-limits.ts).
 */
export function sendExport(reply: FastifyReply, format: ExportFormat, baseName: string, tables: readonly ExportTable[]) {
  const filename = `${baseName.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  reply.header('Cache-Control', 'no-store');
  const output = new PassThrough();
  // A failure half-way (the database gone) can no longer change the status: the download breaks off.
  buildInWorker(format, tables, output).catch((error: unknown) => {
    if (!output.destroyed) {
      reply.log.error({ err: error }, `${format.toUpperCase()} export failed`);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return reply.type(CONTENT_TYPES[format]).send(output);
}
