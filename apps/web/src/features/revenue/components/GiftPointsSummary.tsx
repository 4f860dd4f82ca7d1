import type { MailLoan, MailSummary } from '@playrep/contracts';
import { formatAmount } from '../../../lib/format';
import { FigureList } from './FigureList';

/** 'No Record Found' stands in for the loan figures of an account without a loan (spec section 2). */
export const NO_LOAN_TEXT = 'No Record Found';

/**
 * The gift-points lines of the week popup (spec sections 2 and 9), as the server computed them:
 * revenue percentage and gift points (both 0 when the profit is negative), the loan deduction
 * rate, previous loan, actual points, deducted points and what remains of the loan.
 */
export function GiftPointsSummary({ summary, loan }: { summary: MailSummary; loan: MailLoan }) {
  return (
    <FigureList
      label="Gift points summary"
      cols={4}
      figures={[
        { label: 'Revenue Percentage', value: `${summary.revenuePercentage}%` },
        { label: 'Gift Points', value: formatAmount(summary.giftPoints), negative: summary.giftPoints < 0 },
        { label: 'Loan Deduction', value: `${loan.deductionPercentage}% deducted for loan` },
        { label: 'Previous Loan', value: formatAmount(loan.previousLoan) },
        { label: 'Actual Points', value: formatAmount(summary.actualPoints), negative: summary.actualPoints < 0 },
        { label: 'Deducted Points', value: formatAmount(loan.deductedPoints) },
        { label: 'Loan Remaining', value: loan.hasLoan ? formatAmount(loan.loanRemaining) : NO_LOAN_TEXT },
      ]}
    />
  );
}
