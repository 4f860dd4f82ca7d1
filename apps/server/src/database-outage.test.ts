import { type ChildProcess, spawn } from 'node:child_process';
import { ENDPOINTS } from '@playrep/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX } from '../test/authz/matrix.js';
import { createNetwork, DEMO_PASSWORD, type NetworkIds } from '../test/fixtures/network.js';
import { createPostgresServer, ownServerUnavailable, type PostgresServer } from '../test/postgres-server.js';
import { withClient } from '../test/scratch-database.js';
import { REPO_ROOT, type ServerProcess, startServerProcess, waitFor } from '../test/server-process.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { LEADER_LOCK_CLASS, leaderApplicationName } from './db/leader-lock.js';
import { createFeedKey } from './modules/feed/keys.js';
import { brokenInvariants } from './modules/feed/test-support/feed-fixture.js';
import { ensureHouseAccount } from './modules/ledger/ledger.js';

/**
 * PostgreSQL goes away and comes back under a real server process (server.ts), with the feed
 * running (`npm run simulate`) and a signed-in manager reading reports: while it is down every
 * call answers 503 at once, saying why; once it is back everything answers again without a
 * restart of the server, the one-runner jobs take their leader locks again, and the simulator
 * has applied every event it made exactly once. A PostgreSQL 15 server of the test's own, which
 * it stops (fast, then immediate: a crash) and starts again.
 */
const unavailable = ownServerUnavailable('initdb');

/** How long the database stays down: longer than the simulator's old give-up time (10 s of retries). */
const OUTAGE_MS = 12_000;
/** Calls answer within this even while the database is down: a hang fails the test. */
const ANSWER_WITHIN_MS = 5_000;
/** /api/health is polled this often after the database's return... */
const POLL_MS = 100;
/** ...and must answer 200 within this many polls (5 s). */
const MAX_POLLS = 50;

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  return withClient(url, async (client) => (await client.query(text, values)).rows as T[]);
}

/** The application_names of the connections holding a leader lock (`playrep leader <job> pid=<pid>`). */
async function leaders(url: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    url,
    `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 ORDER BY 1`,
    [LEADER_LOCK_CLASS],
  );
  return rows.map((row) => row.name);
}

/** `npm run simulate` as a child process. */
function startSimulator(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/simulate-cli.ts', ...args], { cwd: REPO_ROOT });
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** A number of the simulator's summary line ("1,234 plays"). */
function figure(line: string, what: string): number {
  const match = new RegExp(`([\\d,]+) ${what}`).exec(line);
  if (!match) throw new Error(`no "${what}" in: ${line}`);
  return Number(match[1]!.replaceAll(',', ''));
}

/** Plays of the last hours (the server runs on the real clock) at the test network's cafes. */
function plays(prefix: string, count: number): unknown[] {
  // Whole minutes: a draw time is whole seconds, and two draws of a game at least a minute apart.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(now - (1 + (i % 300)) * 60_000).toISOString();
    const id = `${prefix}-${i}`;
    return {
      id,
      type: 'play',
      playId: id,
      member: ['player1', 'player2'][i % 2],
      cafeId: ['cafe-m1', 'cafe-m2'][i % 2],
      game: 'MNOQqWWi',
      drawAt: at,
      stake: 1 + (i % 9),
      win: i % 5 === 0 ? 4 : 0,
      at,
    };
  });
}

describe.skipIf(unavailable !== null)('PostgreSQL stopped and started again under a running server', () => {
  let postgres: PostgresServer;
  let server: ServerProcess;
  let ids: NetworkIds;
  let feedKey: string;
  let simulatorKey: string;

  /** The slowest answer since it was last reset. */
  let slowestMs = 0;
  const call = async (path: string, init: RequestInit = {}, within = ANSWER_WITHIN_MS) => {
    const sentAt = performance.now();
    try {
      return await fetch(`${server.url()}${path}`, { ...init, signal: AbortSignal.timeout(within) });
    } finally {
      slowestMs = Math.max(slowestMs, performance.now() - sentAt);
    }
  };
  const login = () =>
    call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'am1', password: DEMO_PASSWORD }),
    });
  const post = (events: unknown[], within = ANSWER_WITHIN_MS) =>
    call(
      '/api/feed/v1/events',
      {
        method: 'POST',
        headers: { authorization: `Bearer ${feedKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      },
      within,
    );
  /**
   * Every report of the endpoint table, about am1 (an area manager may call each), one after the
   * other: an account may have only a few report calls in flight (REPORTS_PER_ACCOUNT).
   */
  /** master1's cafe, made through the feed. */
  let cafeOne: string;
  const reports = async (token: string) => {
    const answers: { call: string; status: number; body: { message?: string } }[] = [];
    // Every read the signed-in areamanager may make (the superadmin's Mail screen is not one; the
    // Accounts screen's actions change access, they are not reports).
    for (const row of MATRIX.filter((r) => r.allowedRoles.includes('areamanager') && ENDPOINTS[r.call].method === 'GET')) {
      const accepts = Object.keys((ENDPOINTS[row.call].query as { shape: object } | undefined)?.shape ?? {});
      const params = new URLSearchParams({ ...(accepts.includes('id') ? { id: ids.am1 } : {}), ...row.extraQuery });
      // A call about a member names am1's player, about a cafe master1's (Cafe Profit's terminals).
      if (row.usernameParam?.required) {
        params.set(row.usernameParam.name, row.usernameParam.roles?.includes('player') ? 'player1' : 'master1');
      }
      if (accepts.includes('cafeId')) params.set('cafeId', cafeOne);
      const { method } = ENDPOINTS[row.call];
      const res = await call(`${row.path}?${params}`, { method, headers: { authorization: `Bearer ${token}` } });
      // The bulk sign-in links answer a CSV file when the database is there.
      const text = await res.text();
      answers.push({
        call: row.call,
        status: res.status,
        body: (text.startsWith('{') ? JSON.parse(text) : {}) as { message?: string },
      });
    }
    return answers;
  };
  const countOf = async (text: string, values: unknown[] = []) => (await query<{ n: number }>(postgres.url, text, values))[0]!.n;
  const countPlays = (prefix: string) =>
    countOf('SELECT count(*)::int AS n FROM plays WHERE platform_id LIKE $1', [`${prefix}-%`]);

  beforeAll(async () => {
    postgres = await createPostgresServer();
    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
    try {
      await migrateDatabase(database);
      ids = await createNetwork(database.db);
      await ensureHouseAccount(database.db, 'HOUSE');
      feedKey = (await createFeedKey(database.db, 'platform', new Date())).key;
      simulatorKey = (await createFeedKey(database.db, 'simulator', new Date())).key;
    } finally {
      await database.close();
    }
    // The demo feed on: its leader lock must come back too (it finds no demo network and idles).
    server = startServerProcess({ DATABASE_URL: postgres.url, DEMO_FEED: '1' });
    await waitFor(() => server.url() !== null, 'the server to listen');
    const cafes = await post([
      { id: 'cafe-1', type: 'cafe', cafeId: 'cafe-m1', master: 'master1', name: 'One' },
      { id: 'cafe-2', type: 'cafe', cafeId: 'cafe-m2', master: 'master2', name: 'Two' },
    ]);
    expect(cafes.status).toBe(200);
    cafeOne = (await query<{ id: string }>(postgres.url, "SELECT id::text AS id FROM cafes WHERE name = 'One'"))[0]!.id;
  }, 120_000);

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await postgres?.remove();
  });

  it('answers 503 at once while it is down, everything again within 5 s of its return, and the simulator applies every event once', async () => {
    const serverPid = server.child.pid!;
    const jobs = [
      'activity-retention',
      'big-win-alerts',
      'daily-digest',
      'demo-feed',
      'mail-sender',
      'outbox-retention',
      'play-partitions',
      'settlement',
    ].map((job) => leaderApplicationName(job, serverPid));
    await waitFor(async () => (await leaders(postgres.url)).join() === jobs.join(), 'the leader locks', 30_000);
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };

    const simulator = startSimulator([
      ...['--url', server.url()!, '--key', simulatorKey],
      ...['--rate', '100', '--batch', '20', '--prefix', 'sim', '--players', '10'],
    ]);
    try {
      await waitFor(() => simulator.output().includes('there already.'), 'the simulator to set up its network', 60_000);
      await waitFor(async () => (await countPlays('sim')) > 0, 'the simulator to apply plays');

      await postgres.stop('fast');
      const downAt = Date.now();
      slowestMs = 0;

      const health = await call('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ message: 'The database (PostgreSQL) cannot be reached', db: 'postgres' });
      for (const report of await reports(token)) {
        expect(report, report.call).toEqual({
          call: report.call,
          status: 503,
          body: { message: 'The database is not available. Please try again shortly.' },
        });
      }
      const signIn = await login();
      expect(signIn.status).toBe(503);
      expect(await signIn.json()).toEqual({ message: 'The database is not available. Please try again shortly.' });
      const refused = plays('outage', 50);
      const feed = await post(refused);
      expect(feed.status).toBe(503);
      expect(Number(feed.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await feed.json()).toEqual({ message: 'The database is not available. Please try again shortly.' });
      const status = await call('/api/feed/v1/status', { headers: { authorization: `Bearer ${feedKey}` } });
      expect(status.status).toBe(503);
      console.log(`while PostgreSQL was down, the slowest call answered in ${Math.round(slowestMs)} ms`);

      // Long enough for the simulator to be refused again and again, and the leader locks to be lost.
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - downAt)));
      expect(simulator.child.exitCode, simulator.output()).toBeNull();
      await postgres.start();
      const backAt = Date.now();

      let polls = 0;
      for (;;) {
        polls += 1;
        if ((await call('/api/health')).status === 200) break;
        expect(polls, 'polls of /api/health before it answered 200').toBeLessThan(MAX_POLLS);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      console.log(
        `health answered 200 at poll ${polls} (every ${POLL_MS} ms), ${Date.now() - backAt} ms after PostgreSQL's return`,
      );

      // The session made before the outage still reads every report; sign-in and the feed work.
      for (const report of await reports(token)) expect(report.status, report.call).toBe(200);
      expect((await login()).status).toBe(200);
      // Nothing of the batch refused during the outage was kept; sent again, it is applied whole.
      expect(await countPlays('outage')).toBe(0);
      const resent = await post(refused);
      expect(resent.status).toBe(200);
      expect(await resent.json()).toMatchObject({ applied: refused.length, duplicates: 0 });

      // The one-runner jobs take their leader locks again (each tries every 5 s), and the simulator
      // goes on by itself: its first batch applied after the return, by the time the server took it.
      const firstBatchAfter = async () => {
        const [row] = await query<{ at: Date | null }>(
          postgres.url,
          `SELECT min(e.applied_at) AS at FROM feed_events e JOIN feed_keys k ON k.id = e.key_id
            WHERE k.name = 'simulator' AND e.applied_at >= to_timestamp($1 / 1000.0)`,
          [backAt],
        );
        return row!.at;
      };
      await waitFor(async () => (await leaders(postgres.url)).join() === jobs.join(), 'the leader locks again', 15_000);
      const locksAfterMs = Date.now() - backAt;
      await waitFor(async () => (await firstBatchAfter()) !== null, 'the simulator to apply a batch again', 15_000);
      const simulatorAfterMs = (await firstBatchAfter())!.getTime() - backAt;
      console.log(
        `after PostgreSQL's return: leader locks held again within ${locksAfterMs} ms, the simulator's next batch applied at ${simulatorAfterMs} ms`,
      );
    } finally {
      simulator.child.kill('SIGINT');
      if (!(await postgres.running())) await postgres.start();
    }
    expect(await simulator.exited, simulator.output()).toBe(0);
    const output = simulator.output();
    expect(output).toContain('sending the same batch again');
    const setUp = /Its network .*: ([\d,]+) events applied, 0 there already/.exec(output);
    const done = /Done: .*/.exec(output)?.[0];
    expect(setUp, output).not.toBeNull();
    expect(done, output).toBeDefined();

    // Every play it made, once: its play ids are numbered from 1 without a gap.
    const [made] = await query<{ n: number; last: number }>(
      postgres.url,
      `SELECT count(*)::int AS n, max(split_part(platform_id, '-', 3)::int) AS last FROM plays WHERE platform_id LIKE 'sim-%'`,
    );
    expect(made).toEqual({ n: figure(done!, 'plays'), last: figure(done!, 'plays') });
    // Every event it counted as taken is in the feed's record once, and nothing else of its key.
    const events =
      figure(setUp![0], 'events applied') +
      ['plays', 'draws', 'transfers', 'resolutions', 'new players'].reduce((sum, what) => sum + figure(done!, what), 0) +
      // The line names the plays it voided only when there was one (about 1 play in 500).
      (done!.includes(' voided') ? figure(done!, 'voided') : 0);
    expect(
      await countOf(
        `SELECT count(*)::int AS n FROM feed_events WHERE key_id = (SELECT id FROM feed_keys WHERE name = 'simulator')`,
      ),
    ).toBe(events);

    // No crash, nothing unhandled.
    expect(server.child.exitCode).toBeNull();
    expect(server.output().stderr).not.toMatch(/unhandled|uncaught/i);
  }, 120_000);

  it('applies nothing of a batch when PostgreSQL stops in its middle (immediate shutdown), and all of it when sent again', async () => {
    const batch = plays('crash', 5_000);
    const sent = post(batch, 60_000).catch((err: unknown) => err);
    // Polled without a pause: the batch's statements take a few hundred milliseconds at most.
    const watcher = new pg.Client({ connectionString: postgres.url });
    watcher.on('error', () => {}); // killed with the rest below
    await watcher.connect();
    try {
      for (const until = Date.now() + 30_000; ; ) {
        const { rows } = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE pid <> pg_backend_pid() AND xact_start IS NOT NULL
              AND (query ILIKE '%INSERT INTO feed_events%' OR query ILIKE '%INSERT INTO plays%')`,
        );
        if (rows[0].n > 0) break;
        if (Date.now() > until) throw new Error('timed out waiting for the batch to be inserting events or plays');
      }
    } finally {
      await postgres.stop('immediate');
      await watcher.end().catch(() => {});
    }
    const answer = await sent;
    // No answer at all would mean the server fell over: its output says why.
    expect(answer, server.output().stderr).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(503);
    expect(Number((answer as Response).headers.get('retry-after'))).toBeGreaterThan(0);

    await postgres.start();
    await waitFor(async () => (await call('/api/health')).status === 200, 'health again', 10_000);
    expect(await countPlays('crash')).toBe(0);
    expect(await countOf(`SELECT count(*)::int AS n FROM feed_events WHERE id LIKE 'crash-%'`)).toBe(0);

    const first = await post(batch, 60_000);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applied: batch.length, duplicates: 0 });
    const again = await post(batch, 60_000);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ applied: 0, duplicates: batch.length });
    expect(await countPlays('crash')).toBe(batch.length);

    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    try {
      expect(await brokenInvariants(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
