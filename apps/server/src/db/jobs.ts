import { type LeaderLockOptions, runAsLeader } from './leader-lock.js';

/**
 * Jobs that run on one server process at a time: the month partitions, the live demo, the hourly
 * settlement. On the embedded database its one process runs them, here. On PostgreSQL, however
 * many processes share it, the one holding the job's leader lock runs it (leader-lock.ts), and
 * another takes it over within seconds when that one dies.
 *
 * A new job is a function that starts it in this process and returns a RunningJob (a periodic one
 * returns startIntervalJob's), and one line in server.ts (CONTRIBUTING.md, "Adding a job that runs
 * on one process").
 */

/** What a job logs through: the server's logger. */
export interface JobLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A job running in this process. */
export interface RunningJob {
  /**
   * Settles when its start-up work is done (an interval job's first run, the demo feed's catch-up)
   * and never rejects. The server on the embedded database waits for it before serving; a job that
   * need not be done first leaves it out.
   */
  readonly ready?: Promise<void>;
  /** Stops it and waits for the work in progress, so the database may be closed after. */
  stop(): Promise<void>;
}

export interface OneProcessJob {
  /** The embedded database: the job's `ready`. PostgreSQL: settled at once (the leader may be another process). */
  readonly ready: Promise<void>;
  /** Stops the job here and gives its leader lock up. */
  stop(): Promise<void>;
}

export interface OneProcessOptions {
  /** The job's stable name: its leader lock and its log lines. */
  job: string;
  /** The primary's connection string; undefined for the embedded database. */
  databaseUrl: string | undefined;
  /** Starts the job in this process (on PostgreSQL, whenever this process becomes its leader). */
  start: () => RunningJob | Promise<RunningJob>;
  log?: LeaderLockOptions['log'];
}

/** Runs a job on one process: here on the embedded database, on the leader of its lock on PostgreSQL. */
export function runOnOneProcess({ job, databaseUrl, start, log }: OneProcessOptions): OneProcessJob {
  if (databaseUrl === undefined) {
    const started = Promise.resolve(start());
    return {
      ready: started.then((running) => running.ready),
      stop: async () => (await started).stop(),
    };
  }
  const lock = runAsLeader({ databaseUrl, job, start, log });
  return { ready: Promise.resolve(), stop: () => lock.close() };
}

export interface IntervalJob<T = void> extends RunningJob {
  /** The run at start. */
  readonly ready: Promise<void>;
  /** What the run at start (and a catch-up run after it) returned; a failed run returns nothing. */
  readonly firstRun: Promise<T[]>;
  /**
   * Runs now, or joins the run in progress (with `catchUp`, asks for another run right after it);
   * resolves with what the runs it waited for returned. Never rejects; does nothing once stopped.
   */
  runNow(): Promise<T[]>;
}

export interface IntervalJobOptions<T> {
  everyMs: number;
  run: () => Promise<T>;
  log: Pick<JobLog, 'error'>;
  /** The log line of a failed run. */
  failure: string;
  /**
   * A runNow() during a run asks for one more run once it ends (work may have come in that the
   * run in progress has passed by, as mail queued while the sender sends); default: it joins it.
   */
  catchUp?: boolean;
}

/**
 * Runs `run` at once and then every `everyMs`. Runs never overlap, a failure is logged and never
 * thrown (the next run tries again), and the timer does not keep the process alive.
 */
export function startIntervalJob<T = void>({
  everyMs,
  run,
  log,
  failure,
  catchUp = false,
}: IntervalJobOptions<T>): IntervalJob<T> {
  let running: Promise<T[]> | null = null;
  let again = false;
  let stopped = false;
  const runs = async (): Promise<T[]> => {
    const results: T[] = [];
    do {
      again = false;
      try {
        results.push(await run());
      } catch (err) {
        log.error({ err }, failure);
      }
    } while (again && !stopped);
    return results;
  };
  const runNow = (): Promise<T[]> => {
    if (stopped) return Promise.resolve([]);
    if (running) {
      again ||= catchUp;
      return running;
    }
    running = runs().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  const firstRun = runNow();
  return {
    ready: firstRun.then(() => {}),
    firstRun,
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
