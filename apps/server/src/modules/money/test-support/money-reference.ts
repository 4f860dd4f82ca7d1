import { COMMISSIONS, cents, LOANS, PARENT, PLAYS, type Play, POKER, REGISTERED, type Username, WEEKS } from './money-fixture.js';

/**
 * Test oracle of the money reports: docs/domain.md, "Games, draws and plays" and "Weekly settlement" computed again from the fixture's
 * raw plays, hands and loans, in plain loops over hundredths (no database, no production code).
 */
const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;

export type Kind = 'games' | 'poker';

export const istDayOf = (at: string) => new Date(Date.parse(at) + IST_MS).toISOString().slice(0, 10);
export const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Monday 00:00 IST after the week, as an instant: loans issued before it count for the week. */
export const weekEndMs = (weekStart: string) => Date.parse(`${plusDays(weekStart, 7)}T00:00:00+05:30`);

/** The account and every account below it. */
export function subtree(account: Username): Set<Username> {
  const found = new Set<Username>([account]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of Object.entries(PARENT) as [Username, Username | null][]) {
      if (parent && found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
    }
  }
  return found;
}

export function directChildren(account: Username): Username[] {
  return (Object.entries(PARENT) as [Username, Username | null][])
    .filter(([, parent]) => parent === account)
    .map(([child]) => child)
    .sort();
}

const inRange = (at: string, from: string, to: string) => istDayOf(at) >= from && istDayOf(at) <= to;
/** The day a play counts on: its booking day when late (docs/domain.md, "Data from the game platform"), else its own IST day. */
const bookedIn = (p: Play, from: string, to: string) => (p.booked ? p.booked >= from && p.booked <= to : inRange(p.at, from, to));

/**
 * Plays of the account's subtree (its own for a member) counted in [from, to]; `plays`: the
 * fixture's, or those and the late plays once they are in.
 */
export function playsBelow(
  account: Username,
  from: string,
  to: string,
  filter: (p: Play) => boolean = () => true,
  plays: readonly Play[] = PLAYS,
): Play[] {
  const members = subtree(account);
  return plays.filter((p) => members.has(p.member) && bookedIn(p, from, to) && filter(p));
}

/** Profit in hundredths (docs/domain.md, "Games, draws and plays"): Σ play − Σ win; poker: Σ rake. */
export function profitCents(
  account: Username,
  from: string,
  to: string,
  kind: Kind = 'games',
  plays: readonly Play[] = PLAYS,
): number {
  if (kind === 'poker') {
    const members = subtree(account);
    return POKER.filter((h) => members.has(h.member) && inRange(h.at, from, to)).reduce((s, h) => s + cents(h.rake), 0);
  }
  return playsBelow(account, from, to, undefined, plays).reduce((s, p) => s + cents(p.play) - cents(p.win), 0);
}

/** Profit of the plays below the account that pass `filter`. */
export function profitWhere(account: Username, from: string, to: string, filter: (p: Play) => boolean): number {
  return playsBelow(account, from, to, filter).reduce((s, p) => s + cents(p.play) - cents(p.win), 0);
}

export function playCents(account: Username, from: string, to: string, filter?: (p: Play) => boolean): number {
  return playsBelow(account, from, to, filter).reduce((s, p) => s + cents(p.play), 0);
}

/** `percent` of a non-negative amount in hundredths, rounded half up. */
export function share(amountCents: number, percent: number): number {
  return Math.floor((amountCents * Math.round(percent * 100) + 5_000) / 10_000);
}

export interface RefWeek {
  week: string;
  profit: number;
  carryIn: number;
  revenue: number;
  rate: number;
  deduction: number;
  afterLoan: number;
  carryOut: number;
}

/** The account's settlement chain over every fixture week; loans are repaid from 'games' only. */
export function settlementChain(
  account: Username,
  kind: Kind,
  plays: readonly Play[] = PLAYS,
): { weeks: RefWeek[]; owedAfter: number[] } {
  const commission = COMMISSIONS[account] ?? 0;
  const loans = LOANS.filter((l) => l.agent === account && kind === 'games')
    .map((l) => ({ issued: Date.parse(l.issuedAt), rate: l.rate, owed: cents(l.principal) + cents(l.fee) }))
    .sort((a, b) => a.issued - b.issued);
  let carry = 0;
  const weeks: RefWeek[] = [];
  const owedAfter: number[] = [];
  for (const week of WEEKS) {
    const profit = profitCents(account, week, plusDays(week, 6), kind, plays);
    const carryIn = carry;
    const base = profit + carryIn;
    const revenue = base > 0 ? share(base, commission) : 0;
    carry = Math.min(base, 0);
    const open = loans.filter((l) => l.issued < weekEndMs(week) && l.owed > 0);
    const rate = open[0]?.rate ?? 0;
    let budget = Math.min(
      share(revenue, rate),
      open.reduce((s, l) => s + l.owed, 0),
    );
    const deduction = budget;
    for (const loan of open) {
      const take = Math.min(loan.owed, budget);
      loan.owed -= take;
      budget -= take;
    }
    weeks.push({ week, profit, carryIn, revenue, rate, deduction, afterLoan: revenue - deduction, carryOut: carry });
    owedAfter.push(loans.reduce((s, l) => s + l.owed, 0));
  }
  return { weeks, owedAfter };
}

/** Σ principal + fee of the agent's loans issued before `beforeMs` (all when omitted). */
export function loanTotalCents(agent: Username, beforeMs = Number.POSITIVE_INFINITY): number {
  return LOANS.filter((l) => l.agent === agent && Date.parse(l.issuedAt) < beforeMs).reduce(
    (s, l) => s + cents(l.principal) + cents(l.fee),
    0,
  );
}

export function feeCents(agent: Username): number {
  return LOANS.filter((l) => l.agent === agent).reduce((s, l) => s + cents(l.fee), 0);
}

/** A member's own master: its parent. */
export const masterOf = (member: Username): Username | null => PARENT[member];

export const registrationDay = (member: Username) => istDayOf(REGISTERED[member]!);
