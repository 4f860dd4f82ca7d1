import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { badRequest } from '../lib/http-error.js';
import { registerErrorHandling } from './error-handler.js';

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() };
}

describe('error answers', () => {
  it('an HttpError keeps its status and message', async () => {
    expect(await answerTo(badRequest('To Date must not be before From Date'))).toEqual({
      status: 400,
      retryAfter: undefined,
      body: { message: 'To Date must not be before From Date' },
    });
  });

  it('a pool with no free connection is 503 with Retry-After, not a 500', async () => {
    expect(await answerTo(new Error('timeout exceeded when trying to connect'))).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: 'The server is busy. Please try again in a few seconds.' },
    });
  });

  it('an unreachable database is 503; anything else is 500 without internals', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect((await answerTo(refused)).status).toBe(503);
    expect(await answerTo(new Error('relation "x" does not exist'))).toEqual({
      status: 500,
      retryAfter: undefined,
      body: { message: 'Something went wrong' },
    });
  });
});
