import { Box, SimpleGrid, Text } from '@mantine/core';
import type { MailLoan, MailSummary } from '@playrep/contracts';
import { NEGATIVE_COLOR } from '../../../components/ui';
import { formatAmount } from '../../../lib/format';

/** Loan Remaining of an account without a loan (spec section 2). */
export const NO_LOAN_TEXT = 'No Record Found';

/**
 * The summary text of the mail statement (spec section 2, with DOMAIN.md section 5's loan lines):
 * revenue percentage and gift points (0 when the profit is negative), the loan deduction rate,
 * previous loan, actual points (the profit), deducted points and what remains of the loan.
 */
export function StatementSummary({ summary, loan }: { summary: MailSummary; loan: MailLoan }) {
  const lines: { label: string; value: string; negative?: boolean }[] = [
    { label: 'Revenue Percentage', value: `${summary.revenuePercentage}%` },
    { label: 'Gift Points', value: formatAmount(summary.giftPoints), negative: summary.giftPoints < 0 },
    { label: 'Loan Deduction', value: `${loan.deductionPercentage}% deducted for loan` },
    { label: 'Previous Loan', value: formatAmount(loan.previousLoan) },
    { label: 'Actual Points', value: formatAmount(summary.actualPoints), negative: summary.actualPoints < 0 },
    { label: 'Deducted Points', value: formatAmount(loan.deductedPoints) },
    { label: 'Loan Remaining', value: loan.hasLoan ? formatAmount(loan.loanRemaining) : NO_LOAN_TEXT },
  ];
  return (
    <Box role="group" aria-label="Statement summary">
      <SimpleGrid
        component="dl"
        cols={{ base: 1, xs: 2, sm: 4 }}
        spacing="xs"
        verticalSpacing={4}
        m={0}
        className="mail-statement-summary"
      >
        {lines.map((line) => (
          <Box key={line.label}>
            <Text component="dt" size="xs" c="gray.7">
              {line.label}
            </Text>
            <Text component="dd" m={0} fw={700} style={line.negative ? { color: NEGATIVE_COLOR } : undefined}>
              {line.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
