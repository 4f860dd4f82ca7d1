import { ENDPOINTS, type StatusQuery } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { type DayRange, istDay, resolveRange } from '../../lib/dates.js';
import { badRequest } from '../../lib/http-error.js';
import { numbered } from '../../lib/present.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { directChildren, mastersInScope, pathFrom, requireAccount, searchAccounts } from '../accounts/repository.js';
import { sendExport } from '../export/table-export.js';
import {
  agentRow,
  agentStatusRow,
  balanceParent,
  dailyStatusRow,
  memberElsewhereRow,
  pathStep,
  searchResult,
  totalProfit,
} from './present.js';
import { dailyStatus, membersElsewhere, profitOver } from './queries.js';

/**
 * The days of Daily Status, its popup and Agent Status: [fromDate, toDate] with the defaults of
 * docs/domain.md, "Days and weeks", or the one day `date` (shorthand for equal bounds). Blank counts as missing.
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

type NetworkCall =
  | 'agentdetails'
  | 'dailystatus'
  | 'dailystatusmembers'
  | 'findstatus'
  | 'nonperforming'
  | 'balancereport'
  | 'balancechildren'
  | 'accountsearch';

/** How a manager sees the agents below it. Every account parameter has passed the scope guard. */
export function networkHandlers(app: FastifyInstance): EndpointHandlers<NetworkCall> {
  const today = () => istDay(app.clock.now());
  return {
    agentdetails: async (request, reply) => {
      // The spec's call carries a range; the list does not depend on it, but a bad one is refused.
      resolveRange(request.query, today());
      const data = (await mastersInScope(app.db, request.subject.id)).map(agentRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `agent-details-${request.subject.username}`, [
          { title: 'Agent Details', columns: ENDPOINTS.agentdetails.exports.agents, rows: numbered(data) },
        ]);
      }
      return { data };
    },

    dailystatus: async (request, reply) => {
      const range = rangeOf(request.query, today());
      const masters = await dailyStatus(app.db, request.subject.id, range);
      const data = masters.map(dailyStatusRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `daily-status-${request.subject.username}-${rangeLabel(range)}`, [
          { title: 'Daily Status', columns: ENDPOINTS.dailystatus.exports.agents, rows: numbered(data) },
        ]);
      }
      return { fromDate: range.from, toDate: range.to, data, totalProfit: totalProfit(masters) };
    },

    dailystatusmembers: async (request, reply) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badRequest('agentId is required');
      if (agent.role !== 'master') throw badRequest('agentId must be an agent (master)');
      const range = rangeOf(request.query, today());
      const data = (await membersElsewhere(app.db, agent.id, range)).map(memberElsewhereRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `members-elsewhere-${agent.username}-${rangeLabel(range)}`, [
          {
            title: 'Members played in other agents cafes',
            columns: ENDPOINTS.dailystatusmembers.exports.members,
            rows: numbered(data),
          },
        ]);
      }
      return { fromDate: range.from, toDate: range.to, agent: agent.username, data };
    },

    findstatus: async (request, reply) => {
      const range = rangeOf(request.query, today());
      const agent = request.scoped.agentId;
      const agents = agent
        ? [{ ...agent, profitCents: await profitOver(app.db, agent.id, range) }]
        : await dailyStatus(app.db, request.subject.id, range);
      const data = agents.map(agentStatusRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `agent-status-${request.subject.username}-${rangeLabel(range)}`, [
          { title: 'Agent Status', columns: ENDPOINTS.findstatus.exports.agents, rows: data },
        ]);
      }
      return { fromDate: range.from, toDate: range.to, data };
    },

    nonperforming: async (request, reply) => {
      resolveRange(request.query, today()); // as agentdetails: validated, not used
      const masters = await mastersInScope(app.db, request.subject.id);
      const inactive = masters.filter((m) => !m.userStatus).map(agentRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `non-performing-${request.subject.username}`, [
          { title: 'Non Performing CCS', columns: ENDPOINTS.nonperforming.exports.agents, rows: numbered(inactive) },
        ]);
      }
      return { totalAgents: masters.length, inactiveAgents: inactive.length, data: inactive };
    },

    // Balance Report: the subject's direct children, or the one account named by agentId.
    balancereport: async (request, reply) => {
      const subject = request.subject;
      const agent = request.scoped.agentId;
      const accounts = agent ? [await requireAccount(app.db, agent.id)] : await directChildren(app.db, subject.id);
      const data = accounts.map(agentRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `balance-${subject.username}`, [
          { title: 'Balance Report', columns: ENDPOINTS.balancereport.exports.accounts, rows: numbered(data) },
        ]);
      }
      return {
        parent: balanceParent(subject),
        path: [pathStep(subject)],
        data,
      };
    },

    // The drill-down: children of agentId (in scope), with the path from the subject for the breadcrumb.
    balancechildren: async (request, reply) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badRequest('agentId is required');
      const data = (await directChildren(app.db, agent.id)).map(agentRow);
      if (request.query.format) {
        return sendExport(reply, request.query.format, `balance-children-${agent.username}`, [
          { title: `Children of ${agent.username}`, columns: ENDPOINTS.balancechildren.exports.accounts, rows: numbered(data) },
        ]);
      }
      return {
        parent: balanceParent(agent),
        path: (await pathFrom(app.db, request.subject.id, agent.id)).map(pathStep),
        data,
      };
    },

    accountsearch: async (request) => {
      const { q, limit, roles } = request.query;
      return { data: (await searchAccounts(app.db, request.subject.id, q, limit, roles)).map(searchResult) };
    },
  };
}
