import type { AgentMailResponse, RevenueResponse, RevenueRow, RevenueWeekResponse } from '@playrep/contracts';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n/language';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { pageOf } from '../../test/paged-list';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

function week(fromDate: string, toDate: string, figures: Partial<RevenueRow>): RevenueRow {
  return {
    fromDate,
    toDate,
    profit: 0,
    actualRevenue: 0,
    revenueDeduction: 0,
    deductionPercentage: 50,
    commissionPercentage: 15,
    revAfterLoan: 0,
    carryIn: 0,
    carryOut: 0,
    open: false,
    lateProfit: 0,
    ...figures,
  };
}

const WEEKS: RevenueRow[] = [
  week('2025-02-24', '2025-03-02', { profit: 1000.1, actualRevenue: 150.02, revenueDeduction: 75.01, revAfterLoan: 75.01 }),
  week('2025-03-03', '2025-03-09', { profit: -400.55, carryOut: -400.55 }),
  week('2025-03-10', '2025-03-16', { profit: 0.25, open: true, lateProfit: -12.75 }),
];

const STATEMENT = {
  fromDate: '2025-02-24',
  toDate: '2025-03-02',
  open: false,
  commissionPercentage: 15,
  revenuePercentage: 15,
  actualPoints: 1000.1,
  latePoints: 5,
  giftPoints: 150.02,
  carryIn: 0,
  carryEffect: 0,
  actualRevenue: 150.02,
  loan: { hasLoan: true, deductionPercentage: 50, previousLoan: 5000, deductedPoints: 75.01, loanRemaining: 4924.99 },
  paid: 75.01,
  carryForward: 0,
};

function revenueBody(kind: 'games' | 'poker'): RevenueResponse {
  return {
    range: { fromDate: '2025-02-24', toDate: '2025-03-16' },
    account: { _id: 'u-master1', username: 'master1' },
    kind,
    data: WEEKS,
    totals: {
      totalProfit: 599.8,
      totalCommission: 150.02,
      coms: 75.01,
      totalRevenuePercentage: 15,
      finalCarryForward: -12.5,
      finalCarryForwardWeek: { fromDate: '2025-03-10', toDate: '2025-03-16', open: true },
      totalRemainingLoan: 4924.99,
      totalRemainingLoanWeek: { fromDate: '2025-03-03', toDate: '2025-03-09', open: false },
    },
  };
}

const WEEK_BODY: RevenueWeekResponse = {
  account: { _id: 'u-master1', username: 'master1' },
  week: WEEKS[0]!,
  members: [
    { _id: 'u-player1', username: 'player1', role: 'player', playPoints: 900, profit: 700.1 },
    { _id: 'u-player3', username: 'player3', role: 'player', playPoints: 300, profit: 300 },
  ],
  totalProfit: 1000.1,
  statement: STATEMENT,
};

const MAIL: AgentMailResponse = {
  fromDate: '2025-02-24',
  toDate: '2025-03-02',
  open: true,
  account: { _id: 'u-master1', username: 'master1' },
  data: [
    {
      _id: 'u-player1',
      username: 'player1',
      role: 'player',
      name: 'Pia Rao',
      playPoints: 1200.5,
      registeredAt: '2024-11-02',
      profit: 300.25,
    },
    {
      _id: 'u-player3',
      username: 'player3',
      role: 'player',
      name: 'Raj Iyer',
      playPoints: 800,
      registeredAt: '2025-01-15',
      profit: -120.1,
    },
  ],
  totals: { totalProfit: 180.15, totalPlayPoints: 2000.5, usercommission: 15 },
  userFound: [{ username: 'player3', playPoints: 40, profit: 12 }],
  pointsByType: [
    { type: 'Fun Target', playPoints: 1000, profit: 200 },
    { type: 'Fun Roullet', playPoints: 1000.5, profit: -19.85 },
  ],
  statement: { ...STATEMENT, open: true, loan: { ...STATEMENT.loan, hasLoan: false } },
} as AgentMailResponse;

const LOANS = [
  {
    _id: 'u-master1',
    username: 'master1',
    totalLoan: 5000,
    processingLoan: 1200,
    outstanding: 2500,
    daysFromLastDeduction: 3,
    lastDeductionDate: null,
  },
  {
    _id: 'u-master2',
    username: 'master2',
    totalLoan: 800,
    processingLoan: 0,
    outstanding: 400,
    daysFromLastDeduction: 12,
    lastDeductionDate: null,
  },
];

function server() {
  return reportServer({
    revenuereport: () => revenueBody('games'),
    pokerrevenuereport: () => revenueBody('poker'),
    revenueweek: () => WEEK_BODY,
    mailreport: () => MAIL,
    managermailreport: (q) => ({
      fromDate: q.fromDate ?? MAIL.fromDate,
      toDate: q.toDate ?? MAIL.toDate,
      open: false,
      data: [{ SrNo: 1, _id: 'u-master1', username: 'master1', name: 'Meera Shah', profit: 120.5 }],
      totalProfit: 120.5,
    }),
    computerloan: (q) => pageOf(LOANS, q),
    multiplecybers: (q) => pageOf(LOANS, q),
    revenuerecovery: (q) => ({
      data: {
        masterUsername: q.username,
        recoveryAmount: 5012.5,
        outstandingLoan: 5000,
        carryForward: -12.5,
        asOfWeek: { fromDate: '2025-03-03', toDate: '2025-03-09', open: false },
      },
    }),
  });
}

async function inHindi(role: 'master' | 'areamanager', path: string) {
  server();
  signInAs(role);
  await act(() => chooseLanguage('hi'));
  return renderApp(path);
}

describe('the money screens in Hindi', () => {
  it('Revenue: the figures, the chart, the table and the week popup read in Hindi', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = await inHindi('master', '/master/reports/revenue?fromDate=2025-02-24&toDate=2025-03-16');
    const table = await screen.findByRole('table', { name: 'राजस्व' }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    expect(screen.getByRole('group', { name: 'रिपोर्ट का योग' })).toBeTruthy();
    expect(screen.getByText('कुल बाक़ी लोन')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /^1,000\.10: / }));
    const dialog = await screen.findByRole('dialog', { name: 'सप्ताह 24-फ़र॰-2025 से 02-मार्च-2025 तक' }, PAGE_LOAD);
    await within(dialog).findByText('player1', {}, PAGE_LOAD);
    expect(latinWordsLeft(dialog, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    // The statement's lines: the contracts' Hindi, the same the statement's PDF prints.
    const lines = within(dialog).getByRole('group', { name: 'गिफ़्ट पॉइंट का सारांश' });
    expect(within(lines).getByText('वास्तविक राजस्व')).toBeTruthy();
    expect(within(lines).getByText('इनमें से देर से आए')).toBeTruthy();
  }, 40_000);

  it('Poker Revenue reads in Hindi', async () => {
    const { container } = await inHindi('master', '/master/reports/pokerrevenue?fromDate=2025-02-24&toDate=2025-03-16');
    await screen.findByRole('table', { name: 'पोकर राजस्व' }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Agent Mail Details: the statement reads in Hindi', async () => {
    const { container } = await inHindi('master', '/master/mailreports/agentmaildetails?fromDate=2025-02-24&toDate=2025-03-02');
    await screen.findByText('Pia Rao', {}, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    expect(screen.getByRole('heading', { level: 2, name: '24-फ़र॰-2025 से 02-मार्च-2025 तक' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'प्रिंट करें' })).toBeTruthy();
    const summary = screen.getByRole('group', { name: 'स्टेटमेंट का सारांश' });
    expect(within(summary).getByText('भुगतान')).toBeTruthy();
    expect(within(summary).getByText('कोई रिकॉर्ड नहीं मिला')).toBeTruthy();
  });

  it('Manager Mail Details reads in Hindi', async () => {
    const { container } = await inHindi(
      'areamanager',
      '/areamanager/mailreports/managermaildetails?fromDate=2025-02-24&toDate=2025-03-02',
    );
    await screen.findByRole('table', { name: 'मैनेजर मेल विवरण' }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Computer Loan and Multiple Cybers read in Hindi', async () => {
    const { container } = await inHindi('areamanager', '/areamanager/reports/computerloan');
    await screen.findByRole('table', { name: 'कंप्यूटर लोन' }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Revenue Recovery reads in Hindi', async () => {
    const { container } = await inHindi('areamanager', '/areamanager/reports/revenuerecovery?username=master1');
    await screen.findByRole('table', { name: 'राजस्व वसूली' }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });
});
