import { ACTIVITY_COLUMNS, type ActivityResponse, type ActivityRow } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, NETWORK, type NetworkIds, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { databaseError, TEST_DB_KINDS } from '../../../test/test-db.js';
import { executeFeedsCommand } from '../feed/feeds-command.js';
import { pruneActivity } from './queries.js';

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';

/** The accounts at or below `root`, walked here from the fixture's parent links (not from the closure table). */
function subtreeOf(root: string): Set<string> {
  const inside = new Set([root]);
  for (const [username, , parent] of NETWORK) if (parent !== null && inside.has(parent)) inside.add(username);
  return inside;
}

/**
 * The activity (docs/domain.md, "Access"): what sign-in, sign-out, exports, the feed and the email
 * calls record; who sees which entries on the Activity screen; and the database keeping it
 * append-only but for the retention.
 */
describe.each(TEST_DB_KINDS)('the activity on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  const sessions = new Map<string, TestSession>();
  const activity = async (as: string, query = '') => {
    const res = await injectAs(t.app, sessions.get(as)!, { url: `/api/playrep/activity${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityResponse;
  };
  /** Every entry `as` may see (one page of 100 is enough here). */
  const everything = async (as: string, query = '') => (await activity(as, `?pageSize=100${query ? `&${query}` : ''}`)).data;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set('2026-11-20T06:00:00Z');
    ids = await createNetwork(t.app.db);
    // One failed attempt at master1 and one at a name nobody has, from a phone.
    for (const username of ['master1', 'nobody']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: 'wrong-password-1' },
        remoteAddress: '203.0.113.7',
        headers: { 'user-agent': CHROME_ON_ANDROID },
      });
      expect(res.statusCode).toBe(401);
    }
    t.clock.advance(60_000);
    for (const [username] of NETWORK) {
      sessions.set(username, await signIn(t.app, username, { remoteAddress: '198.51.100.9' }));
      t.clock.advance(1_000);
    }
  });
  afterAll(async () => t?.close());

  it('records sign-ins and their failures with the reason, the address and the device', async () => {
    const rows = await everything('superadmin', 'kind=sign-in-failed');
    expect(rows.map((r) => [r.kindLabel, r.actor, r.subject, r.address, r.device, r.details])).toEqual([
      ['Sign-in failed', '', '', '203.0.113.7', 'Chrome 131 on Android', 'unknown username or no password (typed: nobody)'],
      ['Sign-in failed', '', 'master1', '203.0.113.7', 'Chrome 131 on Android', 'wrong password'],
    ]);
    const signIns = await everything('superadmin', 'kind=sign-in');
    // Newest first: the network signed in in its order, one second apart.
    expect(signIns.map((r) => r.subject)).toEqual(NETWORK.map(([username]) => username).reverse());
    expect(signIns.every((r) => r.actor === r.subject && r.address === '198.51.100.9')).toBe(true);
  });

  it('shows the superadmin and admins everything, every other account the entries of its subtree', async () => {
    const all = await everything('superadmin');
    expect((await everything('admin2')).map((r) => r._id)).toEqual(all.map((r) => r._id));
    for (const viewer of ['sam1', 'am1', 'am2', 'master1', 'player3'] as const) {
      const mine = subtreeOf(viewer);
      const expected = all.filter((r) => mine.has(r.actor) || mine.has(r.subject)).map((r) => r._id);
      const seen = (await everything(viewer)).map((r) => r._id);
      expect(seen, viewer).toEqual(expected);
      expect(seen.length, viewer).toBeGreaterThan(0);
    }
    // A player sees its own sign-in and nothing of its master's.
    expect((await everything('player1')).map((r) => [r.kind, r.subject])).toEqual([['sign-in', 'player1']]);
  });

  it('filters by kind, by whom, account and dates; pages and sorts on the server', async () => {
    const byMaster1 = await everything('am1', 'subject=MASTER1');
    expect(byMaster1.map((r) => r.kind)).toEqual(['sign-in', 'sign-in-failed']);
    expect((await everything('am1', 'actor=master1')).map((r) => r.kind)).toEqual(['sign-in']);
    // Naming an account outside one's subtree shows nothing of it.
    expect(await everything('am1', 'subject=master3')).toEqual([]);
    expect(await everything('superadmin', 'fromDate=2026-11-21')).toEqual([]);
    expect((await everything('superadmin', 'fromDate=20-Nov-2026&toDate=2026-11-20')).length).toBe(
      (await everything('superadmin')).length,
    );

    const all = await everything('superadmin');
    const second = await activity('superadmin', '?pageSize=4&page=2');
    expect([second.total, second.totalIsLowerBound, second.page]).toEqual([all.length, false, 2]);
    expect(second.data.map((r) => r._id)).toEqual(all.slice(4, 8).map((r) => r._id));
    const oldestFirst = await everything('superadmin', 'order=asc');
    expect(oldestFirst.map((r) => r._id)).toEqual([...all].reverse().map((r) => r._id));
    const byKind = await everything('superadmin', 'sort=kind&order=asc');
    const kinds = byKind.map((r) => r.kind);
    expect(kinds).toEqual([...kinds].sort());
  });

  it('refuses bad filters with their reason', async () => {
    for (const [query, message] of [
      ['?kind=nonsense', /^Kind must be one of sign-in, /],
      ['?fromDate=31-Feb-2026', /From Date is not a valid date/],
      ['?fromDate=2026-11-20&toDate=2026-11-19', /To Date must not be before From Date/],
      ['?id=whoever', /Unknown query parameter: id/],
      ['?sort=address', /sort/],
    ] as const) {
      const res = await injectAs(t.app, sessions.get('am1')!, { url: `/api/playrep/activity${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('exports what the filters select as CSV, and records the download with its call and filters', async () => {
    const res = await injectAs(t.app, sessions.get('am1')!, { url: '/api/playrep/activity?format=csv&subject=master1' });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(ACTIVITY_COLUMNS.map((c) => c.header).join(','));
    expect(lines.slice(1).map((line) => /Signed in|Sign-in failed/.exec(line)?.[0])).toEqual(['Signed in', 'Sign-in failed']);
    expect(lines[2]).toContain('master1,203.0.113.7,Chrome 131 on Android,wrong password');
    // Recorded once the answer has gone out (an onResponse hook), which may be after inject returns.
    await expect
      .poll(async () => (await everything('am1', 'kind=export-downloaded'))[0])
      .toMatchObject({ actor: 'am1', subject: 'am1', details: 'activity as CSV: subject=master1' });
  });

  it('records sign-outs, email addresses set, and the feed: keys from the command line, batches applied and refused', async () => {
    const out = await injectAs(t.app, sessions.get('player3')!, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    const email = await injectAs(t.app, sessions.get('master3')!, {
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: 'master3@example.com' },
    });
    expect(email.statusCode, email.body).toBe(200);
    const lines: string[] = [];
    const io = { db: t.app.db, now: t.clock.now(), out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await executeFeedsCommand({ kind: 'create', name: 'platform' }, io)).toBe(0);
    const key = lines.at(-1)!;
    const post = (events: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/feed/v1/events',
        headers: { authorization: `Bearer ${key}` },
        payload: { events },
        remoteAddress: '192.0.2.44',
      });
    const cafe = { id: 'c1', type: 'cafe', cafeId: 'CAFE-1', master: 'master3', name: 'Corner' };
    expect((await post([cafe])).statusCode).toBe(200);
    expect(
      (await post([cafe, { id: 'bad', type: 'cafe', cafeId: 'CAFE-2', master: 'no-such-master', name: 'X' }])).statusCode,
    ).toBe(422);
    expect(await executeFeedsCommand({ kind: 'revoke', name: 'platform' }, io)).toBe(0);

    const newest = (await everything('superadmin')).slice(0, 6);
    const shown = (r: ActivityRow) => [r.kind, r.actor, r.subject, r.details];
    expect(newest.map(shown)).toEqual([
      ['feed-key-revoked', 'command line', '', 'name: platform'],
      ['feed-batch-refused', 'feed key platform', '', expect.stringMatching(/^422: /)],
      ['feed-batch-applied', 'feed key platform', '', '1 applied, 0 duplicates (cafe 1)'],
      ['feed-key-created', 'command line', '', 'name: platform'],
      ['email-set', 'master3', 'master3', 'email: master3@example.com'],
      ['sign-out', 'player3', 'player3', ''],
    ]);
    expect(newest[2]!.address).toBe('192.0.2.44');
    // am2 sees its subtree's sign-out and address, not the feed's entries (they are about no account of it).
    expect((await everything('am2')).slice(0, 2).map((r) => r.kind)).toEqual(['email-set', 'sign-out']);
  });

  it('is append-only: the database refuses an update, a delete and a truncate, and lets only the retention remove old entries', async () => {
    const db = t.app.db;
    const refused = /activity is append-only/;
    expect(await databaseError(db.execute(sql`UPDATE activity SET kind = 'sign-out'`))).toMatch(refused);
    expect(await databaseError(db.execute(sql`UPDATE activity SET details = '{}' WHERE kind = 'sign-in-failed'`))).toMatch(
      refused,
    );
    expect(await databaseError(db.execute(sql`DELETE FROM activity`))).toMatch(refused);
    expect(await databaseError(db.execute(sql`TRUNCATE activity`))).toMatch(refused);
    const before = await count();

    // Two entries past a 400-day retention, one just inside it, one an hour old (the database's own clock decides).
    await db.execute(sql`INSERT INTO activity (at, kind, actor_type, subject_id)
      VALUES (now() - interval '500 days', 'sign-out', 'anonymous', ${ids.player2}::uuid),
             (now() - interval '401 days', 'sign-out', 'anonymous', ${ids.player2}::uuid),
             (now() - interval '399 days', 'sign-out', 'anonymous', ${ids.player2}::uuid),
             (now() - interval '1 hour', 'sign-out', 'anonymous', ${ids.player2}::uuid)`);
    // A delete under a setting made by hand is refused all the same for entries of the last 30 days.
    expect(
      await databaseError(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('playrep.activity_retention_days', '30', true)`);
          await tx.execute(sql`DELETE FROM activity WHERE at > now() - interval '2 days'`);
        }),
      ),
    ).toMatch(refused);
    expect(await databaseError(db.execute(sql`SELECT prune_activity(7)`))).toMatch(/kept at least 30 days/);
    expect(await pruneActivity(db, 400)).toBe(2);
    expect(await count()).toBe(before + 2);
    expect(await pruneActivity(db, 400)).toBe(0);
    // Outside the retention's statement, a plain delete of an old entry is refused again.
    expect(await databaseError(db.execute(sql`DELETE FROM activity WHERE at < now() - interval '398 days'`))).toMatch(refused);
  });

  async function count(): Promise<number> {
    const result = (await t.app.db.execute(sql`SELECT count(*)::int AS n FROM activity`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  }
});
