import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { ORIGIN_REFUSED_MESSAGE } from '../../src/plugins/origin-check.js';
import { createNetwork, DEMO_PASSWORD, injectAs, signIn } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

const loginWith = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin1', password: DEMO_PASSWORD }, headers });

describe.each(TEST_DB_KINDS)('Origin check on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ALLOWED_ORIGINS: 'https://backoffice.example.com, http://localhost:5173/' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('accepts state-changing calls without an Origin header, from the own origin and from ALLOWED_ORIGINS', async () => {
    const cases: Record<string, string>[] = [
      {},
      { host: 'playrep.local:3000', origin: 'http://playrep.local:3000' },
      { host: 'playrep.local', origin: 'http://PLAYREP.local' },
      { host: 'playrep.local:80', origin: 'http://playrep.local' },
      { origin: 'https://backoffice.example.com' },
      { origin: 'http://localhost:5173' },
    ];
    for (const headers of cases) {
      const res = await loginWith(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses other origins with 403 { message } before doing anything', async () => {
    const before = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM sign_in_attempts`);
    const cases: Record<string, string>[] = [
      { host: 'playrep.local:3000', origin: 'http://evil.example' },
      { host: 'playrep.local:3000', origin: 'http://playrep.local:3001' },
      { host: 'playrep.local:3000', origin: 'https://playrep.local:3000' },
      { origin: 'null' },
      { origin: 'https://backoffice.example.com.evil.example' },
      { origin: 'not a url' },
    ];
    for (const headers of cases) {
      const res = await loginWith(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const after = await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM sign_in_attempts`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('guards logout and signup too, but not reads', async () => {
    const me = await signIn(t.app, 'am1');
    const foreign = { origin: 'http://evil.example' };
    const logout = await injectAs(t.app, me, { method: 'POST', url: '/api/auth/logout', headers: foreign });
    expect(logout.statusCode).toBe(403);
    const signup = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/auth/signup',
      headers: foreign,
      payload: { username: 'm-x', password: DEMO_PASSWORD, role: 'master', firstName: 'M', lastName: 'X' },
    });
    expect(signup.statusCode).toBe(403);
    // Reads are not state-changing: the Origin does not matter (CORS keeps their answers from other sites).
    const session = await injectAs(t.app, me, { url: '/api/auth/session', headers: foreign });
    expect(session.statusCode).toBe(200);
    // The refused logout did not end the session.
    expect((await injectAs(t.app, me, { url: '/api/playrep/pointtransferreport' })).statusCode).toBe(200);
  });

  it('guards GET /api/auth/logout (it ends the session): a foreign Origin or a cross-site fetch is refused', async () => {
    const me = await signIn(t.app, 'am1');
    const alive = async () => (await injectAs(t.app, me, { url: '/api/auth/session' })).statusCode;
    const refused: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      // A link or an image on another site sends no Origin on a GET, but the browser says where it came from.
      { 'sec-fetch-site': 'cross-site' },
      { host: 'playrep.local:3000', origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of refused) {
      const res = await injectAs(t.app, me, { url: '/api/auth/logout', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await alive()).toBe(200);
    }
    // The same cross-site marker on a read changes nothing.
    expect(
      (await injectAs(t.app, me, { url: '/api/auth/session', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode,
    ).toBe(200);
  });

  it('still signs out through GET /api/auth/logout from the own site and from curl', async () => {
    const accepted: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' }, // typed into the address bar
      { host: 'playrep.local:3000', origin: 'http://playrep.local:3000' },
      { origin: 'https://backoffice.example.com' },
    ];
    for (const headers of accepted) {
      const me = await signIn(t.app, 'sam1');
      const res = await injectAs(t.app, me, { url: '/api/auth/logout', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect((await injectAs(t.app, me, { url: '/api/auth/session' })).statusCode).toBe(401);
    }
  });

  it('refuses a state-changing call marked cross-site by the browser even without an Origin', async () => {
    const res = await loginWith(t, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
  });
});

describe.each(TEST_DB_KINDS)('Origin check behind a trusted https proxy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { TRUST_PROXY: '127.0.0.1' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('takes the scheme from X-Forwarded-Proto when the proxy is trusted', async () => {
    const https = { host: 'playrep.example.com', 'x-forwarded-proto': 'https' };
    expect((await loginWith(t, { ...https, origin: 'https://playrep.example.com' })).statusCode).toBe(200);
    expect((await loginWith(t, { ...https, origin: 'http://playrep.example.com' })).statusCode).toBe(403);
  });
});
