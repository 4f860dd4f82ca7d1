import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import {
  createHolds,
  type Hold,
  type Holds,
  listenForHeldCalls,
  type OpenRequest,
  untilNot429,
} from '../../../test/held-calls.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { REFUSAL_DELAY_MS } from '../../lib/refusal-delay.js';
import { accountExportsMessage, EXPORT_RETRY_AFTER_SECONDS, SERVER_EXPORTS_MESSAGE } from './export-limits.js';
import { sendExport } from './table-export.js';

/**
 * Export bounds and the event loop while files are built. A probe export behind the real report
 * guard (buildApp's `extraReportRoutes`) serves rows the test controls: `hold=<name>` makes it wait
 * before its first row until the test lets it go, so that an export stays running as long as needed.
 */
const COLUMNS = [
  { key: 'srNo', header: 'Sr. No.', type: 'int' },
  { key: 'drawno', header: 'Winning No', type: 'custom' },
  { key: 'date', header: 'Draw Time', type: 'datetime' },
] as const;

async function* probeRows(count: number, hold?: Hold) {
  if (hold) {
    hold.reach();
    await hold.released;
  }
  for (let i = 0; i < count; i++) {
    // The database hands rows over in batches: the event loop turns between them.
    if (i % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield { srNo: i + 1, drawno: String(i % 10), date: new Date(Date.UTC(2025, 0, 1) + i * 90_000).toISOString() };
  }
}

function probes(holds: Holds): FastifyPluginAsync {
  return async (app) => {
    // A report call (no file) that waits on its hold.
    app.get('/playrep/__probe/report', { config: { call: 'drawDetails' } }, async (request) => {
      const hold = holds.get((request.query as { hold: string }).hold);
      hold.reach();
      await hold.released;
      return { ok: true };
    });
    app.get('/playrep/__probe/export', { config: { call: 'drawDetails' } }, async (request, reply) => {
      const query = request.query as { format: 'csv' | 'xlsx'; hold?: string; rows?: string };
      const rows = probeRows(Number(query.rows ?? 3), query.hold ? holds.get(query.hold) : undefined);
      return sendExport(reply, query.format, 'probe', [{ title: 'Probe', columns: COLUMNS, rows }]);
    });
  };
}

interface Listening {
  /** Starts a download on its own connection and reads it to the end; `cancel` closes it. */
  download(session: TestSession, query: string): OpenRequest;
  /** Starts a report call (no file) that waits on the hold `hold`. */
  report(session: TestSession, hold: string): OpenRequest;
}

async function listen(t: TestApp): Promise<Listening> {
  const server = await listenForHeldCalls(t.app);
  return {
    download: (session, query) => server.get(session, `/api/playrep/__probe/export?${query}`),
    report: (session, hold) => server.get(session, `/api/playrep/__probe/report?hold=${hold}`),
  };
}

/** 'running' once the call reaches its hold, or how it was answered without reaching it. */
const outcome = (hold: Hold, call: OpenRequest) =>
  Promise.race([hold.reached.then(() => 'running'), call.done.then((answer) => `answered ${answer.status}`)]);

/** Times `call`: its answer and how long it took to come, in ms. */
async function timed<R>(call: () => Promise<R>): Promise<{ answer: R; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

describe.each(TEST_DB_KINDS)('export limits on %s', (kind) => {
  let t: TestApp;
  let server: Listening;
  const holds = createHolds();
  let player: TestSession;
  /** A second session of the same account (player1). */
  let other: TestSession;
  let player2: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind, { extraReportRoutes: probes(holds) });
    await createNetwork(t.app.db);
    player = await signIn(t.app, 'player1');
    other = await signIn(t.app, 'player1');
    player2 = await signIn(t.app, 'player2');
    server = await listen(t);
  });
  afterAll(async () => {
    holds.releaseAll();
    await t?.close();
  });

  const exportNow = (session: TestSession, query = 'format=csv') =>
    injectAs(t.app, session, { url: `/api/playrep/__probe/export?${query}` });

  it('runs two exports of one account at once, whatever its sessions, and refuses the third with 429 and Retry-After, until one ends', async () => {
    // One export from each of the account's two sessions.
    const first = server.download(player, 'format=xlsx&hold=a1');
    const second = server.download(other, 'format=csv&hold=a2');
    await Promise.all([holds.get('a1').reached, holds.get('a2').reached]);

    for (const session of [player, other]) {
      const third = await exportNow(session);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: accountExportsMessage(2) });
      expect(third.json().message).toBe(
        'You already have 2 downloads being prepared. Please wait for one to finish, then try again.',
      );
      expect(third.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    }
    // A third session of the same account, signed in now, gets no slot of its own either.
    expect((await exportNow(await signIn(t.app, 'player1'))).statusCode).toBe(429);
    // The real report calls are bounded the same way; the same report without `format` is not an export.
    const drawExport = await injectAs(t.app, player, { url: '/api/playrep/drawdetails?gameId=MNOQqWWi&format=csv' });
    expect(drawExport.statusCode).toBe(429);
    expect((await injectAs(t.app, player, { url: '/api/playrep/drawdetails?gameId=MNOQqWWi' })).statusCode).toBe(200);
    // Another account has slots of its own.
    expect((await exportNow(player2)).statusCode).toBe(200);

    // A download that completes frees its slot...
    holds.get('a1').release();
    expect((await first.done).status).toBe(200);
    const afterFirst = await untilNot429(() => exportNow(player));
    expect(afterFirst.statusCode).toBe(200);
    // ...and so does one the caller gives up on half-way.
    const third2 = server.download(player, 'format=csv&hold=a3');
    await holds.get('a3').reached;
    expect((await exportNow(player)).statusCode).toBe(429);
    third2.cancel();
    expect((await untilNot429(() => exportNow(player))).statusCode).toBe(200);

    holds.get('a2').release();
    holds.get('a3').release();
    expect((await second.done).status).toBe(200);
  });

  it('answers a refused download after the same delay as a refused report call, holding no place of the account meanwhile', async () => {
    const running = [server.download(player, 'format=csv&hold=r1'), server.download(other, 'format=csv&hold=r2')];
    await Promise.all([holds.get('r1').reached, holds.get('r2').reached]);
    const refused = timed(() => exportNow(player));
    // While the refusal waits, the account's two other report calls run: it holds none of its four places.
    const reports = [server.report(player, 'r3'), server.report(other, 'r4')];
    const { answer, ms } = await refused;
    expect([answer.statusCode, answer.json().message]).toEqual([429, accountExportsMessage(2)]);
    // Timers may fire a millisecond early.
    expect(ms).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);
    expect(await Promise.all([outcome(holds.get('r3'), reports[0]!), outcome(holds.get('r4'), reports[1]!)])).toEqual([
      'running',
      'running',
    ]);
    // A refused report call waits as long.
    const report = await timed(() => injectAs(t.app, player, { url: '/api/playrep/__probe/report?hold=r5' }));
    expect(report.answer.statusCode).toBe(429);
    expect(report.ms).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);

    holds.releaseAll();
    expect((await Promise.all([...running, ...reports].map((r) => r.done))).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('frees every slot of finished exports: many in a row all pass', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await exportNow(player, i % 2 ? 'format=csv' : 'format=xlsx');
      expect(res.statusCode).toBe(200);
    }
  });

  // The workbooks' rows are made here, not read from the database: built once, on the first kind.
  it.runIf(kind === TEST_DB_KINDS[0])(
    'keeps the event loop free while three large workbooks are built',
    { timeout: 300_000 },
    async () => {
      const sessions = [player, other, player2];
      // How much of the time the server's event loop (this process's main thread) is busy while the
      // exports run. It is a share of the time, so a loaded machine that slows everything down does
      // not move it much, unlike a latency (the latency of /api/health under exports is measured by
      // `npm run bench:exports`).
      const before = performance.eventLoopUtilization();
      const results = await Promise.all(sessions.map((s) => server.download(s, 'format=xlsx&rows=200000').done));
      const busy = performance.eventLoopUtilization(before).utilization;
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(Math.min(...results.map((r) => r.bytes))).toBeGreaterThan(4_000_000);
      // Measured on a loaded 2-core machine: 17% in worker threads, 100% on the event loop.
      expect(busy, 'share of the time the event loop was busy').toBeLessThan(0.6);
    },
  );
});

describe.each(TEST_DB_KINDS)('the server-wide export limit on %s', (kind) => {
  let t: TestApp;
  let server: Listening;
  const holds = createHolds();

  beforeAll(async () => {
    t = await buildTestApp(kind, { extraReportRoutes: probes(holds), env: { EXPORTS_PER_SERVER: '3' } });
    await createNetwork(t.app.db);
    server = await listen(t);
  });
  afterAll(async () => {
    holds.releaseAll();
    await t?.close();
  });

  it('builds EXPORTS_PER_SERVER exports at once, whoever asks, and refuses more with 429 and Retry-After', async () => {
    const [a, b, c] = [await signIn(t.app, 'am1'), await signIn(t.app, 'master1'), await signIn(t.app, 'player1')];
    const running = [server.download(a, 'format=csv&hold=s1'), server.download(a, 'format=csv&hold=s2')];
    running.push(server.download(b, 'format=xlsx&hold=s3'));
    await Promise.all(['s1', 's2', 's3'].map((name) => holds.get(name).reached));

    const { answer: refused, ms } = await timed(() => injectAs(t.app, c, { url: '/api/playrep/__probe/export?format=csv' }));
    expect(refused.statusCode).toBe(429);
    expect(ms).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);
    expect(refused.json()).toEqual({ message: SERVER_EXPORTS_MESSAGE });
    expect(refused.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));

    holds.get('s3').release();
    expect((await running[2]!.done).status).toBe(200);
    const next = await untilNot429(() => injectAs(t.app, c, { url: '/api/playrep/__probe/export?format=csv' }));
    expect(next.statusCode).toBe(200);
    holds.releaseAll();
    expect((await Promise.all(running.map((r) => r.done))).map((r) => r.status)).toEqual([200, 200, 200]);
  });
});
