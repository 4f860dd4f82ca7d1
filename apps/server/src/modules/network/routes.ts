import type { StatusQuery } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { type DayRange, istDay, resolveRange } from '../../lib/dates.js';
import { badField, badRequest } from '../../lib/http-error.js';
import { numbered } from '../../lib/present.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { directChildren, mastersInScope, pathFrom, requireAccount, searchAccounts } from '../accounts/repository.js';
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
  | 'agentDetails'
  | 'dailyStatus'
  | 'dailyStatusMembers'
  | 'agentStatus'
  | 'nonPerforming'
  | 'balanceReport'
  | 'balanceChildren'
  | 'accountSearch';

/** How a manager sees the agents below it. Every account parameter has passed the scope guard. */
export function networkHandlers(app: FastifyInstance): EndpointHandlers<NetworkCall> {
  const today = () => istDay(app.clock.now());
  return {
    agentDetails: async (request) => {
      // The call takes a range (docs/screens.md, Agent Details); the list does not depend on it, but a bad one is refused.
      resolveRange(request.query, today());
      const data = (await mastersInScope(app.db, request.subject.id)).map(agentRow);
      return {
        json: () => ({ data }),
        download: () => ({ about: [request.subject.username], sheets: { agents: numbered(data) } }),
      };
    },

    dailyStatus: async (request) => {
      const range = rangeOf(request.query, today());
      const masters = await dailyStatus(app.db, request.subject.id, range);
      const data = masters.map(dailyStatusRow);
      return {
        json: () => ({ fromDate: range.from, toDate: range.to, data, totalProfit: totalProfit(masters) }),
        download: () => ({ about: [request.subject.username, rangeLabel(range)], sheets: { agents: numbered(data) } }),
      };
    },

    dailyStatusMembers: async (request) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badField('agentId', 'is required');
      if (agent.role !== 'master') throw badField('agentId', 'must be an agent (master)');
      const range = rangeOf(request.query, today());
      const data = (await membersElsewhere(app.db, agent.id, range)).map(memberElsewhereRow);
      return {
        json: () => ({ fromDate: range.from, toDate: range.to, agent: agent.username, data }),
        download: () => ({ about: [agent.username, rangeLabel(range)], sheets: { members: numbered(data) } }),
      };
    },

    agentStatus: async (request) => {
      const range = rangeOf(request.query, today());
      const agent = request.scoped.agentId;
      const agents = agent
        ? [{ ...agent, profitCents: await profitOver(app.db, agent.id, range) }]
        : await dailyStatus(app.db, request.subject.id, range);
      const data = agents.map(agentStatusRow);
      return {
        json: () => ({ fromDate: range.from, toDate: range.to, data }),
        download: () => ({ about: [request.subject.username, rangeLabel(range)], sheets: { agents: data } }),
      };
    },

    nonPerforming: async (request) => {
      resolveRange(request.query, today()); // as agentdetails: validated, not used
      const masters = await mastersInScope(app.db, request.subject.id);
      const inactive = masters.filter((m) => !m.userStatus).map(agentRow);
      return {
        json: () => ({ totalAgents: masters.length, inactiveAgents: inactive.length, data: inactive }),
        download: () => ({ about: [request.subject.username], sheets: { agents: numbered(inactive) } }),
      };
    },

    // Balance Report: the subject's direct children, or the one account named by agentId.
    balanceReport: async (request) => {
      const subject = request.subject;
      const agent = request.scoped.agentId;
      const accounts = agent ? [await requireAccount(app.db, agent.id)] : await directChildren(app.db, subject.id);
      const data = accounts.map(agentRow);
      return {
        json: () => ({ parent: balanceParent(subject), path: [pathStep(subject)], data }),
        download: () => ({ about: [subject.username], sheets: { accounts: numbered(data) } }),
      };
    },

    // The drill-down: children of agentId (in scope), with the path from the subject for the breadcrumb.
    balanceChildren: async (request) => {
      const agent = request.scoped.agentId;
      if (!agent) throw badField('agentId', 'is required');
      const data = (await directChildren(app.db, agent.id)).map(agentRow);
      return {
        json: async () => ({
          parent: balanceParent(agent),
          path: (await pathFrom(app.db, request.subject.id, agent.id)).map(pathStep),
          data,
        }),
        download: () => ({ about: [agent.username], sheets: { accounts: { rows: numbered(data), titled: agent.username } } }),
      };
    },

    accountSearch: async (request) => {
      const { q, limit, roles, members } = request.query;
      const [data, players] = await Promise.all([
        searchAccounts(app.db, request.subject.id, q, limit, roles),
        // The players that match too, for the picker to open their member page (docs/domain.md, "Insight").
        members === '1' ? searchAccounts(app.db, request.subject.id, q, limit, ['player']) : [],
      ]);
      return { data: data.map(searchResult), members: players.map(searchResult) };
    },
  };
}
