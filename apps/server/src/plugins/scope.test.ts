import { CALL_NAMES, ENDPOINTS, isReportCall, type ReportCall } from '@playrep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN, createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DB_KINDS } from '../../test/test-db.js';
import { ACCOUNT_ID_PARAMS, ACCOUNT_USERNAME_PARAMS, COUNTERPARTY_PARAMS } from './scope.js';

/**
 * Every ID box of every screen says so when the ID names no account: 404 { message: 'No such
 * account' }, never an empty report. The cases are read from the endpoint table: every query
 * parameter of every report call is either an account parameter (then it gets the cases below) or
 * listed in NOT_ACCOUNTS; a new parameter that is neither fails the first test.
 */

/** Account parameters the scope guard checks (the _id ones, the "Agent ID" usernames, Member ID). */
const GUARDED = [...ACCOUNT_ID_PARAMS, ...ACCOUNT_USERNAME_PARAMS, ...COUNTERPARTY_PARAMS] as readonly string[];
/** The transfer reports' Member ID: the other side of a transfer, any account the caller may see or the house. */
const MEMBER_ID = 'memberId';
/** Query parameters that name no account. */
const NOT_ACCOUNTS = [
  'fromDate',
  'toDate',
  'date',
  'format',
  // A download's language (lang=hi: its headers in Hindi).
  'lang',
  'section',
  'gameId',
  'page',
  'pageSize',
  'sort',
  'q',
  'limit',
  'roles',
  // The Mail screen's filters and its mail number (superadmin only: its scope is the whole network).
  'state',
  'kind',
  'recipient',
  'week',
  'order',
  'mailId',
  // Trends' period, Today's threshold, the Accounts screen's and the bulk links' role filter, the
  // Activity screen's actor and account filters (they narrow the caller's own scope, see its tests),
  // a feed key's name.
  'weeks',
  'threshold',
  'role',
  'actor',
  'subject',
  'name',
  // The account page's news by mail: the digest and big-win switches and the digest's hour (the caller's own).
  'on',
  'hour',
  // The subject picker's ask for the matching players too (accountSearch).
  'members',
  // Cafe Profit's terminals: a cafe, checked against the subject's subtree by its own handler
  // (404 No such cafe, feed.terminals.test.ts).
  'cafeId',
];
/** What a call needs besides its account parameters to pass its schema. */
const REQUIRED: Partial<Record<ReportCall, Record<string, string>>> = {
  drawDetails: { gameId: 'MNOQqWWi' },
  accountSearch: { q: 'a' },
  cafeTerminals: { cafeId: '0b7c4f7e-0000-4000-8000-000000000000' },
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
    .filter((key) => GUARDED.includes(key))
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
        .filter((key) => !GUARDED.includes(key) && !NOT_ACCOUNTS.includes(key))
        .map((key) => `${call}.${key}`),
    );
    expect(unclassified).toEqual([]);
    // The screens' ID boxes are among them: Member ID, Agent ID (agentId, and username on Revenue Recovery), the subject.
    expect(ID_PARAMS.map((p) => `${p.call}.${p.param}`)).toEqual(
      expect.arrayContaining([
        'pointTransfer.memberId',
        'multiPointTransfer.memberId',
        'agentStatus.agentId',
        'balanceReport.agentId',
        'revenueRecovery.username',
        'managerMail.id',
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
          const res = await injectAs(t.app, sessions[user], { url: url(call, param, value), method: ENDPOINTS[call].method });
          got.push([user, value, res.statusCode, res.json()]);
          want.push([user, value, 404, NO_SUCH_ACCOUNT]);
        }
      }
      expect(got).toEqual(want);
    },
  );

  // An _id outside the caller's scope is refused (a random uuid: nothing to guess). A username the
  // caller may not see (outside its subtree and its chain of ancestors) gets exactly the answer of
  // an unknown one, so that no ID box tells which usernames exist elsewhere in the network.
  it.each(ID_PARAMS.map((p) => [`${p.call} ${p.param}`, p] as const))(
    '%s: an existing account outside the scope: 403 by _id, by username the answer of an unknown name',
    async (_name, { call, param }) => {
      const user = lowestCaller(call);
      // am2 and master3 lie in the other admin's branch, outside every lowest caller's subtree.
      const res = await injectAs(t.app, sessions[user], {
        url: url(call, param, isById(param) ? ids.am2 : 'master3'),
        method: ENDPOINTS[call].method,
      });
      if (isById(param)) {
        expect([res.statusCode, res.json()]).toEqual([403, NOT_ALLOWED]);
      } else {
        const unknown = await injectAs(t.app, sessions[user], {
          url: url(call, param, 'no-such-account'),
          method: ENDPOINTS[call].method,
        });
        expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([
          unknown.statusCode,
          unknown.headers['content-type'],
          unknown.body,
        ]);
        expect([res.statusCode, res.json()]).toEqual([404, NO_SUCH_ACCOUNT]);
      }
    },
  );

  // What the caller may see is answered for what it is: an ancestor by Agent ID is outside the
  // subject's subtree (403), by Member ID a counterparty (the report, here maybe empty).
  it.each(ID_PARAMS.filter((p) => !isById(p.param)).map((p) => [`${p.call} ${p.param}`, p] as const))(
    "%s: the caller's own ancestor is no secret: 403 Not allowed for an Agent ID, a report for a Member ID",
    async (_name, { call, param }) => {
      const user = lowestCaller(call);
      const ancestor = CHAIN[CHAIN.indexOf(user) - 1]!; // its parent: every lowest caller is below the root
      const res = await injectAs(t.app, sessions[user], { url: url(call, param, ancestor), method: ENDPOINTS[call].method });
      if (param === MEMBER_ID) expect(res.statusCode).toBe(200);
      else expect([res.statusCode, res.json()]).toEqual([403, NOT_ALLOWED]);
    },
  );

  it('userauth/:id: 404 No such account for an unknown id', async () => {
    for (const value of [UNKNOWN_UUID, 'not-an-id']) {
      const res = await injectAs(t.app, sessions.am1, { url: `/api/auth/userauth/${value}` });
      expect([res.statusCode, res.json()]).toEqual([404, NO_SUCH_ACCOUNT]);
    }
  });
});
