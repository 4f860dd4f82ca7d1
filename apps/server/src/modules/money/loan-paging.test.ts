import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, injectAs, NETWORK, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';

/**
 * Computer Loan and Multiple Cybers paged and sorted on the server (docs/screens.md, Every report
 * screen): every page in every order adds up to the whole list, the whole list is the loans' own
 * figures, the size and the sums of a page's answer are the whole list's, and the paging
 * parameters are checked.
 */

/** Masters added to the test network, at four depths (below the superadmin, an admin, a sam, an am). */
const MORE_MASTERS: [string, string][] = [
  ['Mzeta', 'superadmin'],
  ['malpha', 'admin1'],
  ['mdelta', 'admin2'],
  ['mgamma', 'sam1'],
  ['momega', 'am1'],
  ['mbeta', 'am1'],
  ['mnu', 'am1'],
  ['mkappa', 'am2'],
  ['mlambda', 'sam2'],
];

const TREE = [...NETWORK, ...MORE_MASTERS.map(([username, parent]) => [username, 'master', parent] as const)];
const MASTERS = TREE.filter(([, role]) => role === 'master').map(([username]) => username);
const parentOf = new Map<string, string | null>(TREE.map(([username, , parent]) => [username, parent]));

/** Loans as [key, agent, principal, processing fee, issued at]. */
const LOANS: [string, string, number, number, string][] = [
  ['L1', 'master1', 10_000, 500, '2025-01-06T10:00:00+05:30'],
  ['L2', 'master1', 2_000, 0, '2025-02-20T10:00:00+05:30'],
  ['L3', 'master2', 10_000, 500, '2025-01-20T10:00:00+05:30'], // the same total as Mzeta's: a tie
  ['L4', 'Mzeta', 10_000, 500, '2025-02-03T10:00:00+05:30'],
  ['L5', 'malpha', 3_000, 150.5, '2025-03-11T20:00:00Z'], // issued today in IST, nothing deducted
  ['L6', 'mgamma', 800, 0, '2025-02-10T09:00:00+05:30'],
  ['L7', 'master3', 5_000, 250, '2024-12-30T09:00:00+05:30'],
  ['L8', 'mkappa', 4_000, 200, '2025-01-13T09:00:00+05:30'],
  ['L9', 'am1', 7_000, 0, '2025-01-06T09:00:00+05:30'], // a manager's loan: on no list
  ['L10', 'mlambda', 1_500.75, 75.25, '2025-02-24T09:00:00+05:30'],
];

/** Deductions as [loan, week (Monday), amount]; no week is closed. */
const DEDUCTIONS: [string, string, number][] = [
  ['L1', '2025-02-03', 1_000],
  ['L1', '2025-02-10', 500],
  ['L2', '2025-03-03', 250.5],
  ['L3', '2025-02-10', 2_000],
  ['L4', '2025-03-10', 100], // this week: its Sunday is after today, the days are 0
  ['L7', '2025-02-17', 700],
  ['L8', '2025-02-17', 300], // the same week as L7: the same days, a tie
  ['L9', '2025-02-10', 100],
];

/**
 * Cafes beyond the one of every master: several for some masters (loan or not). A manager has none:
 * the database refuses a cafe of any account but a master (migration 0044, loans/loan-lists-kept.test.ts).
 */
const MORE_CAFES = ['master1', 'master3', 'mbeta', 'mbeta', 'mdelta', 'mnu', 'Mzeta'];

const NOW = '2025-03-12T12:00:00Z';
const TODAY = '2025-03-12';

const cents = (points: number) => Math.round(points * 100);
const DAY_MS = 86_400_000;
const istDayOf = (at: string) => new Date(Date.parse(at) + 5.5 * 3600_000).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whether `account` is `root` or below it, by the tree of the test. */
function isUnder(account: string, root: string): boolean {
  for (let at: string | null | undefined = account; at; at = parentOf.get(at)) if (at === root) return true;
  return false;
}

interface Row {
  _id: string;
  username: string;
  totalLoan: number;
  processingLoan: number;
  outstanding: number;
  daysFromLastDeduction: number | null;
  lastDeductionDate: string | null;
}

/** Independent reference: a master's row from the loans and deductions of the test (without its _id). */
function expectedRow(master: string): Omit<Row, '_id'> {
  const loans = LOANS.filter(([, agent]) => agent === master);
  let total = 0;
  let fee = 0;
  let deducted = 0;
  let lastWeek: string | null = null;
  for (const [key, , principal, processing] of loans) {
    total += cents(principal) + cents(processing);
    fee += cents(processing);
    for (const [, week, amount] of DEDUCTIONS.filter(([loan]) => loan === key)) {
      deducted += cents(amount);
      if (lastWeek === null || week > lastWeek) lastWeek = week;
    }
  }
  const lastDay = lastWeek === null ? null : plusDays(lastWeek, 6);
  const firstIssue = loans.map(([, , , , at]) => istDayOf(at)).sort()[0] ?? null;
  const since = lastDay ?? firstIssue;
  return {
    username: master,
    totalLoan: total / 100,
    processingLoan: fee / 100,
    outstanding: (total - deducted) / 100,
    daysFromLastDeduction: since === null ? null : Math.max(0, daysFrom(since, TODAY)),
    lastDeductionDate: lastDay,
  };
}

const CALLS = [
  {
    path: 'computerloan',
    listed: (master: string) => LOANS.some(([, agent]) => agent === master),
  },
  {
    path: 'multiplecybers',
    listed: (master: string) => MORE_CAFES.filter((owner) => owner === master).length + 1 > 1,
  },
] as const;

const SORTS = ['username', 'totalLoan', 'outstanding', 'processingLoan', 'daysFromLastDeduction'] as const;
type Sort = (typeof SORTS)[number];

/** The reference order: by the column in the order asked, the blank days last, ties by Agent ID. */
function compareBy(sort: Sort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: Omit<Row, '_id'>, b: Omit<Row, '_id'>) =>
    a.username.toLowerCase() < b.username.toLowerCase() ? -1 : a.username.toLowerCase() > b.username.toLowerCase() ? 1 : 0;
  return (a: Omit<Row, '_id'>, b: Omit<Row, '_id'>) => {
    if (sort === 'username') return sign * byName(a, b);
    const [x, y] = [a[sort], b[sort]];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * (x < y ? -1 : 1);
    }
    return byName(a, b);
  };
}

type Answer = {
  data: Row[];
  total?: number;
  page?: number;
  pageSize?: number;
  totals?: { totalLoan: number; outstanding: number; processingLoan: number };
  message?: string;
};

describe.each(TEST_DB_KINDS)('Computer Loan and Multiple Cybers paged on the server on %s', (kind) => {
  let t: TestApp;
  let ids: Record<string, string>;
  const sessions: Record<string, TestSession> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    const db = t.app.db;
    ids = await createAccounts(db, TREE);
    for (const owner of [...MASTERS, ...MORE_CAFES]) {
      await db.execute(sql`INSERT INTO cafes (master_id, name) VALUES (${ids[owner]}, ${`${owner} cafe`})`);
    }
    const loanIds: Record<string, string> = {};
    for (const [key, agent, principal, fee, at] of LOANS) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents, issued_at)
            VALUES (${ids[agent]}, ${cents(principal)}, ${cents(fee)}, ${at}::timestamptz) RETURNING id`,
      );
      loanIds[key] = row!.id;
    }
    // A loan taken back: its master keeps a row of the kept loans (loan_owed_by_master), owing
    // nothing on nothing, and is on no list.
    await db.execute(sql`INSERT INTO loans (agent_id, principal_cents) VALUES (${ids.momega}, 90000)`);
    await db.execute(sql`DELETE FROM loans WHERE agent_id = ${ids.momega}`);
    for (const [loan, week, amount] of DEDUCTIONS) {
      await db.execute(
        sql`INSERT INTO loan_deductions (loan_id, week_start, amount_cents) VALUES (${loanIds[loan]}, ${week}, ${cents(amount)})`,
      );
    }
    for (const who of ['superadmin', 'sam1', 'am2']) sessions[who] = await signIn(t.app, who);
  });
  afterAll(async () => t?.close());

  const get = async (who: string, path: string) => {
    const res = await injectAs(t.app, sessions[who]!, { url: `/api/playrep/${path}` });
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    return { status: res.statusCode, body: (json ? res.json() : {}) as Answer, text: res.body };
  };
  const ok = async (who: string, path: string) => {
    const { status, body } = await get(who, path);
    expect(status, `${who} ${path}: ${body.message}`).toBe(200);
    return body;
  };

  // The superadmin's page by Agent ID walks the accounts' index and its size and sums are read
  // from the kept loans; sam1's, am2's and am1's subtrees are read from the closure.
  const VIEWS = [
    ['superadmin', null],
    ['sam1', null],
    ['superadmin', 'am1'],
    ['am2', null],
  ] as const;
  const subjectOf = (id: string | null) => (id ? `id=${ids[id]}&` : '');
  const rootOf = (who: string, id: string | null) => id ?? who;

  it('the whole list is every listed master of the subtree with its loans’ figures, in every order', async () => {
    for (const { path, listed } of CALLS) {
      for (const [who, id] of VIEWS) {
        const root = rootOf(who, id);
        const masters = MASTERS.filter((m) => listed(m) && isUnder(m, root));
        for (const sort of SORTS) {
          for (const order of ['asc', 'desc'] as const) {
            const whole = await ok(who, `${path}?${subjectOf(id)}sort=${sort}&order=${order}`);
            const expected = masters.map(expectedRow).sort(compareBy(sort, order));
            expect(whole, `${who} ${path} ${sort} ${order}`).toEqual({
              data: expected.map((row) => ({ _id: ids[row.username], ...row })),
            });
          }
        }
        // Without a sort: by Agent ID, as the call always answered.
        const plain = await ok(who, `${path}?${subjectOf(id)}`);
        expect(plain.data.map((r) => r.username)).toEqual(
          masters
            .map(expectedRow)
            .sort(compareBy('username', 'asc'))
            .map((r) => r.username),
        );
      }
    }
    // Not vacuous: the lists have rows in several subtrees, ties, blanks and both kinds of days.
    const everyone = await ok('superadmin', 'multiplecybers');
    expect(everyone.data.map((r) => r.username)).toEqual(['master1', 'master3', 'mbeta', 'mdelta', 'mnu', 'Mzeta']);
    expect(everyone.data.filter((r) => r.daysFromLastDeduction === null)).toHaveLength(3);
    const loans = await ok('superadmin', 'computerloan');
    expect(loans.data).toHaveLength(8);
    expect(loans.data.filter((r) => r.totalLoan === 10_500).map((r) => r.username)).toEqual(['master2', 'Mzeta']);
    expect(loans.data.filter((r) => r.daysFromLastDeduction === 0).map((r) => r.username)).toEqual(['malpha', 'Mzeta']);
  });

  it('every page in every order, one after another, is the whole list; the page echoes the list’s size and sums', async () => {
    for (const { path } of CALLS) {
      for (const [who, id] of VIEWS) {
        for (const sort of SORTS) {
          for (const order of ['asc', 'desc']) {
            const base = `${path}?${subjectOf(id)}sort=${sort}&order=${order}`;
            const whole = await ok(who, base);
            expect(whole.total, 'the whole list has no paging echo').toBeUndefined();
            const sums = {
              totalLoan: whole.data.reduce((s, r) => s + cents(r.totalLoan), 0) / 100,
              outstanding: whole.data.reduce((s, r) => s + cents(r.outstanding), 0) / 100,
              processingLoan: whole.data.reduce((s, r) => s + cents(r.processingLoan), 0) / 100,
            };
            const pages: Row[] = [];
            // Up to the page past the end, which adds nothing.
            for (let page = 1; page <= Math.ceil(whole.data.length / 2) + 1; page++) {
              const answer = await ok(who, `${base}&page=${page}&pageSize=2`);
              expect([answer.total, answer.page, answer.pageSize], `${who} ${base}`).toEqual([whole.data.length, page, 2]);
              expect(answer.totals, `${who} ${base}`).toEqual(sums);
              pages.push(...answer.data);
            }
            expect(pages, `${who} ${base}`).toEqual(whole.data);
          }
        }
      }
    }
  });

  it('the default first page of 3 (the screen’s) is the first three by Agent ID', async () => {
    for (const { path, listed } of CALLS) {
      const masters = MASTERS.filter(listed).map(expectedRow).sort(compareBy('username', 'asc'));
      const first = await ok('superadmin', `${path}?page=1&pageSize=3`);
      expect(
        first.data.map((r) => r.username),
        path,
      ).toEqual(masters.slice(0, 3).map((r) => r.username));
      expect(first.total, path).toBe(masters.length);
    }
  });

  it('a page past the end is empty and still counts and sums every row', async () => {
    for (const { path } of CALLS) {
      for (const [who, id] of VIEWS) {
        const whole = await ok(who, `${path}?${subjectOf(id)}`);
        const past = await ok(who, `${path}?${subjectOf(id)}page=${whole.data.length + 1}&pageSize=1`);
        expect([past.data, past.total], `${who} ${path}`).toEqual([[], whole.data.length]);
        expect(past.totals?.totalLoan, `${who} ${path}`).toBe(whole.data.reduce((s, r) => s + cents(r.totalLoan), 0) / 100);
      }
    }
    // A subtree without any: nothing, counted 0.
    const none = await ok('superadmin', `computerloan?id=${ids.momega}&page=1`);
    expect(none).toEqual({
      data: [],
      total: 0,
      page: 1,
      pageSize: 10,
      totals: { totalLoan: 0, outstanding: 0, processingLoan: 0 },
    });
  });

  it('a manager’s pages show its own subtree’s masters only, and another subtree stays refused', async () => {
    for (const { path } of CALLS) {
      for (const who of ['sam1', 'am2']) {
        const seen: string[] = [];
        for (const sort of SORTS) {
          for (let page = 1; page <= 4; page++) {
            seen.push(...(await ok(who, `${path}?sort=${sort}&page=${page}&pageSize=2`)).data.map((r) => r.username));
          }
        }
        expect(seen.length, `${who} ${path}`).toBeGreaterThan(0);
        expect(
          seen.filter((m) => !isUnder(m, who)),
          `${who} ${path}`,
        ).toEqual([]);
      }
      // Masters of the other subtree are on the superadmin's list, not on sam1's.
      const all = (await ok('superadmin', `${path}?page=1&pageSize=50`)).data.map((r) => r.username);
      expect(all.some((m) => !isUnder(m, 'sam1'))).toBe(true);
      expect((await get('sam1', `${path}?id=${ids.am2}&page=1`)).status).toBe(403);
      expect((await get('am2', `${path}?id=${ids.master1}&page=1&pageSize=3`)).status).toBe(403);
    }
  });

  it('refuses a bad page, page size, sort or order with 400 and a message naming it', async () => {
    const cases: [string, RegExp][] = [
      ['page=0', /^page\b.*1 or more/],
      ['page=two', /^page\b.*number/],
      ['page=1.5', /^page\b.*whole number/],
      ['pageSize=0', /^pageSize\b.*1 or more/],
      ['pageSize=51', /^pageSize\b.*at most 50/],
      ['order=up', /^order\b.*asc or desc/],
      ['sort=bogus', /^sort\b.*must be one of username, totalLoan, outstanding, processingLoan, daysFromLastDeduction/],
      ['sort=profit', /^sort\b.*must be one of username/],
    ];
    for (const { path } of CALLS) {
      for (const [query, message] of cases) {
        const { status, body } = await get('superadmin', `${path}?${query}`);
        expect([status, body], `${path}?${query}`).toEqual([400, { message: expect.stringMatching(message) }]);
      }
    }
  });

  it('the downloads hold every row in the order asked, whatever page is asked', async () => {
    for (const { path } of CALLS) {
      const whole = await ok('superadmin', `${path}?sort=totalLoan&order=desc`);
      const { status, text } = await get('superadmin', `${path}?sort=totalLoan&order=desc&page=2&pageSize=2&format=csv`);
      expect(status).toBe(200);
      const agents = text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1, 1 + whole.data.length)
        .map((line) => line.split(',')[1]);
      expect(agents, path).toEqual(whole.data.map((r) => r.username));
    }
  });
});
