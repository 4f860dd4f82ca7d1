import { INACTIVE_ACCOUNT_MESSAGE, INVALID_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD, type NetworkIds } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { setAccountActive } from './accounts.js';
import { throttleAddress } from './attempts.js';

const login = (t: TestApp, username: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

/** Parses Set-Cookie into its name, value and attributes (lower-cased keys). */
function parseSetCookie(header: string | string[] | undefined) {
  const line = Array.isArray(header) ? header[0] : header;
  if (!line) throw new Error('no Set-Cookie header');
  const [pair, ...attrs] = line.split(';').map((part) => part.trim());
  const [name, value] = pair!.split('=') as [string, string];
  const attributes = Object.fromEntries(
    attrs.map((a) => {
      const [k, v] = a.split('=');
      return [k!.toLowerCase(), v ?? true];
    }),
  );
  return { name, value, attributes };
}

describe('the address sign-in attempts are counted under', () => {
  it('is an IPv4 address as it is, an IPv6 address by its /64, an IPv4-mapped one as IPv4', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(throttleAddress('64:ff9b::192.0.2.9')).toBe('64:ff9b:0:0::/64');
  });
});

describe.each(TEST_DB_KINDS)('sign-in on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  // Every test starts at a fresh minute so the throttling of one test never leaks into the next.
  let step = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    step += 1;
    t.clock.set(new Date(Date.UTC(2025, 2, 10, 6, 0, 0) + step * 60 * 60_000));
  });

  const attempts = () =>
    queryRows<{ account_id: string | null; username: string; address: string; success: boolean; reason: string; at: Date }>(
      t.app.db,
      sql`SELECT account_id, username, address, success, reason, at FROM sign_in_attempts ORDER BY id`,
    );

  it('signs in with the spec shapes: token, user with roles, roles, expiry 30 minutes on', async () => {
    const res = await login(t, '  Master1 ', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: {
        _id: ids.master1,
        username: 'master1',
        firstName: 'Master',
        lastName: 'Number 1',
        role: 'master',
        roles: ['master'],
      },
      roles: ['master'],
      expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    // Only the token's SHA-256 is stored.
    const stored = await queryRows<{ token_hash: string }>(
      t.app.db,
      sql`SELECT token_hash FROM sessions WHERE account_id = ${ids.master1}::uuid`,
    );
    const { createHash } = await import('node:crypto');
    expect(stored.map((s) => s.token_hash)).toContain(createHash('sha256').update(body.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(body.token);
  });

  it('gives two logins two different tokens', async () => {
    const a = (await login(t, 'player1', DEMO_PASSWORD)).json().token;
    const b = (await login(t, 'player1', DEMO_PASSWORD)).json().token;
    expect(a).not.toBe(b);
  });

  it('sets the session cookie: HttpOnly, SameSite=Strict, Path=/, Max-Age=1800, not Secure over http', async () => {
    const res = await login(t, 'am1', DEMO_PASSWORD);
    const cookie = parseSetCookie(res.headers['set-cookie']);
    expect(cookie.name).toBe('session-token');
    expect(cookie.value).toBe(res.json().token);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe('Strict');
    expect(cookie.attributes.path).toBe('/');
    expect(cookie.attributes['max-age']).toBe('1800');
    expect(cookie.attributes.secure).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'am1', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(parseSetCookie(res.headers['set-cookie']).attributes.secure).toBeUndefined();
  });

  it('answers an unknown username and a wrong password the same way', async () => {
    const unknown = await login(t, 'nobody-here', DEMO_PASSWORD);
    const wrong = await login(t, 'admin1', 'Wrong@1234');
    const wrongCase = await login(t, 'admin1', DEMO_PASSWORD.toLowerCase());
    for (const res of [unknown, wrong, wrongCase]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it('takes the password as typed (not trimmed)', async () => {
    const res = await login(t, 'admin1', ` ${DEMO_PASSWORD}`);
    expect(res.statusCode).toBe(401);
  });

  it('tells an inactive account so, but only after the right password', async () => {
    await setAccountActive(t.app.db, 'master2', false, t.clock.now());
    try {
      const right = await login(t, 'master2', DEMO_PASSWORD);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ message: INACTIVE_ACCOUNT_MESSAGE });
      expect(right.headers['set-cookie']).toBeUndefined();
      const wrong = await login(t, 'master2', 'Wrong@1234');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
    } finally {
      await setAccountActive(t.app.db, 'master2', true, t.clock.now());
    }
    expect((await login(t, 'master2', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('never signs in as the house', async () => {
    await t.app.db.execute(
      sql`INSERT INTO accounts (username, role, password_hash) SELECT 'HOUSE', 'house', password_hash FROM accounts WHERE username = 'superadmin'`,
    );
    const res = await login(t, 'HOUSE', DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const noPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin1' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toMatch(/^password: /);
    const blankName = await login(t, '   ', DEMO_PASSWORD);
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().message).toMatch(/^username: /);
  });

  it('records every attempt with time, account, username tried, address, outcome; never the password', async () => {
    const before = (await attempts()).length;
    const at = t.clock.now();
    await login(t, 'sam1', DEMO_PASSWORD, '198.51.100.1');
    await login(t, 'sam1', 'Secret#999', '198.51.100.2');
    await login(t, 'ghost', 'Secret#888', '198.51.100.3');
    const rows = (await attempts()).slice(before);
    expect(rows.map(({ at: when, ...r }) => ({ ...r, at: new Date(when).getTime() }))).toEqual([
      { account_id: ids.sam1, username: 'sam1', address: '198.51.100.1', success: true, reason: 'ok', at: at.getTime() },
      {
        account_id: ids.sam1,
        username: 'sam1',
        address: '198.51.100.2',
        success: false,
        reason: 'wrong_password',
        at: at.getTime(),
      },
      { account_id: null, username: 'ghost', address: '198.51.100.3', success: false, reason: 'unknown_user', at: at.getTime() },
    ]);
    const everything = JSON.stringify(await queryRows(t.app.db, sql`SELECT * FROM sign_in_attempts`));
    expect(everything).not.toContain('Secret#999');
    expect(everything).not.toContain('Secret#888');
  });

  describe('throttling', () => {
    it('refuses the 6th try from an address with 5 wrong passwords for the username within 15 minutes, even with the right one, with Retry-After', async () => {
      const start = t.clock.now().getTime();
      const guesser = '192.0.2.1';
      // Five failures one minute apart, all from one address.
      for (let i = 0; i < 5; i++) {
        t.clock.set(new Date(start + i * 60_000));
        const res = await login(t, 'player2', 'Wrong@1234', guesser);
        expect(res.statusCode).toBe(401);
      }
      t.clock.set(new Date(start + 5 * 60_000));
      const blocked = await login(t, 'player2', DEMO_PASSWORD, guesser);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
      // The oldest failure (at start) leaves the 15-minute window at start + 15 min: 10 minutes from now.
      expect(blocked.headers['retry-after']).toBe(String(10 * 60));
      expect(blocked.headers['set-cookie']).toBeUndefined();

      // The owner, at another address, is not locked out: signed in at once.
      expect((await login(t, 'player2', DEMO_PASSWORD, '192.0.2.200')).statusCode).toBe(200);

      // The owner's sign-in does not free the guessing address: one second before the window ends it is still refused.
      t.clock.set(new Date(start + 15 * 60_000 - 1000));
      const stillBlocked = await login(t, 'player2', DEMO_PASSWORD, guesser);
      expect(stillBlocked.statusCode).toBe(429);
      expect(stillBlocked.headers['retry-after']).toBe('1');

      // Once the oldest failure has left the window, that address may try again.
      t.clock.set(new Date(start + 15 * 60_000));
      expect((await login(t, 'player2', DEMO_PASSWORD, guesser)).statusCode).toBe(200);

      const reasons = (await attempts()).filter((a) => a.account_id === ids.player2).map((a) => a.reason);
      expect(reasons.slice(-9)).toEqual([
        'wrong_password',
        'wrong_password',
        'wrong_password',
        'wrong_password',
        'wrong_password',
        'throttled_account_address',
        'ok',
        'throttled_account_address',
        'ok',
      ]);
    });

    it('slows failures from many addresses down with a growing delay (1 s, 2 s, 4 s ... 60 s), never a lock', async () => {
      const start = t.clock.now().getTime();
      let address = 0;
      const next = () => `198.18.0.${++address}`;
      const at = (ms: number) => t.clock.set(new Date(start + ms));
      // Five free failures, each from another address, at the same instant.
      for (let i = 0; i < 5; i++) expect((await login(t, 'master1', 'Wrong@1234', next())).statusCode).toBe(401);
      // From then on each attempt must come a doubling delay after the latest failure.
      let last = 0;
      const delays = [1, 2, 4, 8, 16, 32, 60, 60];
      for (const delay of delays) {
        // Half a second before the delay is over: refused, with the seconds left (rounded up).
        at(last + delay * 1000 - 500);
        const early = await login(t, 'master1', 'Wrong@1234', next());
        expect(early.statusCode).toBe(429);
        expect(early.json()).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
        expect(early.headers['retry-after']).toBe('1');
        // Right on time: the attempt is checked (and fails again).
        last += delay * 1000;
        at(last);
        expect((await login(t, 'master1', 'Wrong@1234', next())).statusCode).toBe(401);
      }
      // The owner waits at most the last delay, whatever the number of failures, then signs in.
      at(last + 1000);
      const waiting = await login(t, 'master1', DEMO_PASSWORD, '198.18.1.1');
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('59');
      at(last + 60_000);
      expect((await login(t, 'master1', DEMO_PASSWORD, '198.18.1.1')).statusCode).toBe(200);
      // A successful sign-in wipes the slate: the next failures are free again.
      for (let i = 0; i < 5; i++) expect((await login(t, 'master1', 'Wrong@1234', next())).statusCode).toBe(401);
    });

    it('throttles an unknown username exactly like a real one (the 429 does not tell which names exist)', async () => {
      const start = t.clock.now().getTime();
      const answers = async (username: string, addressOf: (i: number) => string, stepMs: number) => {
        const seen: string[] = [];
        for (let i = 0; i < 7; i++) {
          t.clock.set(new Date(start + i * stepMs));
          const res = await login(t, username, 'Wrong@1234', addressOf(i));
          seen.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.json().message}`);
        }
        return seen;
      };
      const failed = `401 - ${INVALID_CREDENTIALS_MESSAGE}`;
      const refused = (seconds: number) => `429 ${seconds} ${TOO_MANY_ATTEMPTS_MESSAGE}`;
      // From one address, one minute apart: the 6th and 7th come 5 and 6 minutes after the first
      // failure, which leaves the window at 15.
      const real = await answers('player1', () => '192.0.2.100', 60_000);
      const unknown = await answers('nobody-by-this-name', () => '192.0.2.110', 60_000);
      expect(real).toEqual([...Array(5).fill(failed), refused(10 * 60), refused(9 * 60)]);
      expect(unknown).toEqual(real);
      // From seven addresses, 200 ms apart: the growing delay (1 s after the 5th failure).
      const later = start + 30 * 60_000;
      const spreadAnswers = async (username: string, first: number) => {
        const seen: string[] = [];
        for (let i = 0; i < 7; i++) {
          t.clock.set(new Date(later + i * 200));
          const res = await login(t, username, 'Wrong@1234', `192.0.2.${first + i}`);
          seen.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${res.json().message}`);
        }
        return seen;
      };
      const realSpread = await spreadAnswers('player3', 150);
      const unknownSpread = await spreadAnswers('nobody-else', 160);
      expect(realSpread).toEqual([...Array(5).fill(failed), refused(1), refused(1)]);
      expect(unknownSpread).toEqual(realSpread);
    });

    it('counts a username however it is typed (spaces and case) as one', async () => {
      for (const typed of ['sam2', ' SAM2', 'Sam2 ', 'sAm2', 'SAM2']) {
        expect((await login(t, typed, 'Wrong@1234', '192.0.2.120')).statusCode).toBe(401);
      }
      expect((await login(t, 'sam2', DEMO_PASSWORD, '192.0.2.121')).statusCode).toBe(429);
      for (const typed of ['ghost-7', ' GHOST-7', 'Ghost-7 ', 'gHost-7', 'GHOST-7']) {
        expect((await login(t, typed, 'Wrong@1234', '192.0.2.122')).statusCode).toBe(401);
      }
      expect((await login(t, 'ghost-7', DEMO_PASSWORD, '192.0.2.123')).statusCode).toBe(429);
    });

    it('checks exactly 5 of 20 parallel wrong passwords for one username, real or not, and refuses the rest', async () => {
      for (const username of ['admin2', 'no-such-admin']) {
        const before = (await attempts()).length;
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => login(t, username, `Wrong@${1000 + i}`, `192.0.2.${130 + i}`)),
        );
        const statuses = results.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 401)).toHaveLength(5);
        expect(statuses.filter((s) => s === 429)).toHaveLength(15);
        // The five checked attempts were the first ones counted: every refusal comes after them.
        const reasons = (await attempts()).slice(before).map((a) => a.reason);
        const failed = username === 'admin2' ? 'wrong_password' : 'unknown_user';
        expect(reasons).toEqual([...Array(5).fill(failed), ...Array(15).fill('throttled_account')]);
      }
    });

    it('checks exactly 5 of 20 parallel wrong passwords from one address for one username, and refuses the rest', async () => {
      const before = (await attempts()).length;
      // Twenty hosts of one IPv6 /64: one address as far as throttling goes.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(t, 'sam1', `Wrong@${2000 + i}`, `2001:db8:77:1::${(i + 1).toString(16)}`)),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      const reasons = (await attempts()).slice(before).map((a) => a.reason);
      expect(reasons).toEqual([...Array(5).fill('wrong_password'), ...Array(15).fill('throttled_account_address')]);
    });

    it('checks exactly 30 of 40 parallel attempts from one address', async () => {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(t, `parallel-${i}`, 'Wrong@1234', '198.51.100.60')),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
    });

    it('counts malformed login bodies towards the address limit and records them', async () => {
      const address = '198.51.100.66';
      const before = (await attempts()).length;
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: i % 2 === 0 ? { username: `  Probe-${i} ` } : { password: 'x' },
          remoteAddress: address,
        });
        expect(res.statusCode).toBe(400);
      }
      const recorded = (await attempts()).slice(before);
      expect(
        recorded.slice(0, 2).map(({ account_id, username, address: from, success, reason }) => ({
          account_id,
          username,
          address: from,
          success,
          reason,
        })),
      ).toEqual([
        { account_id: null, username: 'Probe-0', address, success: false, reason: 'malformed' },
        { account_id: null, username: '', address, success: false, reason: 'malformed' },
      ]);
      expect(recorded.every((a) => a.reason === 'malformed')).toBe(true);
      expect(recorded).toHaveLength(30);
      const valid = await login(t, 'admin1', DEMO_PASSWORD, address);
      expect(valid.statusCode).toBe(429);
      const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: address });
      expect(malformed.statusCode).toBe(429);
      expect(malformed.json()).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
      expect(malformed.headers['retry-after']).toBe('60');
    });

    it('allows 5 failures and does not throttle other accounts', async () => {
      for (let i = 0; i < 5; i++) expect((await login(t, 'player3', 'Wrong@1234', `192.0.2.${50 + i}`)).statusCode).toBe(401);
      expect((await login(t, 'master3', DEMO_PASSWORD, '192.0.2.60')).statusCode).toBe(200);
      // The 6th attempt is the first refused one.
      expect((await login(t, 'player3', DEMO_PASSWORD, '192.0.2.61')).statusCode).toBe(429);
    });

    it('counts failures from the account last successful sign-in only', async () => {
      for (let i = 0; i < 4; i++) expect((await login(t, 'am2', 'Wrong@1234', `192.0.2.${70 + i}`)).statusCode).toBe(401);
      expect((await login(t, 'am2', DEMO_PASSWORD, '192.0.2.80')).statusCode).toBe(200);
      t.clock.advance(1000);
      for (let i = 0; i < 5; i++) expect((await login(t, 'am2', 'Wrong@1234', `192.0.2.${90 + i}`)).statusCode).toBe(401);
      expect((await login(t, 'am2', DEMO_PASSWORD, '192.0.2.99')).statusCode).toBe(429);
    });

    it('refuses the 31st attempt in a minute from one address, with Retry-After, whatever the usernames', async () => {
      const start = t.clock.now().getTime();
      const address = '198.51.100.77';
      for (let i = 0; i < 30; i++) {
        t.clock.set(new Date(start + i * 1000));
        const res = await login(t, `someone-${i}`, 'Wrong@1234', address);
        expect(res.statusCode).toBe(401);
      }
      t.clock.set(new Date(start + 40_000));
      const blocked = await login(t, 'admin2', DEMO_PASSWORD, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
      // The oldest counted attempt (at start) leaves the one-minute window in 20 seconds.
      expect(blocked.headers['retry-after']).toBe('20');
      // Another address is not affected.
      expect((await login(t, 'admin2', DEMO_PASSWORD, '198.51.100.78')).statusCode).toBe(200);
      // Refused attempts do not count: after Retry-After the address may try again.
      t.clock.set(new Date(start + 60_000));
      expect((await login(t, 'admin2', DEMO_PASSWORD, address)).statusCode).toBe(200);
    });

    it('counts an IPv6 client by its /64 network, an IPv4-mapped one as IPv4', async () => {
      const start = t.clock.now().getTime();
      // 30 attempts from 30 hosts of one /64: the 31st, from yet another host of it, is refused.
      for (let i = 0; i < 30; i++) {
        t.clock.set(new Date(start + i * 1000));
        expect((await login(t, `v6-${i}`, 'Wrong@1234', `2001:db8:ab:cd:${(i + 1).toString(16)}::9`)).statusCode).toBe(401);
      }
      const blocked = await login(t, 'admin2', DEMO_PASSWORD, '2001:DB8:AB:CD:FFFF:FFFF:FFFF:FFFF');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('31');
      // The next /64 is another client.
      expect((await login(t, 'admin2', DEMO_PASSWORD, '2001:db8:ab:ce::1')).statusCode).toBe(200);
      const recorded = (await attempts()).filter((a) => a.username === 'v6-0' || a.username === 'v6-29').map((a) => a.address);
      expect(recorded).toEqual(['2001:db8:ab:cd::/64', '2001:db8:ab:cd::/64']);

      await login(t, 'mapped-v4', 'Wrong@1234', '::ffff:198.51.100.201');
      expect((await attempts()).at(-1)?.address).toBe('198.51.100.201');
    });

    it('keeps its counts in the database: a new app instance on the same database still refuses', async () => {
      const address = '198.51.100.88';
      for (let i = 0; i < 30; i++) await login(t, `x${i}`, 'Wrong@1234', address);
      const { buildApp } = await import('../../app.js');
      const { readEnv } = await import('../../config/env.js');
      const second = await buildApp({ database: t.database, env: readEnv({ NODE_ENV: 'test' }), clock: t.clock, webDist: null });
      try {
        const res = await second.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'admin1', password: DEMO_PASSWORD },
          remoteAddress: address,
        });
        expect(res.statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });

    it('trusts X-Forwarded-For only when TRUST_PROXY is configured', async () => {
      // Without TRUST_PROXY the header is ignored: every attempt counts against the socket address.
      const socket = '198.51.100.99';
      for (let i = 0; i < 30; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: `y${i}`, password: 'Wrong@1234' },
          remoteAddress: socket,
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin1', password: DEMO_PASSWORD },
        remoteAddress: socket,
        headers: { 'x-forwarded-for': '10.0.0.200' },
      });
      expect(res.statusCode).toBe(429);
      const recorded = (await attempts()).filter((a) => a.username === 'y0');
      expect(recorded.map((a) => a.address)).toEqual([socket]);
    });
  });
});

describe.each(TEST_DB_KINDS)('sign-in behind a trusted proxy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('marks the cookie Secure when the request came over https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'player1', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.50' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = parseSetCookie(res.headers['set-cookie']);
    expect(cookie.attributes.secure).toBe(true);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe('Strict');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'player1', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(parseSetCookie(plain.headers['set-cookie']).attributes.secure).toBeUndefined();
  });

  it('counts the forwarded client address', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'player1', password: 'Wrong@1234' },
      headers: { 'x-forwarded-for': '203.0.113.51' },
    });
    const rows = await queryRows<{ address: string }>(
      t.app.db,
      sql`SELECT address FROM sign_in_attempts ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.address).toBe('203.0.113.51');
  });
});
