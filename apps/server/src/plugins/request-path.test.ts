import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { buildApp } from '../app.js';
import { readEnv } from '../config/env.js';
import { sessionLookupsOf } from '../modules/identity/gate/request-session.js';
import { setAccountActive } from '../modules/identity/manage/commands.js';
import { acceptTransfer, createTransfer, ensureHouseAccount } from '../modules/ledger/ledger.js';

/**
 * The request path as production runs it (NODE_ENV=production: answers serialised without zod's
 * copy, session lookups shared by requests that arrive together) against the same app in test
 * mode (zod serialises every answer and the fast path is checked against it): the same bytes, and
 * every session rule held at once.
 */
describe.each(TEST_DB_KINDS)('the request path in production on %s', (kind) => {
  let t: TestApp;
  let prod: FastifyInstance;
  let ids: NetworkIds;
  const sessions: Record<string, TestSession> = {};

  const REPORTS = [
    '/api/playrep/pointtransferreport?fromDate=2025-03-01&toDate=2025-03-09',
    '/api/playrep/weeklydetailsreport?fromDate=2025-03-03&toDate=2025-03-09',
    '/api/playrep/dailystatus?fromDate=2025-03-04&toDate=2025-03-04',
    '/api/playrep/agentdetails',
    '/api/playrep/balancereport',
    '/api/auth/session',
  ];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set('2025-03-09T12:00:00Z');
    const db = t.app.db;
    ids = await createNetwork(db);
    const house = await ensureHouseAccount(db, 'HOUSE');
    const fund = await createTransfer(db, {
      fromId: house,
      toId: ids.master1,
      amountCents: 10_000_000,
      channel: 'single',
      at: new Date('2025-03-03T04:00:00Z'),
    });
    await acceptTransfer(db, { transferId: fund.id, byAccountId: ids.master1, at: new Date('2025-03-03T04:00:00Z') });
    for (const [i, cents] of [15_000, 27_550, 123_456].entries()) {
      const tr = await createTransfer(db, {
        fromId: ids.master1,
        toId: ids.player1,
        amountCents: cents,
        channel: i === 2 ? 'multiplayer' : 'single',
        at: new Date(Date.UTC(2025, 2, 4 + i, 6)),
      });
      await acceptTransfer(db, { transferId: tr.id, byAccountId: ids.player1, at: new Date(Date.UTC(2025, 2, 4 + i, 7)) });
    }
    prod = await buildApp({
      database: t.database,
      env: readEnv({ NODE_ENV: 'production', REPORTS_PER_ACCOUNT: '64' }),
      clock: t.clock,
      webDist: null,
    });
    await prod.ready();
    for (const username of ['superadmin', 'admin1', 'am1', 'master1', 'master2'])
      sessions[username] = await signIn(prod, username);
  });
  afterAll(async () => {
    await prod?.close();
    await t?.close();
  });

  const get = (app: FastifyInstance, who: string, url: string, gzip = false) =>
    injectAs(app, sessions[who]!, { url, via: 'bearer', ...(gzip ? { headers: { 'accept-encoding': 'gzip' } } : {}) });

  it('answers every report byte for byte as zod serialises it, compressed or not', async () => {
    for (const who of ['superadmin', 'am1', 'master1']) {
      for (const url of REPORTS) {
        const expected = await get(t.app, who, url);
        const plain = await get(prod, who, url);
        const zipped = await get(prod, who, url, true);
        expect(plain.statusCode, `${who} ${url}`).toBe(expected.statusCode);
        expect(plain.rawPayload.equals(expected.rawPayload), `${who} ${url}`).toBe(true);
        const unzipped = zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload) : zipped.rawPayload;
        expect(unzipped.equals(expected.rawPayload), `${who} ${url} (gzip)`).toBe(true);
      }
    }
    // Something to compare: the transfers are there.
    const transfers = (await get(prod, 'master1', REPORTS[0]!)).json() as { data: Record<string, unknown[]> };
    expect(Object.values(transfers.data).flat().length).toBeGreaterThanOrEqual(3);
  });

  it('gives each of many concurrent requests its own account’s answer, and they share session statements', async () => {
    const url = REPORTS[0]!;
    const alone: Record<string, string> = {
      master1: (await get(prod, 'master1', url)).body,
      master2: (await get(prod, 'master2', url)).body,
      am1: (await get(prod, 'am1', '/api/auth/session')).body,
    };
    expect(alone.master1).not.toBe(alone.master2);
    const lookups = sessionLookupsOf(prod.db, prod.clock);
    const statementsBefore = lookups.statements;
    const calls = Array.from({ length: 48 }, (_, i) => {
      const who = ['master1', 'master2', 'am1', 'nobody'][i % 4]!;
      if (who === 'nobody') {
        return prod
          .inject({ url, headers: { authorization: `Bearer ${'N'.repeat(43)}` } })
          .then((res) => ({ who, status: res.statusCode, body: res.body }));
      }
      return get(prod, who, who === 'am1' ? '/api/auth/session' : url).then((res) => ({
        who,
        status: res.statusCode,
        body: res.body,
      }));
    });
    for (const { who, status, body } of await Promise.all(calls)) {
      if (who === 'nobody') expect(status).toBe(401);
      else expect({ who, status, body }).toEqual({ who, status: 200, body: alone[who] });
    }
    expect(lookups.statements - statementsBefore).toBeLessThan(48);
  });

  it('refuses a signed-out session at once, with requests of it and of others under way', async () => {
    const me = await signIn(prod, 'am1');
    const other = sessions.master1!;
    const url = REPORTS[0]!;
    const busy = [
      ...Array.from({ length: 8 }, () => injectAs(prod, me, { url, via: 'bearer' })),
      ...Array.from({ length: 8 }, () => injectAs(prod, other, { url, via: 'bearer' })),
    ];
    const out = await injectAs(prod, me, { url: '/api/auth/logout', method: 'POST', via: 'bearer' });
    expect(out.statusCode).toBe(200);
    const after = await Promise.all([
      injectAs(prod, me, { url, via: 'bearer' }),
      injectAs(prod, me, { url: '/api/auth/session', via: 'bearer' }),
      injectAs(prod, other, { url, via: 'bearer' }),
    ]);
    expect(after.map((res) => res.statusCode)).toEqual([401, 401, 200]);
    for (const res of await Promise.all(busy)) expect([200, 401]).toContain(res.statusCode);
  });

  it('refuses a blocked account and a deactivated one at once', async () => {
    const url = REPORTS[0]!;
    const blocked = await signIn(prod, 'master2');
    const admin = sessions.admin1!;
    const busy = Array.from({ length: 6 }, () => injectAs(prod, blocked, { url, via: 'bearer' }));
    const block = await injectAs(prod, admin, {
      url: '/api/playrep/blockaccount?username=master2',
      method: 'POST',
      via: 'bearer',
    });
    expect(block.statusCode).toBe(200);
    expect((await injectAs(prod, blocked, { url, via: 'bearer' })).statusCode).toBe(401);
    await Promise.all(busy);
    await injectAs(prod, admin, { url: '/api/playrep/unblockaccount?username=master2', method: 'POST', via: 'bearer' });

    const inactive = await signIn(prod, 'am1');
    expect((await injectAs(prod, inactive, { url, via: 'bearer' })).statusCode).toBe(200);
    await setAccountActive(prod.db, 'am1', false, prod.clock.now());
    expect((await injectAs(prod, inactive, { url, via: 'bearer' })).statusCode).toBe(401);
    await setAccountActive(prod.db, 'am1', true, prod.clock.now());
  });

  it('ends a session 30 minutes after sign-in to the millisecond, under concurrent requests too', async () => {
    const me = await signIn(prod, 'sam1');
    const end = new Date(me.expiresAt).getTime();
    const url = '/api/auth/session';
    const burst = () => Promise.all(Array.from({ length: 6 }, () => injectAs(prod, me, { url, via: 'bearer' })));
    try {
      t.clock.set(new Date(end - 1));
      expect((await burst()).map((res) => res.statusCode)).toEqual(Array(6).fill(200));
      t.clock.set(new Date(end));
      expect((await burst()).map((res) => res.statusCode)).toEqual(Array(6).fill(401));
    } finally {
      t.clock.set('2025-03-09T12:00:00Z');
    }
  });
});
