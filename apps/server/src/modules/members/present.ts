import {
  type DRAW_GAMES,
  fullName,
  type MemberPlayRow,
  type MemberResponse,
  type MemberTransferRow,
  type MemberWeekRow,
} from '@playrep/contracts';
import { centsToPoints, sumCents } from '../../lib/money.js';
import { weekEndDay } from '../weeks/index.js';
import type { MemberCents, MemberPlayCents, MemberTransferCents, MemberWeekCents } from './queries.js';

/** The member's account as the page's header shows it. */
export function memberOf(member: MemberCents, cafe: { name: string; master: string } | null): MemberResponse['member'] {
  return {
    _id: member.id,
    username: member.username,
    name: fullName(member.firstName, member.lastName),
    registered: member.registeredDay,
    active: member.active,
    balance: centsToPoints(member.balanceCents),
    master: member.master
      ? {
          _id: member.master.id,
          username: member.master.username,
          name: fullName(member.master.firstName, member.master.lastName),
        }
      : null,
    cafe,
  };
}

/** One week: each draw game's profit, their sum (the member's Agent Mail row), poker's rake. */
export function memberWeekRow(week: MemberWeekCents): MemberWeekRow {
  const game = (slug: (typeof DRAW_GAMES)[number]['slug']) => centsToPoints(week.gameProfitCents.get(slug) ?? 0n);
  return {
    fromDate: week.weekStart,
    toDate: weekEndDay(week.weekStart),
    open: week.open,
    funtarget: game('funtarget'),
    funroullet: game('funroullet'),
    triplefun: game('triplefun'),
    funab: game('funab'),
    profit: centsToPoints(sumCents(week.gameProfitCents.values(), (c) => c)),
    poker: centsToPoints(week.pokerCents),
  };
}

export function memberPlayRow(play: MemberPlayCents): MemberPlayRow {
  return {
    _id: play.id,
    playedAt: play.playedAt.toISOString(),
    game: play.game,
    drawAt: play.drawAt?.toISOString() ?? null,
    cafe: play.cafe,
    stake: centsToPoints(play.stakeCents),
    win: centsToPoints(play.winCents),
    profit: centsToPoints(play.stakeCents - play.winCents),
  };
}

export function playTotals(totals: { stakeCents: bigint; winCents: bigint }) {
  return {
    stake: centsToPoints(totals.stakeCents),
    win: centsToPoints(totals.winCents),
    profit: centsToPoints(totals.stakeCents - totals.winCents),
  };
}

export function memberTransferRow(transfer: MemberTransferCents): MemberTransferRow {
  return {
    _id: transfer.id,
    createdAt: transfer.createdAt.toISOString(),
    from: transfer.from,
    to: transfer.to,
    type: transfer.withHouse ? 'G' : 'P',
    channel: transfer.channel,
    status: transfer.status,
    amount: centsToPoints(transfer.amountCents),
    resolvedAt: transfer.resolvedAt?.toISOString() ?? null,
  };
}
