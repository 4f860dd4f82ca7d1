import { SESSION_EXPIRED_MESSAGE, SIGNED_OUT_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { resetPassword, setAccountActive } from '../manage/commands.js';

const MINUTE = 60_000;

describe.each(TEST_DB_KINDS)('sessions on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  // A report call that needs a session: the caller's own point transfers.
  const report = '/api/playrep/pointtransferreport';

  it('returns the current session by cookie and by bearer token, without the token (only the login hands it out)', async () => {
    const me = await signIn(t.app, 'sam1');
    for (const via of ['cookie', 'bearer'] as const) {
      const res = await injectAs(t.app, me, { url: '/api/auth/session', via });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: me.user, roles: ['superareamanager'], expiresAt: me.expiresAt, language: 'en' });
      expect(res.body).not.toContain(me.token);
      expect(me.user._id).toBe(ids.sam1);
    }
  });

  it('hands the token out in the login answer only, in no other answer of the session', async () => {
    const me = await signIn(t.app, 'am1');
    const answers = [
      await injectAs(t.app, me, { url: '/api/auth/session' }),
      await injectAs(t.app, me, { url: '/api/auth/session', via: 'bearer' }),
      await injectAs(t.app, me, { url: `/api/auth/userauth/${ids.am1}` }),
      await injectAs(t.app, me, { url: report }),
      await injectAs(t.app, me, { url: '/api/playrep/agentdetails' }),
      await injectAs(t.app, me, { url: '/api/auth/logout', method: 'POST' }),
      await injectAs(t.app, me, { url: '/api/auth/session' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 401]);
    for (const res of answers) expect(res.body).not.toContain(me.token);
  });

  it('answers 401 without a session, with a malformed token, or with a token never issued', async () => {
    const cases = [
      {},
      { authorization: 'Bearer null' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { cookie: 'session-token=garbage' },
      { cookie: `session-token=${'B'.repeat(43)}` },
    ];
    for (const headers of cases) {
      for (const url of ['/api/auth/session', report]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ message: SESSION_EXPIRED_MESSAGE });
      }
    }
  });

  it('uses the good token when a stale one comes along (bad Bearer, good cookie)', async () => {
    const me = await signIn(t.app, 'admin1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${'C'.repeat(43)}`, cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('admin1');
  });

  it('expires 30 minutes after sign-in, whatever the activity: valid at 29 minutes, 401 at 31', async () => {
    const start = t.clock.now().getTime();
    const me = await signIn(t.app, 'master1');
    t.clock.set(new Date(start + 29 * MINUTE));
    expect((await injectAs(t.app, me, { url: report })).statusCode).toBe(200);
    expect((await injectAs(t.app, me, { url: '/api/auth/session', via: 'bearer' })).statusCode).toBe(200);
    t.clock.set(new Date(start + 30 * MINUTE));
    const atThirty = await injectAs(t.app, me, { url: report });
    expect(atThirty.statusCode).toBe(401);
    t.clock.set(new Date(start + 31 * MINUTE));
    for (const via of ['cookie', 'bearer'] as const) {
      const late = await injectAs(t.app, me, { url: report, via });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({ message: SESSION_EXPIRED_MESSAGE });
    }
    const session = await injectAs(t.app, me, { url: '/api/auth/session' });
    expect(session.statusCode).toBe(401);
    // The browser's stale cookie is cleared along with the 401.
    expect(String(session.headers['set-cookie'])).toMatch(/^session-token=;.*Expires=Thu, 01 Jan 1970/);
  });

  it.each(['GET', 'POST'] as const)(
    '%s /api/auth/logout revokes the session on the server and clears the cookie',
    async (method) => {
      const me = await signIn(t.app, 'am1');
      const copy = await signIn(t.app, 'am1'); // another session of the same account stays valid
      expect((await injectAs(t.app, me, { url: report })).statusCode).toBe(200);

      const out = await injectAs(t.app, me, { method, url: '/api/auth/logout' });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
      const cleared = String(out.headers['set-cookie']);
      expect(cleared).toMatch(/^session-token=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
      expect(cleared).toMatch(/HttpOnly/);
      expect(cleared).toMatch(/SameSite=Strict/);

      // A copy of the old token is useless, by cookie and by bearer.
      for (const via of ['cookie', 'bearer'] as const) {
        for (const url of [report, '/api/auth/session']) {
          const res = await injectAs(t.app, me, { url, via });
          expect(res.statusCode, `${via} ${url}`).toBe(401);
        }
      }
      expect((await injectAs(t.app, copy, { url: report })).statusCode).toBe(200);
      const revoked = await queryRows<{ revoked_at: Date | null }>(
        t.app.db,
        sql`SELECT revoked_at FROM sessions WHERE account_id = ${ids.am1}::uuid AND revoked_at IS NOT NULL`,
      );
      expect(revoked.length).toBeGreaterThanOrEqual(1);
    },
  );

  it('logs out by bearer token as well', async () => {
    const me = await signIn(t.app, 'player1');
    expect((await injectAs(t.app, me, { method: 'POST', url: '/api/auth/logout', via: 'bearer' })).statusCode).toBe(200);
    expect((await injectAs(t.app, me, { url: report })).statusCode).toBe(401);
  });

  it('answers logout with 200 when already signed out, expired or never signed in', async () => {
    const me = await signIn(t.app, 'player1');
    await injectAs(t.app, me, { url: '/api/auth/logout' });
    const again = await injectAs(t.app, me, { url: '/api/auth/logout' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
  });

  it('stops an inactive account at once and revokes all its sessions; enabling does not revive them', async () => {
    const a = await signIn(t.app, 'master2');
    const b = await signIn(t.app, 'master2');
    expect((await injectAs(t.app, a, { url: report })).statusCode).toBe(200);

    const { revokedSessions } = await setAccountActive(t.app.db, 'master2', false, t.clock.now());
    expect(revokedSessions).toBe(2);
    for (const s of [a, b]) {
      expect((await injectAs(t.app, s, { url: report })).statusCode).toBe(401);
      expect((await injectAs(t.app, s, { url: '/api/auth/session', via: 'bearer' })).statusCode).toBe(401);
    }
    const open = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE account_id = ${ids.master2}::uuid AND revoked_at IS NULL`,
    );
    expect(open[0]?.n).toBe(0);

    await setAccountActive(t.app.db, 'master2', true, t.clock.now());
    expect((await injectAs(t.app, a, { url: report })).statusCode).toBe(401);
    expect((await injectAs(t.app, await signIn(t.app, 'master2'), { url: report })).statusCode).toBe(200);
  });

  it('ends the session at once when the account is made inactive, even without revoking', async () => {
    const me = await signIn(t.app, 'player3');
    await t.app.db.execute(sql`UPDATE accounts SET user_status = false WHERE id = ${ids.player3}::uuid`);
    expect((await injectAs(t.app, me, { url: report })).statusCode).toBe(401);
    await t.app.db.execute(sql`UPDATE accounts SET user_status = true WHERE id = ${ids.player3}::uuid`);
  });

  it('revokes the sessions when the password is reset', async () => {
    const me = await signIn(t.app, 'master3');
    await resetPassword(t.app.db, 'master3', 'Fresh@5678', t.clock.now());
    expect((await injectAs(t.app, me, { url: report })).statusCode).toBe(401);
    await expect(signIn(t.app, 'master3')).rejects.toThrow(/401/);
    expect((await signIn(t.app, 'master3', { password: 'Fresh@5678' })).user.username).toBe('master3');
  });
});
