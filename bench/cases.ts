import { DRAW_GAMES } from '@playrep/contracts';
import type { Db } from '../apps/server/src/db/client.js';
import { addDays, type IsoDay, weekStartOf } from '../apps/server/src/lib/dates.js';
import { accountsOf, directChildren, pathFrom, searchAccounts } from '../apps/server/src/modules/accounts/repository.js';
import { countActivity, listActivity } from '../apps/server/src/modules/activity/queries.js';
import { activityScopeOf } from '../apps/server/src/modules/activity/scope.js';
import { findDrawGame, findDraws } from '../apps/server/src/modules/draws/queries.js';
import { countManagedAccounts, listManagedAccounts } from '../apps/server/src/modules/identity/manage/queries.js';
import { cafeProfitPage } from '../apps/server/src/modules/insight/cafe-profit.js';
import { childrenWeeklyProfit, trendWeeks } from '../apps/server/src/modules/insight/queries.js';
import {
  bigWinsToday,
  idleMasters,
  lastWeekFigures,
  losingCafesToday,
  openLoans,
  todayFigures,
  waitingTransfers,
} from '../apps/server/src/modules/insight/today.js';
import { loansReport } from '../apps/server/src/modules/loans/loans-report.js';
import { agentMail, mailMembers } from '../apps/server/src/modules/money/queries/mail-statement.js';
import { pointsByGame } from '../apps/server/src/modules/money/queries/points-by-game.js';
import { revenueRecovery } from '../apps/server/src/modules/money/queries/recovery.js';
import { weekMemberPoints } from '../apps/server/src/modules/money/queries/week-member-points.js';
import { dailyStatus, membersElsewhere, profitOver } from '../apps/server/src/modules/network/queries.js';
import { mastersOrderBy, subtreeMasters } from '../apps/server/src/modules/play-sums/masters-page.js';
import { categorize } from '../apps/server/src/modules/transfers/present.js';
import { type Channel, findTransfers } from '../apps/server/src/modules/transfers/queries.js';
import { type SettlementKind, weeklyRevenue, weekStatement } from '../apps/server/src/modules/weeks/index.js';
import { cafeTrendsCase } from './cafe-trends-case.js';
import { weekGlanceCases } from './week-glance-cases.js';

/** The accounts the bench signs in as (docs/domain.md, "Demo data", password Demo@1234). */
export const BENCH_USERS = ['master1', 'am1', 'superadmin'] as const;
export type BenchUser = (typeof BENCH_USERS)[number];

/** Aims of the reports (p95, milliseconds). */
export interface Aim {
  ms: number;
  /** Where the figure comes from; `derived` when it is given for a sibling report only. */
  source: string;
  derived?: boolean;
}
const TRANSFER_AIM: Aim = { ms: 50, source: 'transfer and draw reports over 7 days' };
const REVENUE_AIM: Aim = { ms: 100, source: 'Revenue over 12 weeks' };
const MONEY_AIM: Aim = { ms: 100, source: 'the Revenue figure applied to the other money reports', derived: true };
const NETWORK_AIM: Aim = { ms: 50, source: 'network reports' };
const ACTIVITY_AIM: Aim = { ms: 50, source: 'the Activity screen over 1,000,000 entries' };
const ACCOUNTS_AIM: Aim = { ms: 50, source: "the superadmin's Accounts screen on the large network" };
const INSIGHT_AIM: Aim = { ms: 50, source: 'Today, Trends (26 weeks) and Cafe Profit at c=1 (docs/domain.md, "Insight")' };

/** What every case may refer to: today and the ids of the accounts it names. */
export interface BenchContext {
  today: IsoDay;
  ids: Record<string, string>;
}

export interface BenchCase {
  endpoint: string;
  /** The account signed in (and so the subject of the report). */
  user: BenchUser;
  /** Extra words shown beside the subject (range, parameters). */
  note: string;
  /** Path and query under /api/playrep. */
  path: (ctx: BenchContext) => string;
  aim: Aim;
  /** The same work as the route, straight against the database: the module's query functions. */
  bare: (db: Db, ctx: BenchContext) => Promise<unknown>;
}

const last7 = (ctx: BenchContext) => ({ from: addDays(ctx.today, -6), to: ctx.today });
/** Monday to Sunday of the last finished week. */
const lastWeek = (ctx: BenchContext) => {
  const from = addDays(weekStartOf(ctx.today), -7);
  return { from, to: addDays(from, 6) };
};
/** The current week and the 11 before it: 11 closed weeks and the open one. */
const weeks12 = (ctx: BenchContext) => ({ from: addDays(weekStartOf(ctx.today), -77), to: ctx.today });
/** The 12 finished weeks before the current one: closed weeks only. */
const closed12 = (ctx: BenchContext) => ({ from: addDays(weekStartOf(ctx.today), -84), to: addDays(weekStartOf(ctx.today), -1) });
const yesterday = (ctx: BenchContext) => addDays(ctx.today, -1);
/** Yesterday as the one-day range the Daily Status and Agent Status screens send. */
const yesterdayRange = (ctx: BenchContext) => ({ from: yesterday(ctx), to: yesterday(ctx) });
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
const rangeQs = (range: { from: IsoDay; to: IsoDay }, extra: Record<string, string | number> = {}) =>
  qs({ fromDate: range.from, toDate: range.to, ...extra });

const DRAW_GAME = DRAW_GAMES[0];

function transferCase(endpoint: string, channels: Channel[], user: BenchUser, week: boolean): BenchCase {
  const range = week ? lastWeek : last7;
  return {
    endpoint,
    user,
    note: week ? 'last week' : '7 days',
    path: (ctx) => `/${endpoint}?${rangeQs(range(ctx))}`,
    aim: TRANSFER_AIM,
    bare: async (db, ctx) => categorize(await findTransfers(db, { accountId: ctx.ids[user]!, range: range(ctx), channels })),
  };
}

function revenueCase(endpoint: string, kind: SettlementKind, user: BenchUser, closedOnly = false): BenchCase {
  const weeks = closedOnly ? closed12 : weeks12;
  return {
    endpoint,
    user,
    note: closedOnly ? '12 closed weeks' : '12 weeks',
    path: (ctx) => `/${endpoint}?${rangeQs(weeks(ctx))}`,
    aim: REVENUE_AIM,
    bare: (db, ctx) => {
      const { from, to } = weeks(ctx);
      return weeklyRevenue(db, { accountId: ctx.ids[user]!, kind, from, to, today: ctx.today });
    },
  };
}

/** The cases in the order they run and print. */
export function benchCases(): BenchCase[] {
  const managers: BenchUser[] = ['am1', 'superadmin'];
  /** A manager as the subtree owner the network queries take (its username names its role). */
  const owner = (ctx: BenchContext, user: BenchUser) => ({
    id: ctx.ids[user]!,
    role: user === 'superadmin' ? 'superadmin' : 'areamanager',
  });
  const cases: BenchCase[] = [];
  for (const user of ['master1', 'superadmin'] as const) {
    cases.push(transferCase('pointtransferreport', ['single'], user, false));
    cases.push(transferCase('multipointtransferreport', ['multiplayer'], user, false));
  }
  for (const user of ['master1', 'superadmin'] as const) {
    cases.push(transferCase('weeklydetailsreport', ['single', 'multiplayer'], user, true));
  }
  cases.push({
    endpoint: 'drawdetails',
    user: 'master1',
    note: `7 days, page 1, ${DRAW_GAME.name}`,
    path: (ctx) => `/drawdetails?${rangeQs(last7(ctx), { gameId: DRAW_GAME.code, page: 1, pageSize: 10 })}`,
    aim: TRANSFER_AIM,
    bare: async (db, ctx) => {
      const game = await findDrawGame(db, DRAW_GAME.code);
      return findDraws(db, { gameId: game!.id, range: last7(ctx), now: new Date(), sort: 'desc', limit: 10, offset: 0 });
    },
  });

  for (const user of ['master1', 'am1', 'superadmin'] as const) cases.push(revenueCase('revenuereport', 'games', user));
  cases.push(revenueCase('revenuereport', 'games', 'superadmin', true));
  for (const user of ['master1', 'am1', 'superadmin'] as const) cases.push(revenueCase('pokerrevenuereport', 'poker', user));
  for (const user of ['master1', ...managers] as BenchUser[]) {
    cases.push({
      endpoint: 'revenueweek',
      user,
      note: 'last week popup',
      path: (ctx) => `/revenueweek?${qs({ fromDate: lastWeek(ctx).from })}`,
      aim: MONEY_AIM,
      bare: (db, ctx) => {
        const { from } = lastWeek(ctx);
        const accountId = ctx.ids[user]!;
        return Promise.all([
          weekStatement(db, { accountId, weekStart: from, today: ctx.today }),
          weekMemberPoints(db, { accountId, weekStart: from }),
        ]);
      },
    });
  }
  for (const user of ['master1', ...managers] as BenchUser[]) {
    cases.push({
      endpoint: 'mailreport',
      user,
      note: 'last week',
      path: (ctx) => `/mailreport?${rangeQs(lastWeek(ctx))}`,
      aim: MONEY_AIM,
      bare: (db, ctx) => {
        const range = lastWeek(ctx);
        const accountId = ctx.ids[user]!;
        return Promise.all([
          agentMail(db, { accountId, weekStart: range.from, today: ctx.today }),
          pointsByGame(db, accountId, range),
        ]);
      },
    });
  }
  for (const user of managers) {
    cases.push({
      endpoint: 'managermailreport',
      user,
      note: 'last week',
      path: (ctx) => `/managermailreport?${rangeQs(lastWeek(ctx))}`,
      aim: MONEY_AIM,
      bare: (db, ctx) => mailMembers(db, { accountId: ctx.ids[user]!, weekStart: lastWeek(ctx).from }),
    });
  }
  for (const [endpoint, multipleCafesOnly] of [
    ['computerloan', false],
    ['multiplecybers', true],
  ] as const) {
    for (const user of managers) {
      cases.push({
        endpoint,
        user,
        note: '',
        path: () => `/${endpoint}`,
        aim: MONEY_AIM,
        bare: (db, ctx) => loansReport(db, { managerId: ctx.ids[user]!, multipleCafesOnly, today: ctx.today }),
      });
    }
  }
  for (const user of managers) {
    cases.push({
      endpoint: 'revenuerecovery',
      user,
      note: 'master1',
      path: () => `/revenuerecovery?${qs({ username: 'master1' })}`,
      aim: MONEY_AIM,
      bare: (db, ctx) => revenueRecovery(db, { masterId: ctx.ids.master1! }),
    });
  }

  for (const user of managers) {
    cases.push(
      {
        endpoint: 'agentdetails',
        user,
        note: '',
        path: () => '/agentdetails',
        aim: NETWORK_AIM,
        bare: (db, ctx) =>
          accountsOf(
            db,
            subtreeMasters(owner(ctx, user), { sort: 'username', order: 'asc' }),
            mastersOrderBy('a', 'username', 'asc'),
          ),
      },
      {
        endpoint: 'dailystatus',
        user,
        note: 'yesterday',
        path: (ctx) => `/dailystatus?${rangeQs(yesterdayRange(ctx))}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => dailyStatus(db, owner(ctx, user), yesterdayRange(ctx)),
      },
      {
        endpoint: 'dailystatus',
        user,
        note: 'last week',
        path: (ctx) => `/dailystatus?${rangeQs(lastWeek(ctx))}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => dailyStatus(db, owner(ctx, user), lastWeek(ctx)),
      },
      {
        endpoint: 'dailystatusmembers',
        user,
        note: 'master1, yesterday',
        path: (ctx) => `/dailystatusmembers?${rangeQs(yesterdayRange(ctx), { agentId: 'master1' })}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => membersElsewhere(db, ctx.ids.master1!, yesterdayRange(ctx)),
      },
      {
        endpoint: 'findstatus',
        user,
        note: 'all agents, yesterday',
        path: (ctx) => `/findstatus?${rangeQs(yesterdayRange(ctx))}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => dailyStatus(db, owner(ctx, user), yesterdayRange(ctx)),
      },
      {
        endpoint: 'findstatus',
        user,
        note: 'master1, yesterday',
        path: (ctx) => `/findstatus?${rangeQs(yesterdayRange(ctx), { agentId: 'master1' })}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => profitOver(db, ctx.ids.master1!, yesterdayRange(ctx)),
      },
      {
        endpoint: 'nonperforming',
        user,
        note: '',
        path: () => '/nonperforming',
        aim: NETWORK_AIM,
        bare: (db, ctx) =>
          accountsOf(
            db,
            subtreeMasters(owner(ctx, user), { sort: 'username', order: 'asc' }),
            mastersOrderBy('a', 'username', 'asc'),
          ),
      },
      {
        endpoint: 'balancereport',
        user,
        note: 'children',
        path: () => '/balancereport',
        aim: NETWORK_AIM,
        bare: (db, ctx) => directChildren(db, ctx.ids[user]!),
      },
    );
    const child = user === 'am1' ? 'master1' : 'admin1';
    cases.push(
      {
        endpoint: 'balancechildren',
        user,
        note: child,
        path: () => `/balancechildren?${qs({ agentId: child })}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => Promise.all([directChildren(db, ctx.ids[child]!), pathFrom(db, ctx.ids[user]!, ctx.ids[child]!)]),
      },
      {
        endpoint: 'accountsearch',
        user,
        note: 'q=mas',
        path: () => `/accountsearch?${qs({ q: 'mas' })}`,
        aim: NETWORK_AIM,
        bare: (db, ctx) => searchAccounts(db, ctx.ids[user]!, 'mas', 20),
      },
    );
  }
  // The Activity screen over ACTIVITY_BENCH_ENTRIES entries (activity-entries.ts): its first page
  // and its count, as the screen asks them; the superadmin sees all, am1 its subtree's (139
  // accounts: its page walks the entries in time order), master1 its subtree's (17 accounts: its
  // page is read member by member).
  const ACTIVITY_ROLES = { superadmin: 'superadmin', am1: 'areamanager', master1: 'master' } as const;
  for (const user of ['superadmin', 'am1', 'master1'] as const) {
    const scope = (ctx: BenchContext) => activityScopeOf({ accountId: ctx.ids[user]!, role: ACTIVITY_ROLES[user] });
    cases.push({
      endpoint: 'activity',
      user,
      note: 'page 1 of 20',
      path: () => '/activity',
      aim: ACTIVITY_AIM,
      bare: (db, ctx) =>
        Promise.all([
          listActivity(db, scope(ctx), {}, { sort: 'at', direction: 'desc', offset: 0, limit: 20 }),
          countActivity(db, scope(ctx), {}),
        ]),
    });
  }
  // The Accounts screen of the superadmin: every account of the large network, its first page by
  // username and the count, as the screen asks them.
  cases.push({
    endpoint: 'accounts',
    user: 'superadmin',
    note: 'page 1 of 20',
    path: () => '/accounts',
    aim: ACCOUNTS_AIM,
    bare: (db, ctx) =>
      Promise.all([
        listManagedAccounts(db, ctx.ids.superadmin!, {}, { sort: 'username', order: 'asc', offset: 0, limit: 20 }, new Date()),
        countManagedAccounts(db, ctx.ids.superadmin!, {}, new Date()),
      ]),
  });
  cases.push(...insightCases());
  cases.push(cafeTrendsCase);
  cases.push(...weekGlanceCases());
  return cases;
}

/** Today, Trends over 26 weeks and Cafe Profit of last week for the superadmin: the whole network below one account (wholeNetwork). */
function insightCases(): BenchCase[] {
  const user = 'superadmin';
  return [
    {
      endpoint: 'today',
      user,
      note: '',
      path: () => '/today',
      aim: INSIGHT_AIM,
      bare: (db, ctx) => {
        const id = ctx.ids[user]!;
        const owner = { id, role: user };
        // The bench's clock is the real one: today's figures, and last week's up to now.
        const now = new Date();
        return Promise.all([
          todayFigures(db, owner, ctx.today),
          lastWeekFigures(db, owner, now),
          bigWinsToday(db, { owner, today: ctx.today, thresholdCents: 1_000_000n, limit: 20 }),
          losingCafesToday(db, { owner, today: ctx.today, limit: 20 }),
          waitingTransfers(db, id),
          openLoans(db, { owner, limit: 20 }),
          idleMasters(db, { owner, today: ctx.today, limit: 20 }),
        ]);
      },
    },
    {
      endpoint: 'trends',
      user,
      note: '26 weeks',
      path: () => `/trends?${qs({ weeks: 26 })}`,
      aim: INSIGHT_AIM,
      bare: (db, ctx) => {
        const { before, shown } = trendWeeks(ctx.today, 26);
        return childrenWeeklyProfit(db, {
          accountId: ctx.ids[user]!,
          weekStarts: [...before, ...shown],
          today: ctx.today,
        });
      },
    },
    {
      endpoint: 'cafeprofit',
      user,
      note: 'last week',
      path: (ctx) => `/cafeprofit?${rangeQs(lastWeek(ctx))}`,
      aim: INSIGHT_AIM,
      bare: (db, ctx) =>
        cafeProfitPage(
          db,
          { id: ctx.ids[user]!, role: user },
          lastWeek(ctx),
          { sort: 'master', order: 'asc' },
          { offset: 0, limit: 10 },
        ),
    },
  ];
}

/** Every username a case refers to, for the id lookup. */
export const NAMED_ACCOUNTS = ['master1', 'am1', 'superadmin', 'admin1'] as const;

export function caseLabel(c: BenchCase): string {
  return `${c.endpoint} ${c.user}${c.note ? ` ${c.note}` : ''}`;
}
