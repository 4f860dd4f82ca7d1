import { type CallName, ENDPOINTS, TOO_MANY_ATTEMPTS_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createNetwork,
  DEMO_PASSWORD,
  injectAs,
  type NetworkIds,
  signIn,
  type TestSession,
} from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { queryRows } from '../db/client.js';
import { createFeedKey } from '../modules/feed/keys.js';
import { nestedDeeperThan } from './input-guard.js';

const NUL = '\u0000';
/** Every control character but the line breaks a multi-line field may hold. */
const CONTROLS = [...Array(32).keys(), 127].map((code) => String.fromCharCode(code));

describe.each(TEST_DB_KINDS)('control characters and unknown parameters on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let am1: TestSession;
  let superadmin: TestSession;
  let step = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
    am1 = await signIn(t.app, 'am1');
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => t?.close());
  // Each test at a fresh hour: the sign-in limits of one never reach the next.
  beforeEach(() => {
    step += 1;
    t.clock.set(new Date(Date.UTC(2025, 2, 10, 6, 0, 0) + step * 60 * 60_000));
  });

  const get = (url: string) => injectAs(t.app, am1, { url });

  it('refuses a control character in any query parameter with 400 naming it (by its label on the screen), never 500', async () => {
    for (const char of CONTROLS) {
      const value = encodeURIComponent(`master${char}1`);
      for (const [url, named] of [
        [`/api/playrep/dailystatusmembers?agentId=${value}`, 'Agent ID'],
        [`/api/playrep/drawdetails?gameId=${value}`, 'gameId:'],
        [`/api/playrep/pointtransferreport?memberId=${value}`, 'Member ID'],
        [`/api/playrep/revenuereport?fromDate=2025-03-01${encodeURIComponent(char)}`, 'From Date'],
      ] as const) {
        const res = await get(url);
        expect([res.statusCode, res.json()], url).toEqual([400, { message: `${named} must not contain control characters` }]);
      }
    }
  });

  it('refuses one in a path parameter and in a query the call takes none of', async () => {
    const path = await get(`/api/auth/userauth/${ids.master1}${encodeURIComponent(NUL)}`);
    expect([path.statusCode, path.json()]).toEqual([400, { message: 'id: must not contain control characters' }]);
    const health = await t.app.inject({ url: '/api/health?probe=%00' });
    expect([health.statusCode, health.json()]).toEqual([400, { message: 'probe: must not contain control characters' }]);
  });

  it('refuses one in any body field, and lets an address hold line breaks', async () => {
    const body = {
      username: 'newmaster9',
      password: 'Kestrel#Lamp71',
      role: 'master',
      firstName: 'New',
      lastName: 'Master',
      address: '12 Ring Road,\r\n\tNear the market',
      commission: 5,
    };
    const signup = (fields: Partial<typeof body>) =>
      injectAs(t.app, am1, { method: 'POST', url: '/api/auth/signup', payload: { ...body, ...fields } });
    for (const [field, value] of [
      ['firstName', `New${NUL}`],
      ['lastName', 'Mas\u001bter'],
      ['password', `Kestrel#Lamp71${NUL}`],
      ['address', `12 Ring Road${NUL}`],
      ['address', '12 Ring Road\u007f'],
    ] as const) {
      const res = await signup({ [field]: value });
      expect([res.statusCode, res.json()], field).toEqual([400, { message: `${field}: must not contain control characters` }]);
    }
    const created = await signup({});
    expect(created.statusCode).toBe(201);
    expect(created.json().user.address).toBe(body.address);
  });

  it('counts a sign-in with a control character towards the address limit, and records it without the character', async () => {
    const address = '198.51.100.23';
    const before = (await queryRows(t.app.db, sql`SELECT id FROM sign_in_attempts`)).length;
    for (let i = 0; i < 30; i++) {
      const payload =
        i % 2 === 0 ? { username: `admin1${NUL}`, password: DEMO_PASSWORD } : { username: 'admin1', password: `x${NUL}` };
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: address });
      // The sign-in form's labels: User Name and Password.
      const field = i % 2 === 0 ? 'User Name' : 'Password';
      expect([res.statusCode, res.json()]).toEqual([400, { message: `${field} must not contain control characters` }]);
    }
    const recorded = await queryRows<{ username: string; reason: string }>(
      t.app.db,
      sql`SELECT username, reason FROM sign_in_attempts ORDER BY id OFFSET ${before}`,
    );
    expect(recorded).toHaveLength(30);
    expect(recorded.every((r) => r.reason === 'malformed')).toBe(true);
    expect(recorded[0]?.username).toBe('admin1\uFFFD');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin1', password: DEMO_PASSWORD },
      remoteAddress: address,
    });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: TOO_MANY_ATTEMPTS_MESSAGE }]);
  });

  it('refuses a body nested more than 32 levels deep with 400 on every route that takes one, never 500', async () => {
    const feedKey = (await createFeedKey(t.app.db, 'deep-bodies', t.clock.now())).key;
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const posts = (Object.keys(ENDPOINTS) as CallName[]).filter((name) => ENDPOINTS[name].method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const name of posts) {
      const { path, access, roles } = ENDPOINTS[name];
      // A caller the call lets in, so the answer is about the body (superadmin-only calls otherwise say 403).
      const caller = roles.includes('areamanager') ? am1 : superadmin;
      const headers = {
        'content-type': 'application/json',
        ...(access === 'feed' ? { authorization: `Bearer ${feedKey}` } : {}),
      };
      const send = (payload: string) => {
        const options = { method: 'POST' as const, url: `/api${path}`, headers, payload };
        return access === 'public' || access === 'feed' ? t.app.inject(options) : injectAs(t.app, caller, options);
      };
      for (const payload of [`{"events": ${nested(50_000)}}`, nested(50_000), `{"username": ${nested(32)}}`]) {
        const res = await send(payload);
        expect([res.statusCode, res.json()], `${name} ${payload.length}`).toEqual([
          400,
          { message: 'body: must not be nested more than 32 levels deep (objects and arrays)' },
        ]);
      }
      // 32 levels in all is not too deep: whatever the call says of it, it is not the depth.
      const res = await send(`{"username": ${nested(31)}}`);
      // Two-step set-up answers 503 on a server without SECRET_KEY (this test app has none): not a failure.
      if (name !== 'twoStepSetup' || res.statusCode !== 503) expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json().message, name).not.toMatch(/nested/);
    }
  });

  it('measures any depth without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(nestedDeeperThan(deep, 32)).toBe(true);
    expect(nestedDeeperThan({ a: [{ b: 1 }], c: 'x' }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });

  it('refuses unknown query parameters with 400 naming them', async () => {
    const one = await get('/api/playrep/revenuereport?fromDate=2025-03-01&toDat=2025-03-07');
    expect([one.statusCode, one.json()]).toEqual([400, { message: 'Unknown query parameter: toDat' }]);
    const two = await get('/api/playrep/drawdetails?gameId=MNOQqWWi&limit=5&offset=10');
    expect([two.statusCode, two.json()]).toEqual([400, { message: 'Unknown query parameters: limit, offset' }]);
    // Every report call takes only its own parameters.
    for (const call of [
      'agentdetails',
      'balancereport',
      'computerloan',
      'revenuerecovery',
      'revenueweek',
      'weeklydetailsreport',
    ]) {
      const res = await get(`/api/playrep/${call}?sneaky=1`);
      expect([res.statusCode, res.json()], call).toEqual([400, { message: 'Unknown query parameter: sneaky' }]);
    }
    // The ones a call takes still work, the export's `format` and the transfer export's `section` included.
    expect((await get('/api/playrep/drawdetails?gameId=MNOQqWWi&page=1&pageSize=10&sort=asc')).statusCode).toBe(200);
    expect((await get('/api/playrep/weeklydetailsreport?format=csv&section=received')).statusCode).toBe(200);
    expect((await get('/api/playrep/accountsearch?q=mas&limit=5&roles=master')).statusCode).toBe(200);
  });
});
