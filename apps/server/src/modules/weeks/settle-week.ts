import { minCents, percentOfCents, sumCents } from '../../lib/money.js';

/** A loan's rate when none is given: the column default, docs/domain.md, "Weekly settlement". */
export const DEFAULT_DEDUCTION_PERCENTAGE = 50;

export interface LoanBalance {
  id: string;
  /** principal + fee − Σ deductions so far, in hundredths. */
  outstandingCents: bigint;
  /** Percent of the week's actual revenue taken for the loans while this is the oldest one open. */
  deductionPercentage?: number | undefined;
  issuedAt: Date;
}

export interface SettleWeekInput {
  profitCents: bigint;
  /** The previous week's carryOut (≤ 0). */
  carryInCents: bigint;
  /** Profit share in percent (0..100, two decimals). */
  commission: number;
  loans: readonly LoanBalance[];
  /** End of the week (exclusive): loans issued at or after it are left out. Omitted: all count. */
  weekEndsAt?: Date | undefined;
}

export interface LoanDeduction {
  loanId: string;
  amountCents: bigint;
}

export interface WeekSettlement {
  actualRevenueCents: bigint;
  deductionPercentage: number;
  revenueDeductionCents: bigint;
  revAfterLoanCents: bigint;
  carryOutCents: bigint;
  /** Only loans that gave something, oldest first. */
  deductions: LoanDeduction[];
}

/**
 * One account's settlement for one week (docs/domain.md, "Weekly settlement"), in whole hundredths:
 * base = profit + carryIn; a non-positive base is carried forward and earns nothing; a positive
 * one earns `commission`% of it. The loan deduction takes `rate`% of that revenue (rate of the
 * oldest open loan), never more than is owed, repaying the oldest loan first.
 */
export function settleWeek(input: SettleWeekInput): WeekSettlement {
  const { profitCents, carryInCents, commission } = input;
  if (carryInCents > 0n) throw new RangeError(`carry-in is a loss brought forward (≤ 0), got ${carryInCents}`);
  if (!(commission >= 0 && commission <= 100)) throw new RangeError(`commission must be 0..100, got ${commission}`);

  const base = profitCents + carryInCents;
  const actualRevenueCents = base > 0n ? percentOfCents(base, commission) : 0n;
  const carryOutCents = minCents(base, 0n); // a non-positive base is carried forward whole

  const open = input.loans
    .filter((loan) => loan.outstandingCents > 0n && (!input.weekEndsAt || loan.issuedAt < input.weekEndsAt))
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const oldest = open[0];
  const deductionPercentage = oldest ? (oldest.deductionPercentage ?? DEFAULT_DEDUCTION_PERCENTAGE) : 0;
  const owed = sumCents(open, (loan) => loan.outstandingCents);
  const revenueDeductionCents = minCents(owed, percentOfCents(actualRevenueCents, deductionPercentage));

  const deductions: LoanDeduction[] = [];
  let left = revenueDeductionCents;
  for (const loan of open) {
    if (left === 0n) break;
    const amountCents = minCents(left, loan.outstandingCents);
    deductions.push({ loanId: loan.id, amountCents });
    left -= amountCents;
  }

  return {
    actualRevenueCents,
    deductionPercentage,
    revenueDeductionCents,
    revAfterLoanCents: actualRevenueCents - revenueDeductionCents,
    carryOutCents,
    deductions,
  };
}
