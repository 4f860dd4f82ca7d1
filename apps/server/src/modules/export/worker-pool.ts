import { availableParallelism } from 'node:os';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '@playrep/contracts';
import { FairSlots } from './fair-slots.js';
import type { ExportRow, ExportTable } from './file-builders.js';
import { exportTurn, pacedExport } from './pacer.js';
import type { PdfLayout } from './pdf-builder.js';
import { roomIn } from './stream-room.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

/**
 * Builds export files in worker threads (export-worker.ts), one file per worker at a time. The
 * main thread only reads the rows (from the database, in batches) and passes the file on to the
 * download. Idle workers are kept a while for the next export; how many exports run at once is
 * bounded by export-limits.ts, not here.
 */
const WORKER_URL = new URL('./export-worker.ts', import.meta.url).href;
/**
 * The worker's first code. As the server runs on tsx (docs/decisions/0005) and a worker thread
 * does not inherit tsx's loader on Node 20, it registers the loader and loads its module. Then it
 * lowers the thread's priority (on Linux the nice value is a thread's own), so that the event
 * loop, which answers every other request, comes first when the CPUs are busy building files;
 * only then: loading the module at the lower priority takes many seconds of a busy machine, and
 * a download waits for it.
 */
const BOOTSTRAP = `
import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); })
  .then(() => { try { require('node:os').setPriority(10); } catch {} });`;
/** Rows per message to the worker. */
const ROWS_PER_MESSAGE = 500;
const MAX_IDLE_WORKERS = 2;
/**
 * Workers building at once: no more than the CPUs. Each export's worker holds a building slot
 * while it writes a batch of rows, then queues again for the next one, so that exports share the
 * CPUs batch by batch (a small export is not held up behind a large one), and the event loop
 * always has a CPU to come back to. The slots are shared fairly between the accounts downloading
 * (fair-slots.ts): one account's two downloads do not take the CPUs from another's one.
 */
const building = new FairSlots(Math.max(1, availableParallelism()));
const IDLE_WORKER_MS = 30_000;

interface IdleWorker {
  worker: Worker;
  timer: NodeJS.Timeout;
  /** Takes it out of the idle ones when it stops by itself (a worker that failed to start). */
  gone: () => void;
}

const idleWorkers: IdleWorker[] = [];

function startWorker(): Worker {
  const worker = new Worker(BOOTSTRAP, { eval: true });
  // A worker never keeps the process alive: the download it serves does while it runs.
  worker.unref();
  return worker;
}

function takeWorker(): Worker {
  const idle = idleWorkers.pop();
  if (idle) {
    clearTimeout(idle.timer);
    idle.worker.off('exit', idle.gone).off('error', idle.gone);
  }
  // The last idle worker taken, one more starts now and waits: the next export (another
  // account's, begun beside a flood of downloads) finds one ready instead of waiting for a worker
  // to start, which takes seconds of a busy machine. Unused, it stops after IDLE_WORKER_MS.
  if (idleWorkers.length === 0) putBack(startWorker());
  return idle?.worker ?? startWorker();
}

function putBack(worker: Worker): void {
  if (idleWorkers.length >= MAX_IDLE_WORKERS) {
    void worker.terminate();
    return;
  }
  const entry: IdleWorker = {
    worker,
    timer: setTimeout(() => {
      idleWorkers.splice(idleWorkers.indexOf(entry), 1);
      void worker.terminate();
    }, IDLE_WORKER_MS),
    gone: () => {
      const at = idleWorkers.indexOf(entry);
      if (at !== -1) idleWorkers.splice(at, 1);
      clearTimeout(entry.timer);
    },
  };
  entry.timer.unref();
  worker.once('exit', entry.gone).once('error', entry.gone);
  idleWorkers.push(entry);
}

/** The rows of a table one at a time, read straight from its iterator (each layer costs per row). */
function iteratorOf(table: ExportTable): AsyncIterator<ExportRow> | Iterator<ExportRow> {
  const rows = table.rows;
  return Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
}

/**
 * Writes the tables as a CSV or XLSX file, or as the PDF `pdf` lays out, to `output` and ends it;
 * the file is built in a worker thread. Rejects (and stops reading rows) when the rows fail, the worker fails, or the download
 * is closed before the end; `output` is then left to the caller. `owner` is whom it is built for
 * (an account's id): exports share the CPUs and the database reads fairly between owners.
 */
export function buildInWorker(
  owner: string,
  format: ExportFormat,
  tables: readonly ExportTable[],
  output: Writable,
  pdf?: PdfLayout,
): Promise<void> {
  const worker = takeWorker();
  const sources = tables.map(iteratorOf);
  // A table held in memory that fits in one message (a statement, a popup) has nothing to read:
  // it goes to the worker without waiting for an export turn, which spaces out reading batches.
  const unpaced = tables.map((table) => Array.isArray(table.rows) && table.rows.length <= ROWS_PER_MESSAGE);
  const endPacing = pacedExport(owner);
  building.join(owner);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const send = (message: ToWorker) => worker.postMessage(message);
    // Whether this export's worker holds a building slot (from a batch sent until it asks for more).
    let holdsSlot = false;
    const freeSlot = () => {
      if (!holdsSlot) return;
      holdsSlot = false;
      building.release(owner);
    };

    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      endPacing();
      building.leave(owner);
      freeSlot();
      worker.off('message', onMessage);
      worker.off('error', finish);
      worker.off('exit', onExit);
      output.off('close', onClose);
      if (error) {
        void worker.terminate();
        for (const source of sources) void Promise.resolve(source.return?.()).catch(() => {});
        reject(error);
      } else {
        putBack(worker);
        resolve();
      }
    };

    const sendRows = async (index: number) => {
      await roomIn(output);
      const source = sources[index];
      if (!source) throw new Error(`The export worker asked for table ${index} of ${sources.length}`);
      const rows: ExportRow[] = [];
      let last = false;
      const done = unpaced[index] ? () => {} : await exportTurn(owner);
      try {
        while (rows.length < ROWS_PER_MESSAGE) {
          const next = await source.next();
          if (next.done) {
            last = true;
            break;
          }
          rows.push(next.value);
        }
      } finally {
        done();
      }
      await building.take(owner);
      holdsSlot = true;
      if (settled) freeSlot();
      else send({ type: 'rows', rows, last });
    };

    const onMessage = (message: FromWorker) => {
      switch (message.type) {
        case 'chunk':
          output.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
          break;
        case 'want':
          freeSlot();
          sendRows(message.table).catch(finish);
          break;
        case 'done':
          finish();
          output.end();
          break;
        case 'failed':
          finish(new Error(message.message));
          break;
      }
    };
    const onExit = (code: number) => finish(new Error(`The export worker stopped (exit code ${code})`));
    const onClose = () => finish(new Error('The download was closed'));

    worker.on('message', onMessage);
    worker.on('error', finish);
    worker.on('exit', onExit);
    output.on('close', onClose);
    send({ type: 'start', format, tables: tables.map(({ title, columns }) => ({ title, columns })), ...(pdf ? { pdf } : {}) });
  });
}
