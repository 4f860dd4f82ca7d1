import { readFileSync } from 'node:fs';
import { INACTIVE_ACCOUNT_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { queryRows } from '../db/client.js';
import { seedNetwork } from './seed.js';

/** README.md's "Demo accounts": the password it gives and its table (username, role, what the account is). */
function readmeDemoAccounts(): { password: string; accounts: { username: string; role: string; note: string }[] } {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Demo accounts\n'));
  if (!section) throw new Error('README.md has no "Demo accounts" section');
  const password = section.match(/password `([^`]+)`/)?.[1];
  if (!password) throw new Error('README.md names no demo password');
  const cells = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  // The header row, then the row of dashes, then one account a row.
  const accounts = cells.slice(2).map(([username = '', role = '', note = '']) => ({ username, role, note }));
  return { password, accounts };
}

const README = readmeDemoAccounts();

describe('README.md’s demo table', () => {
  it('is read: a password and a row per account, with its role', () => {
    expect(README.accounts.length).toBeGreaterThanOrEqual(8);
    for (const a of README.accounts) expect(a.username).toMatch(/^[a-z]+\d*$/);
  });
});

describe.each(TEST_DB_KINDS)('every account of README.md’s demo table signs in on the demo network, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // The fixed and the named accounts are the same at every scale: the generator's smallest one will do.
    await seedNetwork(t.database, { scale: 'tiny', seed: 42, endDate: '2025-03-12', houseUsername: 'HOUSE' });
  }, 300_000);
  afterAll(async () => t?.close());

  const signIn = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: README.password } });

  it.each(README.accounts)('$username ($role): as the table says', async ({ username, role, note }) => {
    const res = await signIn(username);
    if (/\binactive\b/.test(note)) {
      // An inactive account with the right password is told so, not that the password is wrong.
      expect([res.statusCode, res.json().message]).toEqual([403, INACTIVE_ACCOUNT_MESSAGE]);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ username, role });
    }
  });

  it('has the daily digest on for the accounts the README says, with their confirmed addresses', async () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const said = /`(\w+)` and `(\w+)` have confirmed email addresses[\s\S]*?Both have the daily digest on/.exec(readme);
    expect(said, 'README.md says which demo accounts have the digest on').not.toBeNull();
    const rows = await queryRows<{ username: string }>(
      t.app.db,
      sql`SELECT username FROM accounts WHERE digest_emails AND email_verified ORDER BY username`,
    );
    expect(rows.map((r) => r.username)).toEqual([said![1]!, said![2]!].sort());
  });
});
