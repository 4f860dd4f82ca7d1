import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../db/client.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = 'apps/server/src/demo/cli.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [CLI, ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run seed (command line)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [[], '--scale is required'],
    [['--scale', 'tiny', '--seed', '1'], '--scale must be small, medium, large or xlarge, not tiny'],
    [['--scale', 'small', '--seed', '1.5'], '--seed must be an integer, not 1.5'],
    [['--scale', 'small', '--seed', '1', '--end', '2025-02-30'], '--end must be a date as YYYY-MM-DD, not 2025-02-30'],
    [['--scale', 'small', '--seed', '1', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j with a usage message and exit code 2', async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('Usage: npm run seed -- --scale small|medium|large|xlarge --seed N');
  });

  it('prints the usage with --help', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--force');
    expect(run.stdout).not.toContain('tiny'); // the generator's test scale is not offered
  });

  it('refuses a database that already has accounts unless --force is given', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-seed-cli-'));
    dirs.push(dataDir);
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await database.db.execute(sql`INSERT INTO accounts (username, role) VALUES ('someone', 'superadmin')`);
    await database.close();

    const run = await runCli(['--scale', 'small', '--seed', '1'], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The database already has accounts. Run again with --force');

    const reopened = await openDatabase({ dataDir });
    const result = (await reopened.db.execute(sql`SELECT username FROM accounts`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ username: 'someone' }]);
    await reopened.close();
  });
});
