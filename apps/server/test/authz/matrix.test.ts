import { ENDPOINTS, type Role, unknownQueryParametersMessage } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/modules/mail/index.js';
import {
  CHAIN,
  createNetwork,
  injectAs,
  NETWORK,
  type NetworkIds,
  type NetworkUsername,
  signIn,
  type TestSession,
} from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';
import { MATRIX, MATRIX_CAFE_ID, type MatrixRow } from './matrix.js';
import { listRoutes, playrepRoutes, routesWithoutRow } from './routes.js';

type ChainUser = (typeof CHAIN)[number];
type Target = 'own' | 'descendant' | 'sibling' | 'ancestor' | 'unknown';
const TARGETS: readonly Target[] = ['own', 'descendant', 'sibling', 'ancestor', 'unknown'];

/** For each signed-in user, the root of a subtree beside its own (same level, other branch). */
const SIBLING: Record<ChainUser, NetworkUsername | null> = {
  superadmin: null, // the root has no sibling: everything is its descendant
  admin1: 'admin2',
  sam1: 'sam2',
  am1: 'am2',
  master1: 'master2', // same parent (am1), other agent
  player1: 'player2', // a member of the other agent
};

const UNKNOWN_ID = '6f1d2c3b-4a59-4e87-9c10-2b3a4d5e6f70';
const UNKNOWN_USERNAME = 'no-such-account';

const entry = (username: NetworkUsername) => NETWORK.find(([name]) => name === username)!;
const roleOf = (username: NetworkUsername): Role => entry(username)[1];
const parentOf = (username: NetworkUsername): NetworkUsername | null => entry(username)[2];

/** Descendants, nearest first (breadth-first in NETWORK order: the chain comes first). */
function descendantsOf(username: NetworkUsername): NetworkUsername[] {
  const found: NetworkUsername[] = [];
  const queue: NetworkUsername[] = [username];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const [child, , parent] of NETWORK) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const subtreeOf = (username: NetworkUsername): NetworkUsername[] => [username, ...descendantsOf(username)];
const serves = (roles: readonly Role[] | undefined, account: NetworkUsername) => !roles || roles.includes(roleOf(account));

type Account = NetworkUsername | 'unknown';

/** The account a cell asks about; null when the user has none of that kind (the cell is skipped). */
function targetAccount(user: ChainUser, target: Target, roles: readonly Role[] | undefined): Account | null {
  switch (target) {
    case 'own':
      return user;
    case 'descendant': {
      const all = descendantsOf(user);
      // Prefer a descendant the handler serves, so that the 200 path is exercised.
      return all.find((d) => serves(roles, d)) ?? all[0] ?? null;
    }
    case 'sibling':
      return SIBLING[user];
    case 'ancestor':
      return parentOf(user);
    case 'unknown':
      return 'unknown';
  }
}

/**
 * Where an account stands relative to the subtree a parameter is checked against. `hidden`: by
 * username, an account the caller may not see at all (outside its subtree and its chain of
 * ancestors: the sibling), answered as unknown so that nobody learns which usernames exist.
 */
type Relation = 'inside' | 'outside' | 'hidden' | 'unknown';
function relationOf(target: Target, param: string): Relation {
  if (target === 'unknown') return 'unknown';
  if (target === 'own' || target === 'descendant') return 'inside';
  return target === 'sibling' && !isIdParam(param) ? 'hidden' : 'outside';
}

/** One account parameter of a cell: its value and what the guard, then the handler, make of it. */
interface ParamCheck {
  param: string;
  account: Account;
  relation: Relation;
  /** Not sent: the subject the handler takes when `id` is left out (the caller). */
  implicit?: boolean;
  /** Roles the handler serves for this parameter (another role in scope: 400). */
  roles?: readonly Role[] | undefined;
}

interface Cell {
  label: string;
  params: ParamCheck[];
  /** A parameter the handler requires is left out (400 once the guard has passed). */
  missingRequired: boolean;
}

/**
 * What the matrix says a cell must answer: the role gate, then the guard on every parameter in
 * order (outside -> 403, hidden or unknown -> 404), then the handler's own 400s.
 */
function expected(row: MatrixRow, user: ChainUser, cell: Cell): string {
  if (!row.allowedRoles.includes(roleOf(user))) return '403 Not allowed';
  for (const check of cell.params) {
    if (check.relation === 'outside') return '403 Not allowed';
    if (check.relation === 'unknown' || check.relation === 'hidden') return '404';
  }
  if (cell.params.some((c) => c.account !== 'unknown' && !serves(c.roles, c.account))) return '400';
  if (row.managesOnly && cell.params.some((c) => c.param === row.accountParam && c.account === user)) return '400';
  return cell.missingRequired ? '400' : '200';
}

const isIdParam = (param: string) => param === 'id' || param === 'accountId';

function urlFor(row: MatrixRow, ids: NetworkIds, params: readonly Pick<ParamCheck, 'param' | 'account' | 'implicit'>[]): string {
  const query = new URLSearchParams(row.extraQuery);
  for (const { param, account, implicit } of params) {
    if (implicit) continue;
    const byId = isIdParam(param);
    query.set(param, account === 'unknown' ? (byId ? UNKNOWN_ID : UNKNOWN_USERNAME) : byId ? ids[account] : account);
  }
  const qs = query.toString();
  return qs ? `${row.path}?${qs}` : row.path;
}

/**
 * The cells of one row for one user:
 * - the subject parameter (accountParam) about own, descendant, sibling, ancestor, unknown;
 * - with a usernameParam, that parameter about the same five kinds, with `id` left out and with
 *   `id` = the caller's own _id;
 * - and the subject rule: `id` = a descendant D, the username parameter inside D's subtree (allowed),
 *   in the caller's subtree but in another branch than D (refused), and the caller itself (refused).
 */
function cellsFor(row: MatrixRow, user: ChainUser): Cell[] {
  const cells: Cell[] = [];
  const named = row.usernameParam;
  const subjectParam = row.accountParam;
  if (subjectParam === null) return [{ label: `${user}`, params: [], missingRequired: false }];

  for (const target of TARGETS) {
    const account = targetAccount(user, target, row.subjectRoles);
    if (account === null) continue; // e.g. a player has no descendant, the root no ancestor
    // A manager's action refuses the caller's own account as it refuses one outside its subtree.
    const relation = row.strictlyBelow && target === 'own' ? 'outside' : relationOf(target, subjectParam);
    cells.push({
      label: `${user}: ${subjectParam}=${target} (${account})`,
      params: [{ param: subjectParam, account, relation, roles: row.subjectRoles }],
      missingRequired: named?.required ?? false,
    });
  }
  if (!named) return cells;

  const ownSubject: ParamCheck = { param: 'id', account: user, relation: 'inside', roles: row.subjectRoles };
  for (const withId of [false, true]) {
    for (const target of TARGETS) {
      const account = targetAccount(user, target, named.roles);
      if (account === null) continue;
      const check: ParamCheck = { param: named.name, account, relation: relationOf(target, named.name), roles: named.roles };
      cells.push({
        label: `${user}: ${withId ? 'id=own, ' : ''}${named.name}=${target} (${account})`,
        params: [withId ? ownSubject : { ...ownSubject, implicit: true }, check],
        missingRequired: false,
      });
    }
  }

  // The subject rule: a descendant with an account the handler serves in its subtree.
  const subjects = descendantsOf(user);
  const subject = subjects.find((d) => subtreeOf(d).some((a) => serves(named.roles, a))) ?? subjects[0];
  if (subject === undefined) return cells;
  const inSubject = subtreeOf(subject);
  const inside = inSubject.find((a) => a !== subject && serves(named.roles, a)) ?? subject;
  const otherBranch = descendantsOf(user).filter((a) => !inSubject.includes(a));
  const outside = otherBranch.find((a) => serves(named.roles, a)) ?? otherBranch[0];
  const subjectCheck: ParamCheck = { param: 'id', account: subject, relation: 'inside', roles: row.subjectRoles };
  const nameCell = (label: string, account: NetworkUsername, relation: Relation): Cell => ({
    label: `${user}: id=${subject}, ${named.name}=${label} (${account})`,
    params: [subjectCheck, { param: named.name, account, relation, roles: named.roles }],
    missingRequired: false,
  });
  cells.push(nameCell('in the subject subtree', inside, 'inside'));
  if (outside !== undefined) cells.push(nameCell("in the caller's subtree, another branch", outside, 'outside'));
  cells.push(nameCell("the caller (the subject's ancestor)", user, 'outside'));
  return cells;
}

/** '200', '400', '404', or '403 Not allowed' (the 403 message is part of the contract). */
function outcome(res: { statusCode: number; json(): unknown }): string {
  if (res.statusCode === 200) return '200';
  const body = res.json() as { message?: unknown };
  const keys = Object.keys(body as object);
  if (keys.length !== 1 || typeof body.message !== 'string') return `${res.statusCode} (body is not { message })`;
  return res.statusCode === 403 ? `403 ${body.message}` : String(res.statusCode);
}

/** Account parameters the guard knows; a row must name every one its call reads. */
const ACCOUNT_PARAMS = ['id', 'accountId', 'agentId', 'username', 'childId'] as const;

describe.each(TEST_DB_KINDS)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  const sessions = {} as Record<ChainUser, TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
    await t.app.db.execute(
      sql`INSERT INTO cafes (id, master_id, name) VALUES (${MATRIX_CAFE_ID}::uuid, ${ids.master1}::uuid, 'Matrix Cafe')`,
    );
    // Mails 1 and 2, for the Mail screen's calls about one mail (2 is discarded).
    for (const key of ['matrix', 'matrix-discard']) {
      await queueMail(
        t.app.db,
        { key, kind: 'email-confirmation', accountId: null, to: 'a@example.com', subject: 'S', text: 'T' },
        new Date(),
      );
    }
    // A confirmed address for everyone: the digest and big-win switches and "send me the digest now" need one.
    await t.app.db.execute(sql`UPDATE accounts SET email = username || '@example.com', email_verified = true`);
    for (const user of CHAIN) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  async function unblockAndRestoreSessions() {
    await t.app.db.execute(sql`UPDATE accounts SET blocked_at = NULL, blocked_by = NULL WHERE blocked_at IS NOT NULL`);
    await t.app.db.execute(sql`UPDATE sessions SET revoked_at = NULL WHERE revoked_at IS NOT NULL`);
  }

  it('has a row for every /api/playrep route of the app', () => {
    const routes = playrepRoutes(t.app);
    expect(routes.length).toBeGreaterThan(0);
    expect(routesWithoutRow(routes, MATRIX)).toEqual([]);
  });

  it('has no row for a route the app does not have', () => {
    const routes = playrepRoutes(t.app);
    const stale = MATRIX.filter((row) => !routes.some((r) => r.method === row.method && r.path === row.path));
    expect(stale.map((row) => `${row.method} ${row.path}`)).toEqual([]);
  });

  it('has one row per route and call', () => {
    const keys = MATRIX.map((row) => `${row.method} ${row.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  describe.each(MATRIX.map((row) => [`${row.method} ${row.path}`, row] as const))('%s', (_name, row) => {
    it('needs a session (401)', async () => {
      const res = await t.app.inject({ method: row.method, url: urlFor(row, ids, []) });
      expect(res.statusCode).toBe(401);
      expect(Object.keys(res.json())).toEqual(['message']);
    });

    it('answers every role about every kind of account as the matrix says', async () => {
      const want: string[] = [];
      const got: string[] = [];
      for (const user of CHAIN) {
        for (const cell of cellsFor(row, user)) {
          want.push(`${cell.label}: ${expected(row, user, cell)}`);
          const res = await injectAs(t.app, sessions[user], { method: row.method, url: urlFor(row, ids, cell.params) });
          got.push(`${cell.label}: ${outcome(res)}`);
          // A block ends the blocked account's sessions: undone, so that the next cells' callers keep theirs.
          if (row.undo === 'unblock' && res.statusCode === 200) await unblockAndRestoreSessions();
        }
      }
      expect(got).toEqual(want);
    });

    // A call that reads an account parameter its row does not name would escape the cells above.
    // One its query does not take is refused as unknown; one it takes but does not use is ignored.
    it('ignores or refuses every account parameter its row does not name', async () => {
      const query = ENDPOINTS[row.call].query as { shape?: Record<string, unknown> } | undefined;
      const takes = (param: string) => query?.shape !== undefined && param in query.shape;
      const named = [row.accountParam, row.usernameParam?.name].filter((p) => p !== null && p !== undefined);
      const base: Pick<ParamCheck, 'param' | 'account'>[] = [];
      if (row.accountParam !== null) base.push({ param: row.accountParam, account: 'am1' });
      if (row.usernameParam?.required) base.push({ param: row.usernameParam.name, account: 'master1' });
      // am1, or for a call am1 may not make (the Mail screen's) the first role that may.
      const caller =
        sessions[row.allowedRoles.includes('areamanager') ? 'am1' : CHAIN.find((u) => row.allowedRoles.includes(roleOf(u)))!];
      const plain = await injectAs(t.app, caller, { method: row.method, url: urlFor(row, ids, base) });
      for (const param of ACCOUNT_PARAMS.filter((p) => !named.includes(p))) {
        // am2 is outside am1's subtree: a call that checked (or used) it would answer differently.
        const res = await injectAs(t.app, caller, {
          method: row.method,
          url: urlFor(row, ids, [...base, { param, account: 'am2' }]),
        });
        const want = takes(param)
          ? { status: plain.statusCode, body: plain.body }
          : { status: 400, body: JSON.stringify({ message: unknownQueryParametersMessage([param]) }) };
        expect({ param, status: res.statusCode, body: res.body }).toEqual({ param, ...want });
      }
    });
  });
});

describe('route listing used by the matrix', () => {
  it('reads nested and wildcard routes and finds one without a row', async () => {
    const app = Fastify();
    app.get('/api/playrep/dailystatus', async () => ({}));
    app.get('/api/playrep/dailystatusmembers', async () => ({}));
    app.post('/api/playrep/probe/:id', async () => ({}));
    app.get('/api/auth/session', async () => ({}));
    app.get('/*', async () => ({}));
    await app.ready();
    expect(listRoutes(app)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/playrep/dailystatus' },
        { method: 'GET', path: '/api/playrep/dailystatusmembers' },
        { method: 'POST', path: '/api/playrep/probe/:id' },
        { method: 'GET', path: '/api/auth/session' },
        { method: 'GET', path: '/*' },
      ]),
    );
    const rows = [
      { method: 'GET', path: '/api/playrep/dailystatus' },
      { method: 'GET', path: '/api/playrep/dailystatusmembers' },
    ];
    expect(routesWithoutRow(playrepRoutes(app), rows)).toEqual(['POST /api/playrep/probe/:id']);
    await app.close();
  });
});
