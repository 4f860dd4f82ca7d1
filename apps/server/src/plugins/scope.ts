import { ENDPOINTS, isRole, mayCall, maySubject, SESSION_EXPIRED_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/client.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../lib/http-error.js';
import { reportCaller } from '../lib/report-caller.js';
import { counterpartyVisible, findAccountInScope } from '../modules/accounts/repository.js';
import type { AuthContext, ScopedAccount } from './context.js';

/**
 * Deny by default for /api/playrep/*: a session, the role gate of the permission table, and the
 * scope rule (docs/domain.md, "Accounts and the hierarchy") for every account parameter, before any handler runs.
 *
 * Account parameters: `id` and `accountId` carry an account `_id`; `agentId`, `username` and
 * `childId` carry a username (the screens' "Agent ID" inputs). The `_id` parameters are checked
 * against the caller's subtree; `id` is the report's subject, and the username parameters are
 * checked against the subject's subtree (a manager looking at one of its agents may not name an
 * account of another branch beside it). Handlers read them from `request.scoped` and never look
 * accounts up by themselves.
 *
 * A username is answered as unknown (404) when it names an account the caller may not see (outside
 * its subtree and its chain of ancestors): a 403 there would tell anyone which usernames exist
 * elsewhere in the network. (An `_id` is a random uuid: there is nothing to guess.)
 *
 * `memberId` (Member ID on the transfer reports) names the other side of the subject's transfers:
 * any account the caller may see, or the house; anything else is unknown. The handler filters by
 * the username it was given, once checked here.
 */
export const ACCOUNT_ID_PARAMS = ['id', 'accountId'] as const;
export const ACCOUNT_USERNAME_PARAMS = ['agentId', 'username', 'childId'] as const;
export const COUNTERPARTY_PARAMS = ['memberId'] as const;

const NO_SUCH_ACCOUNT = 'No such account';

/** The 401 of every /api call that needs a session (the same text as the contracts' SESSION_EXPIRED_MESSAGE). */
export const SESSION_REQUIRED_MESSAGE = SESSION_EXPIRED_MESSAGE;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerScopeGuard(app: FastifyInstance): void {
  app.decorateRequest('scoped', null as never);
  app.decorateRequest('subject', null as never);

  app.addHook('onRequest', async (request) => {
    if (!request.auth) throw unauthorized(SESSION_REQUIRED_MESSAGE);
    const call = request.routeOptions.config?.call;
    // A route without a call name is a programming error: refuse rather than expose it.
    if (!call || !mayCall(request.auth.role, call)) throw forbidden();
  });

  app.addHook('preHandler', async (request) => {
    const auth = reportCaller(request);
    // Account parameters are checked wherever a handler could read them: the query, the path
    // and the body. The same parameter given twice with different values is refused.
    const sources = [request.query, request.params, request.body].filter(isRecord);
    const scoped: Record<string, ScopedAccount> = {};
    for (const param of ACCOUNT_ID_PARAMS) {
      const key = accountParam(sources, param);
      if (key === null) continue;
      scoped[param] =
        key.toLowerCase() === auth.accountId.toLowerCase()
          ? callerAsSubject(auth)
          : await resolveInScope(app.db, auth.accountId, key, 'id');
    }
    // Without an id (or with the caller's own) the subject is the caller, already read with the session.
    const subject = scoped.id ?? callerAsSubject(auth);
    for (const param of ACCOUNT_USERNAME_PARAMS) {
      const key = accountParam(sources, param);
      if (key !== null) scoped[param] = await resolveInScope(app.db, subject.id, key, 'username', auth.accountId);
    }
    for (const param of COUNTERPARTY_PARAMS) {
      const key = accountParam(sources, param);
      if (key !== null && !(await counterpartyVisible(app.db, auth.accountId, key))) throw notFound(NO_SUCH_ACCOUNT);
    }
    // The permission table also names who each report may be about (the subject picker offers the same).
    const call = request.routeOptions.config.call;
    if (!call) throw forbidden();
    if (!maySubject(call, subject.role)) {
      throw badRequest(
        `${subject.username} is a ${subject.role}: this report is about ${ENDPOINTS[call].subjectRoles.join(', ')} accounts`,
      );
    }
    request.scoped = scoped;
    request.subject = subject;
  });
}

function callerAsSubject(auth: AuthContext): ScopedAccount {
  const { accountId, username, role, firstName, lastName, parentId } = auth;
  return { id: accountId, username, role, firstName, lastName, parentId };
}

/** The one value of an account parameter across the request's sources, trimmed; null when absent. */
function accountParam(sources: Record<string, unknown>[], param: string): string | null {
  const values = sources.map((source) => source[param]).filter((v) => v !== undefined && v !== null && v !== '');
  if (values.length === 0) return null;
  if (values.some((v) => typeof v !== 'string')) throw new HttpError(400, `${param} must be a single value`);
  const distinct = new Set((values as string[]).map((v) => v.trim()));
  if (distinct.size > 1) throw new HttpError(400, `${param} is given twice with different values`);
  const [value = null] = distinct;
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Looks an account up and applies the scope rule: unknown -> 404, outside the subtree of `rootId`
 * -> 403, except a username the caller (`callerId`, by default the root) may not see: 404.
 */
export async function resolveInScope(
  db: Queryable,
  rootId: string,
  key: string,
  by: 'id' | 'username',
  callerId: string = rootId,
): Promise<ScopedAccount> {
  if (by === 'id' && !UUID.test(key)) throw notFound(NO_SUCH_ACCOUNT);
  const found = await findAccountInScope(db, rootId, by === 'id' ? { id: key } : { username: key }, callerId);
  if (!found || !isRole(found.account.role)) throw notFound(NO_SUCH_ACCOUNT);
  if (by === 'username' && !found.visible) throw notFound(NO_SUCH_ACCOUNT);
  if (!found.inScope) throw forbidden();
  const { id, username, firstName, lastName, parentId } = found.account;
  return { id, username, role: found.account.role, firstName, lastName, parentId };
}
