import { INACTIVE_ACCOUNT_MESSAGE, INVALID_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD, type NetworkIds } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { throttleAddress } from '../gate/attempts.js';
import { setAccountActive } from '../manage/commands.js';

const login = (
  t: TestApp,
  username: string,
  password: string,
  remoteAddress = '203.0.113.7',
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress, headers });

/** A sign-in from a browser that carries this device cookie (`name=value`). */
const loginWithDevice = (t: TestApp, username: string, password: string, remoteAddress: string, device: string) =>
  login(t, username, password, remoteAddress, { cookie: device });

const ONE_YEAR_S = 365 * 24 * 60 * 60;

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

/** Every Set-Cookie of an answer, parsed. */
function setCookies(res: { headers: Record<string, unknown> }) {
  const header = res.headers['set-cookie'] as string | string[] | undefined;
  return (Array.isArray(header) ? header : header ? [header] : []).map((line) => parseSetCookie(line));
}

/** The device cookie a sign-in left, as the browser sends it back: `name=value`. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const device = setCookies(res).find((cookie) => cookie.name.startsWith('device-'));
  if (!device) throw new Error('no device cookie');
  return `${device.name}=${device.value}`;
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
    queryRows<{
      account_id: string | null;
      username: string;
      address: string;
      success: boolean;
      reason: string;
      at: Date;
      device: string | null;
    }>(t.app.db, sql`SELECT account_id, username, address, success, reason, at, device FROM sign_in_attempts ORDER BY id`);

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
      language: 'en',
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

  it('leaves a device cookie for the account: HttpOnly, SameSite=Strict, sent to the sign-in call only, for a year', async () => {
    const res = await login(t, 'master1', DEMO_PASSWORD);
    const device = setCookies(res).find((cookie) => cookie.name === `device-${ids.master1}`);
    expect(device?.attributes).toEqual({
      'max-age': String(ONE_YEAR_S),
      path: '/api/auth/login',
      httponly: true,
      samesite: 'Strict',
    });
    expect(device?.value).not.toContain(res.json().token);
    // A new one at every sign-in (a new nonce).
    expect(deviceCookie(await login(t, 'master1', DEMO_PASSWORD))).not.toBe(`device-${ids.master1}=${device?.value}`);
    // No device cookie without a sign-in.
    expect(setCookies(await login(t, 'master1', 'Wrong@1234'))).toEqual([]);
  });

  it.each(['cookie', 'bearer'] as const)(
    'ends the session the request presented (%s) when it signs in: a shared terminal keeps no earlier session',
    async (via) => {
      const earlier = (await login(t, 'master1', DEMO_PASSWORD)).json().token as string;
      const presented: Record<string, string> =
        via === 'cookie' ? { cookie: `session-token=${earlier}` } : { authorization: `Bearer ${earlier}` };
      const next = await login(t, 'player1', DEMO_PASSWORD, '203.0.113.7', presented);
      expect(next.statusCode).toBe(200);
      const session = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
      expect((await session(earlier)).statusCode).toBe(401);
      const now = await session(next.json().token);
      expect([now.statusCode, now.json().user.username]).toEqual([200, 'player1']);
    },
  );

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
    expect(noPassword.json().message).toBe('Password is required');
    const blankName = await login(t, '   ', DEMO_PASSWORD);
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().message).toBe('User Name is required');
  });

  it('records every attempt with time, account, username tried, address, outcome; never the password', async () => {
    const before = (await attempts()).length;
    const at = t.clock.now();
    await login(t, 'sam1', DEMO_PASSWORD, '198.51.100.1');
    await login(t, 'sam1', 'Secret#999', '198.51.100.2');
    await login(t, 'ghost', 'Secret#888', '198.51.100.3');
    const rows = (await attempts()).slice(before);
    expect(rows.map(({ at: when, ...r }) => ({ ...r, at: new Date(when).getTime() }))).toEqual([
      {
        account_id: ids.sam1,
        username: 'sam1',
        address: '198.51.100.1',
        success: true,
        reason: 'ok',
        at: at.getTime(),
        device: null,
      },
      {
        account_id: ids.sam1,
        username: 'sam1',
        address: '198.51.100.2',
        success: false,
        reason: 'wrong_password',
        at: at.getTime(),
        device: null,
      },
      {
        account_id: null,
        username: 'ghost',
        address: '198.51.100.3',
        success: false,
        reason: 'unknown_user',
        at: at.getTime(),
        device: null,
      },
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

    it("lets the owner's browser in with its device cookie while others' failures hold back every browser without one", async () => {
      const owner = '198.51.100.20';
      // The owner's browser signed in before: it carries a device cookie for player1.
      const device = deviceCookie(await login(t, 'player1', DEMO_PASSWORD, owner));
      t.clock.advance(60_000);
      const start = t.clock.now().getTime();
      // The attack: five wrong passwords from one address, then one from each of three other
      // addresses as each delay runs out (1 s after the 5th failure, 2 s after the 6th, 4 s after the 7th).
      for (let i = 0; i < 5; i++) expect((await login(t, 'player1', 'Wrong@1234', '192.0.2.201')).statusCode).toBe(401);
      let latest = start;
      for (const [i, address] of ['192.0.2.202', '192.0.2.203', '192.0.2.204'].entries()) {
        latest += 2 ** i * 1000;
        t.clock.set(new Date(latest));
        expect((await login(t, 'player1', 'Wrong@1234', address)).statusCode).toBe(401);
      }
      // Half-way through the next delay (8 s after the 8th failure): the right password without the
      // cookie is refused, at the owner's address or anywhere else...
      t.clock.set(new Date(latest + 4000));
      for (const address of [owner, '192.0.2.210']) {
        const held = await login(t, 'player1', DEMO_PASSWORD, address);
        expect([held.statusCode, held.headers['retry-after']]).toEqual([429, '4']);
      }
      // ... the owner's browser signs in, and a browser without the cookie is still held back.
      expect((await loginWithDevice(t, 'player1', DEMO_PASSWORD, owner, device)).statusCode).toBe(200);
      const still = await login(t, 'player1', DEMO_PASSWORD, '192.0.2.211');
      expect([still.statusCode, still.headers['retry-after']]).toEqual([429, '4']);
    });

    it('counts failures made with a device cookie against the cookie, not towards the delay: after 5 in 15 minutes it exempts nothing', async () => {
      const owner = '198.51.100.21';
      const device = deviceCookie(await login(t, 'master2', DEMO_PASSWORD, owner));
      t.clock.advance(60_000);
      const start = t.clock.now().getTime();
      // Five failures without the cookie, from one address: the next attempt without one waits 1 s.
      for (let i = 0; i < 5; i++) expect((await login(t, 'master2', 'Wrong@1234', '192.0.2.221')).statusCode).toBe(401);
      // The per-address limits hold with the cookie too: that address has used up its failures for master2.
      expect((await loginWithDevice(t, 'master2', DEMO_PASSWORD, '192.0.2.221', device)).statusCode).toBe(429);
      // A stolen cookie, from five other addresses at the same instant: checked despite the delay...
      for (let i = 0; i < 5; i++) {
        expect((await loginWithDevice(t, 'master2', 'Wrong@1234', `192.0.2.${230 + i}`, device)).statusCode).toBe(401);
      }
      // ... until it has failed 5 times: then it waits like any browser, for the delay of the 5
      // failures made without it (1 s; with its own it would be 2 ** (10 - 5) = 32 s).
      const usedUp = await loginWithDevice(t, 'master2', DEMO_PASSWORD, '192.0.2.240', device);
      expect([usedUp.statusCode, usedUp.headers['retry-after']]).toEqual([429, '1']);
      t.clock.set(new Date(start + 1000));
      expect((await login(t, 'master2', 'Wrong@1234', '192.0.2.241')).statusCode).toBe(401);
      // Once its failures are 15 minutes old it exempts again: the failure without it at start + 1 s
      // and four new ones make five, a 1 s delay that holds back only browsers without it.
      t.clock.set(new Date(start + 15 * 60_000));
      for (let i = 0; i < 4; i++) expect((await login(t, 'master2', 'Wrong@1234', `192.0.2.${242 + i}`)).statusCode).toBe(401);
      const without = await login(t, 'master2', DEMO_PASSWORD, owner);
      expect([without.statusCode, without.headers['retry-after']]).toEqual([429, '1']);
      expect((await loginWithDevice(t, 'master2', DEMO_PASSWORD, owner, device)).statusCode).toBe(200);
      const recorded = (await attempts()).filter((a) => a.username === 'master2' && a.reason === 'wrong_password');
      expect(recorded.filter((a) => a.device !== null)).toHaveLength(5);
    });

    it('exempts only a genuine device cookie of the account signed in to', async () => {
      const owner = '198.51.100.22';
      const genuine = deviceCookie(await login(t, 'am1', DEMO_PASSWORD, owner));
      const ofPlayer1 = deviceCookie(await login(t, 'player1', DEMO_PASSWORD, owner));
      t.clock.advance(60_000);
      for (let i = 0; i < 5; i++) expect((await login(t, 'am1', 'Wrong@1234', `192.0.2.${150 + i}`)).statusCode).toBe(401);
      const [name, value] = genuine.split('=') as [string, string];
      const [nonce, signature] = value.split('.') as [string, string];
      const otherChar = (c: string) => (c === 'A' ? 'B' : 'A');
      const forged = [
        ofPlayer1, // another account's cookie
        `${name}=${ofPlayer1.split('=')[1]}`, // another account's value under this account's name
        `${name}=${otherChar(nonce[0]!)}${nonce.slice(1)}.${signature}`, // another nonce
        `${name}=${nonce}.${otherChar(signature[0]!)}${signature.slice(1)}`, // another signature
        `${name}=${nonce}`, // no signature
      ];
      for (const cookie of forged) {
        const res = await loginWithDevice(t, 'am1', DEMO_PASSWORD, owner, cookie);
        expect([cookie, res.statusCode]).toEqual([cookie, 429]);
      }
      expect((await loginWithDevice(t, 'am1', DEMO_PASSWORD, owner, genuine)).statusCode).toBe(200);
    });

    it('signs device cookies with one key, made once and kept in the database: another server process honours them', async () => {
      const owner = '198.51.100.23';
      const device = deviceCookie(await login(t, 'sam2', DEMO_PASSWORD, owner));
      t.clock.advance(60_000);
      for (let i = 0; i < 5; i++) expect((await login(t, 'sam2', 'Wrong@1234', `192.0.2.${160 + i}`)).statusCode).toBe(401);
      const { buildApp } = await import('../../../app.js');
      const { readEnv } = await import('../../../config/env.js');
      const second = await buildApp({ database: t.database, env: readEnv({ NODE_ENV: 'test' }), clock: t.clock, webDist: null });
      try {
        const signIn = (cookie?: string) =>
          second.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: 'sam2', password: DEMO_PASSWORD },
            remoteAddress: owner,
            headers: cookie ? { cookie } : {},
          });
        expect((await signIn()).statusCode).toBe(429);
        expect((await signIn(device)).statusCode).toBe(200);
      } finally {
        await second.close();
      }
      const keys = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM signing_keys`);
      expect(keys).toEqual([{ n: 1 }]);
    });

    it('keeps its counts in the database: a new app instance on the same database still refuses', async () => {
      const address = '198.51.100.88';
      for (let i = 0; i < 30; i++) await login(t, `x${i}`, 'Wrong@1234', address);
      const { buildApp } = await import('../../../app.js');
      const { readEnv } = await import('../../../config/env.js');
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

/** The address the latest attempt was counted under. */
async function lastCountedAddress(t: TestApp): Promise<string | undefined> {
  const rows = await queryRows<{ address: string }>(t.app.db, sql`SELECT address FROM sign_in_attempts ORDER BY id DESC LIMIT 1`);
  return rows[0]?.address;
}

describe.each(TEST_DB_KINDS)('sign-in behind the proxies TRUST_PROXY lists on %s', (kind) => {
  let t: TestApp;
  // A proxy range and one proxy address.
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('counts the address a listed proxy forwards, not one the client wrote before it', async () => {
    await login(t, 'player1', 'Wrong@1234', '10.1.2.3', { 'x-forwarded-for': '203.0.113.51' });
    expect(await lastCountedAddress(t)).toBe('203.0.113.51');
    // The client's own X-Forwarded-For comes first; the proxy appends the address it saw.
    await login(t, 'player1', 'Wrong@1234', '192.0.2.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.52' });
    expect(await lastCountedAddress(t)).toBe('203.0.113.52');
  });

  it('lets no client outside the list choose its address: 30 different X-Forwarded-For, then refused', async () => {
    const client = '203.0.113.60';
    for (let i = 0; i < 30; i++) {
      const res = await login(t, `z${i}`, 'Wrong@1234', client, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode).toBe(401);
      expect(await lastCountedAddress(t)).toBe(client);
    }
    const refused = await login(t, 'admin1', DEMO_PASSWORD, client, { 'x-forwarded-for': '198.51.100.200' });
    expect(refused.statusCode).toBe(429);
  });

  it('marks the cookies Secure when a listed proxy says the request came over https, never when a client says so', async () => {
    const viaProxy = await login(t, 'player1', DEMO_PASSWORD, '10.9.9.9', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.53',
    });
    expect(viaProxy.statusCode).toBe(200);
    expect(setCookies(viaProxy).map((cookie) => [cookie.name.replace(/-[0-9a-f-]{36}$/, ''), cookie.attributes.secure])).toEqual([
      ['session-token', true],
      ['device', true],
    ]);
    const cookie = parseSetCookie(viaProxy.headers['set-cookie']);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe('Strict');
    const overHttp = await login(t, 'player1', DEMO_PASSWORD, '10.9.9.9', { 'x-forwarded-proto': 'http' });
    expect(setCookies(overHttp).map((c) => c.attributes.secure)).toEqual([undefined, undefined]);
    const fromClient = await login(t, 'player1', DEMO_PASSWORD, '203.0.113.54', { 'x-forwarded-proto': 'https' });
    expect(setCookies(fromClient).map((c) => c.attributes.secure)).toEqual([undefined, undefined]);
  });
});

describe.each(TEST_DB_KINDS)('sign-in behind a number of proxies (TRUST_PROXY=2) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { TRUST_PROXY: '2' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('trusts only the two nearest hops: the address the outer proxy saw is the client, whatever comes before it', async () => {
    // The socket's peer is the inner proxy, the last X-Forwarded-For entry the outer one; the outer
    // proxy appended the client it saw (203.0.113.70); anything before that the client wrote itself.
    const hops = (written: string) => ({ 'x-forwarded-for': `${written}, 203.0.113.70, 10.0.0.2` });
    for (let i = 0; i < 30; i++) {
      expect((await login(t, `h${i}`, 'Wrong@1234', '10.0.0.1', hops(`198.51.100.${i}`))).statusCode).toBe(401);
      expect(await lastCountedAddress(t)).toBe('203.0.113.70');
    }
    expect((await login(t, 'admin1', DEMO_PASSWORD, '10.0.0.1', hops('198.51.100.99'))).statusCode).toBe(429);
    // Another client behind the same proxies is another address.
    const other = await login(t, 'admin1', DEMO_PASSWORD, '10.0.0.1', { 'x-forwarded-for': '203.0.113.71, 10.0.0.2' });
    expect(other.statusCode).toBe(200);
  });
});

describe.each(TEST_DB_KINDS)('sign-in with COOKIE_SECURE=1 on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { COOKIE_SECURE: '1' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('marks the session and device cookies Secure even over plain http (a TLS proxy the server does not trust)', async () => {
    const res = await login(t, 'player1', DEMO_PASSWORD, '203.0.113.80', { 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res).map((cookie) => cookie.attributes.secure)).toEqual([true, true]);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session-token=${res.json().token}` },
    });
    expect(parseSetCookie(logout.headers['set-cookie']).attributes.secure).toBe(true);
  });
});
