import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.js';
import { readEnv } from '../../config/env.js';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { settleCommand } from './settle-command.js';
import { insertTinyNetwork } from './test-support/tiny-network.js';

const NOW = new Date('2025-01-22T12:00:00+05:30');
const PLAYS = ['2025-01-07T10:00:00+05:30', '2025-01-14T10:00:00+05:30', '2025-01-21T10:00:00+05:30'];
const EXPECTED = ['2025-01-06 games', '2025-01-06 poker', '2025-01-13 games', '2025-01-13 poker'];

describe('npm run settle', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  it('migrates the embedded database in DATA_DIR, closes the finished weeks and says so; then has nothing to close', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-settle-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const seeded = await openDatabase({ dataDir });
    await migrateDatabase(seeded);
    await insertTinyNetwork(seeded.db, PLAYS);
    await seeded.close();

    const env = readEnv({ DATA_DIR: dataDir });
    const lines: string[] = [];
    expect(await settleCommand(env, NOW, (line) => lines.push(line))).toEqual(EXPECTED);
    expect(lines).toEqual(['Closed 4 settlement week(s) (pglite):', ...EXPECTED.map((w) => `  ${w}`)]);

    const again: string[] = [];
    expect(await settleCommand(env, NOW, (line) => again.push(line))).toEqual([]);
    expect(again).toEqual(['Nothing to close (pglite).']);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('uses DATABASE_URL when it is set', async () => {
    const database: TestDatabase = await createTestDatabase('postgres');
    cleanup.push(() => database.destroy());
    await insertTinyNetwork(database.db, PLAYS);
    const lines: string[] = [];
    expect(await settleCommand(readEnv({ DATABASE_URL: database.url }), NOW, (line) => lines.push(line))).toEqual(EXPECTED);
    expect(lines[0]).toBe('Closed 4 settlement week(s) (postgres):');
  });
});
