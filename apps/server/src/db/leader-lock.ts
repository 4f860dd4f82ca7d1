import pg from 'pg';
import type { RunningJob } from './jobs.js';

/**
 * Jobs that must run on exactly one server process at a time on PostgreSQL, however many
 * processes share the database (jobs.ts decides: the embedded database's one process runs its
 * jobs itself). Each process that wants to run a job tries to take a PostgreSQL session-level
 * advisory lock on a connection of its own; the one that holds it runs the job. When that process
 * dies, its connection closes, PostgreSQL releases the lock and another process takes it on its
 * next try.
 */

export interface LeaderLock {
  /** True while this process holds the lock and runs the job. */
  readonly leading: boolean;
  /** Stops the job (if running) and releases the lock. */
  close(): Promise<void>;
}

export interface LeaderLockOptions {
  /** Connection string of the primary. */
  databaseUrl: string;
  /** Stable name of the job; also shown as the lock connection's application_name. */
  job: string;
  start: () => RunningJob | Promise<RunningJob>;
  /** How often a follower tries to take over, and a leader checks its connection (default 5 s). */
  retryMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Advisory lock class of leader locks (two-key form: class, job number); apart from any other lock of the app. */
export const LEADER_LOCK_CLASS = 7400;

/** A job's key within the class: a small stable hash of its name. */
export function jobKey(job: string): number {
  let hash = 0;
  for (const char of job) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

/** The application_name of a job's lock connection: which process leads, seen in pg_stat_activity. */
export function leaderApplicationName(job: string, pid = process.pid): string {
  return `playrep leader ${job} pid=${pid}`;
}

export function runAsLeader(options: LeaderLockOptions): LeaderLock {
  const { databaseUrl, job, start, log } = options;
  const retryMs = options.retryMs ?? 5_000;
  let running: RunningJob | null = null;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const lose = async (reason: string) => {
    const stopping = running;
    running = null;
    const lost = client;
    client = null;
    if (stopping) {
      log?.warn({ job, reason }, 'leader: stopped the job');
      await stopping.stop().catch(() => undefined);
    }
    await lost?.end().catch(() => undefined);
  };

  const attempt = async () => {
    if (closed) return;
    if (running && client) {
      // A leader checks that its connection (and so its lock) still lives.
      try {
        await client.query('SELECT 1');
      } catch {
        await lose('the lock connection was lost');
      }
      return;
    }
    const candidate = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      // Named a candidate until it holds the lock, so pg_stat_activity names the leader only.
      application_name: `playrep candidate ${job} pid=${process.pid}`,
    });
    candidate.on('error', () => void lose('the lock connection failed'));
    try {
      await candidate.connect();
      const { rows } = await candidate.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        LEADER_LOCK_CLASS,
        jobKey(job),
      ]);
      if (!rows[0]?.ok || closed) {
        await candidate.end();
        return;
      }
      await candidate.query("SELECT set_config('application_name', $1, false)", [leaderApplicationName(job)]);
      client = candidate;
      log?.info({ job, pid: process.pid }, 'leader: this process runs the job');
      running = await start();
    } catch {
      await candidate.end().catch(() => undefined);
    }
  };

  const loop = async () => {
    await attempt();
    if (!closed) timer = setTimeout(() => void loop(), retryMs);
    timer?.unref();
  };
  void loop();

  return {
    get leading() {
      return running !== null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await lose('shutting down');
    },
  };
}
