import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../../test/fixtures/network.js';
import { REPO_ROOT, waitFor } from '../../test/server-process.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { queryRows } from '../db/client.js';
import { createFeedKey } from '../modules/feed/keys.js';
import { brokenInvariants } from '../modules/feed/test-support/feed-fixture.js';
import { ensureHouseAccount } from '../modules/ledger/ledger.js';
import { parseSimulateCommand } from './simulate-command.js';
import { retryDelayMs, runSimulator } from './simulator.js';

describe('npm run simulate: its arguments', () => {
  it('needs the server and a key, and checks every number and the prefix', () => {
    expect(parseSimulateCommand([])).toMatch(/^Missing --url/);
    expect(parseSimulateCommand(['--url', 'http://localhost:3000'])).toMatch(/^Missing --key/);
    expect(parseSimulateCommand(['--url', 'localhost:3000', '--key', 'k'])).toMatch(/^--url must be a server's origin/);
    expect(parseSimulateCommand(['--url', 'http://h', '--key', 'k', '--rate', 'fast'])).toBe(
      '--rate must be a number from 0.1 to 1000000: "fast" is not.',
    );
    expect(parseSimulateCommand(['--url', 'http://h', '--key', 'k', '--prefix', 'Bad_Prefix'])).toMatch(/^--prefix must be/);
    expect(parseSimulateCommand(['--url', 'http://h', '--key', 'k', '--bogus'])).toMatch(/Unknown option '--bogus'/);
    expect(parseSimulateCommand(['--help'])).toEqual({ kind: 'help' });
    expect(parseSimulateCommand(['--url', 'http://h:3000/', '--key', 'k', '--rate', '2000', '--duration', '30'])).toEqual({
      kind: 'run',
      options: {
        url: 'http://h:3000/',
        key: 'k',
        rate: 2000,
        concurrency: 1,
        durationMs: 30_000,
        prefix: 'sim',
        parent: 'superadmin',
        house: 'HOUSE',
        players: 100,
      },
    });
  });
});

describe('npm run simulate: the wait before sending a batch again', () => {
  it("is the server's Retry-After, else 0.5 s doubling up to 10 s, plus up to half again at random", () => {
    const failures = [1, 2, 3, 4, 5, 6, 20];
    const least = (failure: number, retryAfter: number | null) => retryDelayMs(failure, retryAfter, () => 0);
    const most = (failure: number, retryAfter: number | null) => retryDelayMs(failure, retryAfter, () => 1);
    expect(failures.map((n) => least(n, null))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(failures.map((n) => most(n, null))).toEqual([750, 1_500, 3_000, 6_000, 12_000, 15_000, 15_000]);
    expect([least(1, 2), most(1, 2), least(20, 2)]).toEqual([2_000, 3_000, 2_000]);
    // Senders cut off together do not all come back at the same instant.
    expect(new Set(Array.from({ length: 20 }, () => retryDelayMs(3, null))).size).toBeGreaterThan(1);
  });
});

describe.each(TEST_DB_KINDS)('the simulator against a listening server on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { HOUSE_USERNAME: 'HOUSE' } });
    await createNetwork(t.app.db);
    await ensureHouseAccount(t.app.db, 'HOUSE');
    key = (await createFeedKey(t.app.db, 'simulator', new Date())).key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.app.db, query))[0]!.n);

  it('sets up its network through the feed, then plays at the rate asked for, with transfers and their resolutions', async () => {
    const stats = await runSimulator({
      url,
      key,
      rate: 400,
      durationMs: 4_000,
      prefix: 'simt',
      players: 20,
      reportEveryMs: 60_000,
    });
    // 4 accounts above the players (admin, sam, am) and 4 masters, 6 cafes, 20 players, funding.
    expect(stats.setUp.applied).toBeGreaterThan(33);
    expect(stats.setUp.duplicates).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM accounts WHERE username LIKE 'simt-%' AND role = 'player'`)).toBe(
      20 + stats.newPlayers,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM cafes WHERE platform_id LIKE 'simt-%'`)).toBe(6);
    // The plays it counted are the plays applied; about the rate asked for over the time it ran.
    expect(await count(sql`SELECT count(*)::int AS n FROM plays WHERE platform_id LIKE 'simt-%'`)).toBe(stats.plays);
    // The plays it voided keep their rows, marked.
    expect(await count(sql`SELECT count(*)::int AS n FROM plays WHERE platform_id LIKE 'simt-%' AND voided_at IS NOT NULL`)).toBe(
      stats.voids,
    );
    expect(stats.plays).toBeGreaterThan(0);
    expect(stats.plays / (stats.elapsedMs / 1000)).toBeLessThan(400 * 1.5);
    expect(stats.transfers + stats.resolutions).toBeGreaterThan(0);
    expect(await brokenInvariants(t.app.db)).toEqual([]);
  });

  it('plays on the same network when run again with the same prefix (its set-up is found applied)', async () => {
    const stats = await runSimulator({
      url,
      key,
      rate: 100,
      durationMs: 1_500,
      prefix: 'simt',
      players: 20,
      reportEveryMs: 60_000,
    });
    expect(stats.setUp.applied).toBe(0);
    expect(stats.setUp.duplicates).toBeGreaterThan(33);
    expect(stats.plays).toBeGreaterThan(0);
  });

  it('as npm run simulate: stops on Ctrl-C after the batch in flight (exit 0), refuses a wrong key (exit 1) and bad arguments (exit 2)', async () => {
    const cli = (args: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/simulate-cli.ts', ...args], {
        cwd: REPO_ROOT,
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, output: () => out, exited };
    };
    const running = cli(['--url', url, '--key', key, '--rate', '50', '--prefix', 'simc', '--players', '5']);
    await waitFor(() => running.output().includes('there already.'), 'its network', 60_000);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    expect(running.output()).toMatch(/Done: [\d,]+ plays in/);

    const wrongKey = cli(['--url', url, '--key', 'feed_not-a-key']);
    expect(await wrongKey.exited).toBe(1);
    expect(wrongKey.output()).toContain('does not take this key');

    const usage = cli(['--url', url]);
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain('Usage: npm run simulate');
  }, 120_000);
});
