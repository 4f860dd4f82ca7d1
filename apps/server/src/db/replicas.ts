import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { definite } from '../lib/definite.js';
import { surviveLostConnections } from './lost-connections.js';
import * as schema from './schema/index.js';

/**
 * Read replicas (PostgreSQL streaming replication). Report reads may go to a replica; everything
 * that must see the latest write (sign-in, sessions, throttling, the feed, settlement) stays on
 * the primary.
 *
 * Lag is measured as the age of the replica's data, without trusting clocks: every second the
 * primary's WAL position is sampled with the time it was read, and the replica's lag is the time
 * since the newest sample it has already replayed. A replica that does not answer, is not in
 * recovery, or lags more than the limit is skipped until it is back within it.
 */

export interface ReplicaStatus {
  /** host:port/database, never credentials. */
  name: string;
  /** Answering, in recovery, and within the lag limit: report reads may go to it. */
  usable: boolean;
  /** Seconds its data is behind the primary; null when unknown (not answering yet). */
  lagSeconds: number | null;
  /** Why it is skipped, when it is. */
  reason?: string;
}

interface Sample {
  at: number;
  lsn: bigint;
}

/** A WAL position 'X/Y' as one number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** host:port/database of a connection string, for logs and health (no user, no password). */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

const SAMPLE_EVERY_MS = 1_000;
/** Samples kept: enough to measure lags up to this many seconds; older is "too far behind". */
const SAMPLES_KEPT = 600;
/** At start, extra rounds this far apart (at most a second in all) for a replica behind the first sample. */
const START_ROUNDS = 10;
const START_ROUND_MS = 100;

class Replica {
  readonly pool: pg.Pool;
  readonly db;
  readonly name: string;
  lagSeconds: number | null = null;
  reason: string | undefined = 'not checked yet';

  constructor(url: string, poolSize: number, options: string) {
    this.name = describeUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      options,
    });
    surviveLostConnections(this.pool);
    this.db = drizzle(this.pool, { schema });
  }
}

export class ReplicaSet {
  private readonly replicas: Replica[];
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private next = 0;

  constructor(
    private readonly primary: pg.Pool,
    urls: readonly string[],
    private readonly maxLagSeconds: number,
    poolSize: number,
    /** Startup options of the replicas' connections (report reads: the statement timeout). */
    connectionOptions: string,
  ) {
    this.replicas = urls.map((url) => new Replica(url, poolSize, connectionOptions));
  }

  get size(): number {
    return this.replicas.length;
  }

  /** Starts sampling (the first rounds are awaited, so a healthy replica is used from the start). */
  async start(): Promise<void> {
    if (this.replicas.length === 0) return;
    await this.check();
    // A replica a little behind the primary's first sample (the primary is being written to)
    // cannot be measured against it: sample again shortly, until it has replayed one of them.
    for (let round = 0; round < START_ROUNDS && this.replicas.some(notMeasuredYet); round += 1) {
      await new Promise((resolve) => setTimeout(resolve, START_ROUND_MS));
      await this.check();
    }
    this.timer = setInterval(() => void this.check(), SAMPLE_EVERY_MS);
    this.timer.unref();
  }

  /** The next usable replica's database (round robin), or null when none is. */
  pick(): Replica['db'] | null {
    const usable = this.replicas.filter((replica) => replica.reason === undefined);
    if (usable.length === 0) return null;
    this.next = (this.next + 1) % usable.length;
    return definite(usable[this.next], 'the picked replica').db;
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((replica) => ({
      name: replica.name,
      usable: replica.reason === undefined,
      lagSeconds: replica.lagSeconds,
      ...(replica.reason === undefined ? {} : { reason: replica.reason }),
    }));
  }

  /** One round: sample the primary, then measure every replica against the samples. */
  async check(): Promise<void> {
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      this.samples.push({ at: Date.now(), lsn: parseLsn(definite(rows[0], "the primary's WAL position").lsn) });
      if (this.samples.length > SAMPLES_KEPT) this.samples.shift();
    } catch {
      // The primary is down: replicas keep their last verdict until it answers again.
      return;
    }
    await Promise.all(this.replicas.map((replica) => this.measure(replica)));
  }

  private async measure(replica: Replica): Promise<void> {
    let replayed: bigint;
    try {
      const { rows } = await replica.pool.query<{ recovering: boolean; lsn: string | null }>(
        'SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS lsn',
      );
      const row = definite(rows[0], "the replica's recovery row");
      if (!row.recovering || row.lsn === null) {
        replica.lagSeconds = null;
        replica.reason = 'not a replica (not in recovery)';
        return;
      }
      replayed = parseLsn(row.lsn);
    } catch (error) {
      replica.lagSeconds = null;
      replica.reason = `not answering: ${(error as Error).message}`;
      return;
    }
    const newest = definite(this.samples.at(-1), 'the newest primary sample');
    // The newest sample the replica has replayed: its data is at least that fresh.
    const reached = this.samples.findLast((sample) => sample.lsn <= replayed);
    const lagMs = replayed >= newest.lsn ? 0 : reached ? newest.at - reached.at : Number.POSITIVE_INFINITY;
    replica.lagSeconds = Number.isFinite(lagMs) ? lagMs / 1000 : null;
    replica.reason = lagMs > this.maxLagSeconds * 1000 ? `lags more than ${this.maxLagSeconds} s` : undefined;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.replicas.map((replica) => replica.pool.end()));
  }
}

/** Answering and in recovery, but behind every sample so far: its lag is not known yet. */
function notMeasuredYet(replica: Replica): boolean {
  return replica.lagSeconds === null && replica.reason !== undefined && replica.reason.startsWith('lags');
}
