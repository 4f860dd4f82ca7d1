/**
 * The settlement weeks and their figures (docs/domain.md, "Weekly settlement"; the lasting rules:
 * docs/decisions/0014): where a week starts and ends for each kind, which weeks are closed, each
 * week's settlement (the closing's fixed figures, or computed live as the closing would) and its
 * statement. The closing itself and its schedule are modules/settlement; the reports read weeks
 * here. All amounts are integer hundredths (`...Cents`).
 */

export { type ClosedWeekSplit, SETTLEMENT_KINDS, type SettlementKind } from '../play-sums/index.js';
export { lateProfitByWeek } from './late-profit.js';
export { type AgentLoanBalance, openLoanBalances } from './loan-balances.js';
export { DEFAULT_DEDUCTION_PERCENTAGE, settleWeek, type WeekSettlement } from './settle-week.js';
export {
  closedByJob,
  isFinal,
  isWeekOpen,
  lastClosedWeek,
  rowsOverClosedWeeks,
  settlementCalendar,
  settlementCalendars,
} from './settlement-calendar.js';
export {
  type StatementLoanCents,
  type WeekStatementCents,
  weekStatement,
  weekStatementWithCommission,
} from './week-statement.js';
export { type RevenueWeekCents, type WeeklyRevenueCents, weeklyRevenue } from './weekly-revenue.js';
export {
  statementWeek,
  weekEndDay,
  weekEndInstant,
  weekStartsBetween,
} from './weeks.js';
