import { type Network, WEEKS } from './network-fixture.js';
import { type RefWeek, referenceSettlement } from './reference-settlement.js';

/**
 * Test oracle over the raw plays the fixture inserted (never play_daily): IST days by plain
 * offset arithmetic, ancestors by walking parents, sums by loops.
 */
const IST_MS = 330 * 60_000;
export const istDayOfMs = (ms: number): string => new Date(ms + IST_MS).toISOString().slice(0, 10);
export function mondayOf(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  return new Date(noon.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
const weekEndMs = (monday: string) => Date.parse(`${monday}T00:00:00+05:30`) + 7 * 86_400_000;

export type Kind = 'games' | 'poker';

export function lineage(net: Network, key: string): string[] {
  const chain: string[] = [];
  for (let at: string | null = key; at; at = net.accounts.get(at)!.parent) chain.push(at);
  return chain;
}

export const commissioned = (net: Network) => [...net.accounts.values()].filter((a) => a.role !== 'player');

interface Entry {
  member: string;
  cafe: string;
  day: string;
  play: number;
  profit: number;
}

export function entries(net: Network, kind: Kind): Entry[] {
  return kind === 'games'
    ? net.plays.map((p) => ({
        member: p.member,
        cafe: p.cafe,
        day: istDayOfMs(p.playedAtMs),
        play: p.play,
        profit: p.play - p.win,
      }))
    : net.hands.map((h) => ({ member: h.member, cafe: h.cafe, day: istDayOfMs(h.playedAtMs), play: 0, profit: h.rake }));
}

/** Profit of `account` (its subtree) over the days [from, to]. */
export function profitOver(net: Network, account: string, from: string, to: string, kind: Kind = 'games'): number {
  let total = 0;
  for (const e of entries(net, kind)) {
    if (e.day >= from && e.day <= to && lineage(net, e.member).includes(account)) total += e.profit;
  }
  return total;
}

/** The settlement chain of one account over `weeks` (all fixture weeks by default), from carry 0 and full loans. */
export function referenceChain(net: Network, account: string, kind: Kind, weeks: readonly string[] = WEEKS): RefWeek[] {
  const loans = kind === 'games' ? net.loans.filter((l) => l.agent === account) : [];
  const profits = new Map<string, number>();
  for (const e of entries(net, kind)) {
    if (!lineage(net, e.member).includes(account)) continue;
    const week = mondayOf(e.day);
    profits.set(week, (profits.get(week) ?? 0) + e.profit);
  }
  const commissionBp = net.accounts.get(account)!.commissionBp;
  return referenceSettlement(
    weeks.map((week) => ({ profit: profits.get(week) ?? 0, endsAtMs: weekEndMs(week) })),
    commissionBp,
    loans,
  ).weeks;
}

/** What each loan still owes after the given reference weeks of its agent. */
export function owedAfter(net: Network, chains: Map<string, RefWeek[]>, weekCount: number): Map<string, number> {
  const owed = new Map(net.loans.map((l) => [l.id, l.totalCents]));
  for (const loan of net.loans) {
    for (const week of (chains.get(loan.agent) ?? []).slice(0, weekCount)) {
      owed.set(loan.id, owed.get(loan.id)! - (week.taken.get(loan.id) ?? 0));
    }
  }
  return owed;
}
