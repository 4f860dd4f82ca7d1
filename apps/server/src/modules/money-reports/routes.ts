import { ENDPOINTS, RECOVERY_AGENT_REQUIRED_MESSAGE } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { addDays, istDay, resolveDay, resolveRange, weekStartOf } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import { numbered } from '../../lib/present.js';
import type { EndpointHandler, EndpointHandlers } from '../../plugins/endpoints.js';
import { sendExport } from '../export/table-export.js';
import {
  isWeekOpen,
  lastClosedWeek,
  lateProfitByWeek,
  loansReport,
  mailMembers,
  mailStatement,
  recovery,
  type SettlementKind,
  statementWeek,
  weeklyRevenue,
  weekMemberPoints,
  weekStatement,
} from '../settlement/index.js';
import {
  accountRef,
  loanRow,
  mailRow,
  mailTotals,
  mailUserFound,
  managerMailRows,
  pointsByTypeRow,
  weekStatement as presentStatement,
  recoveryData,
  revenueRow,
  revenueTotals,
  statementRevenueRow,
  totalPoints,
  weekMemberRow,
  weekRef,
} from './present.js';
import { pointsByGame } from './queries.js';

type RevenueCall = 'revenuereport' | 'revenuereportbyid' | 'pokerrevenuereport';
type LoanCall = 'computerloan' | 'multiplecybers';
type MoneyCall = RevenueCall | LoanCall | 'revenueweek' | 'revenuerecovery' | 'mailreport' | 'managermailreport';

/** Revenue and Poker Revenue: the same table over the two settlements (docs/domain.md, "Weekly settlement"). */
const REVENUE_REPORTS: Record<RevenueCall, { kind: SettlementKind; title: string; file: string }> = {
  revenuereport: { kind: 'games', title: 'Revenue', file: 'revenue' },
  // The spec names both calls; they answer the same.
  revenuereportbyid: { kind: 'games', title: 'Revenue', file: 'revenue' },
  pokerrevenuereport: { kind: 'poker', title: 'Poker Revenue', file: 'poker-revenue' },
};

const LOAN_REPORTS: Record<LoanCall, { multipleCafesOnly: boolean; title: string; file: string }> = {
  computerloan: { multipleCafesOnly: false, title: 'Computer Loan', file: 'computer-loan' },
  multiplecybers: { multipleCafesOnly: true, title: 'Multiple Cybers', file: 'multiple-cybers' },
};

/**
 * The money reports. Figures come from the settlement module and queries.ts in hundredths and
 * are shaped by present.ts; every account parameter has passed the scope guard.
 */
export function moneyReportHandlers(app: FastifyInstance): EndpointHandlers<MoneyCall> {
  const today = () => istDay(app.clock.now());

  const revenueHandler =
    (call: RevenueCall): EndpointHandler<RevenueCall> =>
    async (request, reply) => {
      const report = REVENUE_REPORTS[call];
      const { subject, query } = request;
      const now = today();
      const range = resolveRange(query, now);
      const [revenue, late, lastClosed] = await Promise.all([
        weeklyRevenue(app.db, { accountId: subject.id, kind: report.kind, from: range.from, to: range.to, today: now }),
        lateProfitByWeek(app.db, { accountId: subject.id, kind: report.kind, from: range.from, to: range.to }),
        lastClosedWeek(app.db, 'games'),
      ]);
      const data = revenue.weeks.map((week) => revenueRow(week, late.get(week.weekStart)));
      if (query.format) {
        return sendExport(reply, query.format, `${report.file}-${subject.username}-${range.from}-to-${range.to}`, [
          { title: report.title, columns: ENDPOINTS[call].exports.weeks, rows: numbered(data) },
        ]);
      }
      return {
        range: { fromDate: range.from, toDate: range.to },
        account: accountRef(subject),
        kind: report.kind,
        data,
        totals: revenueTotals(revenue, lastClosed),
      };
    };

  const loanHandler =
    (call: LoanCall): EndpointHandler<LoanCall> =>
    async (request, reply) => {
      const report = LOAN_REPORTS[call];
      const { subject, query } = request;
      const rows = await loansReport(app.db, {
        managerId: subject.id,
        multipleCafesOnly: report.multipleCafesOnly,
        today: today(),
      });
      const data = rows.map(loanRow);
      if (query.format) {
        return sendExport(reply, query.format, `${report.file}-${subject.username}`, [
          { title: report.title, columns: ENDPOINTS[call].exports.loans, rows: numbered(data) },
        ]);
      }
      return { data };
    };

  return {
    revenuereport: revenueHandler('revenuereport'),
    revenuereportbyid: revenueHandler('revenuereportbyid'),
    pokerrevenuereport: revenueHandler('pokerrevenuereport'),
    computerloan: loanHandler('computerloan'),
    multiplecybers: loanHandler('multiplecybers'),

    // The week popup of the Revenue screen: `fromDate` is any day of the week.
    revenueweek: async (request, reply) => {
      const { subject, query } = request;
      const now = today();
      const weekStart = weekStartOf(resolveDay(query.fromDate, now, 'fromDate'));
      if (weekStart > weekStartOf(now)) throw badRequest('fromDate must not be in a week that has not started');
      const [statement, members] = await Promise.all([
        weekStatement(app.db, { accountId: subject.id, weekStart, today: now }),
        weekMemberPoints(app.db, { accountId: subject.id, weekStart }),
      ]);
      const week = statementRevenueRow(statement);
      const memberRows = members.map(weekMemberRow);
      if (query.format) {
        const sheets = ENDPOINTS.revenueweek.exports;
        return sendExport(reply, query.format, `revenue-week-${subject.username}-${weekStart}`, [
          { title: `Week ${weekStart} to ${statement.weekEnd}`, columns: sheets.week, rows: numbered([week]) },
          { title: 'Points Used By Members', columns: sheets.members, rows: numbered(memberRows) },
        ]);
      }
      return {
        account: accountRef(subject),
        week,
        members: memberRows,
        totalProfit: totalPoints(members, (m) => m.profitCents),
        statement: presentStatement(statement),
      };
    },

    // `username` is the master's Agent ID; the guard has checked it is in the caller's scope.
    revenuerecovery: async (request, reply) => {
      const master = request.scoped.username;
      if (!master) throw badRequest(RECOVERY_AGENT_REQUIRED_MESSAGE);
      const owed = await recovery(app.db, { masterId: master.id });
      const data = recoveryData(owed);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `revenue-recovery-${owed.masterUsername}`, [
          { title: 'Revenue Recovery', columns: ENDPOINTS.revenuerecovery.exports.recovery, rows: [data] },
        ]);
      }
      return { data };
    },

    // One settlement week (settlement/weeks.ts, statementWeek): From Date its Monday, To Date its Sunday.
    mailreport: async (request, reply) => {
      const { subject, query } = request;
      const now = today();
      const weekStart = statementWeek(query, now);
      const [statement, byGame] = await Promise.all([
        mailStatement(app.db, { accountId: subject.id, weekStart, today: now }),
        pointsByGame(app.db, subject.id, { from: weekStart, to: addDays(weekStart, 6) }),
      ]);
      const data = statement.data.map(mailRow);
      const pointsByType = byGame.map(pointsByTypeRow);
      if (query.format) {
        return sendExport(reply, query.format, `agent-mail-${subject.username}-${statement.weekStart}-to-${statement.weekEnd}`, [
          { title: 'Your Members Played in Other Agents CyberCafe', columns: ENDPOINTS.mailreport.exports.members, rows: data },
          { title: 'Total Points Used', columns: ENDPOINTS.mailreport.exports.byType, rows: pointsByType },
        ]);
      }
      return {
        ...weekRef(statement.weekStart, statement.statement.open),
        account: accountRef(subject),
        data,
        totals: mailTotals(statement),
        userFound: statement.userFound.map(mailUserFound),
        pointsByType,
        statement: presentStatement(statement.statement),
      };
    },

    // The same week rule and the same accounts as Agent Mail (mailMembers).
    managermailreport: async (request, reply) => {
      const { subject, query } = request;
      const now = today();
      const weekStart = statementWeek(query, now);
      const week = weekRef(weekStart, false);
      const [members, open] = await Promise.all([
        mailMembers(app.db, { accountId: subject.id, weekStart }),
        isWeekOpen(app.db, 'games', weekStart, now),
      ]);
      const data = managerMailRows(members.data);
      if (query.format) {
        return sendExport(reply, query.format, `manager-mail-${subject.username}-${week.fromDate}-to-${week.toDate}`, [
          { title: 'Manager Mail Details', columns: ENDPOINTS.managermailreport.exports.children, rows: data },
        ]);
      }
      return {
        ...week,
        open,
        data,
        totalProfit: totalPoints(members.data, (child) => child.profitCents),
      };
    },
  };
}
