import { DEFAULT_LANGUAGE, isLanguage, isRole, SESSION_COOKIE, SESSION_EXPIRED_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { unauthorized } from '../../../lib/http-error.js';
import type { AuthContext } from '../../../plugins/context.js';
import { findLiveSessions, type LiveSession } from './queries.js';
import { looksLikeSessionToken } from './tokens.js';

/**
 * Reads the session into request.auth: the token comes from `Authorization: Bearer <token>` or
 * the `session-token` cookie; the session must be unexpired and unrevoked and its account active
 * (checked on every request, so deactivating an account ends its sessions at once).
 * request.auth stays null otherwise; the guards decide what that means (401 or public route).
 * Requests that arrive together share their lookups (SessionLookups); nothing is kept between them.
 */
export function registerSession(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  const lookups = sessionLookupsOf(app.db, app.clock);
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    for (const token of presentedSessionTokens(request)) {
      const live = await lookups.find(token);
      if (!live || !isRole(live.role)) continue;
      request.auth = {
        accountId: live.accountId,
        username: live.username,
        role: live.role,
        firstName: live.firstName,
        lastName: live.lastName,
        parentId: live.parentId,
        sessionId: live.sessionId,
        expiresAt: live.expiresAt,
        language: isLanguage(live.language) ? live.language : DEFAULT_LANGUAGE,
      } satisfies AuthContext;
      return;
    }
  });
}

/** Well-formed tokens the request carries, Bearer first, then the cookie. */
export function presentedSessionTokens(request: FastifyRequest): string[] {
  const tokens: string[] = [];
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (looksLikeSessionToken(bearer)) tokens.push(bearer);
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (looksLikeSessionToken(cookie) && cookie !== bearer) tokens.push(cookie);
  return tokens;
}

/** The caller's session on a call that needs one (its access is 'session' or 'report'): the guards checked it. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  return request.auth;
}

/**
 * The session lookups of concurrent requests, shared. Each request's session is read by a
 * statement sent after the request arrived, never by one already under way: a sign-out, a block
 * or a deactivation that committed before the request came is always seen, and an expired session
 * is refused to the second, as with a statement of its own. But every request that is waiting
 * when a statement is sent is answered by it (one statement for all their tokens), and at most
 * MAX_RUNNING statements are under way at once: under load, 32 requests cost a few statements
 * instead of 32. Each token gets its own row (matched by its hash) or none; nothing is kept once
 * the statement has answered.
 */
export class SessionLookups {
  static readonly MAX_RUNNING = 2;
  private waiting = new Map<string, { resolve: (live: LiveSession | null) => void; reject: (err: unknown) => void }[]>();
  private running = 0;
  /** Statements sent so far (for the tests). */
  statements = 0;

  constructor(private readonly read: (tokens: string[]) => Promise<Map<string, LiveSession>>) {}

  find(token: string): Promise<LiveSession | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(token);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(token, [{ resolve, reject }]);
      this.send();
    });
  }

  private send(): void {
    if (this.running >= SessionLookups.MAX_RUNNING || this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    this.running += 1;
    this.statements += 1;
    this.read([...batch.keys()])
      .then(
        (found) => {
          for (const [token, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(token) ?? null);
        },
        (err: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(err);
        },
      )
      .finally(() => {
        this.running -= 1;
        this.send();
      });
  }
}

const lookupsByDb = new WeakMap<Db, WeakMap<Clock, SessionLookups>>();

/** The app's shared lookups (the auth routes and the reports register the session reader apart). */
export function sessionLookupsOf(db: Db, clock: Clock): SessionLookups {
  let byClock = lookupsByDb.get(db);
  if (!byClock) {
    byClock = new WeakMap();
    lookupsByDb.set(db, byClock);
  }
  let lookups = byClock.get(clock);
  if (!lookups) {
    // The time is taken when the statement is sent, after every request it answers arrived.
    lookups = new SessionLookups((tokens) => findLiveSessions(db, tokens, clock.now()));
    byClock.set(clock, lookups);
  }
  return lookups;
}
