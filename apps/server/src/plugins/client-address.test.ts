import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD } from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { buildApp } from '../app.js';
import { readEnv } from '../config/env.js';
import { serverLogger } from '../config/log-output.js';
import { queryRows } from '../db/client.js';

/**
 * A forwarded client address that is not an IP address is never believed (README, "Sign-in
 * limits"): the proxy's own address is the client's, in Activity and in the sign-in throttles.
 */
let attempt = 0;
/** player1 with the right password, or a wrong one: under a username of its own, so that no per-username delay steps in. */
const signIn = (t: TestApp, password: string, proxy: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: password === DEMO_PASSWORD ? 'player1' : `nobody${++attempt}`, password },
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** Where the latest sign-in came from, as Activity keeps it and as the throttles counted it. */
async function lastAddresses(t: TestApp): Promise<{ activity: string | null; throttle: string | undefined }> {
  const [entry] = await queryRows<{ address: string | null }>(
    t.app.db,
    sql`SELECT address FROM activity ORDER BY id DESC LIMIT 1`,
  );
  const [attempt] = await queryRows<{ address: string }>(
    t.app.db,
    sql`SELECT address FROM sign_in_attempts ORDER BY id DESC LIMIT 1`,
  );
  return { activity: entry?.address ?? null, throttle: attempt?.address };
}

describe.each(TEST_DB_KINDS)('forwarded client addresses on %s', (kind) => {
  describe('behind the proxies TRUST_PROXY lists', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { TRUST_PROXY: '10.0.0.0/8, fd00::/8' } });
      await createNetwork(t.app.db);
    });
    afterAll(async () => t?.close());

    it('takes the proxy’s own address when it forwards something that is not an IP address', async () => {
      for (const [forwardedFor, password] of [
        ['not-an-ip', 'Wrong@1234'],
        ['not-an-ip', DEMO_PASSWORD],
        // Whatever the client wrote before it is not believed either.
        ['203.0.113.5, not-an-ip', 'Wrong@1234'],
        ['203.0.113.5:4711', DEMO_PASSWORD],
        ['[2001:db8::1]', 'Wrong@1234'],
      ]) {
        const res = await signIn(t, password!, '10.1.2.3', forwardedFor!);
        expect(res.statusCode, forwardedFor).toBe(password === DEMO_PASSWORD ? 200 : 401);
        expect(await lastAddresses(t), forwardedFor).toEqual({ activity: '10.1.2.3', throttle: '10.1.2.3' });
      }
      // Behind a second listed proxy, the nearer proxy that passed the text on.
      await signIn(t, 'Wrong@1234', '10.1.2.3', 'not-an-ip, 10.9.9.9');
      expect(await lastAddresses(t)).toEqual({ activity: '10.9.9.9', throttle: '10.9.9.9' });
      // An IPv6 proxy: its address in Activity, its /64 network as the throttles' key.
      await signIn(t, 'Wrong@1234', 'fd00:1:2:3::7', 'nope');
      expect(await lastAddresses(t)).toEqual({ activity: 'fd00:1:2:3::7', throttle: 'fd00:1:2:3::/64' });
    });

    it('still takes a forwarded IP address, even after a text the client wrote before it', async () => {
      await signIn(t, DEMO_PASSWORD, '10.1.2.3', '203.0.113.7');
      expect(await lastAddresses(t)).toEqual({ activity: '203.0.113.7', throttle: '203.0.113.7' });
      await signIn(t, 'Wrong@1234', '10.1.2.3', 'not-an-ip, 2001:db8::8');
      expect(await lastAddresses(t)).toEqual({ activity: '2001:db8::8', throttle: '2001:db8:0:0::/64' });
    });

    it('logs the proxy’s address as the request’s, from the first line of the request log', async () => {
      let written = '';
      const output = new PassThrough().on('data', (chunk) => {
        written += chunk;
      });
      const logging = await buildApp({
        database: t.database,
        env: readEnv({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8' }),
        clock: t.clock,
        webDist: null,
        logger: serverLogger('info', output),
      });
      try {
        await logging.inject({ url: '/api/health', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': 'not-an-ip' } });
      } finally {
        await logging.close();
      }
      const entries = written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      expect(entries.find((entry) => entry.msg === 'incoming request')?.req.remoteAddress).toBe('10.1.2.3');
      expect(written).not.toContain('not-an-ip');
    });

    it('counts the proxy’s address against the per-address limit: 30 attempts forwarding texts, then refused', async () => {
      const proxy = '10.4.4.4';
      for (let i = 0; i < 30; i++) {
        const res = await signIn(t, 'Wrong@1234', proxy, `client-${i}`);
        expect(res.statusCode).toBe(401);
      }
      expect((await signIn(t, DEMO_PASSWORD, proxy, 'client-30')).statusCode).toBe(429);
      // Another client forwarded by the same proxy, with a real address, is not held up.
      expect((await signIn(t, DEMO_PASSWORD, proxy, '203.0.113.31')).statusCode).toBe(200);
    });
  });

  describe('behind a number of proxies (TRUST_PROXY=1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { TRUST_PROXY: '1' } });
      await createNetwork(t.app.db);
    });
    afterAll(async () => t?.close());

    it('takes the proxy’s address for a forwarded text, and a forwarded IP address as it is', async () => {
      await signIn(t, 'Wrong@1234', '192.0.2.10', 'not-an-ip');
      expect(await lastAddresses(t)).toEqual({ activity: '192.0.2.10', throttle: '192.0.2.10' });
      await signIn(t, DEMO_PASSWORD, '192.0.2.10', '198.51.100.4, not-an-ip');
      expect(await lastAddresses(t)).toEqual({ activity: '192.0.2.10', throttle: '192.0.2.10' });
      await signIn(t, DEMO_PASSWORD, '192.0.2.10', 'not-an-ip, 198.51.100.5');
      expect(await lastAddresses(t)).toEqual({ activity: '198.51.100.5', throttle: '198.51.100.5' });
    });
  });
});
