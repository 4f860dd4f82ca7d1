import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../test/fixtures/network.js';
import { createHolds, type Holds, listenForHeldCalls, untilNot429 } from '../../test/held-calls.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { REFUSAL_DELAY_MS } from '../lib/refusal-delay.js';
import { sendExport } from '../modules/export/table-export.js';

/**
 * Report calls in flight per account. Probe reports behind the real report guard (buildApp's
 * `extraReportRoutes`) wait on a hold the test names (`hold=<name>`) until it lets them go, so that
 * a call stays in flight as long as needed; without `hold` they answer at once.
 */
const GAME = 'MNOQqWWi';
const BUSY = 'You already have 4 reports being prepared. Please wait for one to finish, then try again.';

function probes(holds: Holds): FastifyPluginAsync {
  return async (app) => {
    app.get('/playrep/__probe/report', { config: { call: 'drawDetails' } }, async (request) => {
      const { hold } = request.query as { hold?: string };
      if (hold) {
        holds.get(hold).reach();
        await holds.get(hold).released;
      }
      return { ok: true };
    });
    app.get('/playrep/__probe/export', { config: { call: 'drawDetails' } }, async (request, reply) => {
      const hold = holds.get((request.query as { hold: string }).hold);
      async function* rows() {
        hold.reach();
        await hold.released;
        yield { srNo: 1 };
      }
      return sendExport(reply, 'csv', 'probe', [
        { title: 'Probe', columns: [{ key: 'srNo', header: 'Sr. No.', type: 'int' }], rows: rows() },
      ]);
    });
  };
}

describe.each(TEST_DB_KINDS)('report calls in flight per account on %s', (kind) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listenForHeldCalls>>;
  const holds = createHolds();
  let player: TestSession;
  /** A second session of the same account (player1). */
  let other: TestSession;
  let player2: TestSession;
  let ids: NetworkIds;

  beforeAll(async () => {
    t = await buildTestApp(kind, { extraReportRoutes: probes(holds) });
    ids = await createNetwork(t.app.db);
    player = await signIn(t.app, 'player1');
    other = await signIn(t.app, 'player1');
    player2 = await signIn(t.app, 'player2');
    server = await listenForHeldCalls(t.app);
  });
  afterAll(async () => {
    holds.releaseAll();
    await t?.close();
  });

  const openConnections = () =>
    new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  const reportNow = (session: TestSession) => injectAs(t.app, session, { url: '/api/playrep/__probe/report' });
  const held = (session: TestSession, name: string) => server.get(session, `/api/playrep/__probe/report?hold=${name}`);

  it('runs 4 report calls of one account at once, whatever its sessions, and refuses a fifth with 429, Retry-After and why', async () => {
    const running = [held(player, 'a1'), held(player, 'a2'), held(other, 'a3'), held(other, 'a4')];
    await Promise.all(['a1', 'a2', 'a3', 'a4'].map((name) => holds.get(name).reached));

    for (const session of [player, other, await signIn(t.app, 'player1')]) {
      const asked = performance.now();
      const fifth = await reportNow(session);
      // Answered after the refusal delay, not at once (timers may fire a millisecond early).
      expect(performance.now() - asked).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toEqual({ message: BUSY });
      expect(fifth.headers['retry-after']).toBe('2');
    }
    // The real reports and their exports are refused the same way, before any query runs.
    for (const url of [`/api/playrep/drawdetails?gameId=${GAME}`, `/api/playrep/drawdetails?gameId=${GAME}&format=csv`]) {
      const res = await injectAs(t.app, player, { url });
      expect(res.statusCode, url).toBe(429);
      expect(res.json(), url).toEqual({ message: BUSY });
    }
    // Another account is not held up, and a call without a session is still a 401.
    expect((await reportNow(player2)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/playrep/__probe/report' })).statusCode).toBe(401);

    // A call that completes frees its place.
    holds.get('a1').release();
    expect((await running[0]!.done).status).toBe(200);
    expect((await untilNot429(() => reportNow(player))).statusCode).toBe(200);
    holds.releaseAll();
    expect((await Promise.all(running.map((r) => r.done))).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('keeps the place of a call its caller gave up on until its handler has finished', async () => {
    const running = [held(player, 'b1'), held(player, 'b2'), held(player, 'b3'), held(player, 'b4')];
    await Promise.all(['b1', 'b2', 'b3', 'b4'].map((name) => holds.get(name).reached));
    running[0]!.cancel();
    // Until the server has seen the connection close.
    while ((await openConnections()) > 3) await new Promise((resolve) => setTimeout(resolve, 10));
    // Its work is still going on: no place yet.
    expect((await reportNow(player)).statusCode).toBe(429);
    holds.get('b1').release();
    expect((await untilNot429(() => reportNow(player))).statusCode).toBe(200);
    holds.releaseAll();
    await Promise.all(running.slice(1).map((r) => r.done));
  });

  it('counts exports as report calls: two downloads and two reports fill the account', async () => {
    const running = [
      server.get(player, '/api/playrep/__probe/export?hold=c1'),
      server.get(other, '/api/playrep/__probe/export?hold=c2'),
      held(player, 'c3'),
      held(other, 'c4'),
    ];
    await Promise.all(['c1', 'c2', 'c3', 'c4'].map((name) => holds.get(name).reached));
    const refused = await reportNow(player);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: BUSY });
    // A download broken off half-way frees its place (the export stops with it).
    running[0]!.cancel();
    expect((await untilNot429(() => reportNow(player))).statusCode).toBe(200);
    holds.releaseAll();
    await Promise.all(running.slice(1).map((r) => r.done));
  });

  it('frees the place of every call that ends, in error or refused by the guard: many in a row all pass', async () => {
    for (let i = 0; i < 6; i++) {
      // Unknown game (404), an account outside the caller's scope (403), a bad parameter (400).
      expect((await injectAs(t.app, player, { url: '/api/playrep/drawdetails?gameId=nope' })).statusCode).toBe(404);
      expect(
        (await injectAs(t.app, player, { url: `/api/playrep/drawdetails?gameId=${GAME}&id=${ids.player3}` })).statusCode,
      ).toBe(403);
      expect((await injectAs(t.app, player, { url: `/api/playrep/drawdetails?gameId=${GAME}&page=0` })).statusCode).toBe(400);
    }
    expect((await reportNow(player)).statusCode).toBe(200);
  });
});

describe('REPORTS_PER_ACCOUNT', () => {
  let t: TestApp;
  const holds = createHolds();

  beforeAll(async () => {
    t = await buildTestApp('pglite', { extraReportRoutes: probes(holds), env: { REPORTS_PER_ACCOUNT: '1' } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => {
    holds.releaseAll();
    await t?.close();
  });

  it('sets how many report calls one account may have in flight', async () => {
    const am1 = await signIn(t.app, 'am1');
    const first = injectAs(t.app, am1, { url: '/api/playrep/__probe/report?hold=d1' });
    await holds.get('d1').reached;
    const second = await injectAs(t.app, am1, { url: '/api/playrep/__probe/report' });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      message: 'You already have a report being prepared. Please wait for it to finish, then try again.',
    });
    holds.get('d1').release();
    expect((await first).statusCode).toBe(200);
    expect((await injectAs(t.app, am1, { url: '/api/playrep/__probe/report' })).statusCode).toBe(200);
  });
});
