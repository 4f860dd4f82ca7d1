import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD, injectAs, type NetworkIds, signIn } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { runAccountsCommand } from './test-support/run-accounts-command.js';

describe.each(TEST_DB_KINDS)('npm run accounts on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAccountsCommand(argv, {
      db: t.app.db,
      env: t.app.env,
      clock: t.clock,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('creates an account under a parent, with optional fields', async () => {
    const r = await run(
      'create',
      '--username',
      'cafe7',
      '--password',
      'Tulip-river-42',
      '--role',
      'master',
      '--parent',
      'AM1',
      '--first',
      'Cafe',
      '--last',
      'Seven',
      '--commission',
      '7.5',
      '--address',
      'Pune',
    );
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toMatch(/^Created master "cafe7" \([0-9a-f-]{36}\) under "AM1"\.$/);
    const [row] = await queryRows<{ parent_id: string; commission: string; first_name: string; address: string }>(
      t.app.db,
      sql`SELECT parent_id, commission::text, first_name, address FROM accounts WHERE username = 'cafe7'`,
    );
    expect(row).toEqual({ parent_id: ids.am1, commission: '7.50', first_name: 'Cafe', address: 'Pune' });
    expect((await signIn(t.app, 'cafe7', { password: 'Tulip-river-42' })).user.role).toBe('master');
    const [entry] = await queryRows<{ kind: string; actor_type: string; details: { by: string; role: string } }>(
      t.app.db,
      sql`SELECT kind, actor_type, details FROM activity WHERE subject_id = (SELECT id FROM accounts WHERE username = 'cafe7')`,
    );
    expect(entry).toEqual({ kind: 'account-created', actor_type: 'cli', details: { by: 'command line', role: 'master' } });
  });

  it('refuses with exit code 1 and a clear message', async () => {
    const cases: [string[], RegExp][] = [
      [['create', '--username', 'master1', '--password', 'Abcdefg1', '--role', 'player', '--parent', 'master2'], /already taken/],
      [['create', '--username', 'zz1', '--password', 'Abcdefg1', '--role', 'admin', '--parent', 'am1'], /below its parent's/],
      [['create', '--username', 'zz2', '--password', 'short', '--role', 'player', '--parent', 'master1'], /password: must be 8/],
      [
        ['create', '--username', 'zz3', '--password', 'Abcdefg1', '--role', 'player', '--parent', 'ghost'],
        /no account named "ghost"/,
      ],
      [['create', '--username', 'zz4', '--password', 'Abcdefg1', '--role', 'superadmin'], /already a superadmin/],
      [['disable', '--username', 'ghost'], /No account named "ghost"/],
      [['reset-password', '--username', 'player1', '--password', 'nodigits'], /password: It must contain at least one digit/],
      [['reset-password', '--username', 'player1', '--password', 'Abcdefg1'], /password: Too weak: /],
      [
        ['create', '--username', 'zz6', '--password', 'Abcdefg1', '--role', 'player', '--parent', 'master1'],
        /password: Too weak: /,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.err).toMatch(message);
    }
  });

  it('answers usage errors with exit code 2 and the usage text', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['create', '--username', 'x'],
      ['create', '--username', 'zz5', '--password', 'Abcdefg1', '--role', 'master'],
      ['create', '--username', 'zz5', '--password', 'Abcdefg1', '--role', 'boss', '--parent', 'am1'],
      ['create', '--username', 'zz5', '--password', 'Abcdefg1', '--role', 'master', '--parent', 'am1', '--commission', 'ten'],
      ['disable'],
      ['disable', '--username', 'player1', '--password', 'x'],
      ['enable', '--user', 'player1'],
      ['reset-password', '--username', 'player1'],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toContain('Usage: npm run accounts --');
    }
    expect((await run('--help')).code).toBe(0);
  });

  it('disables (ending sessions), enables and resets passwords (ending sessions)', async () => {
    const session = await signIn(t.app, 'player2');
    const disabled = await run('disable', '--username', 'Player2');
    expect(disabled.code).toBe(0);
    expect(disabled.out).toBe('Disabled "player2": it can no longer sign in; 1 open session ended.');
    expect((await injectAs(t.app, session, { url: '/api/auth/session' })).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'player2', password: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);

    expect((await run('enable', '--username', 'player2')).out).toBe('Enabled "player2": it can sign in again.');
    const again = await signIn(t.app, 'player2');

    const reset = await run('reset-password', '--username', 'player2', '--password', 'Mango!Harbor58');
    expect(reset.code).toBe(0);
    expect(reset.out).toBe('New password set for "player2"; 1 open session ended.');
    expect((await injectAs(t.app, again, { url: '/api/auth/session' })).statusCode).toBe(401);
    expect((await signIn(t.app, 'player2', { password: 'Mango!Harbor58' })).user._id).toBe(ids.player2);
  });
});
