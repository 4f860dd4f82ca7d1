import { ACCESS_MESSAGES, type ActivityResponse } from '@playrep/contracts';
import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { buildFeedApp, type FeedApp } from '../../feed/test-support/feed-fixture.js';

/**
 * The feed's `account` event and access (docs/feed.md): a bcrypt `passwordHash` signs in and is
 * replaced by argon2id at the first sign-in; an account sent without one has no password and is
 * let in by a sign-in link; `active: false` ends its links.
 */
const PASSWORD = 'Lantern-Harbour-58';
const account = (id: string, fields: object) => ({
  id,
  type: 'account',
  role: 'player',
  parent: 'master1',
  firstName: 'Fed',
  lastName: 'Player',
  ...fields,
});

describe.each(TEST_DB_KINDS)('the feed’s accounts and access on %s', (kind) => {
  let f: FeedApp;
  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: '2026-03-02T10:00:00Z' });
  });
  afterAll(async () => f?.close());
  const login = (username: string, password: string) =>
    f.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const hashOf = async (username: string) =>
    (
      await queryRows<{ h: string | null }>(f.t.app.db, sql`SELECT password_hash AS h FROM accounts WHERE username = ${username}`)
    )[0]!.h;

  it('takes a bcrypt passwordHash and rehashes it to argon2id at the first sign-in', async () => {
    const hash = (await bcrypt.hash(PASSWORD, 4)).replace(/^\$2b\$/, '$2y$');
    const res = await f.post([account('a-1', { username: 'fedplayer1', passwordHash: hash })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await hashOf('fedplayer1')).toBe(hash);
    expect((await login('fedplayer1', PASSWORD)).statusCode).toBe(200);
    expect((await hashOf('fedplayer1'))?.startsWith('$argon2id$')).toBe(true);
    expect((await login('fedplayer1', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a passwordHash that is neither argon2id nor bcrypt', async () => {
    const res = await f.post([account('a-2', { username: 'fedplayer2', passwordHash: '$1$md5$notsupported' })]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'passwordHash' });
  });

  it('makes an account without a password; a sign-in link lets it in; active: false ends the link', async () => {
    expect((await f.post([account('a-3', { username: 'fedplayer3' })])).statusCode).toBe(200);
    expect(await hashOf('fedplayer3')).toBeNull();
    const master1 = await signIn(f.t.app, 'master1');
    const issued = await injectAs(f.t.app, master1, { method: 'POST', url: '/api/playrep/issuelink?username=fedplayer3' });
    const token = /#([A-Za-z0-9_-]{43})$/.exec(issued.json().link.link)![1]!;
    expect((await f.post([account('a-4', { username: 'fedplayer3', active: false })])).statusCode).toBe(200);
    const used = await f.t.app.inject({ method: 'POST', url: '/api/auth/link/use', payload: { token, password: PASSWORD } });
    expect(used.statusCode).toBe(403);
    // The activity: the link's end by the feed's deactivation, with its key as the actor, on the master's screen.
    const activity = await injectAs(f.t.app, master1, { url: '/api/playrep/activity?subject=fedplayer3&kind=link-revoked' });
    expect((activity.json() as ActivityResponse).data.map((r) => [r.actor, r.subject, r.details])).toEqual([
      ['feed key platform', 'fedplayer3', 'sign-in link: the account was made inactive'],
    ]);
    expect((await f.post([account('a-5', { username: 'fedplayer3', active: true })])).statusCode).toBe(200);
    // Reactivated, the old link stays ended.
    const again = await f.t.app.inject({ method: 'POST', url: '/api/auth/link/use', payload: { token, password: PASSWORD } });
    expect(again.json()).toEqual({ message: ACCESS_MESSAGES.linkRevoked });
  });
});
