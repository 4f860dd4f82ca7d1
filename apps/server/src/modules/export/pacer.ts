/**
 * Export work on the event loop (reading a batch of rows from the database and handing it to a
 * worker) starts in turns: one export at a time is let go, each after the loop has answered
 * whatever else was waiting (setImmediate runs after pending I/O) and once the loop keeps time
 * again: while a timer on it runs late by more than MAX_LAG_MS, the next turn waits (at most
 * MAX_WAIT_MS, so exports always move on). Other requests come first; exports take the time left.
 *
 * At most MAX_READERS exports read at once: a read holds a database connection, and the pool (10
 * connections) must keep room for every other request, however many exports run.
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

let readers = 0;
const waitingReaders: (() => void)[] = [];

function takeReaderSlot(): Promise<void> {
  if (readers < MAX_READERS) {
    readers += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waitingReaders.push(resolve));
}

function releaseReaderSlot(): void {
  const next = waitingReaders.shift();
  // The slot passes straight to the next export waiting for one.
  if (next) next();
  else readers -= 1;
}

let queue: Promise<void> = Promise.resolve();

/**
 * Resolves when it is this export's turn to read its next batch (see above), with the function
 * to call once the batch is read.
 */
export async function exportTurn(): Promise<() => void> {
  await takeReaderSlot();
  const turn = queue.then(async () => {
    await afterPendingIo();
    for (let waited = 0; lagMs > MAX_LAG_MS && waited < MAX_WAIT_MS; waited += SAMPLE_MS) await sleep(SAMPLE_MS);
  });
  queue = turn;
  await turn;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    releaseReaderSlot();
  };
}

/** Keeps the lag sampler running while at least one export is (call the returned function at its end). */
export function pacedExport(): () => void {
  startSampling();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    stopSampling();
  };
}
