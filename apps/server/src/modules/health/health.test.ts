import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';

describe.each(TEST_DB_KINDS)('app basics on %s', (kind) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'playrep-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Playrep</title><div id="root"></div>'.padEnd(4000, ' '),
    );
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    t = await buildTestApp(kind, { webDist });
  });
  afterAll(async () => t?.close());

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: kind });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'No such API route: GET /api/nope' });
  });

  it('needs a session for every /api/playrep path, known or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/playrep/pointtransferreport' });
    expect([401, 404]).toContain(res.statusCode);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('serves index.html for client routes, compressed, with security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/master/reports/revenue', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, never index.html (assets, extensions, favicon)', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/app-old999.css',
      '/favicon.ico',
      '/robots.txt',
      '/assets/deep/x',
      '/master/reports/x.map',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ message: 'Not found' });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Client routes (no extension) still get the app, also with a query or a trailing slash.
    for (const url of ['/', '/auth/login', '/am/reports/balancereport?agentId=master1', '/master/reports/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('answers a URL it cannot decode with 400 { message } and the security headers', async () => {
    for (const url of ['/api/%zz', '/%zz', '/api/playrep/balancereport%', '/assets/%E0%A4%A.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ message: 'Malformed URL: it has an invalid percent-encoding' });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('turns malformed JSON into a 400 with a message and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers 503 when the database cannot be reached', async () => {
    const broken = await buildTestApp(kind);
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: { pglite: 'The database (embedded) cannot be reached', postgres: 'The database (PostgreSQL) cannot be reached' }[
        kind
      ],
      db: kind,
    });
    await broken.app.close();
    await broken.database.destroy().catch(() => {});
  });
});
