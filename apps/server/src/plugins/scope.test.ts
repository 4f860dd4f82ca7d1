import { CALL_NAMES, ENDPOINTS, isReportCall, type ReportCall } from '@playrep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN, createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { ACCOUNT_ID_PARAMS, ACCOUNT_USERNAME_PARAMS } from './scope.js';

/**
 * Every ID box of every screen says so when the ID names no account: 404 { message: 'No such
 * account' }, never an empty report. The cases are read from the endpoint table: every query
 * parameter of every report call is either an account parameter (then it gets the cases below) or
 * listed in NOT_ACCOUNTS; a new parameter that is neither fails the first test.
 */

/** Account parameters the scope guard checks (the _id ones and the "Agent ID" usernames). */
const GUARDED = [...ACCOUNT_ID_PARAMS, ...ACCOUNT_USERNAME_PARAMS] as readonly string[];
/** The transfer reports' Member ID: a counterparty username, anywhere in the network (checked by the handler). */
const MEMBER_ID = 'memberId';
/** Query parameters that name no account. */
const NOT_ACCOUNTS = [
  'fromDate',
  'toDate',
  'date',
  'format',
  'section',
  'gameId',
  'page',
  'pageSize',
  'sort',
  'q',
  'limit',
  'roles',
];
/** What a call needs besides its account parameters to pass its schema. */
const REQUIRED: Partial<Record<ReportCall, Record<string, string>>> = {
  drawdetails: { gameId: 'MNOQqWWi' },
  accountsearch: { q: 'a' },
};

const NO_SUCH_ACCOUNT = { message: 'No such account' };
const NOT_ALLOWED = { message: 'Not allowed' };
const UNKNOWN_UUID = '6f1d2c3b-4a59-4e87-9c10-2b3a4d5e6f70';

const REPORT_CALLS = CALL_NAMES.filter(isReportCall);
const queryKeys = (call: ReportCall): string[] => Object.keys((ENDPOINTS[call].query as { shape: object }).shape);
const isById = (param: string) => (ACCOUNT_ID_PARAMS as readonly string[]).includes(param);

/** Every (call, account parameter) pair: one row per ID box the screens send. */
const ID_PARAMS = REPORT_CALLS.flatMap((call) =>
  queryKeys(call)
    .filter((key) => GUARDED.includes(key) || key === MEMBER_ID)
    .map((param) => ({ call, param })),
);

type ChainUser = (typeof CHAIN)[number];
/** The lowest account of the chain that may make the call (its subtree is the smallest). */
const lowestCaller = (call: ReportCall): ChainUser =>
  [...CHAIN].reverse().find((u) => ENDPOINTS[call].roles.includes(ROLE_OF[u]))!;
const ROLE_OF = {
  superadmin: 'superadmin',
  admin1: 'admin',
  sam1: 'superareamanager',
  am1: 'areamanager',
  master1: 'master',
  player1: 'player',
} as const satisfies Record<ChainUser, string>;

function url(call: ReportCall, param: string, value: string): string {
  return `/api${ENDPOINTS[call].path}?${new URLSearchParams({ ...REQUIRED[call], [param]: value })}`;
}

describe('the ID parameters of the report calls', () => {
  it('are all known: each query parameter is an account parameter or named as none', () => {
    const unclassified = REPORT_CALLS.flatMap((call) =>
      queryKeys(call)
        .filter((key) => !GUARDED.includes(key) && key !== MEMBER_ID && !NOT_ACCOUNTS.includes(key))
        .map((key) => `${call}.${key}`),
    );
    expect(unclassified).toEqual([]);
    // The screens' ID boxes are among them: Member ID, Agent ID (agentId, and username on Revenue Recovery), the subject.
    expect(ID_PARAMS.map((p) => `${p.call}.${p.param}`)).toEqual(
      expect.arrayContaining([
        'pointtransferreport.memberId',
        'multipointtransferreport.memberId',
        'findstatus.agentId',
        'balancereport.agentId',
        'revenuerecovery.username',
        'managermailreport.id',
      ]),
    );
  });
});

describe.each(TEST_DB_KINDS)('an ID that names no account on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  const sessions = {} as Record<ChainUser, TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
    for (const user of CHAIN) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  it.each(ID_PARAMS.map((p) => [`${p.call} ${p.param}`, p] as const))(
    '%s: 404 No such account, for the top of the network and for the lowest caller alike',
    async (_name, { call, param }) => {
      const unknownValues = isById(param) ? [UNKNOWN_UUID, 'not-an-id'] : ['no-such-account', 'NOBODY'];
      const got: unknown[] = [];
      const want: unknown[] = [];
      for (const user of new Set<ChainUser>(['superadmin', lowestCaller(call)])) {
        for (const value of unknownValues) {
          const res = await injectAs(t.app, sessions[user], { url: url(call, param, value) });
          got.push([user, value, res.statusCode, res.json()]);
          want.push([user, value, 404, NO_SUCH_ACCOUNT]);
        }
      }
      expect(got).toEqual(want);
    },
  );

  // Existence only: an account that exists outside the caller's scope is answered as before.
  it.each(ID_PARAMS.map((p) => [`${p.call} ${p.param}`, p] as const))(
    '%s: an existing account outside the scope gets the same answer as before, not 404',
    async (_name, { call, param }) => {
      const user = lowestCaller(call);
      // am2 and master3 lie in the other admin's branch, outside every lowest caller's subtree.
      const res = await injectAs(t.app, sessions[user], { url: url(call, param, isById(param) ? ids.am2 : 'master3') });
      if (param === MEMBER_ID) {
        // Member ID filters the counterparty: any account of the network, so a report (here empty).
        expect(res.statusCode).toBe(200);
      } else {
        expect([res.statusCode, res.json()]).toEqual([403, NOT_ALLOWED]);
      }
    },
  );

  it('userauth/:id: 404 No such account for an unknown id', async () => {
    for (const value of [UNKNOWN_UUID, 'not-an-id']) {
      const res = await injectAs(t.app, sessions.am1, { url: `/api/auth/userauth/${value}` });
      expect([res.statusCode, res.json()]).toEqual([404, NO_SUCH_ACCOUNT]);
    }
  });
});
