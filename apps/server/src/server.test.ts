import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../test/fixtures/network.js';
import { startServerProcess, waitFor } from '../test/server-process.js';
import { migrateDatabase, openDatabase, queryRows } from './db/client.js';
import { LOCK_FILE } from './db/data-dir-lock.js';
import { accounts, loans } from './db/schema/index.js';

/** server.ts as `npm start` runs it, on an embedded database prepared by the test (no demo load). */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-start-'));
  dirs.push(dir);
  return dir;
}

const startServer = startServerProcess;

describe('server start-up (server.ts)', () => {
  it('names the unreachable PostgreSQL and the reason, never the password', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://playrep:hunter2@127.0.0.1:5999/nothing_here' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain(
      'Could not start: cannot use PostgreSQL at 127.0.0.1:5999/nothing_here: connect ECONNREFUSED 127.0.0.1:5999',
    );
    expect(stderr).not.toContain('hunter2');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('stops when the house account has another username than HOUSE_USERNAME, naming both, and frees the folder', async () => {
    const dataDir = freshDataDir();
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await database.db.execute(sql`INSERT INTO accounts (username, role, first_name) VALUES ('HOUSE', 'house', 'House')`);
    await database.close();

    const server = startServer({ DATA_DIR: dataDir, HOUSE_USERNAME: 'TREASURY' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain(
      'Could not start: The house account in the database is HOUSE, but HOUSE_USERNAME is TREASURY. Set HOUSE_USERNAME=HOUSE',
    );
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('creates the house account, prints every demo account with notes, holds the lock while serving', async () => {
    const dataDir = freshDataDir();
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    const ids = await createNetwork(database.db);
    await database.db.update(accounts).set({ userStatus: false }).where(eq(accounts.id, ids.master3));
    const [{ passwordHash }] = (await database.db
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.id, ids.master1))) as [{ passwordHash: string }];
    const [master4] = await database.db
      .insert(accounts)
      .values({ username: 'master4', role: 'master', parentId: ids.am1, passwordHash, firstName: 'M', lastName: 'Four' })
      .returning({ id: accounts.id });
    const loan = (agentId: string) => ({ agentId, principalCents: 500_000 });
    await database.db.insert(loans).values([loan(master4!.id), loan(master4!.id), loan(master4!.id), loan(ids.master2)]);
    await database.close();

    const server = startServer({ DATA_DIR: dataDir, HOUSE_USERNAME: 'BANK' });
    try {
      await waitFor(
        () => server.output().stdout.includes('Demo accounts:\n') && server.output().stdout.endsWith('\n\n'),
        'the banner',
        150_000,
      );
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
      const banner = server.output().stdout.slice(server.output().stdout.indexOf('Demo accounts:'));
      const rows = banner
        .trim()
        .split('\n')
        .slice(2)
        .map((line) => line.trim().split(/\s{2,}/));
      expect(rows).toEqual([
        ['superadmin', 'Demo@1234', 'superadmin'],
        ['admin1', 'Demo@1234', 'admin'],
        ['sam1', 'Demo@1234', 'superareamanager'],
        ['am1', 'Demo@1234', 'areamanager'],
        ['master1', 'Demo@1234', 'master'],
        ['player1', 'Demo@1234', 'player'],
        ['master2', 'Demo@1234', 'master', '1 loan'],
        ['player2', 'Demo@1234', 'player'],
        ['master3', 'Demo@1234', 'master', 'inactive: cannot sign in'],
        ['master4', 'Demo@1234', 'master', '3 loans'],
      ]);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      const houses = await queryRows<{ username: string }>(reopened.db, sql`SELECT username FROM accounts WHERE role = 'house'`);
      expect(houses).toEqual([{ username: 'BANK' }]);
    } finally {
      await reopened.close();
    }
  }, 180_000); // an embedded database made on disk, then a server process that opens it: slow on a busy machine
});
