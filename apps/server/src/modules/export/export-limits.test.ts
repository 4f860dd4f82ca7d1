import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { EXPORT_RETRY_AFTER_SECONDS, SERVER_EXPORTS_MESSAGE, sessionExportsMessage } from './export-limits.js';
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

interface Hold {
  /** Resolved when the export asks for its first row (its slot is taken by then). */
  reached: Promise<void>;
  release(): void;
}

function createHolds() {
  const holds = new Map<string, Hold & { reach(): void; released: Promise<void> }>();
  const get = (name: string) => {
    let hold = holds.get(name);
    if (!hold) {
      let reach = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        reach = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { reached, reach, release, released };
      holds.set(name, hold);
    }
    return hold;
  };
  const releaseAll = () => {
    for (const hold of holds.values()) hold.release();
  };
  return { get, releaseAll };
}

async function* probeRows(count: number, hold?: { reach(): void; released: Promise<void> }) {
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

function probes(holds: ReturnType<typeof createHolds>): FastifyPluginAsync {
  return async (app) => {
    app.get('/playrep/__probe/export', { config: { call: 'drawdetails' } }, async (request, reply) => {
      const query = request.query as { format: 'csv' | 'xlsx'; hold?: string; rows?: string };
      const rows = probeRows(Number(query.rows ?? 3), query.hold ? holds.get(query.hold) : undefined);
      return sendExport(reply, query.format, 'probe', [{ title: 'Probe', columns: COLUMNS, rows }]);
    });
  };
}

interface Listening {
  port: number;
  /** Starts a download on its own connection and reads it to the end; `cancel` closes it. */
  download(session: TestSession, query: string): { done: Promise<{ status: number; bytes: number }>; cancel(): void };
}

async function listen(t: TestApp): Promise<Listening> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    port,
    download(session, query) {
      let request: http.ClientRequest | undefined;
      const done = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
        request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/playrep/__probe/export?${query}`,
            headers: { authorization: `Bearer ${session.token}` },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
            res.on('error', reject);
          },
        );
        request.on('error', reject);
      });
      done.catch(() => {});
      return { done, cancel: () => request?.destroy() };
    },
  };
}

/** Retries `probe` until it answers something else than 429 (a slot is freed when the server sees the close). */
async function untilNot429(probe: () => Promise<{ statusCode: number }>) {
  for (let i = 0; ; i++) {
    const res = await probe();
    if (res.statusCode !== 429 || i >= 100) return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(TEST_DB_KINDS)('export limits on %s', (kind) => {
  let t: TestApp;
  let server: Listening;
  const holds = createHolds();
  let player: TestSession;
  let other: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind, { extraReportRoutes: probes(holds) });
    await createNetwork(t.app.db);
    player = await signIn(t.app, 'player1');
    other = await signIn(t.app, 'player1');
    server = await listen(t);
  });
  afterAll(async () => {
    holds.releaseAll();
    await t?.close();
  });

  const exportNow = (session: TestSession, query = 'format=csv') =>
    injectAs(t.app, session, { url: `/api/playrep/__probe/export?${query}` });

  it('runs two exports of one session at once and refuses the third with 429 and Retry-After, until one ends', async () => {
    const first = server.download(player, 'format=xlsx&hold=a1');
    const second = server.download(player, 'format=csv&hold=a2');
    await Promise.all([holds.get('a1').reached, holds.get('a2').reached]);

    const third = await exportNow(player);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: sessionExportsMessage(2) });
    expect(third.json().message).toBe(
      'You already have 2 downloads being prepared. Please wait for one to finish, then try again.',
    );
    expect(third.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    // The real report calls are bounded the same way; the same report without `format` is not an export.
    const drawExport = await injectAs(t.app, player, { url: '/api/playrep/drawdetails?gameId=MNOQqWWi&format=csv' });
    expect(drawExport.statusCode).toBe(429);
    expect((await injectAs(t.app, player, { url: '/api/playrep/drawdetails?gameId=MNOQqWWi' })).statusCode).toBe(200);
    // Another session of the same account has slots of its own.
    expect((await exportNow(other)).statusCode).toBe(200);

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

  it('frees every slot of finished exports: many in a row all pass', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await exportNow(player, i % 2 ? 'format=csv' : 'format=xlsx');
      expect(res.statusCode).toBe(200);
    }
  });

  it('keeps the event loop free while three large workbooks are built', { timeout: 300_000 }, async () => {
    const sessions = [player, other, await signIn(t.app, 'player2')];
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
  });
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

    const refused = await injectAs(t.app, c, { url: '/api/playrep/__probe/export?format=csv' });
    expect(refused.statusCode).toBe(429);
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
