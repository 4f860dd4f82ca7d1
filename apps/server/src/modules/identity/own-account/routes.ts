import { ACCESS_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config/env.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { presentedSessionTokens } from '../../../plugins/session.js';
import type { ActivityBy } from '../../activity/record.js';
import { deviceKeyOf, setDeviceCookie } from '../doors/device-cookies.js';
import { setSessionCookie } from '../doors/session-cookie.js';
import { countManagedAccounts, listManagedAccounts } from '../manage/accounts-list.js';
import { forgotPassword } from '../doors/forgot.js';
import { describeLink, useSignInLink } from '../gate/links.js';
import { issueBulkLinks, issueOneLink, requireManaged, setBlocked } from '../manage/manage.js';
import { changeOwnPassword, myAccount } from './account-page.js';

/** The caller as the activity records it: its account, address and device. */
const byCaller = (request: FastifyRequest): ActivityBy & { actor: { accountId: string } } => ({
  actor: { accountId: request.auth!.accountId },
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

type AccessCall = 'linkInfo' | 'useLink' | 'forgotPassword' | 'changePassword' | 'myAccount';

/** /api/auth/*: the welcome page's link, forgot password, and the caller's password and account page. */
export function accessHandlers(app: FastifyInstance): EndpointHandlers<AccessCall> {
  const deviceKey = deviceKeyOf(app.db);
  return {
    linkInfo: async (request) => describeLink(app.db, request.body.token, app.clock.now()),

    useLink: async (request, reply) => {
      const result = await useSignInLink(app.db, {
        ...request.body,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        now: app.clock.now(),
        presentedSessions: presentedSessionTokens(request),
      });
      setSessionCookie(request, reply, result.token);
      setDeviceCookie(request, reply, await deviceKey(), result.user._id);
      return result;
    },

    forgotPassword: async (request) => {
      const startedAt = performance.now();
      const message = await forgotPassword(app.db, {
        username: request.body.username,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        now: app.clock.now(),
        publicUrl: publicUrl(app.env),
        startedAt,
      });
      return { message };
    },

    changePassword: async (request) => {
      const auth = request.auth!;
      await changeOwnPassword(app.db, {
        accountId: auth.accountId,
        username: auth.username,
        sessionId: auth.sessionId,
        ...request.body,
        now: app.clock.now(),
        userAgent: request.headers['user-agent'],
        address: request.ip,
      });
      return { message: ACCESS_MESSAGES.passwordChanged };
    },

    myAccount: async (request) => myAccount(app.db, request.auth!.accountId),
  };
}

type AccountsCall = 'accounts' | 'issueLink' | 'issueLinks' | 'blockAccount' | 'unblockAccount';

/**
 * The Accounts screen (docs/domain.md, "Access"): the accounts below the subject, and what a
 * manager does to the access of one below it. Actions write on the primary.
 */
export function accountsScreenHandlers(app: FastifyInstance): EndpointHandlers<AccountsCall> {
  const primary = app.database.db;
  const issueInput = (request: FastifyRequest) => ({
    issuedBy: request.auth!.accountId,
    by: byCaller(request),
    now: app.clock.now(),
    ttlHours: app.env.SIGN_IN_LINK_TTL_HOURS,
    publicUrl: publicUrl(app.env),
  });
  return {
    accounts: async (request) => {
      const { query } = request;
      const now = app.clock.now();
      const filters = { role: query.role, state: query.state, q: query.q || undefined };
      const order = { sort: query.sort, order: query.order };
      const managerId = request.subject.id;
      const list = (page: { offset: number; limit: number | null }) =>
        listManagedAccounts(app.db, managerId, filters, { ...order, ...page }, now);
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
      const callerId = request.auth!.accountId;
      const account = requireManaged(callerId, request.scoped.username!);
      const link = await issueOneLink(primary, account, issueInput(request));
      return { message: ACCESS_MESSAGES.linkIssued(link.username, app.env.SIGN_IN_LINK_TTL_HOURS), link };
    },

    issueLinks: async (request) => {
      const caller = request.auth!;
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
      const callerId = request.auth!.accountId;
      const account = requireManaged(callerId, request.scoped.username!);
      const state = await setBlocked(primary, account, { blocked: true, by: byCaller(request), now: app.clock.now() });
      return { message: ACCESS_MESSAGES.blocked(account.username), state };
    },

    unblockAccount: async (request) => {
      const callerId = request.auth!.accountId;
      const account = requireManaged(callerId, request.scoped.username!);
      const state = await setBlocked(primary, account, { blocked: false, by: byCaller(request), now: app.clock.now() });
      return { message: ACCESS_MESSAGES.unblocked(account.username), state };
    },
  };
}
