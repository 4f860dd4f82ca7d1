import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.js';
import { migrateDatabase, openDatabase, queryRows } from '../../db/client.js';
import { applyFeedBatch } from './batch.js';
import { executeFeedsCommand, parseFeedsCommand } from './feeds-command.js';
import { findLiveFeedKey } from './keys.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const NOW = new Date('2025-03-12T06:30:00Z');

async function run(db: TestDatabase['db'], argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const command = parseFeedsCommand(argv);
  if (typeof command === 'string') return { code: 2, out, err: [command] };
  const code = await executeFeedsCommand(command, { db, now: NOW, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('npm run feeds', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('refuses what it cannot read without touching the database', () => {
    expect(parseFeedsCommand([])).toBe('No command given.');
    expect(parseFeedsCommand(['make', 'x'])).toBe('Unknown command "make".');
    expect(parseFeedsCommand(['create'])).toBe('"create" needs the key\'s NAME.');
    expect(parseFeedsCommand(['create', 'a b'])).toMatch(/^A feed key name is 1 to 64 letters/);
    expect(parseFeedsCommand(['revoke', 'x', 'y'])).toBe('Unexpected argument "y".');
    expect(parseFeedsCommand(['list', 'x'])).toBe('Unexpected argument "x".');
    expect(parseFeedsCommand(['create', 'platform-1'])).toEqual({ kind: 'create', name: 'platform-1' });
  });

  it('creates a key shown once on the last line, lists keys without them, and revokes', async () => {
    const created = await run(database.db, ['create', 'platform-1']);
    expect(created.code).toBe(0);
    const key = created.out.at(-1)!;
    expect(key).toMatch(/^feed_[A-Za-z0-9_-]{43}$/);
    expect(await findLiveFeedKey(database.db, key)).toMatchObject({ name: 'platform-1' });
    // Only its hash is kept: the key itself is in no row.
    const [stored] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM feed_keys WHERE key_hash = ${key} OR name = ${key}`,
    );
    expect(stored!.n).toBe(0);

    const again = await run(database.db, ['create', 'PLATFORM-1']);
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toContain('There is already a live feed key named "PLATFORM-1".');

    const keyId = (await findLiveFeedKey(database.db, key))!.id;
    await applyFeedBatch(database.db, {
      keyId,
      events: [{ id: 'd1', type: 'draw', game: 'MNOQqWWi', drawAt: '2025-03-12T10:00:00+05:30', result: '4' }],
      now: NOW,
    });
    const listed = await run(database.db, ['list']);
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toMatch(/^Name\s+Created\s+Last used\s+Events applied\s+Status$/);
    expect(listed.out[2]).toMatch(/^platform-1\s+2025-03-12 12:00 IST\s+2025-03-12 12:00 IST\s+1\s+live$/);
    expect(listed.out.join('\n')).not.toContain(key);

    expect(await run(database.db, ['revoke', 'platform-1'])).toMatchObject({ code: 0 });
    expect(await findLiveFeedKey(database.db, key)).toBeNull();
    expect(await run(database.db, ['revoke', 'platform-1'])).toMatchObject({
      code: 1,
      err: ['No live feed key is named "platform-1".'],
    });
    expect((await run(database.db, ['list'])).out[2]).toMatch(/revoked 2025-03-12 12:00 IST$/);
    // The name is free again once revoked.
    expect((await run(database.db, ['create', 'platform-1'])).code).toBe(0);
  });

  it('runs as a command: the key on the last line; refused while a server holds the embedded database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playrep-feeds-'));
    try {
      const first = await runCli(['create', 'cli-platform'], dir);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout.trim().split('\n').at(-1)).toMatch(/^feed_[A-Za-z0-9_-]{43}$/);

      const server = await openDatabase({ dataDir: dir });
      try {
        await migrateDatabase(server);
        const refused = await runCli(['list'], dir);
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain(`The embedded database in ${dir} is in use by process ${process.pid}`);
        expect(refused.stderr).not.toMatch(/^\s+at /m);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function runCli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/modules/feed/cli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
