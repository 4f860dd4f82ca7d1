import {
  type BigWinRow,
  type CafeProfitResponse,
  type CafeProfitRow,
  type CafeTerminalRow,
  fullName,
  type IdleMasterRow,
  type LosingCafeRow,
  type OpenLoanRow,
  type TodayFigures,
  type TrendRow,
  type TrendsQuery,
  type TrendsResponse,
  trendWeekKey,
  UNKNOWN_TERMINAL,
  type WaitingTransferRow,
} from '@playrep/contracts';
import type { IsoDay } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { centsToPoints, sumCents } from '../../lib/money.js';
import { weekEndDay } from '../weeks/index.js';
import type { CafeProfitCents, CafeTotalsCents } from './cafe-profit.js';
import type { CafeTerminalCents } from './cafe-terminals.js';
import type { ChildWeeksCents } from './queries.js';
import type {
  BigWinCents,
  DayFiguresCents,
  IdleMasterRecord,
  LosingCafeCents,
  OpenLoanCents,
  WaitingTransferCents,
} from './today.js';

/** One child of Trends in hundredths: its weeks shown, their total, the period before and the change. */
export interface TrendCents {
  child: ChildWeeksCents;
  name: string;
  shownCents: bigint[];
  totalCents: bigint;
  previousCents: bigint;
  changeCents: bigint;
}

/** `child.profitCents` covers the weeks before, then the weeks shown (`count` each). */
export function trendOf(child: ChildWeeksCents, count: number): TrendCents {
  const before = child.profitCents.slice(0, count);
  const shown = child.profitCents.slice(count);
  const totalCents = sumCents(shown, (c) => c);
  const previousCents = sumCents(before, (c) => c);
  return {
    child,
    name: fullName(child.firstName, child.lastName),
    shownCents: shown,
    totalCents,
    previousCents,
    changeCents: totalCents - previousCents,
  };
}

const compareCents = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
// One collator for every comparison: localeCompare with options builds one per call, which made
// sorting a large network's cafes take tens of milliseconds.
const compareText = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/** Trends in the order asked (ties by username, so that a page is stable). */
export function sortTrends(trends: TrendCents[], sort: string, order: 'asc' | 'desc'): TrendCents[] {
  const week = /^week(\d+)$/.exec(sort);
  const key = (t: TrendCents): bigint | string => {
    if (week) return t.shownCents[Number(week[1]) - 1] ?? 0n;
    if (sort === 'username') return t.child.username;
    if (sort === 'name') return t.name;
    if (sort === 'previous') return t.previousCents;
    if (sort === 'change') return t.changeCents;
    return t.totalCents;
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...trends].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const byKey = typeof ka === 'bigint' && typeof kb === 'bigint' ? compareCents(ka, kb) : compareText(String(ka), String(kb));
    return sign * byKey || compareText(a.child.username, b.child.username);
  });
}

export function trendRow(t: TrendCents): TrendRow {
  return {
    _id: t.child.id,
    username: t.child.username,
    name: t.name,
    role: t.child.role,
    profits: t.shownCents.map(centsToPoints),
    total: centsToPoints(t.totalCents),
    previous: centsToPoints(t.previousCents),
    change: centsToPoints(t.changeCents),
  };
}

/** A row as the export's columns read it (trendsColumns): one `week{n}` field per week shown. */
export function trendExportRow(row: TrendRow): Record<string, string | number> {
  const weeks = Object.fromEntries(row.profits.map((profit, i) => [trendWeekKey(i + 1), profit]));
  return { username: row.username, name: row.name, ...weeks, total: row.total, previous: row.previous, change: row.change };
}

export function trendWeeksOf(shown: readonly IsoDay[], openWeeks: readonly IsoDay[]): TrendsResponse['weeks'] {
  return shown.map((week) => ({ fromDate: week, toDate: weekEndDay(week), open: openWeeks.includes(week) }));
}

export function trendTotals(trends: readonly TrendCents[], count: number): TrendsResponse['totals'] {
  const total = sumCents(trends, (t) => t.totalCents);
  const previous = sumCents(trends, (t) => t.previousCents);
  return {
    profits: Array.from({ length: count }, (_, i) =>
      centsToPoints(sumCents(trends, (t) => definite(t.shownCents[i], 'a week shown'))),
    ),
    total: centsToPoints(total),
    previous: centsToPoints(previous),
    change: centsToPoints(total - previous),
  };
}

/** The week a `week{n}` sort names must be one of those shown. */
export function sortFits(query: Pick<TrendsQuery, 'sort' | 'weeks'>): boolean {
  const week = /^week(\d+)$/.exec(query.sort);
  return !week || Number(week[1]) <= query.weeks;
}

export function previousRangeOf(before: readonly IsoDay[]): TrendsResponse['previousRange'] {
  return {
    fromDate: definite(before[0], 'the first week before'),
    toDate: weekEndDay(definite(before.at(-1), 'the last week before')),
  };
}

export function accountRefOf(account: { id: string; username: string }): TrendsResponse['account'] {
  return { _id: account.id, username: account.username };
}

// ---------------------------------------------------------------- Today

export function dayFigures(figures: DayFiguresCents): TodayFigures {
  return {
    profit: centsToPoints(figures.profitCents),
    stake: centsToPoints(figures.stakeCents),
    plays: figures.plays,
    activeMembers: figures.activeMembers,
  };
}

export function bigWinRow(win: BigWinCents): BigWinRow {
  const { stakeCents, winCents, ...rest } = win;
  return { ...rest, stake: centsToPoints(stakeCents), win: centsToPoints(winCents) };
}

export function losingCafeRow(cafe: LosingCafeCents): LosingCafeRow {
  const { stakeCents, profitCents, ...rest } = cafe;
  return { ...rest, stake: centsToPoints(stakeCents), profit: centsToPoints(profitCents) };
}

export function waitingTransferRow(t: WaitingTransferCents): WaitingTransferRow {
  return { _id: t.id, from: t.from, channel: t.channel, amount: centsToPoints(t.amountCents), createdAt: t.createdAt };
}

export function openLoanRow(loan: OpenLoanCents): OpenLoanRow {
  return {
    agentId: loan.agentId,
    username: loan.username,
    totalLoan: centsToPoints(loan.totalLoanCents),
    outstanding: centsToPoints(loan.outstandingCents),
  };
}

export function idleMasterRow(master: IdleMasterRecord): IdleMasterRow {
  return {
    _id: master.id,
    username: master.username,
    name: fullName(master.firstName, master.lastName),
    address: master.address,
  };
}

export const pointsOf = centsToPoints;

export function cafeProfitRow(cafe: CafeProfitCents): CafeProfitRow {
  return {
    cafeId: cafe.cafeId,
    cafe: cafe.cafe,
    masterId: cafe.masterId,
    master: cafe.master,
    plays: cafe.plays,
    stake: centsToPoints(cafe.stakeCents),
    wins: centsToPoints(cafe.winsCents),
    profit: centsToPoints(cafe.ownProfitCents + cafe.otherProfitCents),
    ownProfit: centsToPoints(cafe.ownProfitCents),
    otherProfit: centsToPoints(cafe.otherProfitCents),
    members: cafe.members,
  };
}

/** Cafe Profit's totals over every cafe, in points. */
export function cafeProfitTotals(totals: CafeTotalsCents): CafeProfitResponse['totals'] {
  return {
    plays: totals.plays,
    stake: centsToPoints(totals.stakeCents),
    wins: centsToPoints(totals.winsCents),
    profit: centsToPoints(totals.ownProfitCents + totals.otherProfitCents),
    ownProfit: centsToPoints(totals.ownProfitCents),
    otherProfit: centsToPoints(totals.otherProfitCents),
  };
}

/** A terminal of Cafe Profit's popup: points, and the unknown terminal's label. */
export function cafeTerminalRow(terminal: CafeTerminalCents): CafeTerminalRow {
  return {
    terminalId: terminal.terminalId,
    terminal: terminal.terminalId ?? UNKNOWN_TERMINAL,
    plays: terminal.plays,
    stake: centsToPoints(terminal.stakeCents),
    wins: centsToPoints(terminal.winsCents),
    profit: centsToPoints(terminal.stakeCents - terminal.winsCents),
    members: terminal.members,
  };
}
