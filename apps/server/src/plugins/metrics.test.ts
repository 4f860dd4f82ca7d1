import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn } from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createFeedKey } from '../modules/feed/keys.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && wanted.every((label) => l.slice(0, l.indexOf('}')).includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

// Metrics do not depend on the database kind: the embedded one is enough.
describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  const scrape = (authorization?: string) => t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only with the metrics token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-0000000')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests and their latency by call, and shows the pool and the feed', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const am1 = await signIn(t.app, 'am1');
    for (let i = 0; i < 3; i++) expect((await injectAs(t.app, am1, { url: '/api/playrep/agentdetails' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/playrep/agentdetails' })).statusCode).toBe(401);

    const { key } = await createFeedKey(t.app.db, 'metrics-test', t.clock.now());
    const fed = await t.app.inject({
      method: 'POST',
      url: '/api/feed/v1/events',
      headers: { authorization: `Bearer ${key}` },
      payload: { events: [{ id: 'm-cafe-1', type: 'cafe', cafeId: 'metrics-cafe', master: 'master1', name: 'Metrics Cafe' }] },
    });
    expect(fed.statusCode).toBe(200);

    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const count = (text: string, status: string) =>
      sample(text, 'playrep_http_requests_total', { call: 'agentDetails', method: 'GET', status }) ?? 0;
    expect(count(after, '200') - count(before, '200')).toBe(3);
    expect(count(after, '401') - count(before, '401')).toBe(1);
    const observed = (text: string) => sample(text, 'playrep_http_request_duration_seconds_count', { call: 'agentDetails' }) ?? 0;
    expect(observed(after) - observed(before)).toBe(4);
    expect(sample(after, 'playrep_feed_events_applied', { type: 'cafe' })).toBe(1);
    expect(sample(after, 'playrep_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const t = await buildTestApp('pglite');
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything-anything-anything' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
