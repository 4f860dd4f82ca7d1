/**
 * Weekly settlement and the money reports' queries (docs/domain.md, "Weekly settlement").
 * All amounts are integer hundredths (`...Cents`); each report's present.ts converts them.
 *
 * Decisions (to move to docs/decisions/):
 * - 'games' (draw games: play − win) and 'poker' (rake) settle separately, each with its own
 *   carry-forward chain and its own closing mark in settled_weeks.
 * - Loans are repaid from the 'games' revenue only; poker rows carry deduction 0 and rate 0.
 * - Every account with a commission (the contracts' hasCommission: master and above) existing
 *   at closing time gets a row for every week closed, at its commission at that time (0
 *   included); players and the house have none.
 * - Weeks close in order, per kind: the first run starts at the first week with any play, poker
 *   hand or loan; later runs continue after the last closed week. A week older than the last
 *   closed one is never closed afterwards (late, back-dated plays do not reopen history).
 * - Each week closes, both kinds at once, in one transaction that takes a transaction-level
 *   advisory lock (one key for all settlement work), skips the kinds another run has closed,
 *   writes the settlement rows and loan deductions, and marks the week in settled_weeks last:
 *   concurrent or repeated runs close each week exactly once, a crash leaves a week wholly open,
 *   and a week's carry-in is always committed before it is read. closed_at is the run's `now`.
 *   The database triggers refuse any change afterwards, rows added to a closed week included.
 * - Weeks before settlement began (before the first closed week; before any closing, before the
 *   first week with activity) had nothing to settle: final, all zero, carry 0
 *   (settlement-calendar.ts).
 * - Only loans issued before the week ends (next Monday 00:00 IST) count for it; the rate is the
 *   oldest open loan's; the deduction repays the oldest loan first.
 * - Weeks not closed yet from there on (the current week, or finished ones the job has not
 *   reached) are computed live with the same settleWeek, chained from the last closed week's
 *   carry-out and the loans' current balances, at the current commission, and marked open.
 * - Loan report: a deduction is dated on the last day (Sunday) of the week it was taken from;
 *   with no deduction, days count from the first loan's issue date; without a loan (Multiple
 *   Cybers lists every master with more than one cafe) the loan figures are 0 and the days empty.
 * - Recovery uses the master's last closed 'games' week; non-masters are refused (400).
 * - Mail statement covers one draw-games settlement week (weeks.ts, statementWeek); userFound
 *   lists the children below which a member played at a cafe not owned by its own master (its
 *   parent). Its summary and the week popup's are one week statement (week-statement.ts): the
 *   Revenue report's figures of that week, line by line.
 * - Late plays and hands (booked_day set) count in the week they are booked in; the statement
 *   and Revenue show how much of a week's profit they are (late-profit.ts).
 */
export { type CloseResult, closeFinishedWeeks, SETTLEMENT_LOCK_KEY } from './close-weeks.js';
export { lateProfitByWeek } from './late-profit.js';
export { type AgentLoanRow, loansReport } from './loans-report.js';
export { type MailMembers, type MailRow, type MailStatement, mailMembers, mailStatement } from './mail-statement.js';
// The profit rule (docs/domain.md, "Games, draws and plays") as SQL, for every report that sums plays.
export {
  closedWeekTotals,
  kindFilter,
  oneRoot,
  playsBelowByChildOver,
  playsUnder,
  profitSum,
} from './profit-sql.js';
export { type Recovery, recovery } from './recovery.js';
export { type SettlementSchedule, startSettlementSchedule } from './schedule.js';
export { DEFAULT_DEDUCTION_PERCENTAGE, type LoanBalance, settleWeek, type WeekSettlement } from './settle-week.js';
export {
  type ClosedWeekSplit,
  isWeekOpen,
  lastClosedWeek,
  rowsOverClosedWeeks,
} from './settlement-calendar.js';
export { type WeekMemberPoints, weekMemberPoints } from './week-member-points.js';
export { type GiftSummary, giftSummary, type StatementLoan, type WeekStatement, weekStatement } from './week-statement.js';
export { type RevenueWeek, type WeeklyRevenue, weeklyRevenue } from './weekly-revenue.js';
export { lastFinishedWeek, SETTLEMENT_KINDS, type SettlementKind, statementWeek } from './weeks.js';
