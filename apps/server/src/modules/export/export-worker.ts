import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { csvChunks, type ExportRow, type ExportTable, writeXlsx } from './file-builders.js';
import { writePdf } from './pdf-builder.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

/**
 * An export worker thread: builds one CSV, XLSX or PDF file at a time from rows the main thread sends
 * (worker-protocol.ts), so formatting and writing a workbook of hundreds of thousands of rows never
 * holds up the server's event loop. Started and reused by worker-pool.ts.
 */
const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');

const post = (message: FromWorker) => port.postMessage(message);

/** The rows the main thread sends for the current table, and the wait for the next batch. */
let delivery: ((message: Extract<ToWorker, { type: 'rows' }>) => void) | null = null;

async function* rowsOfTable(index: number): AsyncGenerator<ExportRow> {
  for (;;) {
    const batch = await new Promise<Extract<ToWorker, { type: 'rows' }>>((resolve) => {
      delivery = resolve;
      post({ type: 'want', table: index });
    });
    yield* batch.rows;
    if (batch.last) return;
  }
}

/** Pieces of the file are handed over in messages of at least this size (fewer messages and socket writes). */
const CHUNK_BYTES = 64 * 1024;

/** A stream that hands the file to the main thread in pieces of CHUNK_BYTES (copies it then owns). */
function chunkStream(): Writable {
  let held: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const data = new Uint8Array(size);
    let at = 0;
    for (const piece of held) {
      data.set(piece, at);
      at += piece.length;
    }
    held = [];
    size = 0;
    port?.postMessage({ type: 'chunk', data } satisfies FromWorker, [data.buffer]);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      size += chunk.length;
      if (size >= CHUNK_BYTES) flush();
      callback();
    },
    final(callback) {
      flush();
      callback();
    },
  });
}

async function build(start: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  const tables: ExportTable[] = start.tables.map((table, index) => ({ ...table, rows: rowsOfTable(index) }));
  if (start.format === 'csv') {
    const output = chunkStream();
    for await (const text of csvChunks(tables)) output.write(Buffer.from(text, 'utf8'));
    await new Promise<void>((resolve, reject) => {
      output.on('error', reject);
      output.end(resolve);
    });
  } else if (start.format === 'xlsx') {
    await writeXlsx(tables, chunkStream());
  } else {
    if (!start.pdf) throw new Error('A PDF needs its layout');
    await writePdf(start.pdf, tables, chunkStream());
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'rows') {
    const deliver = delivery;
    delivery = null;
    deliver?.(message);
    return;
  }
  build(message).then(
    () => post({ type: 'done' }),
    (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
