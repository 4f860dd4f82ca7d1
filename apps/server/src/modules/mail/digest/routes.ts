import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../../config/env.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { unsubscribeKeyOf, unsubscribeLinks } from '../index.js';
import type { DigestLinks } from './make.js';
import { digestNow, mailNewsState, setBigWinEmails, setDigest } from './settings.js';

/** The digest's links on this server: PUBLIC_URL, and the digest's own unsubscribe page of an account. */
export function digestLinksOf(app: FastifyInstance): DigestLinks {
  const key = unsubscribeKeyOf(app.database.db);
  return {
    publicUrl: publicUrl(app.env),
    unsubscribe: async (accountId) => (await unsubscribeLinks(app, key, accountId, 'digest')).unsubscribe,
  };
}

/**
 * The account page's news by mail (every agent and manager): the settings of the daily digest and
 * of big-win alerts, and "Send me the digest now". All about the caller's own account, on the primary.
 */
export function digestHandlers(
  app: FastifyInstance,
): EndpointHandlers<'mailNews' | 'digestEmails' | 'digestNow' | 'bigWinEmails'> {
  const primary = app.database.db;
  const links = digestLinksOf(app);
  const answer = async (accountId: string, message: string) => ({
    message,
    ...(await mailNewsState(primary, accountId, app.clock.now())),
  });
  return {
    mailNews: async (request) => mailNewsState(primary, request.auth.accountId, app.clock.now()),
    digestEmails: async (request) => {
      const { accountId } = request.auth;
      return answer(accountId, await setDigest(primary, accountId, request.query, app.clock.now()));
    },
    digestNow: async (request) => {
      const { accountId } = request.auth;
      return answer(accountId, await digestNow(primary, links, accountId, app.clock.now()));
    },
    bigWinEmails: async (request) => {
      const { accountId } = request.auth;
      return answer(accountId, await setBigWinEmails(primary, accountId, request.query.on, app.clock.now()));
    },
  };
}
