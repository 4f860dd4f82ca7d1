import type { Role } from '@playrep/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { MATRIX, type MatrixRow } from './matrix.js';
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

/** The account a cell asks about; null when the user has none of that kind (the cell is skipped). */
function targetAccount(user: ChainUser, target: Target, row: MatrixRow): NetworkUsername | 'unknown' | null {
  switch (target) {
    case 'own':
      return user;
    case 'descendant': {
      const all = descendantsOf(user);
      // Prefer a descendant the handler serves, so that the 200 path is exercised.
      return all.find((d) => !row.subjectRoles || row.subjectRoles.includes(roleOf(d))) ?? all[0] ?? null;
    }
    case 'sibling':
      return SIBLING[user];
    case 'ancestor':
      return parentOf(user);
    case 'unknown':
      return 'unknown';
  }
}

/** What the matrix says the cell must answer. */
function expected(row: MatrixRow, user: ChainUser, target: Target, account: NetworkUsername | 'unknown'): string {
  if (!row.allowedRoles.includes(roleOf(user))) return '403 Not allowed';
  if (row.accountParam === null) return '200';
  switch (target) {
    case 'own':
    case 'descendant':
      return account !== 'unknown' && row.subjectRoles && !row.subjectRoles.includes(roleOf(account)) ? '400' : '200';
    case 'sibling':
    case 'ancestor':
      return '403 Not allowed';
    case 'unknown':
      return '404';
  }
}

function urlFor(row: MatrixRow, ids: NetworkIds, account: NetworkUsername | 'unknown' | null): string {
  const query = new URLSearchParams(row.extraQuery);
  if (row.accountParam !== null && account !== null) {
    const byId = row.accountParam === 'id' || row.accountParam === 'accountId';
    const value = account === 'unknown' ? (byId ? UNKNOWN_ID : UNKNOWN_USERNAME) : byId ? ids[account] : account;
    query.set(row.accountParam, value);
  }
  const qs = query.toString();
  return qs ? `${row.path}?${qs}` : row.path;
}

/** '200', '404', or '403 Not allowed' (the 403 message is part of the contract). */
function outcome(res: { statusCode: number; json(): unknown }): string {
  if (res.statusCode === 200) return '200';
  const body = res.json() as { message?: unknown };
  const keys = Object.keys(body as object);
  if (keys.length !== 1 || typeof body.message !== 'string') return `${res.statusCode} (body is not { message })`;
  return res.statusCode === 403 ? `403 ${body.message}` : String(res.statusCode);
}

describe.each(TEST_DB_KINDS)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  const sessions = {} as Record<ChainUser, TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
    for (const user of CHAIN) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

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
      const res = await t.app.inject({ method: row.method, url: urlFor(row, ids, CHAIN[0]) });
      expect(res.statusCode).toBe(401);
      expect(Object.keys(res.json())).toEqual(['message']);
    });

    it('answers every role about every kind of account as the matrix says', async () => {
      const want: string[] = [];
      const got: string[] = [];
      for (const user of CHAIN) {
        const targets = row.accountParam === null ? (['own'] as const) : TARGETS;
        for (const target of targets) {
          const account = targetAccount(user, target, row);
          if (account === null) continue; // e.g. a player has no descendant, the root no ancestor
          const label = `${user} -> ${target} (${account})`;
          want.push(`${label}: ${expected(row, user, target, account)}`);
          const res = await injectAs(t.app, sessions[user], { method: row.method, url: urlFor(row, ids, account) });
          got.push(`${label}: ${outcome(res)}`);
        }
      }
      expect(got).toEqual(want);
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
