import { FairSlots } from './fair-slots.js';

/**
 * Export work on the event loop (reading a batch of rows from the database and handing it to a
 * worker) starts in turns: one export at a time is let go, each after the loop has answered
 * whatever else was waiting (setImmediate runs after pending I/O) and once the loop keeps time
 * again: while a timer on it runs late by more than MAX_LAG_MS, the next turn waits (at most
 * MAX_WAIT_MS, so exports always move on). Other requests come first; exports take the time left.
 *
 * At most MAX_READERS exports read at once: a read holds a database connection, and the pool (10
 * connections) must keep room for every other request, however many exports run.
 *
 * Turns and reads are shared fairly between the accounts downloading (fair-slots.ts), not
 * between their downloads: one account's two downloads get the turns another account's one gets.
 */
const MAX_READERS = 3;
const SAMPLE_MS = 10;
const MAX_LAG_MS = 15;
const MAX_WAIT_MS = 100;

let lagMs = 0;
let sampler: NodeJS.Timeout | null = null;
let users = 0;

function startSampling(): void {
  users += 1;
  if (sampler) return;
  let expected = performance.now() + SAMPLE_MS;
  sampler = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(0, now - expected);
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS);
  sampler.unref();
}

function stopSampling(): void {
  users -= 1;
  if (users > 0 || !sampler) return;
  clearInterval(sampler);
  sampler = null;
  lagMs = 0;
}

const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const readers = new FairSlots(MAX_READERS);
const turns = new FairSlots(1);

/**
 * Resolves when it is the turn of this export of `owner` (its account) to read its next batch
 * (see above), with the function to call once the batch is read.
 */
export async function exportTurn(owner: string): Promise<() => void> {
  await readers.take(owner);
  await turns.take(owner);
  try {
    await afterPendingIo();
    for (let waited = 0; lagMs > MAX_LAG_MS && waited < MAX_WAIT_MS; waited += SAMPLE_MS) await sleep(SAMPLE_MS);
  } finally {
    turns.release(owner);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    readers.release(owner);
  };
}

/**
 * An export of `owner` starts: keeps the lag sampler running while at least one export is, and
 * counts the owner in the shares of turns and reads (call the returned function at its end).
 */
export function pacedExport(owner: string): () => void {
  startSampling();
  readers.join(owner);
  turns.join(owner);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    stopSampling();
    readers.leave(owner);
    turns.leave(owner);
  };
}
