import { MEMBER_REQUIRED_MESSAGE, MEMBER_WEEK_COUNT, notAMemberMessage } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
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

/** The member page (docs/domain.md, "Insight"): one player's figures, plays and transfers. */
export function memberHandlers(app: FastifyInstance): EndpointHandlers<'member' | 'memberPlays' | 'memberTransfers'> {
  const today = () => istDay(app.clock.now());
  return {
    member: async (request) => {
      const { id } = memberParam(request);
      const now = today();
      const weekStarts = lastWeeks(now, MEMBER_WEEK_COUNT);
      const shown = { from: weekStarts.at(-1)!, to: weekEndDay(weekStarts[0]!) };
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
      const member = memberParam(request);
      const { query } = request;
      const range = resolveRange(query, today());
      const order = { sort: query.sort, order: query.order };
      return {
        json: async () => {
          const [plays, totals] = await Promise.all([
            memberPlays(app.db, member.id, range, { ...order, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
            memberPlayTotals(app.db, member.id, range),
          ]);
          return {
            range: { fromDate: range.from, toDate: range.to },
            data: plays.map(memberPlayRow),
            total: totals.count,
            totals: playTotals(totals),
            page: query.page,
            pageSize: query.pageSize,
          };
        },
        download: async () => {
          const plays = await memberPlays(app.db, member.id, range, { ...order, limit: null, offset: 0 });
          return { about: [member.username, `${range.from}-to-${range.to}`], sheets: { plays: plays.map(memberPlayRow) } };
        },
      };
    },

    memberTransfers: async (request) => {
      const member = memberParam(request);
      const { query } = request;
      const range = resolveRange(query, today());
      const order = { sort: query.sort, order: query.order };
      return {
        json: async () => {
          const [transfers, total] = await Promise.all([
            memberTransfers(app.db, member.id, range, {
              ...order,
              limit: query.pageSize,
              offset: (query.page - 1) * query.pageSize,
            }),
            memberTransferCount(app.db, member.id, range),
          ]);
          return {
            range: { fromDate: range.from, toDate: range.to },
            data: transfers.map(memberTransferRow),
            total,
            page: query.page,
            pageSize: query.pageSize,
          };
        },
        download: async () => {
          const transfers = await memberTransfers(app.db, member.id, range, { ...order, limit: null, offset: 0 });
          return {
            about: [member.username, `${range.from}-to-${range.to}`],
            sheets: { transfers: transfers.map(memberTransferRow) },
          };
        },
      };
    },
  };
}
