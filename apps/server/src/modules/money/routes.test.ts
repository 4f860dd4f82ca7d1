import {
  AGENT_MAIL_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  LOAN_COLUMNS,
  MAIL_MEMBERS_TITLE,
  MANAGER_MAIL_COLUMNS,
  RECOVERY_COLUMNS,
  REVENUE_COLUMNS,
  WEEK_MEMBER_COLUMNS,
} from '@playrep/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import {
  buildMoneyNetwork,
  CAFES,
  COMMISSIONS,
  type Ids,
  LOANS,
  NOW,
  TODAY,
  type Username,
  WEEKS,
} from './test-support/money-fixture.js';
import {
  directChildren,
  feeCents,
  type Kind,
  loanTotalCents,
  masterOf,
  playCents,
  plusDays,
  profitCents,
  profitWhere,
  registrationDay,
  settlementChain,
  share,
  subtree,
} from './test-support/money-reference.js';

const SUNDAY = (week: string) => plusDays(week, 6);
const points = (c: number) => c / 100;
const sumCents = (values: readonly number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0);

interface RevenueBody {
  range: { fromDate: string; toDate: string };
  data: {
    fromDate: string;
    toDate: string;
    profit: number;
    actualRevenue: number;
    revenueDeduction: number;
    deductionPercentage: number;
    commissionPercentage: number;
    revAfterLoan: number;
    carryIn: number;
    carryOut: number;
    open: boolean;
    lateProfit: number;
  }[];
  totals: {
    totalProfit: number;
    totalCommission: number;
    coms: number;
    totalRevenuePercentage: number;
    finalCarryForward: number;
    finalCarryForwardWeek: { fromDate: string; toDate: string; open: boolean } | null;
    totalRemainingLoan: number;
    totalRemainingLoanWeek: { fromDate: string; toDate: string; open: boolean } | null;
  };
}

/** The cells of a CSV line ("" inside quotes is a quote). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) {
    cells.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? ''));
  }
  return cells;
}

/** CSV lines without the BOM and the trailing empty line. */
function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
}

describe('money report columns (contracts)', () => {
  it('carry the spec labels exactly', () => {
    expect(REVENUE_COLUMNS.map((c) => c.header)).toEqual([
      'Sr. No.',
      'From Date',
      'To Date',
      'Profit',
      'Actual Rev',
      'Rev Ded',
      'Ded %',
      'Rev After Loan',
      'Revenue %',
    ]);
    expect(REVENUE_COLUMNS.filter((c) => c.total).map((c) => c.key)).toEqual([
      'profit',
      'actualRevenue',
      'revenueDeduction',
      'revAfterLoan',
    ]);
    expect(REVENUE_COLUMNS.find((c) => c.key === 'profit')?.negativeRed).toBe(true);
    expect(REVENUE_COLUMNS.find((c) => c.key === 'commissionPercentage')?.negativeRed).toBe(true);
    expect(LOAN_COLUMNS.map((c) => c.header)).toEqual([
      'Sr. No.',
      'Agent ID',
      'total loan',
      'Remaining Loan',
      'Prossing loan',
      'Days from Last Deduction',
    ]);
    expect(RECOVERY_COLUMNS.map((c) => c.header)).toEqual(['ID', 'Recovery Amount']);
    expect(AGENT_MAIL_COLUMNS.map((c) => c.header)).toEqual([
      'Member Id',
      'Member Name',
      'Play',
      'Reg',
      'Points Used By The Member',
    ]);
    expect(MANAGER_MAIL_COLUMNS.map((c) => [c.key, c.header, c.type, c.total ?? false])).toEqual([
      ['SrNo', 'Sr. No.', 'int', false],
      ['username', 'Agent ID', 'string', false],
      ['name', 'Name', 'string', false],
      ['profit', 'Profit', 'float', true],
    ]);
    expect(WEEK_MEMBER_COLUMNS.map((c) => c.header)).toEqual(['Sr. No.', 'Member Id', 'Play', 'Points Used By The Member']);
    expect(AGENT_MAIL_POINTS_BY_TYPE_COLUMNS.map((c) => c.header)).toEqual(['Type', 'Play', 'Total Points Used']);
  });
});

describe.each(TEST_DB_KINDS)('money report routes on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const sessions = {} as Record<'superadmin' | 'am1' | 'master1' | 'player1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const user of ['superadmin', 'am1', 'master1', 'player1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const get = (who: keyof typeof sessions, path: string) => injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
  const ok = async (who: keyof typeof sessions, path: string) => {
    const res = await get(who, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };

  /** The revenue rows the reference gives for the weeks of [from, to] up to today's week. */
  function expectedRevenue(account: Username, k: Kind, from: string, to: string, closedUpTo: string | null) {
    const { weeks } = settlementChain(account, k);
    // Loans are repaid from the draw-games settlement only, whatever the report.
    const { owedAfter } = settlementChain(account, 'games');
    const shown = weeks.filter((w) => SUNDAY(w.week) >= from && w.week <= to);
    const rows = shown.map((w) => ({
      fromDate: w.week,
      toDate: SUNDAY(w.week),
      profit: points(w.profit),
      actualRevenue: points(w.revenue),
      revenueDeduction: points(w.deduction),
      deductionPercentage: w.rate,
      commissionPercentage: COMMISSIONS[account] ?? 0,
      revAfterLoan: points(w.afterLoan),
      carryIn: points(w.carryIn),
      carryOut: points(w.carryOut),
      open: closedUpTo === null || w.week > closedUpTo,
      // No late play in the fixture (statement.test.ts has them).
      lateProfit: 0,
    }));
    // What is owed now: the loans less the deductions of the closed weeks only.
    const closedIndex = closedUpTo === null ? -1 : WEEKS.indexOf(closedUpTo as (typeof WEEKS)[number]);
    const owedNow = closedIndex >= 0 ? owedAfter[closedIndex]! : loanTotalCents(account);
    return { rows, owedNow, last: shown.at(-1) };
  }

  const REVENUE_ACCOUNTS: Username[] = ['superadmin', 'admin1', 'am1', 'master1', 'master2', 'master3'];

  it('revenue: one live, open row per week, as the reference computes it, with totals = Σ rows', async () => {
    for (const account of REVENUE_ACCOUNTS) {
      for (const [call, k] of [
        ['revenuereport', 'games'],
        ['pokerrevenuereport', 'poker'],
      ] as const) {
        const body: RevenueBody = await ok('superadmin', `${call}?id=${ids[account]}&fromDate=${WEEKS[0]}&toDate=${TODAY}`);
        const want = expectedRevenue(account, k, WEEKS[0], TODAY, null);
        expect(body.data, `${call} ${account}`).toEqual(want.rows);
        expect(body.totals, `${call} ${account}`).toEqual({
          totalProfit: points(sumCents(body.data.map((r) => r.profit))),
          totalCommission: points(sumCents(body.data.map((r) => r.actualRevenue))),
          coms: points(sumCents(body.data.map((r) => r.revAfterLoan))),
          totalRevenuePercentage: COMMISSIONS[account],
          finalCarryForward: points(want.last!.carryOut),
          // The week the carry forward comes out of: the last shown, open (nothing is closed yet).
          finalCarryForwardWeek: { fromDate: want.last!.week, toDate: SUNDAY(want.last!.week), open: true },
          totalRemainingLoan: points(want.owedNow),
          // Nothing deducted for good yet: no closed week to stand at.
          totalRemainingLoanWeek: null,
        });
        // Σ weekly profit = the account's profit over the weeks shown, from the raw plays.
        expect(body.totals.totalProfit).toBe(points(profitCents(account, WEEKS[0], SUNDAY(WEEKS[3]), k)));
      }
    }
    // The figures the fixture was built to show (a loss carried, loans taking their share).
    const master1 = settlementChain('master1', 'games').weeks;
    expect(master1.map((w) => [w.carryOut, w.deduction])).toEqual([
      [0, 32_500],
      [-195_000, 0],
      [-45_000, 0],
      [0, 38_750],
    ]);
  });

  it('revenuereportbyid answers exactly as revenuereport; the range echo and the default range', async () => {
    const query = `id=${ids.am1}&fromDate=24-Feb-2025&toDate=2025-03-05`;
    const a = await ok('am1', `revenuereport?${query}`);
    const b = await ok('am1', `revenuereportbyid?${query}`);
    expect(b).toEqual(a);
    expect(a.range).toEqual({ fromDate: '2025-02-24', toDate: '2025-03-05' });
    expect(a.account).toEqual({ _id: ids.am1, username: 'am1' });
    expect(a.data.map((r: { fromDate: string }) => r.fromDate)).toEqual(['2025-02-24', '2025-03-03']);
    // No dates: the 7 days ending today, which meet W3 (from Thursday) and W4.
    const byDefault = await ok('master1', 'revenuereport');
    expect(byDefault.range).toEqual({ fromDate: '2025-03-06', toDate: TODAY });
    expect(byDefault.data.map((r: { fromDate: string }) => r.fromDate)).toEqual(['2025-03-03', '2025-03-10']);
    // A range reaching past today stops at today's week.
    const future = await ok('master1', `revenuereport?fromDate=2025-03-10&toDate=2025-04-30`);
    expect(future.data.map((r: { fromDate: string }) => r.fromDate)).toEqual(['2025-03-10']);
  });

  it('revenue of a member is refused (400): revenue is settled for agents and managers', async () => {
    const res = await get('master1', `revenuereport?id=${ids.player1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/player1/);
  });

  it('loan reports before any deduction: days count from the first issue date', async () => {
    const body = await ok('am1', 'computerloan');
    expect(body.data.map((r: { username: string }) => r.username)).toEqual(['master1', 'master2']);
    const master1 = body.data[0];
    expect(master1).toMatchObject({
      _id: ids.master1,
      totalLoan: points(loanTotalCents('master1')),
      processingLoan: points(feeCents('master1')),
      outstanding: points(loanTotalCents('master1')),
      lastDeductionDate: null,
      daysFromLastDeduction: (Date.parse(TODAY) - Date.parse('2025-02-18')) / 86_400_000,
    });
  });

  /**
   * The two weeks before the first activity (W1) are finished and had nothing to settle: final
   * (not open), every figure 0, on every report that shows weeks; the rows from W1 on are those
   * of the same report from W1.
   */
  async function expectEmptyWeeksBeforeActivity() {
    const early = [plusDays(WEEKS[0], -14), plusDays(WEEKS[0], -7)];
    const emptyRow = (week: string, account: Username) => ({
      fromDate: week,
      toDate: SUNDAY(week),
      profit: 0,
      actualRevenue: 0,
      revenueDeduction: 0,
      deductionPercentage: 0,
      commissionPercentage: COMMISSIONS[account],
      revAfterLoan: 0,
      carryIn: 0,
      carryOut: 0,
      open: false,
      lateProfit: 0,
    });
    for (const account of ['master1', 'master2', 'am1'] as const) {
      for (const call of ['revenuereport', 'pokerrevenuereport']) {
        const fromActivity: RevenueBody = await ok(
          'superadmin',
          `${call}?id=${ids[account]}&fromDate=${WEEKS[0]}&toDate=${TODAY}`,
        );
        const body: RevenueBody = await ok('superadmin', `${call}?id=${ids[account]}&fromDate=${early[0]}&toDate=${TODAY}`);
        expect(body.data, `${call} ${account}`).toEqual([...early.map((w) => emptyRow(w, account)), ...fromActivity.data]);
        expect(body.totals, `${call} ${account}`).toEqual(fromActivity.totals);
      }
      const popup = await ok('superadmin', `revenueweek?id=${ids[account]}&fromDate=${early[1]}`);
      expect(popup, account).toMatchObject({
        week: emptyRow(early[1]!, account),
        members: [],
        totalProfit: 0,
        statement: {
          giftPoints: 0,
          actualPoints: 0,
          actualRevenue: 0,
          paid: 0,
          open: false,
          loan: { hasLoan: false, deductionPercentage: 0, previousLoan: 0, deductedPoints: 0, loanRemaining: 0 },
        },
      });
    }
  }

  it('weeks before the first activity are final and empty, not open, before any closing', async () => {
    await expectEmptyWeeksBeforeActivity();
  });

  it('closes the finished weeks; closed rows keep their figures and are no longer open', async () => {
    const closed = await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    expect(closed.closed).toEqual(WEEKS.slice(0, 3).flatMap((w) => [`${w} games`, `${w} poker`]));
    for (const account of REVENUE_ACCOUNTS) {
      for (const [call, k] of [
        ['revenuereport', 'games'],
        ['pokerrevenuereport', 'poker'],
      ] as const) {
        const body: RevenueBody = await ok('superadmin', `${call}?id=${ids[account]}&fromDate=${WEEKS[0]}&toDate=${TODAY}`);
        const want = expectedRevenue(account, k, WEEKS[0], TODAY, WEEKS[2]);
        expect(body.data, `${call} ${account}`).toEqual(want.rows);
        expect(body.totals.totalRemainingLoan, `${call} ${account}`).toBe(points(want.owedNow));
        // Each total names the week it stands at: the remaining loan after the last closed week.
        expect(body.totals.totalRemainingLoanWeek).toEqual({ fromDate: WEEKS[2], toDate: SUNDAY(WEEKS[2]), open: false });
        expect(body.totals.finalCarryForwardWeek).toEqual({ fromDate: WEEKS[3], toDate: SUNDAY(WEEKS[3]), open: true });
        expect(body.totals.coms).toBe(points(sumCents(body.data.map((r) => r.revAfterLoan))));
      }
    }
    await expectEmptyWeeksBeforeActivity();
  });

  it('week popup: the week row, the members adding up to it, the gift lines and the loan lines', async () => {
    // W1 asked by its Sunday; W2 (a losing week) by its Thursday; W4 (open) by its Monday.
    for (const [day, week] of [
      ['2025-02-23', WEEKS[0]],
      ['27-Feb-2025', WEEKS[1]],
      ['2025-03-10', WEEKS[3]],
    ] as const) {
      const body = await ok('am1', `revenueweek?id=${ids.master1}&fromDate=${day}`);
      const ref = settlementChain('master1', 'games').weeks.find((w) => w.week === week)!;
      expect(body.week).toMatchObject({
        fromDate: week,
        toDate: SUNDAY(week),
        profit: points(ref.profit),
        revenueDeduction: points(ref.deduction),
        deductionPercentage: ref.rate,
        open: week === WEEKS[3],
      });
      const members = directChildren('master1')
        .map((child) => ({
          _id: ids[child],
          username: child,
          role: 'player', // master1's children are its members
          profit: points(profitCents(child, week, SUNDAY(week))),
          playPoints: points(playCents(child, week, SUNDAY(week))),
        }))
        .filter((m) => m.playPoints > 0);
      expect(body.members).toEqual(members);
      expect(body.totalProfit).toBe(points(ref.profit));
      expect(sumCents(body.members.map((m: { profit: number }) => m.profit))).toBe(ref.profit);
      const commission = COMMISSIONS.master1!;
      expect(body.statement).toMatchObject({
        fromDate: week,
        toDate: SUNDAY(week),
        open: week === WEEKS[3],
        revenuePercentage: ref.profit < 0 ? 0 : commission,
        giftPoints: points(ref.profit > 0 ? share(ref.profit, commission) : 0),
        actualPoints: points(ref.profit),
        actualRevenue: points(ref.revenue),
        paid: points(ref.afterLoan),
      });
      expect(body.statement.loan).toMatchObject({
        hasLoan: true,
        deductionPercentage: ref.rate,
        deductedPoints: points(ref.deduction),
      });
    }
    const future = await get('am1', `revenueweek?id=${ids.master1}&fromDate=2025-03-17`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('From Date must not be in a week that has not started');
  });

  it('computer loan and multiple cybers after closing: the last deduction dates the days', async () => {
    const { weeks, owedAfter } = settlementChain('master1', 'games');
    const lastDeducted = weeks.slice(0, 3).findLast((w) => w.deduction > 0)!;
    const loans = await ok('superadmin', 'computerloan');
    expect(loans.data.map((r: { username: string }) => r.username)).toEqual(['master1', 'master2']);
    expect(loans.data[0]).toEqual({
      _id: ids.master1,
      username: 'master1',
      totalLoan: points(loanTotalCents('master1')),
      processingLoan: points(feeCents('master1')),
      outstanding: points(owedAfter[2]!),
      daysFromLastDeduction: (Date.parse(TODAY) - Date.parse(SUNDAY(lastDeducted.week))) / 86_400_000,
      lastDeductionDate: SUNDAY(lastDeducted.week),
    });
    // Multiple cybers: every master in scope with more than one cafe, with a loan or not.
    const cafeCount = (master: string) => Object.values(CAFES).filter((m) => m === master).length;
    const multiCafeRow = (master: Username) => {
      if (LOANS.some((l) => l.agent === master)) return loans.data.find((r: { username: string }) => r.username === master);
      const none = { totalLoan: 0, processingLoan: 0, outstanding: 0, daysFromLastDeduction: null, lastDeductionDate: null };
      return { _id: ids[master], username: master, ...none };
    };
    for (const manager of ['superadmin', 'am1', 'am2'] as const) {
      const masters = [...subtree(manager)].filter((a) => a.startsWith('master') && cafeCount(a) > 1).sort();
      const cybers = await ok('superadmin', `multiplecybers?id=${ids[manager]}`);
      expect(cybers.data, manager).toEqual(masters.map(multiCafeRow));
    }
    // The fixture shows both kinds: master1 with loans, master3 without.
    expect((await ok('superadmin', 'multiplecybers')).data.map((r: { username: string }) => r.username)).toEqual([
      'master1',
      'master3',
    ]);
    // Its export leaves the days of a master without a loan blank.
    const cybersCsv = csvLines((await get('superadmin', `multiplecybers?id=${ids.am2}&format=csv`)).body);
    expect(cybersCsv.slice(0, 2)).toEqual([
      'Sr. No.,Agent ID,total loan,Remaining Loan,Prossing loan,Days from Last Deduction',
      '1,master3,0.00,0.00,0.00,',
    ]);
    // Scope: am2's subtree holds no loan.
    const am2 = await ok('superadmin', `computerloan?id=${ids.am2}`);
    expect(am2.data).toEqual([]);
    // Paged on the server (loan-paging.test.ts has every order): after the closing's deductions
    // too, a page is the whole list's rows, its size and its sums over every row.
    for (const [who, path] of [
      ['superadmin', 'computerloan'],
      ['am1', 'computerloan'],
      ['superadmin', 'multiplecybers'],
    ] as const) {
      const whole: { data: { totalLoan: number; outstanding: number; processingLoan: number }[] } = await ok(who, path);
      const sum = (key: 'totalLoan' | 'outstanding' | 'processingLoan') => points(sumCents(whole.data.map((r) => r[key])));
      const pages = [await ok(who, `${path}?page=1&pageSize=1`), await ok(who, `${path}?page=2&pageSize=1`)];
      expect(
        pages.flatMap((p) => p.data),
        `${who} ${path}`,
      ).toEqual(whole.data);
      for (const page of pages) {
        expect(page, `${who} ${path}`).toMatchObject({
          total: 2,
          pageSize: 1,
          totals: { totalLoan: sum('totalLoan'), outstanding: sum('outstanding'), processingLoan: sum('processingLoan') },
        });
      }
    }

    const csv = await get('superadmin', 'computerloan?format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('Sr. No.,Agent ID,total loan,Remaining Loan,Prossing loan,Days from Last Deduction');
    expect(lines).toHaveLength(1 + 2 + 1);
    expect(lines.at(-1)!.split(',')[2]).toBe(points(loanTotalCents('master1') + loanTotalCents('master2')).toFixed(2));
    // What is still owed, beside the total: each master's loans less what the closed weeks deducted.
    const owed = (master: 'master1' | 'master2') => settlementChain(master, 'games').owedAfter.at(-2)!;
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(1, 4))).toEqual(
      (['master1', 'master2'] as const).map((m) => [m, points(loanTotalCents(m)).toFixed(2), points(owed(m)).toFixed(2)]),
    );
  });

  it('revenue recovery = outstanding loans + |carry-out of the last closed week|', async () => {
    for (const master of ['master1', 'master2', 'master3'] as const) {
      const { weeks, owedAfter } = settlementChain(master, 'games');
      const lastClosed = weeks[2]!;
      const owed = LOANS.some((l) => l.agent === master) ? owedAfter[2]! : 0;
      const body = await ok('superadmin', `revenuerecovery?username=${master.toUpperCase()}`);
      expect(body.data, master).toEqual({
        masterUsername: master,
        recoveryAmount: points(owed + Math.abs(lastClosed.carryOut)),
        outstandingLoan: points(owed),
        carryForward: points(lastClosed.carryOut),
        // Both stand at the close of the last closed week.
        asOfWeek: { fromDate: WEEKS[2], toDate: SUNDAY(WEEKS[2]), open: false },
      });
    }
    // The fixture makes both parts count for master1.
    const m1 = (await ok('am1', 'revenuerecovery?username=master1')).data;
    expect(m1.outstandingLoan).toBeGreaterThan(0);
    expect(m1.carryForward).toBeLessThan(0);

    const csv = await get('am1', 'revenuerecovery?username=master1&format=csv');
    expect(csvLines(csv.body)).toEqual(['ID,Recovery Amount', `master1,${m1.recoveryAmount.toFixed(2)}`]);
  });

  it('revenue recovery refuses a missing Agent ID, a non-agent, another subtree and an unknown name', async () => {
    for (const query of ['', '?username=', '?username=%20%20']) {
      const res = await get('am1', `revenuerecovery${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ message: 'Agent ID is required' });
    }
    const notAgent = await get('am1', 'revenuerecovery?username=player1');
    expect(notAgent.statusCode).toBe(400);
    // master3 is in another branch: am1 may not even learn that it exists.
    const sibling = await get('am1', 'revenuerecovery?username=master3');
    expect(sibling.statusCode).toBe(404);
    expect(sibling.json()).toEqual({ message: 'No such account' });
    const unknown = await get('am1', 'revenuerecovery?username=ghost');
    expect(unknown.statusCode).toBe(404);
    expect(Object.keys(unknown.json())).toEqual(['message']);
    // The role gate: a master may not call it.
    const master = await get('master1', 'revenuerecovery?username=master1');
    expect(master.statusCode).toBe(403);
  });

  it('agent mail of a week: rows per member, totals = Σ rows = the account profit, userFound, by type, gift lines', async () => {
    for (const from of [WEEKS[1], WEEKS[2]]) {
      const to = SUNDAY(from);
      for (const account of ['master1', 'master2', 'am1', 'superadmin'] as const) {
        const body = await ok('superadmin', `mailreport?id=${ids[account]}&fromDate=${from}&toDate=${to}`);
        expect([body.fromDate, body.toDate]).toEqual([from, to]);
        const children = directChildren(account).filter((c) => playCents(c, from, to) > 0);
        expect(body.data.map((r: { username: string }) => r.username)).toEqual(children);
        for (const row of body.data) {
          const child = row.username as Username;
          expect(row).toMatchObject({
            _id: ids[child],
            playPoints: points(playCents(child, from, to)),
            profit: points(profitCents(child, from, to)),
          });
        }
        const total = profitCents(account, from, to);
        expect(sumCents(body.data.map((r: { profit: number }) => r.profit))).toBe(total);
        expect(body.totals).toEqual({
          totalProfit: points(total),
          totalPlayPoints: points(playCents(account, from, to)),
          usercommission: COMMISSIONS[account],
        });
        // userFound: children below which a member played at a cafe of another master than its own.
        const elsewhere = (p: { member: Username; cafe: keyof typeof CAFES }) => CAFES[p.cafe] !== masterOf(p.member);
        expect(body.userFound.map((u: { username: string }) => u.username)).toEqual(
          children.filter((c) => playCents(c, from, to, elsewhere) > 0),
        );
        // By type: the four draw games in order, adding up to the total.
        expect(body.pointsByType.map((g: { type: string }) => g.type)).toEqual([
          'Fun Target',
          'Fun Roullet',
          'Triple Fun',
          'Fun AB',
        ]);
        expect(sumCents(body.pointsByType.map((g: { profit: number }) => g.profit))).toBe(total);
        body.pointsByType.forEach((g: { playPoints: number }, i: number) => {
          expect(g.playPoints).toBe(points(playCents(account, from, to, (p) => p.game === i + 1)));
        });
        const commission = COMMISSIONS[account]!;
        expect(body.statement).toMatchObject({
          revenuePercentage: total < 0 ? 0 : commission,
          giftPoints: points(total > 0 ? share(total, commission) : 0),
          actualPoints: points(total),
        });
      }
    }
    // master1 in W2: a loss (no gift), player1 played at master2's cafe.
    const [from, to] = [WEEKS[1], SUNDAY(WEEKS[1])];
    const m1 = await ok('master1', `mailreport?fromDate=${from}&toDate=${to}`);
    expect(m1.totals.totalProfit).toBeLessThan(0);
    expect(m1.userFound).toEqual([
      {
        username: 'player1',
        playPoints: points(playCents('player1', from, to, (p) => p.cafe === 'cafe2')),
        profit: points(profitWhere('player1', from, to, (p) => p.cafe === 'cafe2')),
      },
    ]);
    const w3 = await ok('master1', `mailreport?fromDate=${WEEKS[2]}`);
    expect(w3.data.find((r: { username: string }) => r.username === 'player1b')).toMatchObject({
      name: 'Pia Bee',
      registeredAt: registrationDay('player1b'),
    });
    expect(w3.data.find((r: { username: string }) => r.username === 'player1').registeredAt).toBe(registrationDay('player1'));
  });

  it('agent mail loan lines: the loan before the week, its deduction (closed or live) and what remains after it', async () => {
    const { weeks } = settlementChain('master1', 'games');
    for (const [i, week] of weeks.entries()) {
      const body = await ok('master1', `mailreport?fromDate=${week.week}`);
      const weekEnd = Date.parse(`${plusDays(week.week, 7)}T00:00:00+05:30`);
      const previous = loanTotalCents('master1', weekEnd) - weeks.slice(0, i).reduce((s, w) => s + w.deduction, 0);
      expect(body.statement.loan, week.week).toEqual({
        hasLoan: true,
        deductionPercentage: week.rate,
        previousLoan: points(previous),
        deductedPoints: points(week.deduction),
        loanRemaining: points(previous - week.deduction),
      });
    }
    // An account without loans shows none.
    const master3 = await ok('superadmin', `mailreport?id=${ids.master3}&fromDate=${WEEKS[0]}`);
    expect(master3.statement.loan).toEqual({
      hasLoan: false,
      deductionPercentage: 0,
      previousLoan: 0,
      deductedPoints: 0,
      loanRemaining: 0,
    });
  });

  it("agent mail for a member's id covers a week too (the spec's one-day variant is refused), and its export", async () => {
    const member = await ok('master1', `mailreport?id=${ids.player1}&fromDate=${WEEKS[1]}&toDate=${SUNDAY(WEEKS[1])}`);
    expect([member.fromDate, member.toDate, member.data]).toEqual([WEEKS[1], SUNDAY(WEEKS[1]), []]);
    const oneDay = await get('master1', `mailreport?id=${ids.player1}&fromDate=2025-02-27&toDate=2025-02-27`);
    expect(oneDay.statusCode).toBe(400);

    const csv = await get('am1', `mailreport?id=${ids.master1}&fromDate=${WEEKS[2]}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/agent-mail-master1-2025-03-03-to-2025-03-09\.csv/);
    const lines = csvLines(csv.body);
    expect(lines[1]).toBe('Member Id,Member Name,Play,Reg,Points Used By The Member,Other cafes: Play,Other cafes: Points Used');
    const totalLine = lines[lines.indexOf('Total Points Used') - 2]!;
    expect(totalLine.split(',')[4]).toBe(points(profitCents('master1', WEEKS[2], SUNDAY(WEEKS[2]))).toFixed(2));
  });

  it("agent mail CSV: the statement's lines, and the members who played at other agents' cafes marked", async () => {
    // master1 in W2: a losing week with a loan; player1 played at master2's cafe.
    const [from, to] = [WEEKS[1], SUNDAY(WEEKS[1])];
    const ref = settlementChain('master1', 'games').weeks[1]!;
    const csv = await get('master1', `mailreport?fromDate=${from}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    const members = lines.slice(2, lines.indexOf('') - 1).map(csvCells);
    const children = directChildren('master1').filter((c) => playCents(c, from, to) > 0);
    expect(members.map((row) => row[0])).toEqual(children);
    for (const row of members) {
      const atCafe2 = (p: { cafe: string }) => p.cafe === 'cafe2';
      expect(row.slice(5), row[0]).toEqual(
        row[0] === 'player1'
          ? [
              points(playCents('player1', from, to, atCafe2)).toFixed(2),
              points(profitWhere('player1', from, to, atCafe2)).toFixed(2),
            ]
          : ['', ''],
      );
    }

    const summary = lines.slice(lines.indexOf('Statement summary') + 1);
    expect(summary[0]).toBe('Line,Points,Text,Note');
    const line = new Map(
      summary
        .slice(1)
        .map((l) => csvCells(l))
        .map(([label, ...rest]) => [label, rest]),
    );
    const pointsOf = (label: string) => line.get(label)?.[0];
    const textOf = (label: string) => line.get(label)?.[1];
    expect(ref.profit).toBeLessThan(0);
    expect(textOf('Week')).toBe('Week 24-Feb-2025 to 02-Mar-2025: closed');
    expect(textOf('Revenue Percentage')).toBe('0%');
    expect(pointsOf('Actual Points')).toBe(points(ref.profit).toFixed(2));
    expect(pointsOf('Gift Points')).toBe('0.00');
    expect(pointsOf('Loss Carried In')).toBe(points(ref.carryIn).toFixed(2));
    expect(pointsOf('Actual Revenue')).toBe(points(ref.revenue).toFixed(2));
    expect(textOf('Loan Deduction')).toBe(`${ref.rate}% deducted for loan`);
    expect(pointsOf('Deducted Points')).toBe(points(ref.deduction).toFixed(2));
    expect(pointsOf('Paid')).toBe(points(ref.afterLoan).toFixed(2));
    expect(pointsOf('Carry Forward')).toBe(points(ref.carryOut).toFixed(2));
    expect([...line.keys()]).toEqual([
      'Week',
      'Revenue Percentage',
      'Actual Points',
      ...(line.has('of which late') ? ['of which late'] : []),
      'Gift Points',
      'Loss Carried In',
      'Taken Off the Gift',
      'Actual Revenue',
      'Loan Deduction',
      'Previous Loan',
      'Deducted Points',
      'Loan Remaining',
      'Paid',
      'Carry Forward',
    ]);

    // The same lines in the Excel file, as numbers where they are amounts.
    const xlsx = await get('master1', `mailreport?fromDate=${from}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Statement summary')!;
    const paidRow = sheet.getSheetValues().find((row) => Array.isArray(row) && row[1] === 'Paid') as unknown[];
    expect(paidRow[2]).toBe(points(ref.afterLoan));
    const membersSheet = book.getWorksheet(MAIL_MEMBERS_TITLE.slice(0, 31))!;
    const player1 = membersSheet.getSheetValues().find((row) => Array.isArray(row) && row[1] === 'player1') as unknown[];
    expect(player1.slice(6)).toEqual([
      points(playCents('player1', from, to, (p) => p.cafe === 'cafe2')),
      points(profitWhere('player1', from, to, (p) => p.cafe === 'cafe2')),
    ]);
  });

  it('manager mail: one row per direct child with plays in the week, adding up to the manager profit', async () => {
    for (const week of WEEKS) {
      const [from, to] = [week, SUNDAY(week)];
      for (const manager of ['superadmin', 'admin1', 'am1', 'master1'] as const) {
        const body = await ok('superadmin', `managermailreport?id=${ids[manager]}&fromDate=${from}&toDate=${to}`);
        const children = directChildren(manager).filter((c) => playCents(c, from, to) > 0);
        expect(body.data, `${manager} ${week}`).toEqual(
          children.map((child, i) => ({
            SrNo: i + 1,
            _id: ids[child],
            username: child,
            name: expect.any(String),
            profit: points(profitCents(child, from, to)),
          })),
        );
        expect(sumCents(body.data.map((r: { profit: number }) => r.profit))).toBe(profitCents(manager, from, to));
        expect(body.totalProfit).toBe(points(profitCents(manager, from, to)));
      }
    }
    // The same figure as the manager's own mail statement and revenue for the week.
    const weekQuery = `fromDate=${WEEKS[0]}&toDate=${SUNDAY(WEEKS[0])}`;
    const grid = await ok('am1', `managermailreport?${weekQuery}`);
    const mail = await ok('am1', `mailreport?${weekQuery}`);
    const revenue = await ok('am1', `revenuereport?${weekQuery}`);
    expect(grid.totalProfit).toBe(mail.totals.totalProfit);
    expect(grid.totalProfit).toBe(revenue.totals.totalProfit);
    expect(grid.data.find((r: { username: string }) => r.username === 'master1').name).toBe('Master Number 1');

    const csv = await get('am1', `managermailreport?${weekQuery}&format=csv`);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('Sr. No.,Agent ID,Name,Profit');
    const rowSum = sumCents(lines.slice(1, -1).map((line) => Number(line.split(',')[3])));
    // The total row says how many rows it adds up.
    expect(lines.at(-1)).toBe(`Total of ${lines.length - 2} rows,,,${points(rowSum).toFixed(2)}`);
    expect(rowSum).toBe(profitCents('am1', WEEKS[0], SUNDAY(WEEKS[0])));
    // The role gate: a master may not call it.
    expect((await get('master1', 'managermailreport')).statusCode).toBe(403);
  });

  it('revenue CSV: the columns of the screen and a total row equal to the sum of the rows', async () => {
    const res = await get('am1', `revenuereport?id=${ids.master1}&fromDate=${WEEKS[0]}&toDate=${TODAY}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="revenue-master1-2025-02-17-to-2025-03-12\.csv"/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Sr. No.,From Date,To Date,Profit,Actual Rev,Rev Ded,Ded %,Rev After Loan,Revenue %,Week');
    expect(lines[1]!.split(',').slice(0, 3)).toEqual(['1', '17-Feb-2025', '23-Feb-2025']);
    const rows = lines.slice(1, -1).map(csvCells);
    expect(rows).toHaveLength(WEEKS.length);
    // The open week marked as the screen marks it; the closed ones said closed.
    expect(rows.map((r) => r[9])).toEqual(['Closed', 'Closed', 'Closed', 'Open: open week, live, not closed yet']);
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe(`Total of ${WEEKS.length} rows`);
    for (const col of [3, 4, 5, 7]) {
      const sum = sumCents(rows.map((r) => Number(r[col])));
      expect(total[col]).toBe(points(sum).toFixed(2));
    }
    const chain = settlementChain('master1', 'games').weeks;
    expect(Number(total[3])).toBe(points(chain.reduce((s, w) => s + w.profit, 0)));
    expect(Number(total[5])).toBe(points(chain.reduce((s, w) => s + w.deduction, 0)));

    const xlsx = await get('am1', `pokerrevenuereport?id=${ids.master1}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const week = await get('am1', `revenueweek?id=${ids.master1}&fromDate=${WEEKS[0]}&format=csv`);
    const weekLines = csvLines(week.body);
    expect(weekLines).toContain('Points Used By Members');
    expect(weekLines).toContain('Sr. No.,Member Id,Play,Points Used By The Member');
    expect(weekLines).toContain('Statement summary');
    const open = csvLines((await get('am1', `revenueweek?id=${ids.master1}&fromDate=${WEEKS[3]}&format=csv`)).body);
    expect(open.map(csvCells)).toContainEqual([
      'Week',
      '',
      'Week 10-Mar-2025 to 16-Mar-2025: open week, live (figures not final)',
      '',
    ]);
  });

  it('bad dates give 400 naming the field, on every dated route', async () => {
    // The mail reports take one settlement week: their rule is tested in statement.test.ts.
    for (const call of ['revenuereport', 'revenuereportbyid', 'pokerrevenuereport']) {
      for (const [query, field] of [
        ['fromDate=2025-13-01', /^From Date is not a valid date/],
        ['fromDate=2025-03-01&toDate=31-Feb-2025', /^To Date is not a valid date/],
        ['fromDate=2025-03-09&toDate=2025-03-01', /^To Date must not be before From Date$/],
        ['fromDate=2023-01-01&toDate=2025-03-01', /^To Date must be within 366 days of From Date/],
        ['fromDate=2101-03-01', /^From Date must be a date in the years 2000 to 2100/],
      ] as const) {
        const res = await get('am1', `${call}?${query}`);
        expect(res.statusCode, `${call}?${query}`).toBe(400);
        expect(res.json().message, `${call}?${query}`).toMatch(field);
      }
    }
    const week = await get('am1', 'revenueweek?fromDate=yesterday');
    expect(week.statusCode).toBe(400);
    expect(week.json().message).toMatch(/^From Date is not a valid date/);
  });

  it('a member is refused the money reports (role gate)', async () => {
    for (const call of ['revenuereport', 'pokerrevenuereport', 'revenueweek', 'mailreport', 'computerloan']) {
      const res = await get('player1', call);
      expect(res.statusCode, call).toBe(403);
      expect(res.json()).toEqual({ message: 'Not allowed' });
    }
  });
});
