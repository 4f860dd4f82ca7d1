import {
  AccountSearchQuery,
  AccountSearchResponse,
  AGENT_DETAILS_COLUMNS,
  AGENT_STATUS_COLUMNS,
  AgentListResponse,
  AgentStatusResponse,
  BALANCE_CHILD_COLUMNS,
  BALANCE_COLUMNS,
  BalanceQuery,
  BalanceResponse,
  DAILY_MEMBERS_COLUMNS,
  DAILY_STATUS_COLUMNS,
  DailyMembersResponse,
  DailyStatusResponse,
  NON_PERFORMING_COLUMNS,
  NonPerformingResponse,
  RangeQuery,
  StatusQuery,
} from '@playrep/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type DayRange, istDay, resolveRange } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import { centsToPoints } from '../../lib/money.js';
import { sendExport } from '../export/table-export.js';
import {
  accountRow,
  dailyStatus,
  directChildren,
  fullName,
  mastersInScope,
  membersElsewhere,
  pathFrom,
  profitOver,
  searchAccounts,
} from './queries.js';

const numbered = <T extends object>(rows: readonly T[]) => rows.map((r, i) => ({ srNo: i + 1, ...r }));

/**
 * The days of Daily Status, its popup and Agent Status: [fromDate, toDate] with the defaults of
 * DOMAIN.md section 4, or the one day `date` (shorthand for equal bounds). Blank counts as missing.
 */
function rangeOf(query: StatusQuery, today: string): DayRange {
  const day = query.date?.trim();
  if (!day) return resolveRange(query, today);
  if (query.fromDate?.trim() || query.toDate?.trim()) {
    throw badRequest('date cannot be combined with fromDate or toDate: send one day or a range');
  }
  return resolveRange({ fromDate: day, toDate: day }, today, { from: 'date', to: 'date' });
}

/** `from-to`, or the one day, for export file names. */
const rangeLabel = (range: DayRange) => (range.from === range.to ? range.from : `${range.from}-to-${range.to}`);

/** How a manager sees the agents below it (issue 6). Every account parameter has passed the scope guard. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => istDay(app.clock.now());

  app.get(
    '/agentdetails',
    { config: { call: 'agentdetails' }, schema: { querystring: RangeQuery, response: { 200: AgentListResponse } } },
    async (request, reply) => {
      // The spec's call carries a range; the list does not depend on it, but a bad one is refused.
      resolveRange(request.query, today());
      const data = await mastersInScope(app.db, request.subject.id);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `agent-details-${request.subject.username}`, [
          { title: 'Agent Details', columns: AGENT_DETAILS_COLUMNS, rows: numbered(data) },
        ]);
      }
      return { data };
    },
  );

  app.get(
    '/dailystatus',
    { config: { call: 'dailystatus' }, schema: { querystring: StatusQuery, response: { 200: DailyStatusResponse } } },
    async (request, reply) => {
      const range = rangeOf(request.query, today());
      const data = await dailyStatus(app.db, request.subject.id, range);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `daily-status-${request.subject.username}-${rangeLabel(range)}`, [
          { title: 'Daily Status', columns: DAILY_STATUS_COLUMNS, rows: numbered(data) },
        ]);
      }
      const totalCents = data.reduce((sum, r) => sum + Math.round(r.profit * 100), 0);
      return { fromDate: range.from, toDate: range.to, data, totalProfit: centsToPoints(totalCents) };
    },
  );

  app.get(
    '/dailystatusmembers',
    { config: { call: 'dailystatusmembers' }, schema: { querystring: StatusQuery, response: { 200: DailyMembersResponse } } },
    async (request, reply) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badRequest('agentId is required');
      if (agent.role !== 'master') throw badRequest('agentId must be an agent (master)');
      const range = rangeOf(request.query, today());
      const data = await membersElsewhere(app.db, agent.id, range);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `members-elsewhere-${agent.username}-${rangeLabel(range)}`, [
          { title: 'Members played in other agents cafes', columns: DAILY_MEMBERS_COLUMNS, rows: numbered(data) },
        ]);
      }
      return { fromDate: range.from, toDate: range.to, agent: agent.username, data };
    },
  );

  app.get(
    '/findstatus',
    { config: { call: 'findstatus' }, schema: { querystring: StatusQuery, response: { 200: AgentStatusResponse } } },
    async (request, reply) => {
      const range = rangeOf(request.query, today());
      const agent = request.scoped.agentId;
      const data = agent
        ? [
            {
              _id: agent.id,
              username: agent.username,
              fullname: fullName(agent.firstName, agent.lastName),
              profit: centsToPoints(await profitOver(app.db, agent.id, range)),
            },
          ]
        : (await dailyStatus(app.db, request.subject.id, range)).map(({ _id, username, fullname, profit }) => ({
            _id,
            username,
            fullname,
            profit,
          }));
      if (request.query.format) {
        return sendExport(reply, request.query.format, `agent-status-${request.subject.username}-${rangeLabel(range)}`, [
          { title: 'Agent Status', columns: AGENT_STATUS_COLUMNS, rows: data },
        ]);
      }
      return { fromDate: range.from, toDate: range.to, data };
    },
  );

  app.get(
    '/nonperforming',
    { config: { call: 'nonperforming' }, schema: { querystring: RangeQuery, response: { 200: NonPerformingResponse } } },
    async (request, reply) => {
      resolveRange(request.query, today()); // as agentdetails: validated, not used
      const masters = await mastersInScope(app.db, request.subject.id);
      const inactive = masters.filter((m) => !m.userStatus);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `non-performing-${request.subject.username}`, [
          { title: 'Non Performing CCS', columns: NON_PERFORMING_COLUMNS, rows: numbered(inactive) },
        ]);
      }
      return { totalAgents: masters.length, inactiveAgents: inactive.length, data: inactive };
    },
  );

  // Balance Report: the subject's direct children, or the one account named by agentId.
  app.get(
    '/balancereport',
    { config: { call: 'balancereport' }, schema: { querystring: BalanceQuery, response: { 200: BalanceResponse } } },
    async (request, reply) => {
      const subject = request.subject;
      const agent = request.scoped.agentId;
      const data = agent ? [await accountRow(app.db, agent.id)] : await directChildren(app.db, subject.id);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `balance-${subject.username}`, [
          { title: 'Balance Report', columns: BALANCE_COLUMNS, rows: numbered(data) },
        ]);
      }
      return {
        parent: { _id: subject.id, username: subject.username, fullname: fullName(subject.firstName, subject.lastName) },
        path: [{ _id: subject.id, username: subject.username }],
        data,
      };
    },
  );

  // The drill-down: children of agentId (in scope), with the path from the subject for the breadcrumb.
  app.get(
    '/balancechildren',
    { config: { call: 'balancechildren' }, schema: { querystring: BalanceQuery, response: { 200: BalanceResponse } } },
    async (request, reply) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badRequest('agentId is required');
      const data = await directChildren(app.db, agent.id);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `balance-children-${agent.username}`, [
          { title: `Children of ${agent.username}`, columns: BALANCE_CHILD_COLUMNS, rows: numbered(data) },
        ]);
      }
      return {
        parent: { _id: agent.id, username: agent.username, fullname: fullName(agent.firstName, agent.lastName) },
        path: await pathFrom(app.db, request.subject.id, agent.id),
        data,
      };
    },
  );

  app.get(
    '/accountsearch',
    { config: { call: 'accountsearch' }, schema: { querystring: AccountSearchQuery, response: { 200: AccountSearchResponse } } },
    async (request) => {
      const { q, limit, roles } = request.query;
      return { data: await searchAccounts(app.db, request.subject.id, q, limit, roles) };
    },
  );
};
