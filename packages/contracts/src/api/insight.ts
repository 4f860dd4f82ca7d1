import { z } from 'zod';
import { reportPath } from '../call-paths.js';
import { COLUMNS_GIVEN, type EndpointDef, oneSheet, report } from '../endpoint-def.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import {
  BIG_WIN_COLUMNS,
  CAFE_PROFIT_COLUMNS,
  CAFE_PROFIT_PAGE_SIZES,
  CAFE_PROFIT_SORTS,
  CAFE_TERMINAL_COLUMNS,
  IDLE_MASTER_COLUMNS,
  LOSING_CAFE_COLUMNS,
  OPEN_LOAN_COLUMNS,
  TREND_WEEK_COUNTS,
  TRENDS_PAGE_SIZES,
  WAITING_TRANSFER_COLUMNS,
} from '../tables/insight.js';
import { exportLanguageParam, queryObject, SubjectEcho } from './common.js';
import { PageEcho } from './list-paging.js';

// ---------------------------------------------------------------- Trends (docs/domain.md, "Insight")

/** Sorts of Trends: a fixed column, or `week{n}` (n from 1, the oldest week shown). */
export const TRENDS_FIXED_SORTS = ['username', 'name', 'total', 'previous', 'change'] as const;
const TRENDS_SORT = /^(username|name|total|previous|change|week([1-9]|1\d|2[0-6]))$/;

/**
 * The query of a report over the subject's direct children with one column per period shown
 * (Trends, Week at a Glance): `periods` says which periods; a page of the children, by their total
 * profit, largest first, unless the query asks for another `sort` (one `sorts` matches) or `order`.
 */
export function childPeriodsQuery<P extends z.ZodRawShape>(
  periods: P,
  { pageSizes, sorts, sortsMessage }: { pageSizes: readonly [number, ...number[]]; sorts: RegExp; sortsMessage: string },
) {
  return queryObject({
    id: z.string().trim().optional(),
    ...periods,
    page: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 or more').default(1),
    pageSize: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(1, 'must be 1 or more')
      .max(50, 'must be at most 50')
      .default(pageSizes[0]),
    sort: z.string().regex(sorts, sortsMessage).default('total'),
    order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
    format: z.enum(EXPORT_FORMATS).optional(),
    lang: exportLanguageParam(),
  });
}

export const TrendsQuery = childPeriodsQuery(
  {
    weeks: z.coerce
      .number({ error: `must be one of ${TREND_WEEK_COUNTS.join(', ')}` })
      .refine((n) => (TREND_WEEK_COUNTS as readonly number[]).includes(n), `must be one of ${TREND_WEEK_COUNTS.join(', ')}`)
      .default(TREND_WEEK_COUNTS[0]),
  },
  {
    pageSizes: TRENDS_PAGE_SIZES,
    sorts: TRENDS_SORT,
    sortsMessage: `must be one of ${TRENDS_FIXED_SORTS.join(', ')} or week1 to week26`,
  },
);
export type TrendsQuery = z.infer<typeof TrendsQuery>;

export const TrendWeek = z.object({
  /** Monday. */
  fromDate: z.string(),
  /** Sunday. */
  toDate: z.string(),
  /** Not closed yet: computed live, as Revenue shows it. */
  open: z.boolean(),
});
export type TrendWeek = z.infer<typeof TrendWeek>;

/**
 * A direct child of the subject in Trends and Week at a Glance: its draw-games profit per period
 * shown, oldest first (a week's as Revenue shows it, a day's as Daily Status does), and their sum.
 */
export const ChildPeriodsRow = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  profits: z.array(z.number()),
  /** Σ profits. */
  total: z.number(),
});

export const TrendRow = ChildPeriodsRow.extend({
  /** The profit of the same number of weeks just before. */
  previous: z.number(),
  /** total − previous. */
  change: z.number(),
});
export type TrendRow = z.infer<typeof TrendRow>;

export const TrendsResponse = z.object({
  account: SubjectEcho,
  weeks: z.array(TrendWeek),
  /** The weeks the change is measured against. */
  previousRange: z.object({ fromDate: z.string(), toDate: z.string() }),
  /** One page of the subject's direct children. */
  data: z.array(TrendRow),
  /** Over every child, not only the page. */
  totals: z.object({ profits: z.array(z.number()), total: z.number(), previous: z.number(), change: z.number() }),
  /** Children in all, the page and its size. */
  ...PageEcho.shape,
});
export type TrendsResponse = z.infer<typeof TrendsResponse>;

// ---------------------------------------------------------------- Today (docs/domain.md, "Insight")

export const TodayQuery = queryObject({
  id: z.string().trim().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type TodayQuery = z.infer<typeof TodayQuery>;

/** The largest big-win threshold a user may set (a play's win is at most 10,000,000). */
export const BIG_WIN_THRESHOLD_MAX = 10_000_000;

/** Sets the caller's own big-win threshold, in points (two decimals at most). */
export const TodayThresholdQuery = queryObject({
  threshold: z.coerce
    .number({ error: 'must be a number of points' })
    .min(0.01, 'must be more than 0')
    .max(BIG_WIN_THRESHOLD_MAX, `must be at most ${BIG_WIN_THRESHOLD_MAX.toLocaleString('en-IN')}`)
    .refine(
      (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      'must have at most 2 decimals',
    ),
});
export type TodayThresholdQuery = z.infer<typeof TodayThresholdQuery>;
export const TodayThresholdResponse = z.object({ threshold: z.number(), message: z.string() });
export type TodayThresholdResponse = z.infer<typeof TodayThresholdResponse>;

export const TodayFigures = z.object({
  /** Draw-games profit (Σ play − Σ win). */
  profit: z.number(),
  /** Σ play points. */
  stake: z.number(),
  plays: z.number(),
  /** Members with at least one play. */
  activeMembers: z.number(),
});
export type TodayFigures = z.infer<typeof TodayFigures>;

export const BigWinRow = z.object({
  playedAt: z.string(),
  memberId: z.string(),
  member: z.string(),
  cafe: z.string(),
  /** The master who owns the cafe. */
  cafeMaster: z.string(),
  game: z.string(),
  gameCode: z.string(),
  /** The draw's time (ISO instant), null for a play without one. */
  drawAt: z.string().nullable(),
  stake: z.number(),
  win: z.number(),
});
export type BigWinRow = z.infer<typeof BigWinRow>;

export const LosingCafeRow = z.object({
  cafeId: z.string(),
  cafe: z.string(),
  master: z.string(),
  masterId: z.string(),
  plays: z.number(),
  stake: z.number(),
  profit: z.number(),
});
export type LosingCafeRow = z.infer<typeof LosingCafeRow>;

export const WaitingTransferRow = z.object({
  _id: z.string(),
  from: z.string(),
  amount: z.number(),
  channel: z.string(),
  createdAt: z.string(),
});
export type WaitingTransferRow = z.infer<typeof WaitingTransferRow>;

export const OpenLoanRow = z.object({
  agentId: z.string(),
  username: z.string(),
  totalLoan: z.number(),
  outstanding: z.number(),
});
export type OpenLoanRow = z.infer<typeof OpenLoanRow>;

export const IdleMasterRow = z.object({ _id: z.string(), username: z.string(), name: z.string(), address: z.string() });
export type IdleMasterRow = z.infer<typeof IdleMasterRow>;

export const TodayResponse = z.object({
  account: SubjectEcho,
  /** Today (IST) and the same weekday a week before. */
  today: z.string(),
  lastWeekDay: z.string(),
  /** The time the figures stand at; last week's are up to the same time of its day. */
  asOf: z.string(),
  figures: z.object({ today: TodayFigures, lastWeek: TodayFigures }),
  /** The caller's big-win threshold, in points. */
  threshold: z.number(),
  bigWins: z.array(BigWinRow),
  losingCafes: z.array(LosingCafeRow),
  waitingTransfers: z.array(WaitingTransferRow),
  /** The TODAY_LIST_LIMIT masters that owe most; openLoanTotals are over every master that owes. */
  openLoans: z.array(OpenLoanRow),
  openLoanTotals: z.object({ count: z.number(), totalLoan: z.number(), outstanding: z.number() }),
  /** The first TODAY_LIST_LIMIT by username; idleMasterCount counts them all. */
  idleMasters: z.array(IdleMasterRow),
  idleMasterCount: z.number(),
});
export type TodayResponse = z.infer<typeof TodayResponse>;

// ---------------------------------------------------------------- Cafe Profit (docs/domain.md, "Insight")

export const CafeProfitRow = z.object({
  cafeId: z.string(),
  cafe: z.string(),
  masterId: z.string(),
  master: z.string(),
  plays: z.number(),
  /** Σ play points at the cafe. */
  stake: z.number(),
  wins: z.number(),
  /** stake − wins: the cafe's draw-games profit, whoever played there. */
  profit: z.number(),
  /** Of which by the owner's own members. */
  ownProfit: z.number(),
  /** Of which by other agents' members. */
  otherProfit: z.number(),
  /** Members who played there. */
  members: z.number(),
});
export type CafeProfitRow = z.infer<typeof CafeProfitRow>;

export const CafeProfitQuery = queryObject({
  id: z.string().trim().optional(),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  page: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be 1 or more')
    .max(100, 'must be at most 100')
    .default(CAFE_PROFIT_PAGE_SIZES[0]),
  sort: z.enum(CAFE_PROFIT_SORTS, { error: `must be one of ${CAFE_PROFIT_SORTS.join(', ')}` }).default('master'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type CafeProfitQuery = z.infer<typeof CafeProfitQuery>;

export const CafeProfitResponse = z.object({
  range: z.object({ fromDate: z.string(), toDate: z.string() }),
  account: SubjectEcho,
  /** One page of the cafes, in the order asked (ties by agent, then cafe). */
  data: z.array(CafeProfitRow),
  /** Over every cafe, not only the page. */
  totals: CafeProfitRow.pick({ plays: true, stake: true, wins: true, profit: true, ownProfit: true, otherProfit: true }),
  /** Cafes in all, the page and its size. */
  ...PageEcho.shape,
});
export type CafeProfitResponse = z.infer<typeof CafeProfitResponse>;

// ---------------------------------------------------------------- Cafe Profit's terminals (docs/domain.md, "Insight")

export const CafeTerminalsQuery = queryObject({
  id: z.string().trim().optional(),
  /** A cafe of a master in the subject's subtree (a row of Cafe Profit). */
  cafeId: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type CafeTerminalsQuery = z.infer<typeof CafeTerminalsQuery>;

export const CafeTerminalRow = z.object({
  /** As the feed sent it; null for the plays sent without one. */
  terminalId: z.string().nullable(),
  /** The terminal as shown: its id, or UNKNOWN_TERMINAL. */
  terminal: z.string(),
  plays: z.number(),
  stake: z.number(),
  wins: z.number(),
  /** stake − wins. */
  profit: z.number(),
  /** Members who played on it. */
  members: z.number(),
});
export type CafeTerminalRow = z.infer<typeof CafeTerminalRow>;

export const CafeTerminalsResponse = z.object({
  range: z.object({ fromDate: z.string(), toDate: z.string() }),
  cafe: z.object({ cafeId: z.string(), cafe: z.string(), masterId: z.string(), master: z.string() }),
  /** One row per terminal with a draw-games play at the cafe over the range; the unknown terminal last. */
  data: z.array(CafeTerminalRow),
});
export type CafeTerminalsResponse = z.infer<typeof CafeTerminalsResponse>;

/** Entries of the endpoint table (endpoints.ts): Insight (docs/domain.md, "Insight"). */
export const INSIGHT_ENDPOINTS = {
  trends: {
    ...report('trends', 'Profit per week of each direct child of the subject, with the change against the period before'),
    query: TrendsQuery,
    response: TrendsResponse,
    // One column per week shown: the handler gives trendsColumns(weeks).
    exports: { file: 'trends', sheets: { children: { title: 'Trends', columns: COLUMNS_GIVEN } } },
  },
  today: {
    ...report('today', 'Today so far against the same weekday last week, big wins, losing cafes, what waits'),
    query: TodayQuery,
    response: TodayResponse,
    exports: {
      file: 'today',
      sheets: {
        bigWins: { title: 'Big Wins Today', columns: BIG_WIN_COLUMNS },
        losingCafes: { title: 'Cafes Losing Most Today', columns: LOSING_CAFE_COLUMNS },
        waitingTransfers: { title: 'Transfers Waiting', columns: WAITING_TRANSFER_COLUMNS },
        openLoans: { title: 'Open Loans', columns: OPEN_LOAN_COLUMNS },
        idleMasters: { title: 'Masters With No Play Today', columns: IDLE_MASTER_COLUMNS },
      },
    },
  },
  cafeProfit: {
    ...report('cafeProfit', 'Each cafe of the masters in the subject’s subtree: the profit of the plays made there'),
    query: CafeProfitQuery,
    response: CafeProfitResponse,
    exports: oneSheet('cafe-profit', 'cafes', 'Cafe Profit', CAFE_PROFIT_COLUMNS),
  },
  cafeTerminals: {
    ...report('cafeTerminals', 'The plays of one cafe of Cafe Profit per terminal, the unknown terminal included'),
    query: CafeTerminalsQuery,
    response: CafeTerminalsResponse,
    exports: {
      file: 'cafe-terminals',
      sheets: { terminals: { title: (cafe: string) => `Terminals of ${cafe}`, columns: CAFE_TERMINAL_COLUMNS } },
    },
  },
  todayThreshold: {
    method: 'POST',
    path: reportPath('todayThreshold'),
    access: 'report',
    summary: 'Set the caller’s own big-win threshold of Today',
    query: TodayThresholdQuery,
    response: TodayThresholdResponse,
  },
} as const satisfies Record<string, EndpointDef>;
