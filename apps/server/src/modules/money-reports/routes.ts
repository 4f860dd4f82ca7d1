import {
  LOAN_COLUMNS,
  LoansQuery,
  LoansResponse,
  MAIL_COLUMNS,
  MAIL_POINTS_BY_TYPE_COLUMNS,
  MANAGER_MAIL_COLUMNS,
  MailQuery,
  MailResponse,
  ManagerMailQuery,
  ManagerMailResponse,
  RECOVERY_AGENT_REQUIRED_MESSAGE,
  RECOVERY_COLUMNS,
  REVENUE_COLUMNS,
  RecoveryQuery,
  RecoveryResponse,
  RevenueQuery,
  RevenueResponse,
  RevenueWeekQuery,
  RevenueWeekResponse,
  WEEK_MEMBER_COLUMNS,
} from '@playrep/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDays, istDay, resolveDay, resolveRange, weekStartOf } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import { centsToPoints } from '../../lib/money.js';
import type { ScopedAccount } from '../../plugins/context.js';
import { sendExport } from '../export/table-export.js';
import {
  loansReport,
  mailStatement,
  recovery,
  type SettlementKind,
  weeklyRevenue,
  weekMemberPoints,
} from '../settlement/index.js';
import { loanRow, mailLoan, mailSummary, numbered, revenueRow, revenueTotals, weekSummary } from './present.js';
import { directChildrenProfit, pointsByGame } from './queries.js';

/** Revenue and Poker Revenue: the same table over the two settlements (DOMAIN.md section 5). */
const REVENUE_REPORTS: { call: string; kind: SettlementKind; title: string; file: string }[] = [
  { call: 'revenuereport', kind: 'games', title: 'Revenue', file: 'revenue' },
  // The spec names both calls; they answer the same.
  { call: 'revenuereportbyid', kind: 'games', title: 'Revenue', file: 'revenue' },
  { call: 'pokerrevenuereport', kind: 'poker', title: 'Poker Revenue', file: 'poker-revenue' },
];

const LOAN_REPORTS: { call: string; multipleCafesOnly: boolean; title: string; file: string }[] = [
  { call: 'computerloan', multipleCafesOnly: false, title: 'Computer Loan', file: 'computer-loan' },
  { call: 'multiplecybers', multipleCafesOnly: true, title: 'Multiple Cybers', file: 'multiple-cybers' },
];

const accountRef = (subject: ScopedAccount) => ({ _id: subject.id, username: subject.username });

/**
 * The money reports (issue 5 points 2-7). Figures come from the settlement module in hundredths
 * and are converted here only; every account parameter has passed the scope guard.
 */
export const moneyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => istDay(app.clock.now());

  for (const report of REVENUE_REPORTS) {
    app.get(
      `/${report.call}`,
      { config: { call: report.call }, schema: { querystring: RevenueQuery, response: { 200: RevenueResponse } } },
      async (request, reply) => {
        const { subject, query } = request;
        const now = today();
        const range = resolveRange(query, now);
        const revenue = await weeklyRevenue(app.db, {
          accountId: subject.id,
          kind: report.kind,
          from: range.from,
          to: range.to,
          today: now,
        });
        const data = revenue.weeks.map(revenueRow);
        if (query.format) {
          return sendExport(reply, query.format, `${report.file}-${subject.username}-${range.from}-to-${range.to}`, [
            { title: report.title, columns: REVENUE_COLUMNS, rows: numbered(data) },
          ]);
        }
        return {
          range: { fromDate: range.from, toDate: range.to },
          account: accountRef(subject),
          kind: report.kind,
          data,
          totals: revenueTotals(revenue.totals),
        };
      },
    );
  }

  // The week popup of the Revenue screen: `fromDate` is any day of the week.
  app.get(
    '/revenueweek',
    { config: { call: 'revenueweek' }, schema: { querystring: RevenueWeekQuery, response: { 200: RevenueWeekResponse } } },
    async (request, reply) => {
      const { subject, query } = request;
      const now = today();
      const weekStart = weekStartOf(resolveDay(query.fromDate, now, 'fromDate'));
      if (weekStart > weekStartOf(now)) throw badRequest('fromDate must not be in a week that has not started');
      const weekEnd = addDays(weekStart, 6);
      const [revenue, members, statement] = await Promise.all([
        weeklyRevenue(app.db, { accountId: subject.id, kind: 'games', from: weekStart, to: weekEnd, today: now }),
        weekMemberPoints(app.db, { accountId: subject.id, weekStart }),
        mailStatement(app.db, { accountId: subject.id, from: weekStart, to: weekEnd, today: now }),
      ]);
      const week = revenue.weeks[0]!;
      const memberRows = members.map((m) => ({
        _id: m.accountId,
        username: m.username,
        profit: centsToPoints(m.profitCents),
        playPoints: centsToPoints(m.playPointsCents),
      }));
      if (query.format) {
        return sendExport(reply, query.format, `revenue-week-${subject.username}-${weekStart}`, [
          { title: `Week ${weekStart} to ${weekEnd}`, columns: REVENUE_COLUMNS, rows: numbered([revenueRow(week)]) },
          { title: 'Points Used By Members', columns: WEEK_MEMBER_COLUMNS, rows: numbered(memberRows) },
        ]);
      }
      return {
        account: accountRef(subject),
        week: revenueRow(week),
        members: memberRows,
        totalProfit: centsToPoints(members.reduce((sum, m) => sum + m.profitCents, 0)),
        summary: weekSummary(week),
        loan: mailLoan(statement.loan),
      };
    },
  );

  for (const report of LOAN_REPORTS) {
    app.get(
      `/${report.call}`,
      { config: { call: report.call }, schema: { querystring: LoansQuery, response: { 200: LoansResponse } } },
      async (request, reply) => {
        const { subject, query } = request;
        const rows = await loansReport(app.db, {
          managerId: subject.id,
          multipleCafesOnly: report.multipleCafesOnly,
          today: today(),
        });
        const data = rows.map(loanRow);
        if (query.format) {
          return sendExport(reply, query.format, `${report.file}-${subject.username}`, [
            { title: report.title, columns: LOAN_COLUMNS, rows: numbered(data) },
          ]);
        }
        return { data };
      },
    );
  }

  // `username` is the master's Agent ID; the guard has checked it is in the caller's scope.
  app.get(
    '/revenuerecovery',
    { config: { call: 'revenuerecovery' }, schema: { querystring: RecoveryQuery, response: { 200: RecoveryResponse } } },
    async (request, reply) => {
      const master = request.scoped.username;
      if (!master) throw badRequest(RECOVERY_AGENT_REQUIRED_MESSAGE);
      const owed = await recovery(app.db, { masterId: master.id });
      const data = {
        masterUsername: owed.masterUsername,
        recoveryAmount: centsToPoints(owed.recoveryAmountCents),
        outstandingLoan: centsToPoints(owed.outstandingLoanCents),
        carryForward: centsToPoints(owed.carryForwardCents),
      };
      if (request.query.format) {
        return sendExport(reply, request.query.format, `revenue-recovery-${owed.masterUsername}`, [
          { title: 'Revenue Recovery', columns: RECOVERY_COLUMNS, rows: [data] },
        ]);
      }
      return { data };
    },
  );

  app.get(
    '/mailreport',
    { config: { call: 'mailreport' }, schema: { querystring: MailQuery, response: { 200: MailResponse } } },
    async (request, reply) => {
      const { subject, query } = request;
      const now = today();
      const range = resolveRange(query, now);
      const [statement, byGame] = await Promise.all([
        mailStatement(app.db, { accountId: subject.id, from: range.from, to: range.to, today: now }),
        pointsByGame(app.db, subject.id, range),
      ]);
      const data = statement.data.map((row) => ({
        _id: row.accountId,
        username: row.username,
        name: row.name,
        playPoints: centsToPoints(row.playCents),
        registeredAt: row.registrationDate,
        profit: centsToPoints(row.profitCents),
      }));
      const pointsByType = byGame.map((g) => ({
        type: g.gameName,
        playPoints: centsToPoints(g.playCents),
        profit: centsToPoints(g.profitCents),
      }));
      if (query.format) {
        return sendExport(reply, query.format, `agent-mail-${subject.username}-${range.from}-to-${range.to}`, [
          { title: 'Your Members Played in Other Agents CyberCafe', columns: MAIL_COLUMNS, rows: data },
          { title: 'Total Points Used', columns: MAIL_POINTS_BY_TYPE_COLUMNS, rows: pointsByType },
        ]);
      }
      return {
        fromDate: range.from,
        toDate: range.to,
        account: accountRef(subject),
        data,
        totals: {
          totalProfit: centsToPoints(statement.totals.totalProfitCents),
          totalPlayPoints: centsToPoints(statement.data.reduce((sum, row) => sum + row.playCents, 0)),
          usercommission: statement.totals.usercommission,
        },
        userFound: statement.userFound.map((u) => ({
          username: u.username,
          playPoints: centsToPoints(u.otherCafesPlayCents),
          profit: centsToPoints(u.otherCafesProfitCents),
        })),
        pointsByType,
        summary: mailSummary(statement.summary),
        loan: mailLoan(statement.loan),
      };
    },
  );

  app.get(
    '/managermailreport',
    {
      config: { call: 'managermailreport' },
      schema: { querystring: ManagerMailQuery, response: { 200: ManagerMailResponse } },
    },
    async (request, reply) => {
      const { subject, query } = request;
      const range = resolveRange(query, today());
      const children = await directChildrenProfit(app.db, subject.id, range);
      const data = children.map((child, i) => ({
        SrNo: i + 1,
        _id: child.id,
        username: child.username,
        name: child.name,
        profit: centsToPoints(child.profitCents),
      }));
      if (query.format) {
        return sendExport(reply, query.format, `manager-mail-${subject.username}-${range.from}-to-${range.to}`, [
          { title: 'Manager Mail Details', columns: MANAGER_MAIL_COLUMNS, rows: data },
        ]);
      }
      return {
        fromDate: range.from,
        toDate: range.to,
        data,
        totalProfit: centsToPoints(children.reduce((sum, child) => sum + child.profitCents, 0)),
      };
    },
  );
};
