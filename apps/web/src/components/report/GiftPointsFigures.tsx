import { Stack, Text } from '@mantine/core';
import type { WeekRef, WeekStatement } from '@playrep/contracts';
import { formatAmount, formatDate } from '../../lib/format';
import { type Figure, FigureList } from './FigureList';

/** 'No Record Found' stands in for the loan figures of an account without a loan (spec section 2). */
export const NO_LOAN_TEXT = 'No Record Found';
/** What an open week's figures are: computed from the plays so far, not final. */
export const OPEN_WEEK_TEXT = 'open week, live';

/** Where a figure that stands after a week stands: 'after the week of 10-Nov-2026', or 'open week, live'. */
export function afterWeekText(week: WeekRef): string {
  return week.open ? OPEN_WEEK_TEXT : `after the week of ${formatDate(week.fromDate)}`;
}

/** 'Week 10-Nov-2026 to 16-Nov-2026: closed' or '...: open week, live (figures not final)'. */
export function statementWeekText(week: WeekRef): string {
  const range = `Week ${formatDate(week.fromDate)} to ${formatDate(week.toDate)}`;
  return week.open ? `${range}: ${OPEN_WEEK_TEXT} (figures not final)` : `${range}: closed`;
}

const amount = (value: number, extra: Omit<Figure, 'label' | 'value'> & { label: string }): Figure => ({
  ...extra,
  value: formatAmount(value),
  negative: value < 0,
});

/**
 * The week's settlement as the mail statement and Revenue's week popup show it (spec sections 2
 * and 9, docs/domain.md, "Weekly settlement"), read top to bottom: the spec's Revenue Percentage, Actual Points
 * (the profit, with what late plays brought on a line of its own) and Gift Points; the loss
 * carried in and what it took off the gift, giving the Actual Revenue; the loan lines; what is
 * paid; and the loss carried forward. Every line is the Revenue report's figure for the week, and
 * the lines add up: Gift Points + Taken Off the Gift = Actual Revenue; Actual Revenue − Deducted
 * Points = Paid.
 */
export function GiftPointsFigures({
  statement: s,
  label,
  className,
}: {
  statement: WeekStatement;
  /** The group's accessible name. */
  label: string;
  className?: string;
}) {
  const { loan } = s;
  const figures: Figure[] = [
    {
      label: 'Revenue Percentage',
      value: `${s.revenuePercentage}%`,
      note: s.actualPoints < 0 ? '0 when the profit is negative' : undefined,
    },
    amount(s.actualPoints, { label: 'Actual Points', note: "the week's profit (Revenue: Profit)" }),
    ...(s.latePoints !== 0
      ? [
          amount(s.latePoints, {
            label: 'of which late',
            note: 'plays of closed weeks that arrived late, booked into this week',
          }),
        ]
      : []),
    amount(s.giftPoints, {
      label: 'Gift Points',
      note: `Actual Points × ${s.commissionPercentage}% / 100, 0 when the profit is not positive`,
    }),
    amount(s.carryIn, { label: 'Loss Carried In', note: 'from the week before' }),
    amount(s.carryEffect, { label: 'Taken Off the Gift', note: 'by the loss carried in' }),
    amount(s.actualRevenue, {
      label: 'Actual Revenue',
      note: 'Gift Points + Taken Off the Gift (Revenue: Actual Rev)',
      result: true,
    }),
    { label: 'Loan Deduction', value: `${loan.deductionPercentage}% deducted for loan` },
    amount(loan.previousLoan, { label: 'Previous Loan', note: 'owed before the week' }),
    amount(loan.deductedPoints, { label: 'Deducted Points', note: 'Revenue: Rev Ded' }),
    loan.hasLoan
      ? amount(loan.loanRemaining, { label: 'Loan Remaining', note: afterWeekText(s) })
      : { label: 'Loan Remaining', value: NO_LOAN_TEXT },
    amount(s.paid, { label: 'Paid', note: 'Actual Revenue − Deducted Points (Revenue: Rev After Loan)', result: true }),
    amount(s.carryForward, { label: 'Carry Forward', note: 'loss carried into the next week' }),
  ];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {statementWeekText(s)}
      </Text>
      <FigureList label={label} layout="statement" className={className} figures={figures} />
    </Stack>
  );
}
