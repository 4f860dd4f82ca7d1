import { ACCESS_MESSAGES, TWO_STEP_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config/env.js';
import { badRequest } from '../../../lib/http-error.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { resolveInScope } from '../../../plugins/scope.js';
import type { ActivityBy } from '../../activity/record.js';
import { sessionOf } from '../gate/request-session.js';
import { toAuthUser } from '../gate/users.js';
import { clearTwoStep, createAccount, issueBulkLinks, issueOneLink, requireManaged, setBlocked } from './commands.js';
import { accountRow } from './present.js';
import { countManagedAccounts, listManagedAccounts } from './queries.js';

/** The caller as the activity records it: its account, address and device. */
const byCaller = (request: FastifyRequest): ActivityBy & { actor: { accountId: string } } => ({
  actor: { accountId: sessionOf(request).accountId },
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

/** A scope-checked account parameter: the scope guard resolved every one the call names. */
function scopedParameter(request: FastifyRequest, name: 'username' | 'accountId') {
  const account = request.scoped[name];
  if (!account) throw badRequest(`${name}: is required`);
  return account;
}

type ManagerCall = 'accounts' | 'issueLink' | 'issueLinks' | 'blockAccount' | 'unblockAccount' | 'twoStepClear';

/**
 * What a manager does about the accounts below it (docs/domain.md, "Access"): the Accounts screen,
 * sign-in links, block and unblock, clearing a lost two-step. Report calls: the scope guard has
 * checked every account named. Actions write on the primary.
 */
export function managerHandlers(app: FastifyInstance): EndpointHandlers<ManagerCall> {
  const primary = app.database.db;
  const issueInput = (request: FastifyRequest) => ({
    issuedBy: sessionOf(request).accountId,
    by: byCaller(request),
    now: app.clock.now(),
    ttlHours: app.env.SIGN_IN_LINK_TTL_HOURS,
    publicUrl: publicUrl(app.env),
  });
  const managed = (request: FastifyRequest) => requireManaged(sessionOf(request).accountId, scopedParameter(request, 'username'));
  return {
    accounts: async (request) => {
      const { query } = request;
      const now = app.clock.now();
      const filters = { role: query.role, state: query.state, q: query.q || undefined };
      const order = { sort: query.sort, order: query.order };
      const managerId = request.subject.id;
      const list = async (page: { offset: number; limit: number | null }) =>
        (await listManagedAccounts(app.db, managerId, filters, { ...order, ...page }, now)).map(accountRow);
      return {
        // A download holds every account the filters keep; the screen one page.
        download: async () => ({
          about: [request.subject.username],
          sheets: { accounts: await list({ offset: 0, limit: null }) },
        }),
        json: async () => {
          const [data, total] = await Promise.all([
            list({ offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
            countManagedAccounts(app.db, managerId, filters, now),
          ]);
          return { data, total, page: query.page, pageSize: query.pageSize };
        },
      };
    },

    issueLink: async (request) => {
      const link = await issueOneLink(primary, managed(request), issueInput(request));
      return { message: ACCESS_MESSAGES.linkIssued(link.username, app.env.SIGN_IN_LINK_TTL_HOURS), link };
    },

    issueLinks: async (request) => {
      const caller = sessionOf(request);
      const links = await issueBulkLinks(
        primary,
        { usernames: request.body.usernames, role: request.query.role },
        issueInput(request),
      );
      return {
        // The links are only ever answered as a file: the query asks for CSV unless it names Excel.
        json: () => {
          throw new Error('issueLinks answers a file only');
        },
        download: () => ({ about: [caller.username], sheets: { links } }),
      };
    },

    blockAccount: async (request) => {
      const account = managed(request);
      const state = await setBlocked(primary, account, { blocked: true, by: byCaller(request), now: app.clock.now() });
      return { message: ACCESS_MESSAGES.blocked(account.username), state };
    },

    unblockAccount: async (request) => {
      const account = managed(request);
      const state = await setBlocked(primary, account, { blocked: false, by: byCaller(request), now: app.clock.now() });
      // Inactive on the platform: unblocked, but it still cannot sign in.
      const message = state === 'inactive' ? ACCESS_MESSAGES.unblockedInactive : ACCESS_MESSAGES.unblocked;
      return { message: message(account.username), state };
    },

    // Its own two-step is turned off with a code, on its account page.
    twoStepClear: async (request) => {
      const account = scopedParameter(request, 'accountId');
      const manager = sessionOf(request);
      if (account.id === manager.accountId) throw badRequest(TWO_STEP_MESSAGES.notOwn);
      const origin = { address: request.ip, userAgent: request.headers['user-agent'] };
      const cleared = await clearTwoStep(primary, manager.accountId, account.id, app.clock.now(), origin);
      return {
        message: cleared ? TWO_STEP_MESSAGES.cleared(account.username) : TWO_STEP_MESSAGES.nothingToClear(account.username),
      };
    },
  };
}

/** /api/auth/signup (an account under the caller) and /api/auth/userauth (an account of its subtree as the user shape). */
export function accountHandlers(app: FastifyInstance): EndpointHandlers<'signup' | 'userAuth'> {
  const primary = app.database.db;
  return {
    signup: async (request, reply) => {
      const caller = sessionOf(request);
      const user = await createAccount(primary, { id: caller.accountId, role: caller.role }, request.body, {
        reservedUsernames: [app.env.HOUSE_USERNAME],
        by: byCaller(request),
        byUsername: caller.username,
        now: app.clock.now(),
      });
      return reply.status(201).send({ message: 'Account created.', user });
    },

    userAuth: async (request) => {
      const caller = sessionOf(request);
      const account = await resolveInScope(app.db, caller.accountId, request.params.id, 'id');
      return { data: toAuthUser(account) };
    },
  };
}
