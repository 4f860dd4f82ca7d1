import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asPostgres, freePort, ownServerUnavailable, serverFolder } from './postgres-server.js';
import { withClient } from './scratch-database.js';

/**
 * A real streaming replica of the test PostgreSQL server (TEST_DATABASE_URL), made on this machine
 * with the PostgreSQL 15 binaries: `pg_basebackup -R` into a temporary folder, then a second
 * `postgres` on a free port. It follows the primary until it is stopped and removed.
 *
 * It streams through a replication slot of its own, so that the primary keeps the WAL the replica
 * has not received while it is stopped: without one, the checkpoints that other tests' CREATE and
 * DROP DATABASE force on the shared server remove that WAL, and a restarted replica can never
 * catch up. The slot is dropped with the replica, and a slot left by a test process that died is
 * dropped by the next one (its name carries the process id).
 *
 * Needs: the primary allows replication connections from 127.0.0.1 (pg_hba.conf: `host replication
 * all 127.0.0.1/32 trust`, which .ci/run adds), and, when run as root, the `postgres` system user
 * to own and run the replica (PostgreSQL refuses to run as root).
 */

export interface Replica {
  /** Connection string of the replica, for the same database as `primaryUrl`. */
  url: string;
  port: number;
  /** Stops the replica (fast shutdown); it can be started again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Why a replica cannot be made here, or null when it can. */
export function replicaUnavailable(): string | null {
  return ownServerUnavailable('pg_basebackup');
}

/**
 * Makes a replica of the server behind `primaryUrl` and waits until it accepts connections to the
 * same database and has replayed what the primary had written when it was made.
 */
export async function createReplica(primaryUrl: string): Promise<Replica> {
  const primary = new URL(primaryUrl);
  const port = await freePort();
  await dropSlotsOfDeadProcesses(primaryUrl);
  const slot = `${SLOT_PREFIX}${process.pid}_${port}`;
  const { dir, own } = serverFolder('playrep-replica-');
  const dataDir = path.join(dir, 'data');

  await asPostgres('pg_basebackup', [
    '-h',
    primary.hostname,
    '-p',
    primary.port || '5432',
    '-U',
    decodeURIComponent(primary.username || 'postgres'),
    '-D',
    dataDir,
    '-R', // standby.signal, primary_conninfo and primary_slot_name: it follows the primary
    '-C', // through a new slot of its own
    '-S',
    slot,
    '-X',
    'stream',
    '-c',
    'fast',
  ]);

  // Debian keeps the server's configuration outside the data folder, so the copy has none: the
  // replica gets its own, trusting local connections only (it is a test server).
  for (const [file, text] of [
    ['postgresql.conf', 'hot_standby = on\nfsync = off\n'],
    ['pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n'],
    ['pg_ident.conf', ''],
  ] as const) {
    writeFileSync(path.join(dataDir, file), text);
    own(path.join(dataDir, file));
  }

  const ctl = (action: 'start' | 'stop') =>
    asPostgres('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'replica.log'),
      '-w',
      '-t',
      '60',
      ...(action === 'start'
        ? ['-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`, 'start']
        : ['-m', 'fast', 'stop']),
    ]);

  const url = new URL(primaryUrl);
  url.port = String(port);
  const replica: Replica = {
    url: url.toString(),
    port,
    start: async () => {
      await ctl('start');
    },
    stop: async () => {
      await ctl('stop').catch(() => undefined);
    },
    remove: async () => {
      await replica.stop();
      await dropSlot(primaryUrl, slot);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await replica.start();
    await waitForReplay(primaryUrl, replica.url);
  } catch (error) {
    await replica.remove();
    throw error;
  }
  return replica;
}

const SLOT_PREFIX = 'playrep_test_replica_';

const DROP_INACTIVE_SLOT = 'SELECT pg_drop_replication_slot($1) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active';

async function dropSlot(primaryUrl: string, slot: string): Promise<void> {
  await withClient(primaryUrl, (c) => c.query(DROP_INACTIVE_SLOT, [slot]));
}

/** Drops the inactive slots of test replicas whose process is gone (killed before it removed them). */
async function dropSlotsOfDeadProcesses(primaryUrl: string): Promise<void> {
  await withClient(primaryUrl, async (client) => {
    const { rows } = await client.query<{ slot_name: string }>(
      `SELECT slot_name FROM pg_replication_slots WHERE slot_name LIKE '${SLOT_PREFIX}%' AND NOT active`,
    );
    for (const { slot_name: name } of rows) {
      const pid = Number(name.slice(SLOT_PREFIX.length).split('_')[0]);
      if (processIsGone(pid)) await client.query(DROP_INACTIVE_SLOT, [name]);
    }
  });
}

function processIsGone(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Waits until the replica has replayed the primary's current WAL position. */
export async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs = 30_000): Promise<void> {
  const target = await queryOne<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const caughtUp = await queryOne<{ ok: boolean }>(
      replicaUrl,
      `SELECT coalesce(pg_last_wal_replay_lsn() >= '${target.lsn}'::pg_lsn, false) AS ok`,
    ).catch(() => ({ ok: false }));
    if (caughtUp.ok) return;
    if (Date.now() > deadline) throw new Error(`The replica did not replay ${target.lsn} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function queryOne<T>(url: string, text: string): Promise<T> {
  return withClient(url, async (c) => (await c.query(text)).rows[0] as T, 2_000);
}
