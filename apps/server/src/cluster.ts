import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Env } from './config/env.js';

/**
 * `WEB_CONCURRENCY=N`: N server processes on one port (node:cluster), all on the same PostgreSQL.
 * The primary process only starts and supervises them; each worker is a whole server. Nothing is
 * kept in a process's memory that another needs: sessions, sign-in counts and settlement live in
 * the database, and one-runner jobs run on the holder of a leader lock (db/jobs.ts).
 */

/** Why the configuration cannot run several processes, or null when it can. */
export function clusterRefusal(env: Env): string | null {
  if (env.WEB_CONCURRENCY <= 1 || env.DATABASE_URL) return null;
  return (
    `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} runs several server processes, which must share a PostgreSQL ` +
    'database (DATABASE_URL): the embedded database belongs to one process. Unset WEB_CONCURRENCY, or set DATABASE_URL.'
  );
}

export const isClusterWorker = (): boolean => cluster.isWorker;

/** The message a worker sends its primary once it listens. */
const LISTENING = 'playrep:listening';

export function reportListening(port: number): void {
  process.send?.({ type: LISTENING, port });
}

const METRICS_REQUEST = 'playrep:metrics';
const METRICS_ANSWER = 'playrep:metrics-answer';
let metricsRequests = 0;

/**
 * In a worker: the metrics of every worker, gathered by the primary (a scrape reaches one worker
 * at random through the shared port, and must still see the whole server).
 */
export function metricsOfAllWorkers(): Promise<string> {
  const id = ++metricsRequests;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('The primary process did not send the metrics in time'));
    }, 10_000);
    const onMessage = (message: unknown) => {
      const answer = message as { type?: unknown; id?: unknown; text?: unknown; error?: unknown };
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (typeof answer.text === 'string') resolve(answer.text);
      else reject(new Error(String(answer.error ?? 'no metrics')));
    };
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/** In the primary: answers a worker's request for everyone's metrics. */
function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: error.message }),
    );
  });
}

function listeningPort(message: unknown): number | null {
  if (typeof message !== 'object' || message === null) return null;
  const { type, port } = message as { type?: unknown; port?: unknown };
  return type === LISTENING && typeof port === 'number' ? port : null;
}

/**
 * The primary: forks the workers, replaces one that dies (unless shutting down), and passes
 * SIGINT/SIGTERM on, exiting once every worker has stopped. `onAllListening` runs once, when every
 * first worker listens, with the port they share (the one PORT=0 drew).
 */
export function superviseWorkers(count: number, onAllListening: (port: number) => void, log: (message: string) => void): void {
  let stopping = false;
  let listening = 0;
  answerMetricsRequests();
  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (message) => {
      const port = listeningPort(message);
      if (port !== null && ++listening === count) onAllListening(port);
    });
    return worker;
  };
  for (let i = 0; i < count; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}): starting another`);
    setTimeout(fork, 1_000).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
