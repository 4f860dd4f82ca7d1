import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** A raw HTTP exchange on a real socket: what Node answers before any request reaches Fastify. */
function rawExchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection once it has answered: the answer is already read.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

/** A tiny built web app with a source map beside its bundle. */
function webDistWithMaps(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playrep-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Playrep</title><script src="/assets/app.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map\n');
  writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"],"mappings":""}');
  return dir;
}

describe('answers of the API and the web app', () => {
  let t: TestApp;
  let am1: TestSession;
  let port: number;
  const webDist = webDistWithMaps();

  beforeAll(async () => {
    t = await buildTestApp('pglite', { webDist, env: { NODE_ENV: 'production' } });
    await createNetwork(t.app.db);
    am1 = await signIn(t.app, 'am1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('marks every API answer Cache-Control: no-store, errors included; web files keep their own', async () => {
    const answers = {
      health: await t.app.inject({ url: '/api/health' }),
      login: await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'am1', password: 'Wrong@1234' } }),
      session: await injectAs(t.app, am1, { url: '/api/auth/session' }),
      report: await injectAs(t.app, am1, { url: '/api/playrep/agentdetails' }),
      badQuery: await injectAs(t.app, am1, { url: '/api/playrep/agentdetails?nope=1' }),
      noSession: await t.app.inject({ url: '/api/playrep/agentdetails' }),
      unknownRoute: await t.app.inject({ url: '/api/no-such-call' }),
      badUrl: await t.app.inject({ url: '/api/%zz' }),
    };
    expect(
      Object.fromEntries(Object.entries(answers).map(([k, res]) => [k, [res.statusCode, res.headers['cache-control']]])),
    ).toEqual({
      health: [200, 'no-store'],
      login: [401, 'no-store'],
      session: [200, 'no-store'],
      report: [200, 'no-store'],
      badQuery: [400, 'no-store'],
      noSession: [401, 'no-store'],
      unknownRoute: [404, 'no-store'],
      badUrl: [400, 'no-store'],
    });
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/am1/reports' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves no source map in production', async () => {
    expect((await t.app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ url: '/assets/app.js.map' });
    expect([map.statusCode, map.json()]).toEqual([404, { message: 'Not found' }]);
    expect(map.body).not.toContain('secret');
  });

  it('answers malformed HTTP (before Fastify sees it) with JSON { message } and the security headers', async () => {
    const malformed = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n');
    const garbage = await rawExchange(port, 'HELLO\r\n\r\n');
    for (const res of [malformed, garbage]) {
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ message: 'Malformed request: it is not valid HTTP' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers headers too large with 431 JSON { message } and the security headers', async () => {
    const res = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request headers too large' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('source maps outside production', () => {
  it('are served as the build has them (the dev build may)', async () => {
    const webDist = webDistWithMaps();
    const t = await buildTestApp('pglite', { webDist, env: { NODE_ENV: 'development' } });
    try {
      expect((await t.app.inject({ url: '/assets/app.js.map' })).statusCode).toBe(200);
    } finally {
      await t.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('HSTS', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusting = await buildTestApp('pglite', { env: { TRUST_PROXY: '127.0.0.1' } });
    plain = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  it('is sent when the request came over https through a trusted proxy, on answers and errors', async () => {
    for (const url of ['/api/health', '/api/no-such-call', '/api/playrep/agentdetails']) {
      const res = await trusting.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is not sent over http, nor when the proxy header is not trusted', async () => {
    const overHttp = await trusting.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await plain.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
