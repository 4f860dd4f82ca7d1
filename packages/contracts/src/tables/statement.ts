import type { WeekRef, WeekStatement } from '../api/money.js';
import type { ColumnDef } from './columns.js';

/**
 * The lines of a week's statement as the mail statement, Revenue's week popup, their PDF and the
 * weekly statement mail show them (docs/screens.md, Agent Mail Details; docs/domain.md, "Week
 * statement"): one list, so that a line can never differ between them. Amounts stay numbers here:
 * the screen and the server each format them (en-IN, two decimals).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'YYYY-MM-DD' as the screens write a day: '05-Mar-2025'. */
export function dayMonYear(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** 'No Record Found' stands in for the loan figures of an account without a loan (docs/screens.md, Agent Mail Details). */
export const NO_LOAN_TEXT = 'No Record Found';
/** What an open week's figures are: computed from the plays so far, not final. */
export const OPEN_WEEK_TEXT = 'open week, live';

/** Where a figure that stands after a week stands: 'after the week of 10-Nov-2026', or 'open week, live'. */
export function afterWeekText(week: WeekRef): string {
  return week.open ? OPEN_WEEK_TEXT : `after the week of ${dayMonYear(week.fromDate)}`;
}

/** 'Week 10-Nov-2026 to 16-Nov-2026: closed' or '...: open week, live (figures not final)'. */
export function statementWeekText(week: WeekRef): string {
  const range = `Week ${dayMonYear(week.fromDate)} to ${dayMonYear(week.toDate)}`;
  return week.open ? `${range}: ${OPEN_WEEK_TEXT} (figures not final)` : `${range}: closed`;
}

/** 'From 05-Mar-2025 to 11-Mar-2025' (docs/screens.md, Agent Mail Details). */
export function statementHeading(fromDate: string, toDate: string): string {
  return `From ${dayMonYear(fromDate)} to ${dayMonYear(toDate)}`;
}

export interface StatementLine {
  label: string;
  /** An amount in points (to format), or a text shown as it is. */
  value: number | string;
  /** A short line saying where the figure comes from or what it stands at. */
  note?: string | undefined;
  /** A result line (bold, with a rule above it). */
  result?: boolean;
}

/**
 * The week's settlement read top to bottom: Revenue Percentage, Actual Points (the profit, with
 * what late plays brought on a line of its own) and Gift Points; the loss carried in and what it
 * took off the gift, giving the Actual Revenue; the loan lines; what is paid; and the loss carried
 * forward. Every line is the Revenue report's figure for the week, and the lines add up: Gift
 * Points + Taken Off the Gift = Actual Revenue; Actual Revenue − Deducted Points = Paid.
 */
export function statementLines(s: WeekStatement): StatementLine[] {
  const { loan } = s;
  return [
    {
      label: 'Revenue Percentage',
      value: `${s.revenuePercentage}%`,
      note: s.actualPoints < 0 ? '0 when the profit is negative' : undefined,
    },
    { label: 'Actual Points', value: s.actualPoints, note: "the week's profit (Revenue: Profit)" },
    ...(s.latePoints !== 0
      ? [{ label: 'of which late', value: s.latePoints, note: 'plays of closed weeks that arrived late, booked into this week' }]
      : []),
    {
      label: 'Gift Points',
      value: s.giftPoints,
      note: `Actual Points × ${s.commissionPercentage} / 100, 0 when the profit is not positive`,
    },
    { label: 'Loss Carried In', value: s.carryIn, note: 'from the week before' },
    { label: 'Taken Off the Gift', value: s.carryEffect, note: 'by the loss carried in' },
    {
      label: 'Actual Revenue',
      value: s.actualRevenue,
      note: 'Gift Points + Taken Off the Gift (Revenue: Actual Rev)',
      result: true,
    },
    { label: 'Loan Deduction', value: `${loan.deductionPercentage}% deducted for loan` },
    { label: 'Previous Loan', value: loan.previousLoan, note: 'owed before the week' },
    { label: 'Deducted Points', value: loan.deductedPoints, note: 'Revenue: Rev Ded' },
    loan.hasLoan
      ? { label: 'Loan Remaining', value: loan.loanRemaining, note: afterWeekText(s) }
      : { label: 'Loan Remaining', value: NO_LOAN_TEXT },
    { label: 'Paid', value: s.paid, note: 'Actual Revenue − Deducted Points (Revenue: Rev After Loan)', result: true },
    { label: 'Carry Forward', value: s.carryForward, note: 'loss carried into the next week' },
  ];
}

/** The caption of the statement's lines on screen, in the PDF and in the CSV/Excel files. */
export const STATEMENT_SUMMARY_TITLE = 'Statement summary';

/**
 * The statement's lines in a CSV/Excel file: an amount under Points (a number a spreadsheet can
 * add), a text line ('12%', '50% deducted for loan', 'No Record Found') under Text.
 */
export const STATEMENT_LINE_COLUMNS: ColumnDef<'line' | 'points' | 'text' | 'note'>[] = [
  { key: 'line', header: 'Line', type: 'string' },
  { key: 'points', header: 'Points', type: 'float', negativeRed: true },
  { key: 'text', header: 'Text', type: 'string' },
  { key: 'note', header: 'Note', type: 'string' },
];

export type StatementLineRow = {
  line: string;
  points?: number;
  text?: string;
  note?: string;
};

/** The rows of STATEMENT_LINE_COLUMNS: the week and whether it is closed, then statementLines. */
export function statementLineRows(s: WeekStatement): StatementLineRow[] {
  return [
    { line: 'Week', text: statementWeekText(s) },
    ...statementLines(s).map((l) => ({
      line: l.label,
      ...(typeof l.value === 'number' ? { points: l.value } : { text: l.value }),
      ...(l.note !== undefined ? { note: l.note } : {}),
    })),
  ];
}
