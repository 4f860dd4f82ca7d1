import { RECOVERY_AGENT_REQUIRED_MESSAGE, revenueWeekMark } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { istDay, resolveDay, resolveRange, weekStartOf } from '../../lib/dates.js';
import { badField, badRequest } from '../../lib/http-error.js';
import { numbered, pageEcho } from '../../lib/present.js';
import type { EndpointHandler, EndpointHandlers } from '../../plugins/endpoints.js';
import { loansReport, loansTotals } from '../loans/loans-report.js';
import { windowOf } from '../play-sums/masters-page.js';
import { lastClosedWeek, lateProfitByWeek, type SettlementKind, statementWeek, weeklyRevenue } from '../weeks/index.js';
import { accountRef, loanRow, loanTotals, recoveryData, revenueRow, revenueTotals } from './present.js';
import { revenueRecovery } from './queries/recovery.js';
import { agentMailDocument, managerMailDocument, revenueWeekDocument, type StatementDocument } from './statements.js';

type RevenueCall = 'revenue' | 'revenueById' | 'pokerRevenue';
type LoanCall = 'computerLoan' | 'multipleCybers';
type MoneyCall = RevenueCall | LoanCall | 'revenueWeek' | 'revenueRecovery' | 'agentMail' | 'managerMail';

/** Revenue and Poker Revenue: the same table over the two settlements (docs/domain.md, "Weekly settlement"). */
const REVENUE_KINDS: Record<RevenueCall, SettlementKind> = {
  revenue: 'games',
  // Two names of one call (docs/screens.md, Revenue); they answer the same.
  revenueById: 'games',
  pokerRevenue: 'poker',
};

/** Multiple Cybers: Computer Loan's masters with more than one cafe. */
const MULTIPLE_CAFES_ONLY: Record<LoanCall, boolean> = { computerLoan: false, multipleCybers: true };

/**
 * The money reports. Figures come from the settlement module and queries.ts in hundredths and
 * are shaped by present.ts; every account parameter has passed the scope guard.
 */
export function moneyReportHandlers(app: FastifyInstance): EndpointHandlers<MoneyCall> {
  const today = () => istDay(app.clock.now());

  const revenueHandler =
    (call: RevenueCall): EndpointHandler<RevenueCall> =>
    async (request) => {
      const kind = REVENUE_KINDS[call];
      const { subject, query } = request;
      const now = today();
      const range = resolveRange(query, now);
      const [revenue, late, lastClosed] = await Promise.all([
        weeklyRevenue(app.db, { accountId: subject.id, kind, from: range.from, to: range.to, today: now }),
        lateProfitByWeek(app.db, { accountId: subject.id, kind, from: range.from, to: range.to }),
        lastClosedWeek(app.db, 'games'),
      ]);
      const data = revenue.weeks.map((week) => revenueRow(week, late.get(week.weekStart)));
      return {
        json: () => ({
          range: { fromDate: range.from, toDate: range.to },
          account: accountRef(subject),
          kind,
          data,
          totals: revenueTotals(revenue, lastClosed),
        }),
        // The file marks each week closed or open (live), as the screen's badge does.
        download: () => ({
          about: [subject.username, range.from, 'to', range.to],
          sheets: { weeks: numbered(data).map((row) => ({ ...row, week: revenueWeekMark(row.open) })) },
        }),
      };
    };

  // Every row, or the page asked (the list reports' server paging: docs/screens.md, Every report
  // screen) with the list's size and sums; the download has every row, in the order asked.
  const loanHandler =
    (call: LoanCall): EndpointHandler<LoanCall> =>
    async (request) => {
      const { subject, query } = request;
      const list = { managerId: subject.id, managerRole: subject.role, multipleCafesOnly: MULTIPLE_CAFES_ONLY[call] };
      const ask = { ...list, today: today(), sort: query.sort, order: query.order };
      const window = windowOf(query);
      return {
        json: async () => {
          if (!window) return { data: (await loansReport(app.db, ask)).map(loanRow) };
          const [rows, totals] = await Promise.all([loansReport(app.db, { ...ask, window }), loansTotals(app.db, list)]);
          return { data: rows.map(loanRow), totals: loanTotals(totals), ...pageEcho(query, totals.rows) };
        },
        download: async () => ({
          about: [subject.username],
          sheets: { loans: numbered((await loansReport(app.db, ask)).map(loanRow)) },
        }),
      };
    };

  return {
    revenue: revenueHandler('revenue'),
    revenueById: revenueHandler('revenueById'),
    pokerRevenue: revenueHandler('pokerRevenue'),
    computerLoan: loanHandler('computerLoan'),
    multipleCybers: loanHandler('multipleCybers'),

    // The week popup of the Revenue screen: `fromDate` is any day of the week.
    revenueWeek: async (request) => {
      const { subject, query } = request;
      const now = today();
      const weekStart = weekStartOf(resolveDay(query.fromDate, now, 'fromDate'));
      if (weekStart > weekStartOf(now)) throw badField('fromDate', 'must not be in a week that has not started');
      return statementAnswer(await revenueWeekDocument(app.db, { subject, weekStart, today: now }));
    },

    // `username` is the master's Agent ID; the guard has checked it is in the caller's scope.
    revenueRecovery: async (request) => {
      const master = request.scoped.username;
      if (!master) throw badRequest(RECOVERY_AGENT_REQUIRED_MESSAGE);
      const owed = await revenueRecovery(app.db, { masterId: master.id });
      const data = recoveryData(owed);
      return { json: () => ({ data }), download: () => ({ about: [owed.masterUsername], sheets: { recovery: [data] } }) };
    },

    // One settlement week (weeks/weeks.ts, statementWeek): From Date its Monday, To Date its Sunday.
    agentMail: async (request) => {
      const { subject, query } = request;
      const now = today();
      return statementAnswer(await agentMailDocument(app.db, { subject, weekStart: statementWeek(query, now), today: now }));
    },

    // The same week rule and the same accounts as Agent Mail (mailMembers).
    managerMail: async (request) => {
      const { subject, query } = request;
      const now = today();
      return statementAnswer(await managerMailDocument(app.db, { subject, weekStart: statementWeek(query, now), today: now }));
    },
  };
}

/** A statement answers with its screen's body, or its download (CSV, Excel or PDF) of the same rows. */
const statementAnswer = <Response, D>(document: StatementDocument<Response, D>) => ({
  json: () => document.response,
  download: () => document.download,
});
