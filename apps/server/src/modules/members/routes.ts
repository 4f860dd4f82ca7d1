import { MEMBER_REQUIRED_MESSAGE, MEMBER_WEEK_COUNT, notAMemberMessage } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { badRequest } from '../../lib/http-error.js';
import type { ScopedAccount } from '../../plugins/context.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import { weekEndDay } from '../weeks/index.js';
import { memberOf, memberPlayRow, memberTransferRow, memberWeekRow, playTotals } from './present.js';
import {
  lastWeeks,
  mainCafe,
  memberAccount,
  memberPlays,
  memberPlayTotals,
  memberTransferCount,
  memberTransfers,
  memberWeeks,
} from './queries.js';

/**
 * The member named by `username`: the scope guard has checked it is in the subject's subtree (404
 * No such account for a name the caller may not see); here it must be a player (400 otherwise).
 */
function memberParam(request: FastifyRequest): ScopedAccount {
  const member = request.scoped.username;
  if (!member) throw badRequest(MEMBER_REQUIRED_MESSAGE);
  if (member.role !== 'player') throw badRequest(notAMemberMessage(member.username, member.role));
  return member;
}

/** A paged list of the member page (plays, transfers) as asked: the query's range, sort and page. */
interface ListQuery<S extends string> {
  fromDate?: string | undefined;
  toDate?: string | undefined;
  sort: S;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * What a paged list call asks, for its queries: the member, the range, the window of the page
 * asked (`page`) or of every row (`all`, the download), and the paging its answer echoes.
 */
function listOf<S extends string>(request: FastifyRequest, query: ListQuery<S>, today: string) {
  const member = memberParam(request);
  const range = resolveRange(query, today);
  const order = { sort: query.sort, order: query.order };
  return {
    member,
    range,
    page: { ...order, limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    all: { ...order, limit: null, offset: 0 },
    echo: { range: { fromDate: range.from, toDate: range.to }, page: query.page, pageSize: query.pageSize },
    about: [member.username, `${range.from}-to-${range.to}`],
  };
}

/** The member page (docs/domain.md, "Insight"): one player's figures, plays and transfers. */
export function memberHandlers(app: FastifyInstance): EndpointHandlers<'member' | 'memberPlays' | 'memberTransfers'> {
  const today = () => istDay(app.clock.now());
  return {
    member: async (request) => {
      const { id } = memberParam(request);
      const now = today();
      const weekStarts = lastWeeks(now, MEMBER_WEEK_COUNT);
      const shown = {
        from: definite(weekStarts.at(-1), 'the oldest week'),
        to: weekEndDay(definite(weekStarts[0], 'the latest week')),
      };
      const [account, cafe, weeks] = await Promise.all([
        memberAccount(app.db, id),
        mainCafe(app.db, id, shown),
        memberWeeks(app.db, { memberId: id, weekStarts, today: now }),
      ]);
      const rows = weeks.map(memberWeekRow);
      return {
        json: () => ({ member: memberOf(account, cafe), weeks: rows }),
        download: () => ({ about: [account.username, `${MEMBER_WEEK_COUNT}-weeks-to-${now}`], sheets: { weeks: rows } }),
      };
    },

    memberPlays: async (request) => {
      const list = listOf(request, request.query, today());
      return {
        json: async () => {
          const [plays, totals] = await Promise.all([
            memberPlays(app.db, list.member.id, list.range, list.page),
            memberPlayTotals(app.db, list.member.id, list.range),
          ]);
          return { ...list.echo, data: plays.map(memberPlayRow), total: totals.count, totals: playTotals(totals) };
        },
        download: async () => {
          const plays = await memberPlays(app.db, list.member.id, list.range, list.all);
          return { about: list.about, sheets: { plays: plays.map(memberPlayRow) } };
        },
      };
    },

    memberTransfers: async (request) => {
      const list = listOf(request, request.query, today());
      return {
        json: async () => {
          const [transfers, total] = await Promise.all([
            memberTransfers(app.db, list.member.id, list.range, list.page),
            memberTransferCount(app.db, list.member.id, list.range),
          ]);
          return { ...list.echo, data: transfers.map(memberTransferRow), total };
        },
        download: async () => {
          const transfers = await memberTransfers(app.db, list.member.id, list.range, list.all);
          return { about: list.about, sheets: { transfers: transfers.map(memberTransferRow) } };
        },
      };
    },
  };
}
