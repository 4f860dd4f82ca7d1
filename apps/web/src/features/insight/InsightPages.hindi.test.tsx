import type {
  CafeProfitResponse,
  CafeTrendsResponse,
  TodayFigures,
  TodayResponse,
  TrendsResponse,
  WeekGlanceResponse,
} from '@playrep/contracts';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIst } from '../../lib/format';
import { chooseLanguage } from '../../lib/i18n/language';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';
import { columnHeaders } from '../../test/table-text';

configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

const DAY = '2025-03-12';
const FIGURES: TodayFigures = { profit: 1200, stake: 5000, plays: 40, activeMembers: 6 };

const TODAY: TodayResponse = {
  account: { _id: 'u-master1', username: 'master1' },
  today: DAY,
  lastWeekDay: '2025-03-05',
  asOf: `${DAY}T09:30:00Z`,
  figures: { today: FIGURES, lastWeek: { ...FIGURES, profit: 1500 } },
  threshold: 10_000,
  bigWins: [
    {
      playedAt: `${DAY}T08:00:00Z`,
      memberId: 'u-player1',
      member: 'player1',
      cafe: 'Cafe One',
      cafeMaster: 'master1',
      game: 'Fun Target',
      gameCode: 'MNOQqWWi',
      drawAt: `${DAY}T08:05:00Z`,
      stake: 500,
      win: 45_000,
    },
  ],
  losingCafes: [
    { cafeId: 'c-1', cafe: 'Cafe One', masterId: 'u-master1', master: 'master1', plays: 12, stake: 900, profit: -300 },
  ],
  waitingTransfers: [],
  openLoans: [],
  openLoanTotals: { count: 0, totalLoan: 0, outstanding: 0 },
  idleMasters: [],
  idleMasterCount: 0,
};

const WEEKS = ['2025-02-17', '2025-02-24', '2025-03-03', '2025-03-10'];
const trendWeeks = WEEKS.map((week, i) => ({ fromDate: week, toDate: addDays(week, 6), open: i === WEEKS.length - 1 }));

const TRENDS: TrendsResponse = {
  account: { _id: 'u-am1', username: 'am1' },
  weeks: trendWeeks,
  previousRange: { fromDate: '2025-01-20', toDate: '2025-02-16' },
  data: [
    {
      _id: 'u-master1',
      username: 'master1',
      name: 'Meera Shah',
      role: 'master',
      profits: [100, -50, 20, 5],
      total: 75,
      previous: 40,
      change: 35,
    },
    {
      _id: 'u-master2',
      username: 'master2',
      name: 'Raj Iyer',
      role: 'master',
      profits: [0, 10, 0, 0],
      total: 10,
      previous: 0,
      change: 10,
    },
  ],
  totals: { profits: [100, -40, 20, 5], total: 85, previous: 40, change: 45 },
  total: 2,
  page: 1,
  pageSize: 10,
};

const CAFE_TRENDS: CafeTrendsResponse = {
  account: { _id: 'u-am1', username: 'am1' },
  weeks: trendWeeks,
  previousRange: { fromDate: '2025-01-20', toDate: '2025-02-16' },
  data: [
    {
      cafeId: 'c-1',
      cafe: 'cafe1a',
      masterId: 'u-master1',
      master: 'master1',
      profits: [800, -200, 0, 5],
      total: 605,
      previous: 0,
      change: 605,
    },
  ],
  totals: { profits: [800, -200, 0, 5], total: 605, previous: 0, change: 605 },
  total: 1,
  page: 1,
  pageSize: 10,
};

const CAFE_PROFIT: CafeProfitResponse = {
  range: { fromDate: '2025-03-03', toDate: '2025-03-09' },
  account: { _id: 'u-am1', username: 'am1' },
  data: [
    {
      cafeId: 'c-1',
      cafe: 'Sunrise Games',
      masterId: 'u-master1',
      master: 'master1',
      plays: 12,
      stake: 900,
      wins: 600,
      profit: 300,
      ownProfit: 200,
      otherProfit: 100,
      members: 4,
    },
  ],
  totals: { plays: 12, stake: 900, wins: 600, profit: 300, ownProfit: 200, otherProfit: 100 },
  total: 1,
  page: 1,
  pageSize: 10,
};

const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const THIS_MONDAY = mondayOf(todayIst());
const DAYS = Array.from({ length: 7 }, (_, i) => addDays(THIS_MONDAY, i));

const WEEK_GLANCE: WeekGlanceResponse = {
  account: { _id: 'u-master1', username: 'master1' },
  week: { fromDate: THIS_MONDAY, toDate: DAYS[6]!, open: true },
  days: DAYS,
  data: [
    { _id: 'u-player1', username: 'player1', name: 'Pia Rao', role: 'player', profits: [100, -20, 0, 0, 0, 0, 0], total: 80 },
  ],
  totals: { profits: [100, -20, 0, 0, 0, 0, 0], total: 80 },
  total: 1,
  page: 1,
  pageSize: 10,
};

function server() {
  return reportServer({
    today: () => TODAY,
    trends: () => TRENDS,
    cafetrends: () => CAFE_TRENDS,
    cafeprofit: () => CAFE_PROFIT,
    cafeterminals: () => ({
      range: CAFE_PROFIT.range,
      cafe: { cafeId: 'c-1', cafe: 'Sunrise Games', masterId: 'u-master1', master: 'master1' },
      data: [{ terminalId: 'T-1', terminal: 'T-1', plays: 12, stake: 900, wins: 600, profit: 300, members: 4 }],
    }),
    weekglance: () => WEEK_GLANCE,
  });
}

async function inHindi(role: 'master' | 'areamanager', path: string) {
  server();
  signInAs(role);
  await act(() => chooseLanguage('hi'));
  return renderApp(path);
}

describe('the insight screens in Hindi', () => {
  it('Today: its parts, the figures, the links and the threshold read in Hindi', async () => {
    const { container } = await inHindi('master', '/master/today');
    const wins = await screen.findByRole('region', { name: 'आज की बड़ी जीत' }, PAGE_LOAD);
    await within(wins).findByText('player1');
    expect(screen.getByRole('heading', { level: 2, name: 'आज अब तक' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सहेजें' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'सक्रिय सदस्य' })).toBeTruthy();
    // The day last week keeps its digits; its month is Hindi.
    expect(screen.getByRole('columnheader', { name: /^05-मार्च-2025 / })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'आज की दैनिक स्थिति' })).toHaveLength(2);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Trends: the period, the totals, the weeks and the trend column read in Hindi', async () => {
    const { container } = await inHindi('areamanager', '/areamanager/reports/trends');
    const table = await screen.findByRole('table', { name: 'रुझान' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(columnHeaders(table)).toEqual([
      'खाता',
      'नाम',
      'रुझान',
      ...WEEKS.map((week) => `${formatDate(week)} का सप्ताह`),
      'कुल',
      'पिछली अवधि',
      'बदलाव',
    ]);
    expect(columnHeaders(table)).toContain('17-फ़र॰-2025 का सप्ताह');
    expect(screen.getByText(/^ड्रॉ गेम का हर सप्ताह का लाभ, 17-फ़र॰-2025 से 16-मार्च-2025 तक \(आख़िरी सप्ताह खुला है/)).toBeTruthy();
    expect(screen.getByLabelText('सभी पंक्तियों का योग').textContent).toMatch(/^सभी 2 पंक्तियाँ: कुल 85\.00/);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Cafe Trends reads in Hindi, its cafes kept as they are', async () => {
    const { container } = await inHindi('areamanager', '/areamanager/reports/cafetrends');
    const table = await screen.findByRole('table', { name: 'कैफ़े रुझान' }, PAGE_LOAD);
    await within(table).findByText('cafe1a');
    expect(columnHeaders(table)).toContain('10-मार्च-2025 का सप्ताह');
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Cafe Profit and its terminals popup read in Hindi, the cafe’s name marked as data', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = await inHindi('areamanager', '/areamanager/reports/cafeprofit?fromDate=2025-03-03&toDate=2025-03-09');
    const table = await screen.findByRole('table', { name: 'कैफ़े लाभ' }, PAGE_LOAD);
    expect(screen.getByText(/^कैफ़े का लाभ वहीं का है जहाँ खेल हुआ/)).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    await user.click(await within(table).findByRole('button', { name: 'Sunrise Games: इसके टर्मिनल दिखाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sunrise Games के टर्मिनल, 03-मार्च-2025 से 09-मार्च-2025 तक' });
    await within(dialog).findByText('T-1');
    // The cafe's name is data: marked so in the title; the table's name (an attribute) names it too.
    expect(within(dialog).getAllByText('Sunrise Games')[0]!.getAttribute('translate')).toBe('no');
    expect(latinWordsLeft(dialog, [...KEPT_IN_EVERY_LANGUAGE, 'Sunrise', 'Games'])).toEqual([]);
  });

  it('Week at a Glance: the week, the weekdays and the sparkline read in Hindi', async () => {
    const { container } = await inHindi('master', '/master/reports/weekglance');
    const table = await screen.findByRole('table', { name: 'एक नज़र में सप्ताह' }, PAGE_LOAD);
    await within(table).findByText('player1');
    const headers = columnHeaders(table);
    expect(headers[2]).toBe('सप्ताह');
    expect(headers.at(-1)).toBe('कुल');
    expect(headers[3]).toMatch(/^सोम \d{2}-\S+-\d{4}$/);
    expect(screen.getByText(/^ड्रॉ गेम का हर दिन का लाभ, सोमवार/)).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });
});
