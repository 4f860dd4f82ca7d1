import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { EMAIL_MESSAGES } from '@playrep/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type NetworkIds } from '../../test/fixtures/network.js';
import { ManualClock } from '../../test/manual-clock.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { buildApp } from '../app.js';
import { unsubscribeKeyOf, unsubscribeQuery } from '../modules/mail/unsubscribe.js';
import { readEnv } from './env.js';
import { serverLogger } from './log-output.js';
import { hideUrlSecrets } from './log-redaction.js';

/** A stand-in for standard output, a terminal or not, keeping what is written to it. */
function fakeStdout(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let written = '';
  stream.on('data', (chunk) => {
    written += chunk;
  });
  return {
    stream,
    text: () => stripVTControlCharacters(written),
    /** Waits until `count` lines are out (the readable format is written through a stream). */
    async lines(count: number): Promise<string[]> {
      for (let i = 0; i < 100 && written.split('\n').filter(Boolean).length < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return stripVTControlCharacters(written).split('\n').filter(Boolean);
    },
  };
}

/** Sends `target` as the request line's target as it is, on a connection of its own (inject() drops a fragment). */
function rawGet(app: FastifyInstance, target: string): Promise<string> {
  const { port } = app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('hiding the secrets of a URL', () => {
  it('writes the value of every query parameter named token, in any case or encoding, and anything after # as (hidden)', () => {
    expect(hideUrlSecrets('/api/mail/unsubscribe?account=4b7c&token=Zm9vYmFy')).toBe(
      '/api/mail/unsubscribe?account=4b7c&token=(hidden)',
    );
    expect(hideUrlSecrets('/mail/unsubscribe?TOKEN=abc&Token=def&to%6Ben=ghi&account=x')).toBe(
      '/mail/unsubscribe?TOKEN=(hidden)&Token=(hidden)&to%6Ben=(hidden)&account=x',
    );
    expect(hideUrlSecrets('/auth/welcome#s3cr3t-link')).toBe('/auth/welcome#(hidden)');
    expect(hideUrlSecrets('https://backoffice.example.com/mail/unsubscribe?token=abc#more')).toBe(
      'https://backoffice.example.com/mail/unsubscribe?token=(hidden)#(hidden)',
    );
    // Nothing else changes.
    for (const url of ['/api/health', '/api/playrep/drawdetails?gameId=MNOQqWWi&format=csv', '/x?tokens=1&mytoken=2&token']) {
      expect(hideUrlSecrets(url)).toBe(url);
    }
  });

  it('hides them in messages and errors too', async () => {
    const output = fakeStdout(false);
    const app = Fastify({ logger: serverLogger('info', output.stream) });
    app.log.info('Route POST:/api/mail/unsubscribe?account=a&token=leaked1 not found');
    app.log.error({ err: new Error('Reply was already sent for GET:/mail/unsubscribe?token=leaked2') }, 'failed');
    app.log.warn(new Error('in the "/auth/welcome#leaked3" route'));
    await app.close();
    const text = (await output.lines(3)).join('\n');
    expect(text).not.toMatch(/leaked/);
    expect(text).toContain('/api/mail/unsubscribe?account=a&token=(hidden) not found');
    expect(text).toContain('GET:/mail/unsubscribe?token=(hidden)');
    expect(text).toContain('/auth/welcome#(hidden)');
  });
});

describe.each(TEST_DB_KINDS)('the request log of the server on %s', (kind) => {
  let database: TestDatabase;
  let ids: NetworkIds;
  let query: string;
  let signature: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ids = await createNetwork(database.db);
    query = unsubscribeQuery(await unsubscribeKeyOf(database.db)(), ids.master1);
    signature = new URLSearchParams(query).get('token')!;
  });
  afterAll(async () => database?.destroy());

  /** The real app logging as `npm start` does to `output`; `use` gets it listening. */
  async function withApp(output: ReturnType<typeof fakeStdout>, use: (app: FastifyInstance) => Promise<void>) {
    const app = await buildApp({
      database,
      env: readEnv({ NODE_ENV: 'test' }),
      clock: new ManualClock(),
      webDist: null,
      logger: serverLogger('info', output.stream),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await use(app);
    } finally {
      await app.close();
    }
  }

  it('holds no unsubscribe token: the call, its page and a wrong one are logged with token=(hidden)', async () => {
    const output = fakeStdout(false);
    await withApp(output, async (app) => {
      const done = await app.inject({ method: 'POST', url: `/api/mail/unsubscribe?${query}` });
      expect(done.json()).toEqual({ message: EMAIL_MESSAGES.unsubscribed, username: 'master1' });
      const wrong = await app.inject({ method: 'POST', url: `/api/mail/unsubscribe?account=${ids.master2}&token=${signature}` });
      expect(wrong.statusCode).toBe(400);
      // The page the mail links to (here without the web app's files: 404).
      await app.inject({ url: `/mail/unsubscribe?${query}` });
    });
    // The listening line, then two lines a request.
    const entries = (await output.lines(7)).map((line) => JSON.parse(line));
    const urls = entries.filter((entry) => entry.req).map((entry) => entry.req.url);
    expect(urls).toEqual([
      `/api/mail/unsubscribe?account=${ids.master1}&token=(hidden)`,
      `/api/mail/unsubscribe?account=${ids.master2}&token=(hidden)`,
      `/mail/unsubscribe?account=${ids.master1}&token=(hidden)`,
    ]);
    expect(output.text()).not.toContain(signature);
  });

  it('holds nothing after # of a request, in JSON and at a terminal', async () => {
    for (const isTTY of [false, true]) {
      const output = fakeStdout(isTTY);
      await withApp(output, async (app) => {
        expect(await rawGet(app, '/auth/welcome#sign-in-secret')).toMatch(/^HTTP\/1\.1 404/);
        expect(await rawGet(app, '/api/health?token=health-secret#more-secret')).toMatch(/^HTTP\/1\.1 \d{3}/);
      });
      const lines = await output.lines(5);
      const text = lines.join('\n');
      expect(text).not.toMatch(/secret/);
      if (isTTY) {
        expect(text).toContain('incoming request GET /auth/welcome#(hidden)');
        expect(text).toContain('incoming request GET /api/health?token=(hidden)#(hidden)');
      } else {
        expect(lines.map((line) => JSON.parse(line).req?.url).filter(Boolean)).toEqual([
          '/auth/welcome#(hidden)',
          '/api/health?token=(hidden)#(hidden)',
        ]);
      }
    }
  });
});
