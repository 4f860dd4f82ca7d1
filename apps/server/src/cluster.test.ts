import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD } from '../test/fixtures/network.js';
import { type ServerProcess, startServerProcess, waitFor } from '../test/server-process.js';
import { createTestDatabase, type TestDatabase } from '../test/test-db.js';
import { jobKey, LEADER_LOCK_CLASS } from './db/leader-lock.js';

/** Several real server processes on one PostgreSQL database: what one does, all see. */

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('refuses to start several processes, saying why and what to do', async () => {
    const server = startServerProcess({ WEB_CONCURRENCY: '2', DATA_DIR: 'memory://unused' });
    expect(await server.exited).toBe(2);
    expect(server.output().stderr).toContain(
      'WEB_CONCURRENCY=2 runs several server processes, which must share a PostgreSQL database (DATABASE_URL)',
    );
  });
});

async function login(url: string, username: string, password = DEMO_PASSWORD) {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

/** The pid in the application_name of the backend holding the settlement's leader lock, or null. */
async function settlementLeader(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2::oid
          -- Advisory locks are per database: another test's servers on the same PostgreSQL hold their own.
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LEADER_LOCK_CLASS, jobKey('settlement') >>> 0],
    );
    const match = rows[0] ? /pid=(\d+)/.exec(rows[0].name) : null;
    return match ? Number(match[1]) : null;
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  const start = async () => {
    const server = startServerProcess({ DATABASE_URL: database.url! });
    servers.push(server);
    await waitFor(() => server.url() !== null, 'the banner');
    return server;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await createNetwork(database.db);
    [a, b] = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await database?.destroy();
  });

  it('serves a session made on one on the other, and ends it on both at sign-out', async () => {
    const signedIn = await login(a.url()!, 'am1');
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${b.url()}/api/playrep/agentdetails`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${b.url()}/api/auth/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    expect((await fetch(`${a.url()}/api/playrep/agentdetails`, { headers: auth })).status).toBe(401);
  });

  it('counts failed sign-ins across both: the limit holds whichever process answers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(i % 2 ? a.url()! : b.url()!, 'master1', 'wrong-password')).status);
    // Failures on either process count together: refusals (429) start within the limit, not after twice it.
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  });

  it('runs the hourly settlement on exactly one of them, and on the other once that one is killed', async () => {
    const pids = [a.child.pid!, b.child.pid!];
    await waitFor(async () => pids.includes((await settlementLeader(database.url!)) ?? -1), 'a settlement leader');
    const leader = (await settlementLeader(database.url!))!;
    const other = pids.find((pid) => pid !== leader)!;
    const killed = servers.find((server) => server.child.pid === leader)!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    await waitFor(async () => (await settlementLeader(database.url!)) === other, 'the other process to take over', 30_000);
  }, 90_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await createNetwork(database.db);
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.destroy();
  });

  it('runs two server processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const token = 'cluster-metrics-token-0123456789';
    server = startServerProcess({ DATABASE_URL: database.url!, WEB_CONCURRENCY: '2', METRICS_TOKEN: token });
    await waitFor(() => server.url() !== null, 'the banner');
    expect(server.output().stdout).toContain('(2 server processes, database: postgres)');
    const url = server.url()!;
    for (let i = 0; i < 10; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // Whichever worker answers the scrape, it counts the requests of both.
    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    const healthCount = Number(
      /^playrep_http_requests_total\{[^}]*call="health"[^}]*status="200"[^}]*\} (\d+)$/m.exec(await scrape.text())?.[1],
    );
    expect(healthCount).toBeGreaterThanOrEqual(10);

    // The settlement runs in one of the workers; killing that worker moves it to another.
    await waitFor(async () => (await settlementLeader(database.url!)) !== null, 'a settlement leader');
    const leader = (await settlementLeader(database.url!))!;
    expect(leader).not.toBe(server.child.pid);
    process.kill(leader, 'SIGKILL');
    await waitFor(
      async () => ![null, leader].includes(await settlementLeader(database.url!)),
      'another worker to take the settlement over',
      20_000,
    );
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(server.output().stdout).toMatch(new RegExp(`server process ${leader} stopped \\(SIGKILL\\): starting another`));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});
