import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENDPOINTS, type ReportCall } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readEnv } from '../src/config/env.js';
import { makeBackup } from '../src/db/backups.js';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../src/db/client.js';
import { restoreCommand } from '../src/db/restore-command.js';
import { seedDemoNetwork } from '../src/demo/index.js';
import { unsubscribeKeyOf } from '../src/modules/mail/unsubscribe.js';
import { closeFinishedWeeks } from '../src/modules/settlement/index.js';
import { MATRIX } from './authz/matrix.js';
import { injectAs, signIn } from './fixtures/network.js';
import { ManualClock } from './manual-clock.js';

/**
 * A backup of the small demo network, restored into a fresh folder, answers every report the
 * fixed demo accounts may ask for exactly as the database it was taken from.
 */
const END = '2025-03-12'; // a Wednesday: the network's last day
const NOW = new Date('2025-03-12T20:00:00+05:30');
const RANGE = { fromDate: '2025-01-06', toDate: END };
/** The last finished (settled) week: the range of the calls about one week. */
const WEEK = { fromDate: '2025-03-03', toDate: '2025-03-09' };
const WEEK_CALLS: readonly ReportCall[] = ['revenueWeek', 'agentMail', 'managerMail'];

/** The fixed accounts, and for each the accounts of its subtree that calls about a master, a child or a member name. */
const ACCOUNTS: Record<string, { master: string | null; child: string | null; member: string | null }> = {
  superadmin: { master: 'master1', child: 'admin1', member: 'player1' },
  admin1: { master: 'master1', child: 'sam1', member: 'player1' },
  sam1: { master: 'master1', child: 'am1', member: 'player1' },
  am1: { master: 'master1', child: 'master1', member: 'player1' },
  master1: { master: 'master1', child: 'player1', member: 'player1' },
  master2: { master: 'master2', child: 'player2', member: 'player2' },
  player1: { master: null, child: null, member: null },
};
/** A cafe of each master above (Cafe Profit's terminals are about one cafe), read once seeded. */
const cafeOf: Record<string, string> = {};

/** The query of a call made by `username` about itself: the fixed range and what the call needs besides. */
function queryOf(call: ReportCall, username: string, id: string): Record<string, string> {
  const accepts = Object.keys(ENDPOINTS[call].query.shape);
  const row = MATRIX.find((r) => r.call === call)!;
  const query: Record<string, string> = { ...(accepts.includes('id') ? { id } : {}), ...row.extraQuery };
  if (accepts.includes('fromDate')) query.fromDate = (WEEK_CALLS.includes(call) ? WEEK : RANGE).fromDate;
  if (accepts.includes('toDate')) query.toDate = (WEEK_CALLS.includes(call) ? WEEK : RANGE).toDate;
  const { master, child, member } = ACCOUNTS[username]!;
  if (row.usernameParam?.required) {
    const roles = row.usernameParam.roles ?? [];
    const named = roles.includes('player') ? member : roles.includes('master') ? master : child;
    query[row.usernameParam.name] = named!;
  }
  if (accepts.includes('cafeId') && master) query.cafeId = cafeOf[master]!;
  return query;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a backup restored into a fresh folder', () => {
  let original: Database;
  let restored: Database;
  let apps: FastifyInstance[] = [];
  const restoreLines: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playrep-restore-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'data');
    original = await openDatabase({ dataDir });
    await migrateDatabase(original);
    await seedDemoNetwork(original, { scale: 'small', seed: 42, endDate: END, houseUsername: 'HOUSE' });
    await closeFinishedWeeks(original.db, { now: NOW });
    for (const master of ['master1', 'master2']) {
      const [cafe] = await queryRows<{ id: string }>(
        original.db,
        sql`SELECT c.id::text AS id FROM cafes c JOIN accounts a ON a.id = c.master_id WHERE a.username = ${master} ORDER BY c.name LIMIT 1`,
      );
      cafeOf[master] = cafe!.id;
    }
    // The statements' unsubscribe key is made at first use: made before the backup, the restored
    // database signs its links with the same key (a key made after a backup is not in it).
    await unsubscribeKeyOf(original.db)();

    const { file } = await makeBackup(original, { dataDir, backupDir: path.join(dataDir, 'backups') });
    const restoredDir = path.join(dir, 'restored');
    const output = { out: (line: string) => restoreLines.push(line), err: (line: string) => restoreLines.push(line) };
    expect(await restoreCommand(readEnv({ DATA_DIR: restoredDir }), { file, force: false }, output)).toBe(0);
    restored = await openDatabase({ dataDir: restoredDir });

    apps = await Promise.all(
      [original, restored].map((database) =>
        buildApp({ database, env: readEnv({ NODE_ENV: 'test' }), clock: new ManualClock(NOW), webDist: null }),
      ),
    );
  }, 300_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await original?.close();
    await restored?.close();
  });

  it('holds every row of every table', async () => {
    const count = async (database: Database) => {
      const tables = await queryRows<{ name: string }>(
        database.db,
        sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM "${name}"`));
        counts[name] = row!.n;
      }
      return counts;
    };
    const before = await count(original);
    expect(before.plays).toBeGreaterThan(10_000);
    expect(before.weekly_settlements).toBeGreaterThan(0);
    expect(await count(restored)).toEqual(before);
    expect(restoreLines[0]).toMatch(new RegExp(`^Restored the backup taken at .* \\(${before.accounts} accounts\\) into `));
  });

  // One test per account: each walks every report its role may read, on both databases.
  it.each(Object.keys(ACCOUNTS))(
    'answers every report %s may read as the original does',
    async (username) => {
      const refused: string[] = [];
      const sessions = await Promise.all(apps.map((app) => signIn(app, username)));
      const { role, _id: id } = sessions[0]!.user;
      // Every read the account's role may make (docs/domain.md, "Who sees what", as the matrix writes
      // it out); a call that changes something (Retry now on the Mail screen) is not a report to compare.
      const calls = MATRIX.filter((row) => row.allowedRoles.includes(role) && ENDPOINTS[row.call].method === 'GET').map(
        (row) => row.call,
      );
      expect(calls.length, username).toBeGreaterThanOrEqual(3);
      for (const call of calls) {
        const url = `/api${ENDPOINTS[call].path}?${new URLSearchParams(queryOf(call, username, id))}`;
        const [before, after] = await Promise.all(apps.map((app, i) => injectAs(app, sessions[i]!, { url })));
        if (before!.statusCode !== 200) refused.push(`${username} ${url}: ${before!.statusCode} ${before!.body}`);
        expect(after!.json(), `${username} ${url}`).toEqual(before!.json());
      }
      expect(refused).toEqual([]);
    },
    180_000,
  );
});
