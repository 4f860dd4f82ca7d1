import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createNetwork } from '../../test/fixtures/network.js';
import { ManualClock } from '../../test/manual-clock.js';
import { startServerProcess, waitFor } from '../../test/server-process.js';
import { createTestDatabase } from '../../test/test-db.js';
import { readEnv } from '../config/env.js';
import { migrateDatabase, openDatabase, queryRows } from '../db/client.js';
import { seedNetwork } from './seed.js';
import { demoBannerLines, liveDemo } from './start-up.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const MARKER = 'DEMO-DATA-INCOMPLETE';

/** A folder holding a migrated database with a part of a network in it, and the marker of an unfinished load. */
async function interruptedLoad(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-interrupted-'));
  dirs.push(dataDir);
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await createNetwork(database.db);
  await database.close();
  writeFileSync(path.join(dataDir, MARKER), 'unfinished\n');
  return dataDir;
}

/** server.ts on an embedded database whose demo load was cut short (the marker file is still there). */
describe('an interrupted demo load at the next start (embedded database)', () => {
  it('is wiped before the database opens, and the server starts on a fresh database', async () => {
    const dataDir = await interruptedLoad();
    // SEED_ON_EMPTY=0: the fresh database stays empty rather than taking a minute to load.
    const server = startServerProcess({ DATA_DIR: dataDir, SEED_ON_EMPTY: '0' });
    try {
      await waitFor(() => server.url() !== null || server.output().stderr.includes('Could not start'), 'the banner');
      expect(server.output().stderr).toBe('');
      expect(server.output().stdout).toContain(
        'The demo data of an earlier start is incomplete (that start was interrupted).\n' +
          `Wiping the embedded database in ${path.resolve(dataDir)} to load it again from scratch.\n` +
          'The embedded database is empty (SEED_ON_EMPTY=0: no demo data loaded).\n',
      );
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, MARKER))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      // Nothing of the unfinished load is left: only the house account the start creates.
      const rows = await queryRows<{ username: string }>(reopened.db, sql`SELECT username FROM accounts ORDER BY username`);
      expect(rows).toEqual([{ username: 'HOUSE' }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('is left alone when the folder holds files of something else, saying what to do', async () => {
    const dataDir = await interruptedLoad();
    writeFileSync(path.join(dataDir, 'notes.txt'), 'mine\n');
    const before = readdirSync(dataDir).sort();
    const server = startServerProcess({ DATA_DIR: dataDir, SEED_ON_EMPTY: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain(
      `Could not start: ${path.resolve(dataDir)} holds an unfinished demo database but also other files (notes.txt), ` +
        'so it was left alone: delete that folder or set DATA_DIR to another one.',
    );
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }, 120_000);
});

describe('the banner’s demo lines', () => {
  it('say the demo network lives while the live demo feeds here, then list the demo accounts', async () => {
    const database = await createTestDatabase('pglite');
    const seededAt = new Date('2025-03-12T12:00:00+05:30');
    try {
      await seedNetwork(database, { scale: 'tiny', seed: 7, endDate: '2025-03-12', houseUsername: 'HOUSE', now: seededAt });
      const clock = new ManualClock(new Date(seededAt.getTime() + 10 * 60_000).toISOString());
      const quiet = { info() {}, warn() {}, error() {} };
      expect(liveDemo({ db: database.db, clock, log: quiet }, readEnv({ DEMO_FEED: '0' }))).toBeUndefined();

      const live = liveDemo({ db: database.db, clock, log: quiet }, readEnv({ DEMO_FEED: '1' }))!;
      const lives =
        'The demo network lives: draws, plays and transfers come in through the feed as they happen (DEMO_FEED=0 stops it).\n';
      const feed = live.start();
      await feed.ready;
      const lines = await demoBannerLines(database, live);
      expect(lines.startsWith(`${lives}Demo accounts:\n`)).toBe(true);
      expect(lines).toMatch(/^ {2}superadmin +Demo@1234 +superadmin$/m);
      await feed.stop();
      expect((await demoBannerLines(database, live)).startsWith('Demo accounts:\n')).toBe(true);
    } finally {
      await database.destroy();
    }
  });
});
