import type { StatusQuery } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { type DayRange, istDay, resolveRange } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { badField, badRequest } from '../../lib/http-error.js';
import { centsToPoints } from '../../lib/money.js';
import { numbered, pageEcho } from '../../lib/present.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { accountsOf, directChildren, pathFrom, requireAccount, searchAccounts } from '../accounts/repository.js';
import {
  INACTIVE_MASTERS,
  mastersCount,
  mastersOrderBy,
  type RowWindow,
  subtreeMasters,
  windowOf,
} from '../play-sums/masters-page.js';
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
import { dailyStatus, mastersProfitTotal, membersElsewhere, profitOver } from './queries.js';

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
      const { query, subject } = request;
      // The call takes a range (docs/screens.md, Agent Details); the list does not depend on it, but a bad one is refused.
      resolveRange(query, today());
      const window = windowOf(query);
      const masters = (page?: RowWindow) =>
        accountsOf(
          app.db,
          subtreeMasters(subject, { sort: query.sort, order: query.order, window: page }),
          mastersOrderBy('a', query.sort, query.order),
        );
      return {
        json: async () => {
          const [page, total] = await Promise.all([masters(window), window && mastersCount(app.db, subject)]);
          return { data: page.map(agentRow), ...pageEcho(query, total) };
        },
        download: async () => ({ about: [subject.username], sheets: { agents: numbered((await masters()).map(agentRow)) } }),
      };
    },

    dailyStatus: async (request) => {
      const { query, subject } = request;
      const range = rangeOf(query, today());
      const order = { sort: query.sort, order: query.order };
      const window = windowOf(query);
      const echo = { fromDate: range.from, toDate: range.to };
      return {
        json: async () => {
          if (!window) {
            const masters = await dailyStatus(app.db, subject, range, order);
            return { ...echo, data: masters.map(dailyStatusRow), totalProfit: totalProfit(masters) };
          }
          const [masters, total, sum] = await Promise.all([
            dailyStatus(app.db, subject, range, { ...order, window }),
            mastersCount(app.db, subject),
            mastersProfitTotal(app.db, subject, range),
          ]);
          return { ...echo, data: masters.map(dailyStatusRow), totalProfit: centsToPoints(sum), ...pageEcho(query, total) };
        },
        download: async () => {
          const data = (await dailyStatus(app.db, subject, range, order)).map(dailyStatusRow);
          return { about: [subject.username, rangeLabel(range)], sheets: { agents: numbered(data) } };
        },
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
      const { query, subject } = request;
      const range = rangeOf(query, today());
      const agent = request.scoped.agentId;
      const order = { sort: query.sort, order: query.order };
      const window = windowOf(query);
      const echo = { fromDate: range.from, toDate: range.to };
      const one = async () => {
        const chosen = definite(agent, 'the chosen agent');
        return [{ ...chosen, profitCents: await profitOver(app.db, chosen.id, range) }];
      };
      return {
        json: async () => {
          if (!window) {
            const rows = agent ? await one() : await dailyStatus(app.db, subject, range, order);
            return { ...echo, data: rows.map(agentStatusRow) };
          }
          if (agent) {
            const rows = await one();
            return {
              ...echo,
              data: rows.slice(window.offset, window.offset + window.limit).map(agentStatusRow),
              totalProfit: totalProfit(rows),
              ...pageEcho(query, rows.length),
            };
          }
          const [masters, total, sum] = await Promise.all([
            dailyStatus(app.db, subject, range, { ...order, window }),
            mastersCount(app.db, subject),
            mastersProfitTotal(app.db, subject, range),
          ]);
          return { ...echo, data: masters.map(agentStatusRow), totalProfit: centsToPoints(sum), ...pageEcho(query, total) };
        },
        download: async () => {
          const rows = agent ? await one() : await dailyStatus(app.db, subject, range, order);
          return { about: [subject.username, rangeLabel(range)], sheets: { agents: rows.map(agentStatusRow) } };
        },
      };
    },

    nonPerforming: async (request) => {
      const { query, subject } = request;
      resolveRange(query, today()); // as agentdetails: validated, not used
      const window = windowOf(query);
      const inactive = INACTIVE_MASTERS;
      const inactiveMasters = async (page?: RowWindow) =>
        (
          await accountsOf(
            app.db,
            subtreeMasters(subject, { sort: query.sort, order: query.order, window: page, where: inactive }),
            mastersOrderBy('a', query.sort, query.order),
          )
        ).map(agentRow);
      return {
        json: async () => {
          const [totalAgents, inactiveAgents, data] = await Promise.all([
            mastersCount(app.db, subject),
            mastersCount(app.db, subject, 'inactive'),
            inactiveMasters(window),
          ]);
          return { totalAgents, inactiveAgents, data, ...pageEcho(query, inactiveAgents) };
        },
        download: async () => ({ about: [subject.username], sheets: { agents: numbered(await inactiveMasters()) } }),
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
