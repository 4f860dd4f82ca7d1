import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { badField, badRequest } from '../lib/http-error.js';
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

/** The answer to a request whose route, labelled as an endpoint's, throws `error`. */
async function answerOfLabelledRoute(error: Error, labels: Record<string, string>) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/labelled', { config: { labels } }, async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/labelled' });
  await app.close();
  return [res.statusCode, res.json()];
}

describe('error answers', () => {
  it('a refused field is named by its label on the call’s screen, or without one by its name', async () => {
    const labels = { threshold: 'Big wins from (points)', newPassword: 'New password' };
    expect(await answerOfLabelledRoute(badField('threshold', 'must be more than 0'), labels)).toEqual([
      400,
      { message: 'Big wins from (points) must be more than 0' },
    ]);
    expect(await answerOfLabelledRoute(badField('newPassword', 'It must contain at least one digit.'), labels)).toEqual([
      400,
      { message: 'New password: It must contain at least one digit.' },
    ]);
    expect(await answerOfLabelledRoute(badField('sort', 'must be asc or desc'), labels)).toEqual([
      400,
      { message: 'sort: must be asc or desc' },
    ]);
    expect(await answerTo(badField('events.0.type', 'is required'))).toMatchObject({
      body: { message: 'events.0.type: is required' },
    });
  });

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

  it('a database that cannot be reached or went away mid-request is 503 with Retry-After; anything else is 500 without internals', async () => {
    const unavailable = {
      status: 503,
      retryAfter: '2',
      body: { message: 'The database is not available. Please try again shortly.' },
    };
    const driver = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
    // Drizzle wraps the driver's error, with the statement, in `cause`.
    const failedQuery = (cause: Error) => new DrizzleQueryError('insert into "plays" ...', [], cause);
    for (const error of [
      driver('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      failedQuery(driver('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      // Stopped (fast, or immediate: a crash), starting up, or a connection exception.
      failedQuery(driver('terminating connection due to administrator command', '57P01')),
      failedQuery(driver('terminating connection because of crash of another server process', '57P02')),
      driver('the database system is starting up', '57P03'),
      driver('connection failure', '08006'),
      // node-postgres's own, without a code: the connection ended under a statement, or before it.
      failedQuery(driver('Connection terminated unexpectedly')),
      failedQuery(driver('Client has encountered a connection error and is not queryable')),
      driver('Connection terminated due to connection timeout'),
    ]) {
      expect(await answerTo(error), String(error.cause ?? error)).toEqual(unavailable);
    }
    expect(await answerTo(new Error('relation "x" does not exist'))).toEqual({
      status: 500,
      retryAfter: undefined,
      body: { message: 'Something went wrong' },
    });
  });
});
