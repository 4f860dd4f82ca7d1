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
  DayQuery,
  NON_PERFORMING_COLUMNS,
  NonPerformingResponse,
  RangeQuery,
} from '@playrep/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { istDay, resolveDay } from '../../lib/dates.js';
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
  profitOnDay,
  searchAccounts,
} from './queries.js';

const numbered = <T extends object>(rows: readonly T[]) => rows.map((r, i) => ({ srNo: i + 1, ...r }));

/** The day of Daily Status / Agent Status: `date`, else `fromDate` (the screens send equal bounds). */
function dayOf(query: { date?: string | undefined; fromDate?: string | undefined }, today: string): string {
  const field = query.date !== undefined ? 'date' : 'fromDate';
  return resolveDay(query.date ?? query.fromDate, today, field);
}

/** How a manager sees the agents below it (issue 6). Every account parameter has passed the scope guard. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => istDay(app.clock.now());

  app.get(
    '/agentdetails',
    { config: { call: 'agentdetails' }, schema: { querystring: RangeQuery, response: { 200: AgentListResponse } } },
    async (request, reply) => {
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
    { config: { call: 'dailystatus' }, schema: { querystring: DayQuery, response: { 200: DailyStatusResponse } } },
    async (request, reply) => {
      const day = dayOf(request.query, today());
      const data = await dailyStatus(app.db, request.subject.id, day);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `daily-status-${request.subject.username}-${day}`, [
          { title: 'Daily Status', columns: DAILY_STATUS_COLUMNS, rows: numbered(data) },
        ]);
      }
      const totalCents = data.reduce((sum, r) => sum + Math.round(r.profit * 100), 0);
      return { date: day, data, totalProfit: centsToPoints(totalCents) };
    },
  );

  app.get(
    '/dailystatusmembers',
    { config: { call: 'dailystatusmembers' }, schema: { querystring: DayQuery, response: { 200: DailyMembersResponse } } },
    async (request, reply) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badRequest('agentId is required');
      if (agent.role !== 'master') throw badRequest('agentId must be an agent (master)');
      const day = dayOf(request.query, today());
      const data = await membersElsewhere(app.db, agent.id, day);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `members-elsewhere-${agent.username}-${day}`, [
          { title: 'Members played in other agents cafes', columns: DAILY_MEMBERS_COLUMNS, rows: numbered(data) },
        ]);
      }
      return { date: day, agent: agent.username, data };
    },
  );

  app.get(
    '/findstatus',
    { config: { call: 'findstatus' }, schema: { querystring: DayQuery, response: { 200: AgentStatusResponse } } },
    async (request, reply) => {
      const day = dayOf(request.query, today());
      const agent = request.scoped.agentId;
      const data = agent
        ? [
            {
              _id: agent.id,
              username: agent.username,
              fullname: fullName(agent.firstName, agent.lastName),
              profit: centsToPoints(await profitOnDay(app.db, agent.id, day)),
            },
          ]
        : (await dailyStatus(app.db, request.subject.id, day)).map(({ _id, username, fullname, profit }) => ({
            _id,
            username,
            fullname,
            profit,
          }));
      if (request.query.format) {
        return sendExport(reply, request.query.format, `agent-status-${request.subject.username}-${day}`, [
          { title: 'Agent Status', columns: AGENT_STATUS_COLUMNS, rows: data },
        ]);
      }
      return { date: day, data };
    },
  );

  app.get(
    '/nonperforming',
    { config: { call: 'nonperforming' }, schema: { querystring: RangeQuery, response: { 200: NonPerformingResponse } } },
    async (request, reply) => {
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
    async (request) => ({ data: await searchAccounts(app.db, request.subject.id, request.query.q, request.query.limit) }),
  );
};
